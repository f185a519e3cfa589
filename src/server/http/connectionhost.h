#pragma once

#include <QObject>

#include <chrono>

namespace slotline {

class EarlyRefuser;
class UploadReceiver;

// What a ConnectionGuard needs of the server that accepted its socket. The guard is
// written against this, so that it and GuardedTcpServer do not include each other.
class ConnectionHost
{
public:
    enum class Event {
        IdleClosed,
        RequestRefused, // a limit, malformed framing or a timeout
        RefusedFromHead, // answered by the EarlyRefuser, never parsed further
    };

    virtual ~ConnectionHost() = default;

    // The object whose readyRead connections must be cut when a guard takes a socket over.
    virtual QObject *httpServer() const = 0;
    // Who takes uploads; none: an upload is answered 404.
    virtual UploadReceiver *uploadReceiver() const = 0;
    // Who may refuse a request from its head before QtHttpServer parses it; may be none.
    virtual EarlyRefuser *earlyRefuser() const = 0;
    virtual void count(Event event) = 0;

    // The clock of every deadline a guard keeps: it never jumps with the wall clock.
    static qint64 monotonicNowMs()
    {
        using namespace std::chrono;
        return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
    }
};

} // namespace slotline
