#pragma once

#include "client/credentialstore.h"
#include "core/clock.h"
#include "gui/common/connectionchoice.h"

#include <QObject>
#include <QSettings>

#include <memory>

namespace slotline::client {
class MediaPreviewLoader;
class Session;
} // namespace slotline::client

namespace slotline::gui {
class ConnectionPreferences;
class MainWindow;
} // namespace slotline::gui

namespace slotline::app {

class BundledServer;
class ServerSupervisor;

// The desktop app's life: the first-run choice of a server, starting the built-in one
// when that is the choice (and stopping it on the way out), a session and a main window
// per server, and switching servers when Settings say so.
class DesktopApp : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        // Where the app keeps its stores and the built-in server's data; by default the
        // user's data directory.
        QString dataDirectory;
        // Keep keys in the stand-in file, never in the system keychain (tests).
        bool credentialsInFileOnly = false;
        // The built-in server listens on 127.0.0.1 at this port when it is free (the
        // callback address registered at the platforms); 0: wherever the system says.
        quint16 preferredServerPort = 0;
    };

    explicit DesktopApp(const Options &options, QObject *parent = nullptr);
    ~DesktopApp() override;

    // Shows the first-run dialog, or goes straight to the saved server.
    void start();

    gui::MainWindow *mainWindow() const { return m_window.get(); }
    // The built-in server's process while it runs, else 0.
    qint64 bundledServerProcessId() const;
    // What watches the built-in server (null until it is first started).
    ServerSupervisor *bundledServerSupervisor() const { return m_supervisor; }

Q_SIGNALS:
    // Everything is stopped; the process may end.
    void finished();

private:
    void connectTo(const gui::ConnectionChoice &choice);
    void startBundled();
    void bundledReady(const QUrl &baseUrl, const QString &apiKey);
    QString bundledStoreFile() const;
    void bundledLost();
    void bundledGaveUp(const QString &reason, const QString &log);
    void setServerNote(const QString &note);
    void openSession(const QUrl &baseUrl, const QString &apiKey, const QString &storeFile);
    void closeSession();
    void switchConnection(const gui::ConnectionChoice &choice);
    void showStartFailure(const QString &reason, const QString &log = QString());
    void windowClosed();
    void shutDown();

    Options m_options;
    QSettings m_settings;
    client::CredentialStore m_credentials;
    std::unique_ptr<gui::ConnectionPreferences> m_preferences;
    std::unique_ptr<client::MediaPreviewLoader> m_previews;
    SystemClock m_clock;
    gui::ConnectionChoice m_choice;
    BundledServer *m_bundled = nullptr;
    ServerSupervisor *m_supervisor = nullptr;
    std::unique_ptr<client::Session> m_session;
    std::unique_ptr<gui::MainWindow> m_window;
    bool m_shuttingDown = false;
};

} // namespace slotline::app
