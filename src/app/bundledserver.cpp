#include "app/bundledserver.h"

#include "app/logcategories.h"
#include "client/credentialstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpServer>

#include <csignal>
#ifdef Q_OS_LINUX
#include <sys/prctl.h>
#endif

using namespace Qt::Literals::StringLiterals;

namespace slotline::app {
namespace {

const QString ProgramName = u"slotline-server"_s;
// Where `slotline-server` keeps its database inside the data directory.
const QString DatabaseFileName = u"slotline.db"_s;
constexpr int StopGraceMs = 5'000;
constexpr qsizetype KeptErrorBytes = 8 * 1024;
constexpr int ReportedErrorLines = 6;

// The last lines a process wrote on stderr: what says why it stopped.
QString lastLines(const QByteArray &text)
{
    QStringList lines = QString::fromUtf8(text).split(u'\n', Qt::SkipEmptyParts);
    for (QString &line : lines)
        line = line.trimmed();
    lines.removeAll(QString());
    return lines.mid(std::max<qsizetype>(0, lines.size() - ReportedErrorLines)).join(u'\n');
}

int wholeSeconds(int ms)
{
    return (ms + 999) / 1000;
}

} // namespace

BundledServer::BundledServer(QString dataDirectory, client::CredentialStore &credentials,
                             QObject *parent)
    : QObject(parent)
    , m_dataDirectory(QDir::cleanPath(QDir(dataDirectory).absolutePath()))
    , m_credentialName(u"bundled-server:"_s + m_dataDirectory)
    , m_credentials(credentials)
    , m_program(locateProgram())
{
    m_startTimer.setSingleShot(true);
    m_killTimer.setSingleShot(true);
    connect(&m_startTimer, &QTimer::timeout, this, [this] {
        if (m_state != State::Starting)
            return;
        QString reason = tr("The built-in server did not start listening within %Ln second(s).",
                            nullptr, wholeSeconds(m_startTimeoutMs));
        if (const QString errors = serveErrorTail(); !errors.isEmpty())
            reason += u'\n' + errors;
        failStart(reason);
    });
    connect(&m_killTimer, &QTimer::timeout, this, [this] {
        if (m_serve) {
            qCWarning(lcApp) << "the bundled server ignored SIGTERM; killing it";
            m_serve->kill();
        }
    });
}

BundledServer::~BundledServer()
{
    // Whoever wanted a clean stop has had stop(). Here only a blocking reap keeps the
    // process from outliving the app, and SIGKILL keeps that wait short. Nothing of this
    // object may hear of it any more.
    const QList<QProcess *> processes = findChildren<QProcess *>(Qt::FindDirectChildrenOnly);
    for (QProcess *process : processes) {
        process->disconnect(this);
        if (process->state() != QProcess::NotRunning) {
            qCInfo(lcApp) << "killing" << process->arguments().value(0) << "on exit";
            process->kill();
            process->waitForFinished(StopGraceMs);
        }
    }
}

QString BundledServer::locateProgram()
{
    const QString configured = qEnvironmentVariable("SLOTLINE_SERVER");
    if (!configured.isEmpty()) {
        if (configured.contains(u'/'))
            return configured;
        const QString found = QStandardPaths::findExecutable(configured);
        return found.isEmpty() ? configured : found;
    }
    const QDir appDirectory(QCoreApplication::applicationDirPath());
    for (const QString &candidate : {appDirectory.filePath(ProgramName),
                                     appDirectory.filePath(u"../serverapp/"_s + ProgramName)}) {
        if (QFileInfo(candidate).isExecutable())
            return QDir::cleanPath(candidate);
    }
    return QStandardPaths::findExecutable(ProgramName);
}

qint64 BundledServer::processId() const
{
    return m_serve ? m_serve->processId() : 0;
}

QString BundledServer::log() const
{
    return QString::fromUtf8(m_serve ? m_serveErrors : m_lastLog).trimmed();
}

bool BundledServer::programAvailable() const
{
    const QFileInfo program(m_program);
    return !m_program.isEmpty() && program.isFile() && program.isExecutable();
}

QString BundledServer::missingProgramReason() const
{
    if (m_program.isEmpty())
        return tr("The Slotline server program (%1) was not found next to Slotline or on the "
                  "PATH. Reinstall Slotline, or set SLOTLINE_SERVER to the program's path.")
            .arg(ProgramName);
    return tr("The Slotline server program %1 does not exist or cannot be run.")
        .arg(QDir::toNativeSeparators(m_program));
}

bool BundledServer::hasDatabase() const
{
    return QFileInfo::exists(QDir(m_dataDirectory).filePath(DatabaseFileName));
}

QProcess *BundledServer::makeProcess(const QStringList &arguments)
{
    auto *process = new QProcess(this);
    process->setProgram(m_program);
    process->setArguments(arguments);
#ifdef Q_OS_LINUX
    // Should the app crash, the server goes with it instead of holding its data alone.
    process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
#endif
    return process;
}

void BundledServer::start()
{
    if (m_state != State::Stopped) {
        qCWarning(lcApp) << "start() ignored while the bundled server is" << m_state;
        return;
    }
    m_state = State::Starting;
    const quint64 attempt = ++m_attempt;
    m_baseUrl.clear();
    m_apiKey.clear();
    m_serveOutput.clear();
    m_serveErrors.clear();
    qCInfo(lcApp).noquote() << "starting" << m_program << "over" << m_dataDirectory;
    if (!programAvailable()) {
        // Told on the next turn of the event loop, as every other outcome of start().
        QTimer::singleShot(0, this, [this, attempt, reason = missingProgramReason()] {
            if (attempt == m_attempt && m_state == State::Starting)
                failStart(reason);
        });
        return;
    }
    if (m_renewing) {
        m_startAfterRenewal = true;
        return;
    }
    useStoredKeyOrInitialize(attempt);
}

void BundledServer::useStoredKeyOrInitialize(quint64 attempt)
{
    m_credentials.read(
        m_credentialName, this, [this, attempt](const client::CredentialStore::Result &stored) {
            if (attempt != m_attempt || m_state != State::Starting)
                return;
            if (!stored.ok)
                qCWarning(lcApp).noquote()
                    << "the bundled server's key could not be read:" << stored.error;
            // Without its database the data was reset, and the stored key with it.
            if (stored.ok && !stored.secret.isEmpty() && hasDatabase()) {
                m_apiKey = stored.secret;
                launchServe(attempt);
                return;
            }
            qCInfo(lcApp).noquote() << "creating the demo project in" << m_dataDirectory;
            m_initDemo
                = runInitDemo([this, attempt](std::optional<QString> key, const QString &failure) {
                      if (attempt != m_attempt || m_state != State::Starting)
                          return;
                      m_initDemo = nullptr;
                      if (!key) {
                          failStart(failure);
                          return;
                      }
                      m_apiKey = *key;
                      storeKey(*key, [this, attempt] {
                          if (attempt == m_attempt && m_state == State::Starting)
                              launchServe(attempt);
                      });
                  });
        });
}

QProcess *BundledServer::runInitDemo(KeyCallback done)
{
    QProcess *process = makeProcess({u"init-demo"_s, u"--data"_s, m_dataDirectory, u"--json"_s});
    auto timedOut = std::make_shared<bool>(false);
    QTimer::singleShot(m_startTimeoutMs, process, [process, timedOut] {
        if (process->state() != QProcess::NotRunning) {
            *timedOut = true;
            process->kill();
        }
    });
    connect(process, &QProcess::errorOccurred, this,
            [this, process, done](QProcess::ProcessError error) {
                if (error != QProcess::FailedToStart)
                    return; // finished() follows and tells the rest
                process->deleteLater();
                done(std::nullopt,
                     tr("The Slotline server program %1 could not be run: %2")
                         .arg(QDir::toNativeSeparators(m_program), process->errorString()));
            });
    connect(process, &QProcess::finished, this,
            [this, process, timedOut, done](int exitCode, QProcess::ExitStatus status) {
                process->deleteLater();
                const QByteArray output = process->readAllStandardOutput();
                m_lastLog = process->readAllStandardError().right(KeptErrorBytes);
                const QString errors = lastLines(m_lastLog);
                const QString directory = QDir::toNativeSeparators(m_dataDirectory);
                if (*timedOut) {
                    done(std::nullopt,
                         tr("The built-in server did not finish preparing its data in %1 within "
                            "%Ln second(s).",
                            nullptr, wholeSeconds(m_startTimeoutMs))
                             .arg(directory));
                    return;
                }
                if (status == QProcess::CrashExit || exitCode != 0) {
                    QString reason = status == QProcess::CrashExit
                                         ? tr("The built-in server crashed while preparing its "
                                              "data in %1.")
                                               .arg(directory)
                                         : tr("The built-in server could not prepare its data in "
                                              "%1 (exit code %2).")
                                               .arg(directory)
                                               .arg(exitCode);
                    if (!errors.isEmpty())
                        reason += u'\n' + errors;
                    done(std::nullopt, reason);
                    return;
                }
                const QString key
                    = QJsonDocument::fromJson(output).object().value(u"apiKey"_s).toString();
                if (key.isEmpty()) {
                    done(std::nullopt,
                         tr("The built-in server prepared its data in %1 but gave no API key.")
                             .arg(directory));
                    return;
                }
                done(key, QString());
            });
    process->start();
    return process;
}

void BundledServer::storeKey(const QString &key, std::function<void()> then)
{
    m_credentials.write(
        m_credentialName, key, this,
        [this, then = std::move(then)](const client::CredentialStore::Result &kept) {
            if (!kept.ok) {
                qCWarning(lcApp).noquote()
                    << "the bundled server's key could not be kept:" << kept.error;
                Q_EMIT warning(tr("The key of the built-in server could not be saved (%1); "
                                  "the next start makes a new one.")
                                   .arg(kept.error));
            } else if (!kept.warning.isEmpty()) {
                Q_EMIT warning(kept.warning);
            }
            then();
        });
}

void BundledServer::launchServe(quint64 attempt)
{
    quint16 port = m_listenPort;
    if (port == 0 && m_preferredPort != 0) {
        // Taken by something else: any port, and connecting accounts says what that means.
        QTcpServer probe;
        if (probe.listen(QHostAddress::LocalHost, m_preferredPort))
            port = m_preferredPort;
    }
    QProcess *process = makeProcess(
        {u"serve"_s, u"--data"_s, m_dataDirectory, u"--listen"_s, u"127.0.0.1:%1"_s.arg(port)});
    m_serve = process;
    connect(process, &QProcess::readyReadStandardOutput, this, [this, process] {
        if (process == m_serve)
            readServeOutput();
    });
    connect(process, &QProcess::readyReadStandardError, this, [this, process] {
        if (process == m_serve)
            readServeErrors();
    });
    connect(process, &QProcess::errorOccurred, this,
            [this, process, attempt](QProcess::ProcessError error) {
                if (error != QProcess::FailedToStart || process != m_serve || attempt != m_attempt)
                    return;
                failStart(tr("The Slotline server program %1 could not be run: %2")
                              .arg(QDir::toNativeSeparators(m_program), process->errorString()));
            });
    connect(process, &QProcess::finished, this,
            [this, process](int exitCode, QProcess::ExitStatus status) {
                if (process == m_serve)
                    serveFinished(exitCode, status == QProcess::CrashExit);
            });
    m_startTimer.start(m_startTimeoutMs);
    process->start();
}

void BundledServer::readServeOutput()
{
    const QByteArray output = m_serve->readAllStandardOutput();
    if (m_state != State::Starting) {
        if (!output.trimmed().isEmpty())
            qCDebug(lcApp).noquote() << "server:" << QString::fromUtf8(output).trimmed();
        return;
    }
    m_serveOutput += output;
    // servecommand.cpp: "Slotline server listening on http://127.0.0.1:PORT/api/v2 (data: ...)"
    static const QRegularExpression listening(u"listening on (https?://\\S+?)/api/v2\\b"_s);
    const QRegularExpressionMatch match = listening.match(QString::fromUtf8(m_serveOutput));
    if (!match.hasMatch()) {
        if (m_serveOutput.size() > KeptErrorBytes)
            m_serveOutput = m_serveOutput.last(KeptErrorBytes);
        return;
    }
    m_serveOutput.clear();
    m_startTimer.stop();
    m_baseUrl = QUrl(match.captured(1));
    m_state = State::Running;
    qCInfo(lcApp).noquote() << "the bundled server listens on" << m_baseUrl.toString();
    Q_EMIT ready(m_baseUrl, m_apiKey);
}

void BundledServer::readServeErrors()
{
    const QByteArray errors = m_serve->readAllStandardError();
    if (errors.isEmpty())
        return;
    qCDebug(lcApp).noquote() << "server:" << QString::fromUtf8(errors).trimmed();
    m_serveErrors += errors;
    if (m_serveErrors.size() > KeptErrorBytes)
        m_serveErrors = m_serveErrors.last(KeptErrorBytes);
}

QString BundledServer::serveErrorTail() const
{
    return lastLines(m_serveErrors);
}

void BundledServer::serveFinished(int exitCode, bool crashed)
{
    readServeErrors();
    m_startTimer.stop();
    m_killTimer.stop();
    m_serve->deleteLater();
    m_serve = nullptr;
    m_lastLog = m_serveErrors;
    const State previous = m_state;
    m_state = State::Stopped;
    m_baseUrl.clear();

    switch (previous) {
    case State::Starting: {
        QString details = crashed ? tr("It crashed.") : tr("It exited with code %1.").arg(exitCode);
        if (const QString errors = serveErrorTail(); !errors.isEmpty())
            details += u'\n' + errors;
        m_apiKey.clear();
        qCWarning(lcApp).noquote() << "the bundled server stopped while starting:" << details;
        Q_EMIT failed(tr("The built-in server stopped before it was ready.") + u' ' + details);
        break;
    }
    case State::Running: {
        // Nobody here asked it to stop: a clean exit means someone else did (a SIGTERM
        // from outside, a shutdown of the session).
        const QString how = crashed ? tr("The built-in server stopped unexpectedly: it "
                                         "crashed or was killed.")
                            : exitCode == 0
                                ? tr("The built-in server was stopped from outside Slotline.")
                                : tr("The built-in server stopped unexpectedly with an error "
                                     "(exit code %1).")
                                      .arg(exitCode);
        qCWarning(lcApp).noquote()
            << "the bundled server stopped unexpectedly:" << how << serveErrorTail();
        Q_EMIT stoppedUnexpectedly(how);
        break;
    }
    case State::Stopping:
    case State::Stopped:
        qCInfo(lcApp) << "the bundled server stopped";
        Q_EMIT stopped();
        break;
    }
}

void BundledServer::failStart(const QString &reason)
{
    ++m_attempt;
    m_startTimer.stop();
    m_startAfterRenewal = false;
    if (m_serve)
        m_lastLog = m_serveErrors;
    discardProcess(m_initDemo);
    discardProcess(m_serve);
    m_initDemo = nullptr;
    m_serve = nullptr;
    m_state = State::Stopped;
    m_baseUrl.clear();
    m_apiKey.clear();
    qCWarning(lcApp).noquote() << "the bundled server did not start:" << reason;
    Q_EMIT failed(reason);
}

void BundledServer::discardProcess(QProcess *process)
{
    if (!process)
        return;
    process->disconnect(this);
    if (process->state() == QProcess::NotRunning) {
        process->deleteLater();
        return;
    }
    connect(process, &QProcess::finished, process, &QObject::deleteLater);
    process->kill();
}

void BundledServer::renewKey()
{
    if (m_renewing)
        return; // keyRenewed() of the one under way answers this call too
    if (m_state == State::Starting || m_state == State::Stopping || !programAvailable()) {
        const QString reason = programAvailable()
                                   ? tr("The built-in server is starting or stopping; its key "
                                        "can be renewed once it runs.")
                                   : missingProgramReason();
        QTimer::singleShot(0, this, [this, reason] { Q_EMIT keyRenewalFailed(reason); });
        return;
    }
    m_renewing = true;
    qCInfo(lcApp).noquote() << "renewing the demo key in" << m_dataDirectory;
    runInitDemo([this](std::optional<QString> key, const QString &failure) {
        if (!key) {
            m_renewing = false;
            qCWarning(lcApp).noquote() << "the demo key was not renewed:" << failure;
            Q_EMIT keyRenewalFailed(failure);
            resumeStartAfterRenewal(std::nullopt);
            return;
        }
        storeKey(*key, [this, key = *key] {
            m_renewing = false;
            if (m_state == State::Running)
                m_apiKey = key;
            Q_EMIT keyRenewed(key);
            resumeStartAfterRenewal(key);
        });
    });
}

void BundledServer::resumeStartAfterRenewal(const std::optional<QString> &key)
{
    if (!std::exchange(m_startAfterRenewal, false) || m_state != State::Starting)
        return;
    if (key && hasDatabase()) {
        m_apiKey = *key;
        launchServe(m_attempt);
    } else {
        useStoredKeyOrInitialize(m_attempt);
    }
}

void BundledServer::stop()
{
    switch (m_state) {
    case State::Stopped: Q_EMIT stopped(); return;
    case State::Stopping: return;
    case State::Starting:
    case State::Running: break;
    }
    ++m_attempt;
    m_startTimer.stop();
    m_startAfterRenewal = false;
    discardProcess(m_initDemo);
    m_initDemo = nullptr;
    if (!m_serve) {
        m_state = State::Stopped;
        m_apiKey.clear();
        qCInfo(lcApp) << "the bundled server stopped before it ran";
        Q_EMIT stopped();
        return;
    }
    m_state = State::Stopping;
    qCInfo(lcApp) << "stopping the bundled server";
    m_serve->terminate();
    m_killTimer.start(StopGraceMs);
}

} // namespace slotline::app
