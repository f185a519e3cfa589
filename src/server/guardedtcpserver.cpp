#include "server/guardedtcpserver.h"

#include "core/ids.h"
#include "server/apierror.h"
#include "server/connectionguard.h"
#include "server/httpstatus.h"
#include "server/logcategories.h"

#include <QTcpSocket>

#include <algorithm>
#include <chrono>

namespace slotline {

GuardedTcpServer::GuardedTcpServer(const HttpLimits &limits, QObject *parent)
    : QTcpServer(parent)
    , m_limits(limits)
{
    const int shortest = std::min(
        {limits.headerTimeoutMs, limits.bodyTimeoutMs, limits.idleTimeoutMs, limits.lingerMs});
    // A quarter of the shortest deadline keeps enforcement within 25% of it.
    m_sweepTimer.setInterval(std::clamp(shortest / 4, 10, 1000));
    m_sweepTimer.setTimerType(Qt::CoarseTimer);
    connect(&m_sweepTimer, &QTimer::timeout, this, &GuardedTcpServer::sweep);
    m_sweepTimer.start();
}

GuardedTcpServer::~GuardedTcpServer()
{
    m_sweepTimer.stop();
}

qint64 GuardedTcpServer::monotonicNowMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

void GuardedTcpServer::incomingConnection(qintptr handle)
{
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(handle)) {
        qCWarning(lcGuard) << "cannot adopt connection:" << socket->errorString();
        delete socket;
        return;
    }

    if (m_guards.size() >= m_limits.maxConnections && !evictLongestIdle()) {
        ++m_statistics.refusedAtCapacity;
        const ApiError error(503, QStringLiteral("server_busy"),
                             QStringLiteral("The server has too many open connections; try again "
                                            "in a moment."));
        socket->write(
            httpstatus::rawResponse(503,
                                    {{"Content-Type", "application/json"},
                                     {"X-Request-Id", ids::generate(IdKind::Request).toLatin1()},
                                     {"Retry-After", "1"},
                                     {"Connection", "close"}},
                                    error.toJsonBytes()));
        socket->disconnectFromHost();
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        if (socket->state() == QAbstractSocket::UnconnectedState)
            socket->deleteLater();
        return;
    }

    ++m_statistics.accepted;
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    // QtHttpServer keeps a request's bytes in the socket buffer until it is complete,
    // so the buffer must hold the largest acceptable request; beyond it, the guard has
    // already refused the request from its headers.
    socket->setReadBufferSize(m_limits.maxBodyBytes + m_limits.maxHeaderBytes + 64 * 1024);

    auto *guard = new ConnectionGuard(socket, m_limits, this, m_nextSequence++);
    m_guards.insert(guard);
    connect(socket, &QObject::destroyed, this, [this, guard] { m_guards.remove(guard); });

    addPendingConnection(socket); // QtHttpServer connects its readyRead slot here
    guard->attachAfterHandover();
}

bool GuardedTcpServer::evictLongestIdle()
{
    ConnectionGuard *oldest = nullptr;
    for (ConnectionGuard *guard : std::as_const(m_guards)) {
        if (guard->isIdle() && (!oldest || guard->idleLongerThan(*oldest)))
            oldest = guard;
    }
    if (!oldest)
        return false;
    ++m_statistics.evictedIdle;
    oldest->closeIdle();
    return true;
}

void GuardedTcpServer::sweep()
{
    const qint64 now = monotonicNowMs();
    // Guards may close their sockets while we iterate; work on a copy.
    const QList<ConnectionGuard *> guards = m_guards.values();
    for (ConnectionGuard *guard : guards) {
        if (m_guards.contains(guard))
            guard->checkDeadlines(now);
    }
}

} // namespace slotline
