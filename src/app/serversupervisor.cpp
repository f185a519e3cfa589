#include "app/serversupervisor.h"

#include "app/bundledserver.h"
#include "app/logcategories.h"

#include <utility>

namespace slotline::app {

ServerSupervisor::ServerSupervisor(BundledServer &server, QObject *parent)
    : QObject(parent)
    , m_server(server)
{
    m_restartTimer.setSingleShot(true);
    m_stableTimer.setSingleShot(true);
    connect(&m_restartTimer, &QTimer::timeout, this, &ServerSupervisor::restart);
    connect(&m_stableTimer, &QTimer::timeout, this, [this] { m_attempt = 0; });
    connect(&m_server, &BundledServer::ready, this, &ServerSupervisor::onReady);
    connect(&m_server, &BundledServer::stoppedUnexpectedly, this,
            &ServerSupervisor::onStoppedUnexpectedly);
    connect(&m_server, &BundledServer::failed, this, &ServerSupervisor::onFailed);
}

int ServerSupervisor::nextRestartInMs() const
{
    return m_restartTimer.isActive() ? m_restartTimer.remainingTime() : -1;
}

void ServerSupervisor::onReady()
{
    m_halted = false;
    m_lastPort = quint16(m_server.baseUrl().port(0));
    if (m_recovering)
        qCInfo(lcApp) << "the bundled server is back after" << m_attempt << "restart(s)";
    m_recovering = false;
    m_gaveUp = false;
    m_stableTimer.start(m_stableAfterMs);
}

void ServerSupervisor::onStoppedUnexpectedly(const QString &reason)
{
    if (m_halted)
        return;
    m_stableTimer.stop();
    m_recovering = true;
    m_gaveUp = false;
    m_oldPortTried = false;
    m_lastReason = reason;
    Q_EMIT serverLost(reason);
    planRestart();
}

void ServerSupervisor::onFailed(const QString &reason)
{
    // A failure of the first start is the app's to tell; only restarts are watched here.
    if (!m_recovering || m_halted)
        return;
    // Its first line is the app's own words; what the server wrote is in the log.
    m_lastReason = reason.section(u'\n', 0, 0);
    planRestart();
}

void ServerSupervisor::planRestart()
{
    if (m_attempt >= m_pausesMs.size()) {
        m_gaveUp = true;
        qCWarning(lcApp).noquote() << "the bundled server could not be started again after"
                                   << m_attempt << "tries:" << m_lastReason;
        Q_EMIT gaveUp(m_lastReason, m_server.log());
        return;
    }
    const int pause = m_pausesMs.at(m_attempt);
    ++m_attempt;
    qCInfo(lcApp) << "starting the bundled server again in" << pause << "ms, try" << m_attempt
                  << "of" << m_pausesMs.size();
    m_restartTimer.start(pause);
    Q_EMIT restartPlanned(m_attempt, int(m_pausesMs.size()), pause);
}

void ServerSupervisor::restart()
{
    if (m_halted)
        return;
    // Its old port keeps the addresses the app holds valid; if that is taken meanwhile,
    // the next try lets the system choose.
    m_server.setListenPort(std::exchange(m_oldPortTried, true) ? 0 : m_lastPort);
    m_server.start();
}

void ServerSupervisor::retryNow()
{
    m_oldPortTried = false;
    m_halted = false;
    m_recovering = true;
    m_gaveUp = false;
    m_attempt = 0;
    m_restartTimer.stop();
    ++m_attempt;
    Q_EMIT restartPlanned(m_attempt, int(m_pausesMs.size()), 0);
    restart();
}

void ServerSupervisor::recover(const QString &reason)
{
    m_halted = false;
    m_recovering = true;
    m_gaveUp = false;
    m_oldPortTried = false;
    m_lastReason = reason.section(u'\n', 0, 0);
    planRestart();
}

void ServerSupervisor::halt()
{
    m_halted = true;
    m_recovering = false;
    m_restartTimer.stop();
    m_stableTimer.stop();
}

} // namespace slotline::app
