#include "app/desktopapp.h"

#include "app/bundledserver.h"
#include "app/logcategories.h"
#include "app/serversupervisor.h"
#include "client/mediapreviewloader.h"
#include "client/session.h"
#include "client/storeerror.h"
#include "gui/mainwindow.h"
#include "gui/settings/connectionpreferences.h"
#include "gui/settings/firstrundialog.h"
#include "gui/status/connectionstatuswidget.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>

using namespace Qt::Literals::StringLiterals;

namespace slotline::app {
namespace {

// Where the built-in server listened last: the address a window opened without it uses
// until it runs again.
const QString LastBundledUrlKey = u"bundled/lastBaseUrl"_s;
// Before it ever listened: the discard port, where nothing answers.
const QUrl NowhereUrl(u"http://127.0.0.1:9"_s);

} // namespace

DesktopApp::DesktopApp(const Options &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_previews(std::make_unique<client::MediaPreviewLoader>())
{
    if (m_options.dataDirectory.isEmpty())
        m_options.dataDirectory
            = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    m_credentials.setFallbackFile(QDir(m_options.dataDirectory).filePath(u"credentials.json"_s));
    m_credentials.setKeychainEnabled(!m_options.credentialsInFileOnly);
    m_preferences = std::make_unique<gui::ConnectionPreferences>(m_settings, m_credentials);
    // The window's close ends the app, but only after the built-in server has stopped.
    qApp->setQuitOnLastWindowClosed(false);
}

DesktopApp::~DesktopApp()
{
    closeSession();
}

qint64 DesktopApp::bundledServerProcessId() const
{
    return m_bundled ? m_bundled->processId() : 0;
}

void DesktopApp::start()
{
    if (!m_preferences->hasChoice()) {
        auto *dialog = new gui::FirstRunDialog();
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QDialog::accepted, this, [this, dialog] {
            const gui::ConnectionChoice choice = dialog->choice();
            m_preferences->save(choice, this, [this, choice](bool ok, const QString &message) {
                if (!ok)
                    qCWarning(lcApp).noquote() << "the connection was not saved:" << message;
                connectTo(choice);
            });
        });
        connect(dialog, &QDialog::rejected, this, &DesktopApp::shutDown);
        dialog->show();
        return;
    }
    m_preferences->load(this, [this](const std::optional<gui::ConnectionChoice> &choice,
                                     const QString &warning, const QString &error) {
        if (!warning.isEmpty())
            qCWarning(lcApp).noquote() << warning;
        if (!choice || !error.isEmpty()) {
            // The saved server's key is unreadable: ask again rather than fail.
            qCWarning(lcApp).noquote() << "the saved connection could not be read:" << error;
            m_settings.remove(u"connection/mode"_s);
            start();
            return;
        }
        connectTo(*choice);
    });
}

void DesktopApp::connectTo(const gui::ConnectionChoice &choice)
{
    m_choice = choice;
    if (choice.mode == gui::ConnectionChoice::Mode::Bundled) {
        startBundled();
        return;
    }
    const QString stores = QDir(m_options.dataDirectory).filePath(u"stores"_s);
    QDir().mkpath(stores);
    openSession(choice.baseUrl, choice.apiKey,
                client::Session::storeFileFor(stores, choice.baseUrl));
}

void DesktopApp::startBundled()
{
    if (!m_bundled) {
        m_bundled = new BundledServer(QDir(m_options.dataDirectory).filePath(u"server"_s),
                                      m_credentials, this);
        m_bundled->setPreferredPort(m_options.preferredServerPort);
        m_supervisor = new ServerSupervisor(*m_bundled, this);
        connect(m_bundled, &BundledServer::ready, this, &DesktopApp::bundledReady);
        connect(m_bundled, &BundledServer::failed, this, [this](const QString &reason) {
            // While it is being started again, the supervisor tries on.
            if (m_supervisor->isRecovering())
                return;
            // Used here before: what is kept on this computer opens, offline, while the
            // server is tried again. Only a first start with nothing to show must wait.
            if (!m_session && QFileInfo::exists(bundledStoreFile())) {
                openSession(m_settings.value(LastBundledUrlKey, NowhereUrl).toUrl(), QString(),
                            bundledStoreFile());
                if (m_session) {
                    m_supervisor->recover(reason);
                    return;
                }
            }
            showStartFailure(reason, m_bundled->log());
        });
        connect(m_supervisor, &ServerSupervisor::serverLost, this, &DesktopApp::bundledLost);
        connect(m_supervisor, &ServerSupervisor::restartPlanned, this,
                [this](int attempt, int attempts) {
                    setServerNote(tr("the built-in server stopped; starting it again (try %1 "
                                     "of %2)")
                                      .arg(attempt)
                                      .arg(attempts));
                });
        connect(m_supervisor, &ServerSupervisor::gaveUp, this, &DesktopApp::bundledGaveUp);
        connect(m_bundled, &BundledServer::keyRenewed, this, [this](const QString &apiKey) {
            if (!m_session)
                return;
            m_session->client().setApiKey(apiKey);
            m_session->start();
        });
        connect(m_bundled, &BundledServer::warning, this,
                [](const QString &message) { qCWarning(lcApp).noquote() << message; });
    }
    if (m_bundled->state() == BundledServer::State::Running)
        bundledReady(m_bundled->baseUrl(), m_bundled->apiKey());
    else
        m_bundled->start();
}

void DesktopApp::bundledReady(const QUrl &baseUrl, const QString &apiKey)
{
    if (m_choice.mode != gui::ConnectionChoice::Mode::Bundled)
        return;
    m_settings.setValue(LastBundledUrlKey, baseUrl);
    if (!m_session) {
        openSession(baseUrl, apiKey, bundledStoreFile());
        return;
    }
    // Back after a stop: the window and whatever was written meanwhile stay; the session
    // only learns where the server listens now, and sends what waited.
    qCInfo(lcApp).noquote() << "the built-in server is back on" << baseUrl.toString();
    m_session->client().setBaseUrl(baseUrl);
    m_session->client().setApiKey(apiKey);
    setServerNote(QString());
    m_session->start();
}

QString DesktopApp::bundledStoreFile() const
{
    return QDir(m_options.dataDirectory).filePath(u"bundled-store.sqlite"_s);
}

void DesktopApp::bundledLost()
{
    if (!m_session)
        return;
    // The next call would find out too; asking now shows it at once.
    m_session->connectivity().checkNow();
}

void DesktopApp::bundledGaveUp(const QString &reason, const QString &log)
{
    setServerNote(tr("the built-in server could not be started again"));
    if (!m_window) {
        showStartFailure(reason, log);
        return;
    }
    auto *box = new QMessageBox(
        QMessageBox::Warning, tr("The built-in server is not running"),
        tr("Slotline tried %Ln time(s) to start its built-in server again, without success.",
           nullptr, m_supervisor->attempts()),
        QMessageBox::NoButton, m_window.get());
    box->setObjectName(u"serverGaveUpBox"_s);
    box->setInformativeText(
        reason + u"\n\n"_s
        + tr("You can go on writing: drafts and changes are kept on this computer and sent "
             "when the server runs again."));
    if (!log.isEmpty())
        box->setDetailedText(log); // behind QMessageBox's own "Show Details…"
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *retry = box->addButton(tr("Try &again"), QMessageBox::AcceptRole);
    QPushButton *other = box->addButton(tr("&Choose another server…"), QMessageBox::ActionRole);
    box->addButton(tr("&Work offline"), QMessageBox::RejectRole);
    connect(box, &QMessageBox::buttonClicked, this, [this, retry, other](QAbstractButton *button) {
        if (button == retry)
            m_supervisor->retryNow();
        else if (button == other && m_window)
            m_window->showSettings();
    });
    box->open();
}

void DesktopApp::setServerNote(const QString &note)
{
    if (m_window)
        m_window->connectionStatus().setServerNote(note);
}

void DesktopApp::openSession(const QUrl &baseUrl, const QString &apiKey, const QString &storeFile)
{
    closeSession();
    QDir().mkpath(m_options.dataDirectory);
    try {
        m_session = std::make_unique<client::Session>(baseUrl, apiKey, storeFile);
    } catch (const client::StoreError &error) {
        showStartFailure(tr("Slotline could not open its local store %1: %2")
                             .arg(QDir::toNativeSeparators(storeFile), error.message()));
        return;
    }
    if (m_choice.mode == gui::ConnectionChoice::Mode::Bundled) {
        // The built-in server's key lives in the keychain; if it no longer matches (the
        // keychain was reset), a new one is made rather than leaving the app locked out.
        connect(&m_session->connectivity(), &client::Connectivity::stateChanged, m_bundled,
                [this](client::Connectivity::State state) {
                    if (state == client::Connectivity::State::Unauthorized)
                        m_bundled->renewKey();
                });
    }
    m_window = std::make_unique<gui::MainWindow>(*m_session, *m_previews, m_clock, m_choice);
    // Queued: the window is destroyed on the way out, which it cannot be inside its own
    // close event.
    connect(m_window.get(), &gui::MainWindow::closed, this, &DesktopApp::windowClosed,
            Qt::QueuedConnection);
    connect(m_window.get(), &gui::MainWindow::connectionChangeRequested, this,
            &DesktopApp::switchConnection, Qt::QueuedConnection);
    m_window->show();
    m_session->start();
}

void DesktopApp::closeSession()
{
    if (m_window) {
        m_window->disconnect(this);
        m_window->close(); // saves the draft being written and the window's layout
        m_window.reset(); // before the session it refers to
    }
    m_session.reset();
}

void DesktopApp::switchConnection(const gui::ConnectionChoice &choice)
{
    m_preferences->save(choice, this, [this, choice](bool ok, const QString &message) {
        if (!ok) {
            auto *box
                = new QMessageBox(QMessageBox::Warning, tr("Connection not saved"),
                                  tr("The new connection could not be saved: %1").arg(message),
                                  QMessageBox::Ok, m_window.get());
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
            return;
        }
        closeSession();
        if (choice.mode != gui::ConnectionChoice::Mode::Bundled && m_bundled) {
            m_supervisor->halt();
            m_bundled->stop();
        }
        connectTo(choice);
    });
}

void DesktopApp::showStartFailure(const QString &reason, const QString &log)
{
    qCWarning(lcApp).noquote() << reason;
    auto *box = new QMessageBox(QMessageBox::Critical, tr("Slotline could not start"), reason,
                                QMessageBox::NoButton);
    if (!log.isEmpty())
        box->setDetailedText(log);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *retry = box->addButton(tr("Try &again"), QMessageBox::AcceptRole);
    QPushButton *other = box->addButton(tr("&Choose another server…"), QMessageBox::ActionRole);
    box->addButton(tr("&Quit"), QMessageBox::RejectRole);
    connect(box, &QMessageBox::buttonClicked, this, [this, retry, other](QAbstractButton *button) {
        if (button == retry) {
            connectTo(m_choice);
        } else if (button == other) {
            m_settings.remove(u"connection/mode"_s);
            start();
        } else {
            shutDown();
        }
    });
    box->show();
}

void DesktopApp::windowClosed()
{
    if (!m_shuttingDown)
        shutDown();
}

void DesktopApp::shutDown()
{
    m_shuttingDown = true;
    closeSession();
    if (m_supervisor)
        m_supervisor->halt();
    if (m_bundled && m_bundled->state() != BundledServer::State::Stopped) {
        connect(m_bundled, &BundledServer::stopped, this, &DesktopApp::finished);
        m_bundled->stop();
        return;
    }
    Q_EMIT finished();
}

} // namespace slotline::app
