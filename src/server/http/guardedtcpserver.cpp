#include "server/http/guardedtcpserver.h"

#include "core/ids.h"
#include "server/api/apierror.h"
#include "server/api/logcategories.h"
#include "server/http/connectionguard.h"
#include "server/http/httpstatus.h"

#include <QTcpSocket>

#include <algorithm>
#include <chrono>
#include <sys/resource.h>

namespace slotline {
namespace {

// QTcpServer's own default.
constexpr int DefaultMaxPending = 30;

} // namespace

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

    setListenBacklogSize(ListenBacklog);
    m_resumeTimer.setSingleShot(true);
    m_resumeTimer.setInterval(100);
    connect(&m_resumeTimer, &QTimer::timeout, this, &QTcpServer::resumeAccepting);
    connect(this, &QTcpServer::acceptError, this, &GuardedTcpServer::recoverFromAcceptError);
}

GuardedTcpServer::~GuardedTcpServer()
{
    m_sweepTimer.stop();
}

void GuardedTcpServer::count(Event event)
{
    switch (event) {
    case Event::IdleClosed: ++m_statistics.idleClosed; break;
    case Event::RequestRefused: ++m_statistics.refusedRequests; break;
    case Event::RefusedFromHead: ++m_statistics.refusedFromHead; break;
    }
}

void GuardedTcpServer::incomingConnection(qintptr handle)
{
    if (m_acceptedThisTurn++ == 0) {
        QTimer::singleShot(0, this, [this] {
            m_acceptedThisTurn = 0;
            if (maxPendingConnections() == 0) {
                setMaxPendingConnections(DefaultMaxPending);
                resumeAccepting();
            }
        });
    }
    // QTcpServer stops taking connections while this many are pending: none, until the
    // event loop has had its turn. Half the cap at most: a connection taken now has its
    // request read after one more turn's newcomers, and must not be the longest idle then.
    if (m_acceptedThisTurn == std::clamp(m_limits.maxConnections / 2, 1, AcceptsPerTurn))
        setMaxPendingConnections(0);

    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(handle)) {
        qCWarning(lcGuard) << "cannot adopt connection:" << socket->errorString();
        delete socket;
        return;
    }

    if (m_acceptFailing) {
        m_acceptFailing = false;
        qCInfo(lcGuard) << "accepting connections again";
    }
    if (atCapacity(handle) && !evictLongestIdle()) {
        ++m_statistics.refusedAtCapacity;
        const ApiError error(ErrorCode::ServerBusy,
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

bool GuardedTcpServer::atCapacity(qintptr handle) const
{
    rlimit limit {};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
        return m_guards.size() >= m_limits.maxConnections;
    // Connections stop short of the open file limit by the reserve...
    const qint64 fileLimit = qint64(limit.rlim_cur);
    const qint64 ceiling = fileLimit > 2 * ReservedDescriptors ? fileLimit - ReservedDescriptors
                                                               : std::max<qint64>(fileLimit / 2, 1);
    // ...and files and fetches may take more than it. The kernel hands out the lowest free
    // descriptor: this one being n means that n others are open.
    return m_guards.size() >= std::min<qint64>(m_limits.maxConnections, ceiling)
           || qint64(handle) + ReservedDescriptors / 2 >= fileLimit;
}

void GuardedTcpServer::recoverFromAcceptError(QAbstractSocket::SocketError error)
{
    // QTcpServer has paused accepting and would never resume by itself.
    ++m_statistics.acceptFailures;
    if (!m_acceptFailing)
        qCWarning(lcGuard).noquote() << "cannot accept connections:" << errorString()
                                     << "- trying again every" << m_resumeTimer.interval() << "ms";
    m_acceptFailing = true;
    // Out of descriptors (or memory): the longest-idle connection gives its own up.
    if (error == QAbstractSocket::SocketResourceError)
        evictLongestIdle();
    m_resumeTimer.start();
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
