#pragma once

#include <QScopedPointer>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QAction;
class QModelIndex;
class QTreeView;
QT_END_NAMESPACE

namespace Ui {
class AccountsPanel;
}

namespace slotline {
struct Account;
}

namespace slotline::gui {

class AccountTreeModel;

// The project's accounts with their pages and states, checkable to choose what the lists
// show; and the way to connect another account or connect one again (its context menu,
// the button under the list, a double click on an account that needs it), or disconnect
// one. It only asks: connectRequested(), reconnectRequested() and disconnectRequested() are
// answered by whoever assembles it.
class AccountsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit AccountsPanel(AccountTreeModel &model, QWidget *parent = nullptr);
    ~AccountsPanel() override;

    QTreeView *view() const;
    QAction *connectAction() const { return m_connectAction; }
    // Connects the current account again; enabled on accounts of real platforms.
    QAction *reconnectAction() const { return m_reconnectAction; }
    // Disconnects the current account; enabled on accounts not disconnected yet.
    QAction *disconnectAction() const { return m_disconnectAction; }

    // Whether the app can connect this account again through its platform (not a
    // sandbox account).
    static bool canReconnect(const Account &account);

Q_SIGNALS:
    void connectRequested();
    void reconnectRequested(const QString &accountId);
    void disconnectRequested(const QString &accountId);

private:
    void updateActions();
    void showContextMenu(const QPoint &position);
    void activated(const QModelIndex &index);
    QString currentAccountId() const;

    QScopedPointer<Ui::AccountsPanel> m_ui;
    AccountTreeModel &m_model;
    QAction *m_connectAction = nullptr;
    QAction *m_reconnectAction = nullptr;
    QAction *m_disconnectAction = nullptr;
};

} // namespace slotline::gui
