#pragma once

#include "client/accountconnector.h"
#include "core/account.h"

#include <QDialog>
#include <QScopedPointer>

QT_BEGIN_NAMESPACE
class QPushButton;
namespace Ui {
class ConnectAccountDialog;
}
QT_END_NAMESPACE

namespace slotline::client {
class Session;
}

namespace slotline::gui {

// Connects an account of a real platform, or connects one again: the user chooses the
// platform and presses Connect; the platform's page opens in the browser and the dialog
// waits for it ("Finish in your browser…", with the address to copy or open again), then
// shows the account with its pages, or why it did not work with a way to try again.
// Cancel stops waiting. The work is the AccountConnector's; this only shows it.
class ConnectAccountDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ConnectAccountDialog(client::Session &session, QWidget *parent = nullptr);
    ~ConnectAccountDialog() override;

    void choosePlatform(Platform platform);
    Platform chosenPlatform() const;
    // Connects this account again (its platform, and its id in the call); the choice of
    // platform is then fixed.
    void setReconnectAccount(const Account &account);
    const QString &reconnectAccountId() const { return m_reconnectAccountId; }

    client::AccountConnector &connector() { return *m_connector; }

    QPushButton *connectButton() const { return m_connectButton; }
    QPushButton *tryAgainButton() const { return m_tryAgainButton; }
    QPushButton *cancelButton() const { return m_cancelButton; }
    QPushButton *closeButton() const { return m_closeButton; }
    // What the dialog says now, title and text of its page, for tests and screen readers.
    QString shownText() const;

    // Starts connecting the chosen platform (what Connect does).
    void startConnecting();

Q_SIGNALS:
    // The account is connected (or connected again) and in the store.
    void accountConnected(const QString &accountId);

private:
    void showStage(client::AccountConnector::Stage stage);
    void showWaiting(bool haveAddress);
    void showConnected();
    void showProblem(const QString &title, const QString &text, const QString &detail);
    void openInBrowser();
    void updateTrouble();
    void setButtons(bool connect, bool tryAgain, bool cancel, bool close);

    QScopedPointer<Ui::ConnectAccountDialog> m_ui;
    client::Session &m_session;
    client::AccountConnector *m_connector = nullptr;
    QString m_reconnectAccountId;
    QPushButton *m_connectButton = nullptr;
    QPushButton *m_tryAgainButton = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QPushButton *m_closeButton = nullptr;
    bool m_browserOpened = true;
};

} // namespace slotline::gui
