#pragma once

#include "server/httplimits.h"

#include <QSet>
#include <QTcpServer>
#include <QTimer>

namespace slotline {

class ConnectionGuard;
class UploadReceiver;

// The TCP server QtHttpServer is bound to. It gives every accepted socket a
// ConnectionGuard, caps the number of connections (evicting the longest-idle kept-alive
// connection before refusing anyone), and sweeps the guards' deadlines on one timer.
class GuardedTcpServer : public QTcpServer
{
    Q_OBJECT

public:
    struct Statistics
    {
        quint64 accepted = 0;
        quint64 refusedAtCapacity = 0;
        quint64 evictedIdle = 0;
        quint64 refusedRequests = 0; // limits, malformed framing and timeouts
        quint64 idleClosed = 0;
    };

    explicit GuardedTcpServer(const HttpLimits &limits, QObject *parent = nullptr);
    ~GuardedTcpServer() override;

    int connectionCount() const { return int(m_guards.size()); }
    const Statistics &statistics() const { return m_statistics; }

    // The object whose readyRead connections must be cut when a guard takes a socket over.
    QObject *httpServer() const { return parent(); }

    static qint64 monotonicNowMs();

    // Who takes uploads; without one, an upload is answered 404.
    void setUploadReceiver(UploadReceiver *receiver) { m_uploadReceiver = receiver; }
    UploadReceiver *uploadReceiver() const { return m_uploadReceiver; }

protected:
    void incomingConnection(qintptr handle) override;

private:
    friend class ConnectionGuard;
    void sweep();
    bool evictLongestIdle();

    HttpLimits m_limits;
    QSet<ConnectionGuard *> m_guards;
    QTimer m_sweepTimer;
    Statistics m_statistics;
    quint64 m_nextSequence = 0;
    UploadReceiver *m_uploadReceiver = nullptr;
};

} // namespace slotline
