#pragma once

#include <QList>
#include <QObject>
#include <QTimer>

namespace slotline::app {

class BundledServer;

// Keeps the built-in server running while the app works with it. When it stops without
// being asked to, the app goes on offline (as with a server elsewhere that went away) and
// the server is started again after a growing pause, on its old port first (the first try
// after each stop, however many stops came before). Only when
// every try has failed does it give up, and then only until asked to try again. A server
// that has run for a while since its last start counts as well again: a later stop gets
// every try anew.
class ServerSupervisor : public QObject
{
    Q_OBJECT

public:
    static QList<int> defaultPausesMs() { return {1'000, 2'000, 4'000, 8'000, 16'000}; }
    static constexpr int DefaultStableAfterMs = 60'000;

    explicit ServerSupervisor(BundledServer &server, QObject *parent = nullptr);

    // The pause before each restart; one try per entry.
    void setPausesMs(const QList<int> &pauses) { m_pausesMs = pauses; }
    void setStableAfterMs(int ms) { m_stableAfterMs = ms; }

    // Between a stop and the server's return (or giving up).
    bool isRecovering() const { return m_recovering; }
    bool hasGivenUp() const { return m_gaveUp; }
    // The restart under way or planned, from 1; 0 when none.
    int attempt() const { return m_attempt; }
    int attempts() const { return int(m_pausesMs.size()); }
    // How long until the planned restart, -1 when none is planned.
    int nextRestartInMs() const;

    // After giving up: tries again now, with every try anew.
    void retryNow();
    // The server could not be started at all (`reason`): tries as after a stop.
    void recover(const QString &reason);
    // No more restarts (the app ends, or uses another server).
    void halt();

Q_SIGNALS:
    // The server stopped unexpectedly; restarts follow.
    void serverLost(const QString &reason);
    // Restart `attempt` of `attempts` starts in `inMs`.
    void restartPlanned(int attempt, int attempts, int inMs);
    // Every try failed. `reason` says what happened last in words; `log` is what the
    // server wrote.
    void gaveUp(const QString &reason, const QString &log);

private:
    void onReady();
    void onStoppedUnexpectedly(const QString &reason);
    void onFailed(const QString &reason);
    void planRestart();
    void restart();

    BundledServer &m_server;
    QList<int> m_pausesMs = defaultPausesMs();
    int m_stableAfterMs = DefaultStableAfterMs;
    QTimer m_restartTimer;
    QTimer m_stableTimer;
    quint16 m_lastPort = 0;
    bool m_oldPortTried = false; // since the last stop: later tries take any port
    int m_attempt = 0;
    bool m_recovering = false;
    bool m_gaveUp = false;
    bool m_halted = false;
    QString m_lastReason;
};

} // namespace slotline::app
