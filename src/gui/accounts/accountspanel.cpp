#include "gui/accounts/accountspanel.h"

#include "gui/accounts/accounttreemodel.h"
#include "ui_accountspanel.h"

#include <QAction>
#include <QMenu>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

AccountsPanel::AccountsPanel(AccountTreeModel &model, QWidget *parent)
    : QWidget(parent)
    , m_ui(new Ui::AccountsPanel)
    , m_model(model)
{
    m_ui->setupUi(this);
    m_ui->accountsView->setModel(&m_model);
    m_ui->accountsView->expandAll();
    connect(&m_model, &QAbstractItemModel::rowsInserted, m_ui->accountsView, &QTreeView::expandAll);
    connect(&m_model, &QAbstractItemModel::modelReset, m_ui->accountsView, &QTreeView::expandAll);

    m_connectAction = new QAction(QIcon::fromTheme(u"list-add"_s), tr("&Connect Account…"), this);
    m_connectAction->setToolTip(
        tr("Connect a LinkedIn, X or Facebook account: you sign in on the platform's page in "
           "your browser."));
    m_reconnectAction = new QAction(QIcon::fromTheme(u"view-refresh"_s), tr("&Reconnect…"), this);
    m_reconnectAction->setToolTip(
        tr("Sign in to the account's platform again, for an account that needs it."));
    m_disconnectAction
        = new QAction(QIcon::fromTheme(u"network-disconnect"_s), tr("&Disconnect…"), this);
    m_disconnectAction->setToolTip(
        tr("Stop publishing to the account: Slotline forgets its sign-in. You can connect it "
           "again later."));
    m_ui->connectButton->setDefaultAction(m_connectAction);
    connect(m_connectAction, &QAction::triggered, this, &AccountsPanel::connectRequested);
    connect(m_reconnectAction, &QAction::triggered, this, [this] {
        const QString id = currentAccountId();
        if (!id.isEmpty())
            Q_EMIT reconnectRequested(id);
    });
    connect(m_disconnectAction, &QAction::triggered, this, [this] {
        const QString id = currentAccountId();
        if (!id.isEmpty())
            Q_EMIT disconnectRequested(id);
    });

    connect(m_ui->accountsView, &QWidget::customContextMenuRequested, this,
            &AccountsPanel::showContextMenu);
    connect(m_ui->accountsView, &QAbstractItemView::doubleClicked, this, &AccountsPanel::activated);
    connect(m_ui->accountsView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &AccountsPanel::updateActions);
    connect(&m_model, &QAbstractItemModel::dataChanged, this, &AccountsPanel::updateActions);
    connect(&m_model, &QAbstractItemModel::rowsRemoved, this, &AccountsPanel::updateActions);
    updateActions();
}

AccountsPanel::~AccountsPanel() = default;

QTreeView *AccountsPanel::view() const
{
    return m_ui->accountsView;
}

bool AccountsPanel::canReconnect(const Account &account)
{
    return !account.connector.isEmpty() && account.connector != u"sandbox";
}

QString AccountsPanel::currentAccountId() const
{
    return m_ui->accountsView->currentIndex().data(AccountTreeModel::AccountIdRole).toString();
}

void AccountsPanel::updateActions()
{
    const auto account = m_model.accountAt(m_ui->accountsView->currentIndex());
    m_reconnectAction->setEnabled(account && canReconnect(*account));
    m_disconnectAction->setEnabled(account && account->status != AccountStatus::Disconnected);
}

void AccountsPanel::showContextMenu(const QPoint &position)
{
    const QModelIndex index = m_ui->accountsView->indexAt(position);
    if (index.isValid())
        m_ui->accountsView->setCurrentIndex(index);
    updateActions();
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (index.isValid()) {
        menu->addAction(m_reconnectAction);
        menu->addAction(m_disconnectAction);
        menu->addSeparator();
    }
    menu->addAction(m_connectAction);
    menu->popup(m_ui->accountsView->viewport()->mapToGlobal(position));
}

void AccountsPanel::activated(const QModelIndex &index)
{
    // A double click on an account that has to be connected again does it; elsewhere
    // it only opens and closes the pages.
    const auto account = m_model.accountAt(index);
    if (account && !index.parent().isValid() && account->status == AccountStatus::NeedsReconnect
        && canReconnect(*account)) {
        Q_EMIT reconnectRequested(account->id);
        return;
    }
    if (m_model.hasChildren(index))
        m_ui->accountsView->setExpanded(index, !m_ui->accountsView->isExpanded(index));
}

} // namespace slotline::gui
