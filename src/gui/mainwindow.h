#pragma once

#include "gui/common/connectionchoice.h"

#include <QMainWindow>
#include <QScopedPointer>

QT_BEGIN_NAMESPACE
class QUndoStack;
QT_END_NAMESPACE

namespace Ui {
class MainWindow;
}

namespace slotline {
class Clock;
}

namespace slotline::client {
class ApiError;
class MediaPreviewLoader;
class Session;
} // namespace slotline::client

namespace slotline::gui {

class AccountTreeModel;
class AccountsPanel;
class AttentionTracker;
class DesktopNotifier;
class CalendarPanel;
class ComposerWidget;
class ConnectionStatusWidget;
class DraftsPanel;
class PostsPanel;
class ScheduleEditor;

// The main window puts the parts together — accounts, drafts, composer, posts, status —
// and connects them; each part decides for itself. The central tabs are where the views
// of the week's plan go.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(client::Session &session, client::MediaPreviewLoader &previews, const Clock &clock,
               const ConnectionChoice &connection, QWidget *parent = nullptr);
    ~MainWindow() override;

    ComposerWidget &composer() { return *m_composer; }
    DraftsPanel &drafts() { return *m_drafts; }
    PostsPanel &posts() { return *m_posts; }
    CalendarPanel &calendar() { return *m_calendar; }
    ScheduleEditor &scheduleEditor() { return *m_editor; }
    ConnectionStatusWidget &connectionStatus() { return *m_status; }
    AccountTreeModel &accounts() { return *m_accounts; }
    AccountsPanel &accountsPanel() { return *m_accountsPanel; }
    AttentionTracker &attention() { return *m_attention; }
    QUndoStack &undoStack() { return *m_undoStack; }

    void showSettings();
    // Opens the dialog that connects an account; with an id, connects that one again.
    void connectAccount(const QString &reconnectAccountId);
    void disconnectAccount(const QString &accountId);

Q_SIGNALS:
    // The window was closed: the app ends.
    void closed();
    // The user chose another server in Settings; the app rebuilds the window for it.
    void connectionChangeRequested(const slotline::gui::ConnectionChoice &choice);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void assembleMenus();
    void accountsChecked();
    void updateTitle();
    void showRefusal(const QString &subject, const client::ApiError &error);
    void attentionChanged();
    void openPost(const QString &submissionId);
    void showAccount(const QString &accountId);
    void showAbout();
    void restoreLayout();
    void saveLayout();
    QString serverSettingsGroup() const;

    QScopedPointer<Ui::MainWindow> m_ui;
    client::Session &m_session;
    const Clock &m_clock;
    ConnectionChoice m_connection;
    QUndoStack *m_undoStack = nullptr;
    AccountTreeModel *m_accounts = nullptr;
    AccountsPanel *m_accountsPanel = nullptr;
    DraftsPanel *m_drafts = nullptr;
    ComposerWidget *m_composer = nullptr;
    PostsPanel *m_posts = nullptr;
    ScheduleEditor *m_editor = nullptr;
    CalendarPanel *m_calendar = nullptr;
    ConnectionStatusWidget *m_status = nullptr;
    DesktopNotifier *m_notifier = nullptr;
    AttentionTracker *m_attention = nullptr;
    bool m_closeConfirmed = false; // closing although media are on their way
};

} // namespace slotline::gui
