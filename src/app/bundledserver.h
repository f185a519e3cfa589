#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <optional>

QT_BEGIN_NAMESPACE
class QProcess;
QT_END_NAMESPACE

namespace slotline::client {
class CredentialStore;
}

namespace slotline::app {

// slotline-server run by the app as a child process, over a data directory of its own,
// listening on 127.0.0.1 at a port the system picks. The first start creates the demo
// project and keeps its key in the CredentialStore; later starts reuse that key. Every
// step runs on the event loop: nothing here waits for a process.
class BundledServer : public QObject
{
    Q_OBJECT

public:
    enum class State { Stopped, Starting, Running, Stopping };
    Q_ENUM(State)

    BundledServer(QString dataDirectory, client::CredentialStore &credentials,
                  QObject *parent = nullptr);
    // Kills a server still running: the app must not leave it behind. A clean stop is
    // stop() and waiting for stopped().
    ~BundledServer() override;

    // slotline-server: $SLOTLINE_SERVER, else next to the app's executable, else where the
    // build tree puts it, else on the PATH. Empty when it is nowhere.
    static QString locateProgram();

    // By default locateProgram().
    void setProgram(const QString &program) { m_program = program; }
    QString program() const { return m_program; }
    QString dataDirectory() const { return m_dataDirectory; }
    // How long the server may take to say it listens (and init-demo to finish).
    void setStartTimeoutMs(int ms) { m_startTimeoutMs = ms; }
    // The port the next start listens on; 0 (the default) lets the system pick one. A
    // server started again on its old port keeps the addresses the app already holds
    // (its media links) valid.
    void setListenPort(quint16 port) { m_listenPort = port; }
    // Where it listens when no port is set and this one is free: a fixed address is what
    // a platform's registered callback can name.
    void setPreferredPort(quint16 port) { m_preferredPort = port; }

    State state() const { return m_state; }
    // While Running: where it listens (without /api/v2) and the key it was started with.
    QUrl baseUrl() const { return m_baseUrl; }
    QString apiKey() const { return m_apiKey; }
    // The server process's id while one runs, else 0.
    qint64 processId() const;
    // What the last server process (or preparation of its data) wrote on its error output,
    // its last few KiB: the details behind a failure.
    QString log() const;

    // From Stopped: ready() or failed() follows. Ignored in any other state.
    void start();
    // Makes a new demo key (revoking the old one), stores it and says keyRenewed(); for a
    // stored key the server refuses. From Stopped or Running; a start asked for meanwhile
    // waits for the new key.
    void renewKey();
    // Asks the server to finish (SIGTERM), kills it if it has not after a few seconds, then
    // says stopped(). A server that does not run says stopped() at once, from within stop().
    void stop();

Q_SIGNALS:
    void ready(const QUrl &baseUrl, const QString &apiKey);
    void failed(const QString &reason);
    // It exited after ready() without being asked to. `reason` says how in words; log()
    // has what it wrote.
    void stoppedUnexpectedly(const QString &reason);
    void keyRenewed(const QString &apiKey);
    void keyRenewalFailed(const QString &reason);
    void stopped();
    // Worth showing but not a failure: the key is kept in a file rather than a keychain,
    // or could not be kept at all.
    void warning(const QString &message);

private:
    using KeyCallback = std::function<void(std::optional<QString> key, const QString &failure)>;

    QProcess *makeProcess(const QStringList &arguments);
    bool programAvailable() const;
    QString missingProgramReason() const;
    bool hasDatabase() const;

    void useStoredKeyOrInitialize(quint64 attempt);
    QProcess *runInitDemo(KeyCallback done);
    void storeKey(const QString &key, std::function<void()> then);
    void launchServe(quint64 attempt);
    void resumeStartAfterRenewal(const std::optional<QString> &key);
    void readServeOutput();
    void readServeErrors();
    void serveFinished(int exitCode, bool crashed);
    void failStart(const QString &reason);
    void discardProcess(QProcess *process);
    QString serveErrorTail() const;

    QString m_dataDirectory;
    QString m_credentialName;
    client::CredentialStore &m_credentials;
    QString m_program;
    int m_startTimeoutMs = 30'000;
    quint16 m_listenPort = 0;
    quint16 m_preferredPort = 0;

    State m_state = State::Stopped;
    quint64 m_attempt = 0; // a new one per start or stop; stale callbacks compare it
    bool m_renewing = false;
    bool m_startAfterRenewal = false;
    QPointer<QProcess> m_initDemo; // for a start
    QPointer<QProcess> m_serve;
    QByteArray m_serveOutput;
    QByteArray m_serveErrors; // the last few KiB only
    QByteArray m_lastLog; // of the last process that ended, for log()
    QTimer m_startTimer;
    QTimer m_killTimer;
    QUrl m_baseUrl;
    QString m_apiKey;
};

} // namespace slotline::app
