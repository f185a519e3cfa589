#pragma once

#include <QByteArray>

#include <optional>

QT_BEGIN_NAMESPACE
class QHostAddress;
QT_END_NAMESPACE

namespace slotline {

struct RequestHead;

// What the connection guard asks of the request pipeline about requests it answers itself.
// It refuses a request from its head alone, before QtHttpServer parses it: a client
// hammering past its rate limit is then turned away for a fraction of what a full request
// costs. And the requests the guard refuses for its own limits are still calls of their
// key, to be logged for its project.
class EarlyRefuser
{
public:
    virtual ~EarlyRefuser() = default;

    // The whole HTTP answer to send, the call already logged (with `body`, which has
    // arrived whole); nothing when the head alone does not decide a refusal and the
    // request goes on to QtHttpServer.
    virtual std::optional<QByteArray> refusalFromHead(const RequestHead &head, QByteArrayView body,
                                                      const QHostAddress &peer)
        = 0;
    // Logs a request the guard refused with `status` after `elapsedMs` (its body unread)
    // when it carries a valid key; returns the X-Request-Id to answer with.
    virtual QByteArray recordRefusal(const RequestHead &head, const QHostAddress &peer, int status,
                                     qint64 elapsedMs)
        = 0;
};

} // namespace slotline
