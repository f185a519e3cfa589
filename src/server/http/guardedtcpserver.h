#pragma once

#include "server/http/connectionhost.h"
#include "server/http/httplimits.h"

#include <QSet>
#include <QTcpServer>
#include <QTimer>

namespace slotline {

class ConnectionGuard;

// The TCP server QtHttpServer is bound to. It gives every accepted socket a
// ConnectionGuard, caps the number of connections (evicting the longest-idle kept-alive
// connection before refusing anyone), and sweeps the guards' deadlines on one timer.
//
// The cap also holds below the process's open file limit: were accept() to run out of
// descriptors, Qt 6.4 either spins on it at full CPU (after an earlier accept() found the
// queue empty, it takes every later failure for a passing one) or stops accepting for
// good (when that failure is the first), and nobody new is served either way.
class GuardedTcpServer
    : public QTcpServer
    , public ConnectionHost
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
        quint64 acceptFailures = 0; // accept() failed and accepting was paused
        quint64 refusedFromHead = 0; // answered by the EarlyRefuser, never parsed further
    };

    explicit GuardedTcpServer(const HttpLimits &limits, QObject *parent = nullptr);
    ~GuardedTcpServer() override;

    int connectionCount() const { return int(m_guards.size()); }
    const Statistics &statistics() const { return m_statistics; }

    QObject *httpServer() const override { return parent(); }

    // Descriptors kept free below the open file limit for what is not a connection: the
    // database, media files and fetches, and the next accept().
    static constexpr int ReservedDescriptors = 64;
    // Connections the kernel queues while the server is busy; beyond it, a newcomer's SYN
    // is dropped and it waits a second or more for the retransmission.
    static constexpr int ListenBacklog = 1024;
    // Connections taken at a time before the event loop has a turn. QTcpServer accepts
    // until the queue is empty: in a flood, the connections it took would wait for their
    // requests to be read while later newcomers evicted them as idle.
    static constexpr int AcceptsPerTurn = 32;

    void setUploadReceiver(UploadReceiver *receiver) { m_uploadReceiver = receiver; }
    UploadReceiver *uploadReceiver() const override { return m_uploadReceiver; }
    void setEarlyRefuser(EarlyRefuser *refuser) { m_earlyRefuser = refuser; }
    EarlyRefuser *earlyRefuser() const override { return m_earlyRefuser; }
    void count(Event event) override;

protected:
    void incomingConnection(qintptr handle) override;

private:
    void sweep();
    bool evictLongestIdle();
    // At maxConnections, or as near the open file limit as connections may come.
    bool atCapacity(qintptr handle) const;
    void recoverFromAcceptError(QAbstractSocket::SocketError error);

    HttpLimits m_limits;
    QSet<ConnectionGuard *> m_guards;
    QTimer m_sweepTimer;
    QTimer m_resumeTimer;
    bool m_acceptFailing = false;
    int m_acceptedThisTurn = 0;
    Statistics m_statistics;
    quint64 m_nextSequence = 0;
    UploadReceiver *m_uploadReceiver = nullptr;
    EarlyRefuser *m_earlyRefuser = nullptr;
};

} // namespace slotline
