#include "app/desktopapp.h"

#include "app/bundledserver.h"
#include "app/logcategories.h"
#include "client/mediapreviewloader.h"
#include "client/session.h"
#include "gui/connectionpreferences.h"
#include "gui/dialogs/firstrundialog.h"
#include "gui/mainwindow.h"
#include "storage/databaseerror.h"

#include <QApplication>
#include <QDir>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>

using namespace Qt::Literals::StringLiterals;

namespace slotline::app {

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
        connect(m_bundled, &BundledServer::ready, this,
                [this](const QUrl &baseUrl, const QString &apiKey) {
                    openSession(baseUrl, apiKey,
                                QDir(m_options.dataDirectory).filePath(u"bundled-store.sqlite"_s));
                });
        connect(m_bundled, &BundledServer::failed, this, &DesktopApp::showStartFailure);
        connect(m_bundled, &BundledServer::stoppedUnexpectedly, this, [this](const QString &why) {
            closeSession();
            showStartFailure(tr("The built-in server stopped: %1").arg(why));
        });
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
        openSession(m_bundled->baseUrl(), m_bundled->apiKey(),
                    QDir(m_options.dataDirectory).filePath(u"bundled-store.sqlite"_s));
    else
        m_bundled->start();
}

void DesktopApp::openSession(const QUrl &baseUrl, const QString &apiKey, const QString &storeFile)
{
    closeSession();
    QDir().mkpath(m_options.dataDirectory);
    try {
        m_session = std::make_unique<client::Session>(baseUrl, apiKey, storeFile);
    } catch (const DatabaseError &error) {
        showStartFailure(
            tr("Slotline could not open its local store %1: %2")
                .arg(QDir::toNativeSeparators(storeFile), QString::fromUtf8(error.what())));
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
        if (choice.mode != gui::ConnectionChoice::Mode::Bundled && m_bundled)
            m_bundled->stop();
        connectTo(choice);
    });
}

void DesktopApp::showStartFailure(const QString &reason)
{
    qCWarning(lcApp).noquote() << reason;
    auto *box = new QMessageBox(QMessageBox::Critical, tr("Slotline could not start"), reason,
                                QMessageBox::NoButton);
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
    if (m_bundled && m_bundled->state() != BundledServer::State::Stopped) {
        connect(m_bundled, &BundledServer::stopped, this, &DesktopApp::finished);
        m_bundled->stop();
        return;
    }
    Q_EMIT finished();
}

} // namespace slotline::app
