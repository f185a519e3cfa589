#pragma once

#include "core/account.h"
#include "core/subaccount.h"
#include "gui/common/rowsync.h"

#include <QAbstractItemModel>
#include <QSet>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace slotline::client {
class LocalStore;
}

namespace slotline::gui {

// The project's connected accounts (top level) and the pages each can publish to
// (children), as the LocalStore last heard of them; one column.
//
// Accounts are checkable: the checked ones are those the calendar and the lists show.
// Every account starts checked, and so does one that appears later. A refresh
// (LocalStore::referenceChanged) changes only the rows that changed, so views keep their
// expansion and selection.
//
//   display     account or page name; an account that cannot publish now says why after
//               its name ("Needs reconnect", "Rate limited until 14:30", "Disconnected")
//   decoration  the platform's icon (accounts), with a warning sign while the account
//               needs to be connected again
//   tooltip     name, @username, and what the account's state means (with the
//               platform's reason)
//   foreground  warning colour while it needs reconnecting, greyed when disconnected
//   UsernameRole for a delegate that draws "@username" as a second line
class AccountTreeModel : public RowSyncing<QAbstractItemModel>
{
    Q_OBJECT

public:
    enum Role {
        AccountIdRole = Qt::UserRole + 1, // the account's id (also on its pages)
        PageIdRole, // the page's id; empty on accounts
        PlatformRole, // int(slotline::Platform)
        UsernameRole, // accounts: the username, without "@"
        ConnectedRole, // accounts: bool, true only while connected
        StatusRole, // accounts: int(slotline::AccountStatus)
        StatusTextRole, // accounts: the state in a few words; empty while connected
    };

    explicit AccountTreeModel(client::LocalStore &store, QObject *parent = nullptr);
    ~AccountTreeModel() override;

    // The checked accounts, in the model's order.
    QStringList checkedAccountIds() const;
    // Checks exactly these (e.g. restored from QSettings); unknown ids are ignored, and an
    // account that is not there yet will be checked when it appears.
    void setCheckedAccountIds(const QStringList &accountIds);
    // Every account checked (also when there is none): the views need no filter.
    bool allChecked() const;

    QModelIndex indexOfAccount(const QString &accountId) const;
    // The account of an account's or page's index.
    std::optional<Account> accountAt(const QModelIndex &index) const;
    // An account's state in a few words ("Needs reconnect", "Rate limited until 14:30");
    // empty while it is connected. Times are this computer's.
    static QString statusText(const Account &account);
    // A page's type ("page", "organization", "group", as Subaccount::knownTypes() has
    // them) in the user's language; a type not known to the app as it is.
    static QString pageTypeText(const QString &type);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // Reads the store again; called on LocalStore::referenceChanged.
    void refresh();

Q_SIGNALS:
    void checkedAccountsChanged();

private:
    struct AccountNode
    {
        Account account;
        std::vector<Subaccount> pages;
    };
    using NodePointer = std::unique_ptr<AccountNode>;

    int rowOf(const AccountNode *node) const;
    const AccountNode *accountNode(const QModelIndex &index) const;
    QVariant accountData(const Account &account, int role) const;
    QVariant pageData(const AccountNode &owner, const Subaccount &page, int role) const;
    void syncPages(int accountRow, std::vector<Subaccount> fresh);

    client::LocalStore &m_store;
    std::vector<NodePointer> m_accounts;
    // Unchecked rather than checked ids: whatever is new is checked.
    QSet<QString> m_unchecked;
};

} // namespace slotline::gui
