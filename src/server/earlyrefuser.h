#pragma once

#include <QByteArray>

#include <optional>

QT_BEGIN_NAMESPACE
class QHostAddress;
QT_END_NAMESPACE

namespace slotline {

struct RequestHead;

// Refuses a request from its head alone, before QtHttpServer parses it: a client hammering
// past its rate limit is then turned away for a fraction of what a full request costs.
class EarlyRefuser
{
public:
    virtual ~EarlyRefuser() = default;

    // The whole HTTP answer to send, the call already logged; nothing when the head alone
    // does not decide a refusal and the request goes on to QtHttpServer.
    virtual std::optional<QByteArray> refusalFromHead(const RequestHead &head,
                                                      const QHostAddress &peer)
        = 0;
};

} // namespace slotline
