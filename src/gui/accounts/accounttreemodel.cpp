#include "gui/accounts/accounttreemodel.h"

#include "client/localstore.h"
#include "core/postrules.h"
#include "gui/common/itemcolors.h"
#include "gui/common/platformstyle.h"
#include "gui/common/rowsync.h"

#include <QDateTime>
#include <QHash>
#include <QLocale>
#include <QPainter>

#include <algorithm>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

bool sameAccount(const Account &a, const Account &b)
{
    return a.id == b.id && a.platform == b.platform && a.name == b.name && a.username == b.username
           && a.profileImageUrl == b.profileImageUrl && a.status == b.status
           && a.rateLimitedUntilMs == b.rateLimitedUntilMs && a.statusReason == b.statusReason;
}

bool samePage(const Subaccount &a, const Subaccount &b)
{
    return a.id == b.id && a.name == b.name && a.type == b.type;
}

// The platform's icon with the theme's warning sign in its lower right quarter.
QIcon withWarningBadge(Platform platform)
{
    static QHash<int, QIcon> cache;
    const auto cached = cache.constFind(int(platform));
    if (cached != cache.constEnd())
        return *cached;
    const QIcon base = PlatformStyle::icon(platform);
    const QIcon badge = QIcon::fromTheme(u"dialog-warning"_s);
    QIcon icon;
    for (const int size : {16, 22, 32, 48}) {
        QPixmap pixmap = base.pixmap(size, size);
        if (pixmap.isNull())
            continue;
        QPainter painter(&pixmap);
        const int badgeSize = size * 5 / 8;
        badge.paint(&painter, QRect(size - badgeSize, size - badgeSize, badgeSize, badgeSize));
        painter.end();
        icon.addPixmap(pixmap);
    }
    if (icon.isNull())
        icon = base;
    cache.insert(int(platform), icon);
    return icon;
}

} // namespace

AccountTreeModel::AccountTreeModel(client::LocalStore &store, QObject *parent)
    : RowSyncing<QAbstractItemModel>(parent)
    , m_store(store)
{
    connect(&m_store, &client::LocalStore::referenceChanged, this, &AccountTreeModel::refresh);
    refresh();
}

AccountTreeModel::~AccountTreeModel() = default;

void AccountTreeModel::refresh()
{
    const QStringList checkedBefore = checkedAccountIds();

    std::vector<NodePointer> fresh;
    for (const Account &account : m_store.reference().accounts()) {
        auto node = std::make_unique<AccountNode>();
        node->account = account;
        const QList<Subaccount> pages = m_store.reference().subaccounts(account.id);
        node->pages.assign(pages.begin(), pages.end());
        fresh.push_back(std::move(node));
    }

    const RowNotifier notify = rowNotifier();
    syncRows(
        m_accounts, std::move(fresh), [](const NodePointer &node) { return node->account.id; },
        [this](int row, NodePointer &current, NodePointer &&next) {
            if (!sameAccount(current->account, next->account)) {
                current->account = next->account;
                const QModelIndex changed = index(row, 0);
                Q_EMIT dataChanged(changed, changed);
            }
            syncPages(row, std::move(next->pages));
        },
        notify);

    if (checkedAccountIds() != checkedBefore)
        Q_EMIT checkedAccountsChanged();
}

void AccountTreeModel::syncPages(int accountRow, std::vector<Subaccount> fresh)
{
    const QModelIndex parent = index(accountRow, 0);
    AccountNode &node = *m_accounts[size_t(accountRow)];
    const RowNotifier notify = rowNotifier(parent);
    syncRows(
        node.pages, std::move(fresh), [](const Subaccount &page) { return page.id; },
        [this, parent](int row, Subaccount &current, Subaccount &&next) {
            if (!samePage(current, next)) {
                current = std::move(next);
                const QModelIndex changed = index(row, 0, parent);
                Q_EMIT dataChanged(changed, changed);
            }
        },
        notify);
}

QStringList AccountTreeModel::checkedAccountIds() const
{
    QStringList ids;
    for (const NodePointer &node : m_accounts) {
        if (!m_unchecked.contains(node->account.id))
            ids.append(node->account.id);
    }
    return ids;
}

void AccountTreeModel::setCheckedAccountIds(const QStringList &accountIds)
{
    const QStringList checkedBefore = checkedAccountIds();
    for (int row = 0; row < int(m_accounts.size()); ++row) {
        const QString &id = m_accounts[size_t(row)]->account.id;
        const bool wasChecked = !m_unchecked.contains(id);
        const bool checked = accountIds.contains(id);
        if (checked == wasChecked)
            continue;
        if (checked)
            m_unchecked.remove(id);
        else
            m_unchecked.insert(id);
        const QModelIndex changed = index(row, 0);
        Q_EMIT dataChanged(changed, changed, {Qt::CheckStateRole});
    }
    if (checkedAccountIds() != checkedBefore)
        Q_EMIT checkedAccountsChanged();
}

bool AccountTreeModel::allChecked() const
{
    return std::none_of(m_accounts.begin(), m_accounts.end(), [this](const NodePointer &node) {
        return m_unchecked.contains(node->account.id);
    });
}

QModelIndex AccountTreeModel::indexOfAccount(const QString &accountId) const
{
    for (int row = 0; row < int(m_accounts.size()); ++row) {
        if (m_accounts[size_t(row)]->account.id == accountId)
            return index(row, 0);
    }
    return {};
}

std::optional<Account> AccountTreeModel::accountAt(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return std::nullopt;
    if (const AccountNode *owner = accountNode(index))
        return owner->account;
    return m_accounts[size_t(index.row())]->account;
}

QString AccountTreeModel::statusText(const Account &account)
{
    switch (account.status) {
    case AccountStatus::Connected: return QString();
    case AccountStatus::NeedsReconnect: return tr("Needs reconnect");
    case AccountStatus::RateLimited: {
        if (!account.rateLimitedUntilMs)
            return tr("Rate limited");
        const QDateTime until = QDateTime::fromMSecsSinceEpoch(*account.rateLimitedUntilMs);
        const QLocale locale;
        // Today the time is enough; a later day names the day too.
        const QString when = until.date() == QDate::currentDate()
                                 ? locale.toString(until.time(), QLocale::ShortFormat)
                                 : locale.toString(until, QLocale::ShortFormat);
        //: An account whose platform refuses more posts for now; %1 is a time (or date
        //: and time) of this computer.
        return tr("Rate limited until %1").arg(when);
    }
    case AccountStatus::Disconnected: return tr("Disconnected");
    }
    return QString();
}

int AccountTreeModel::rowOf(const AccountNode *node) const
{
    for (int row = 0; row < int(m_accounts.size()); ++row) {
        if (m_accounts[size_t(row)].get() == node)
            return row;
    }
    return -1;
}

// A page's index carries its account's node (whose address does not change while rows
// move around it); an account's index carries nothing.
const AccountTreeModel::AccountNode *AccountTreeModel::accountNode(const QModelIndex &index) const
{
    return static_cast<const AccountNode *>(index.internalPointer());
}

QModelIndex AccountTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column != 0 || row < 0)
        return {};
    if (!parent.isValid()) {
        if (row >= int(m_accounts.size()))
            return {};
        return createIndex(row, column, nullptr);
    }
    if (accountNode(parent) || parent.model() != this)
        return {}; // pages have no children
    const AccountNode *owner = m_accounts[size_t(parent.row())].get();
    if (row >= int(owner->pages.size()))
        return {};
    return createIndex(row, column, owner);
}

QModelIndex AccountTreeModel::parent(const QModelIndex &child) const
{
    const AccountNode *owner = child.isValid() ? accountNode(child) : nullptr;
    if (!owner)
        return {};
    const int row = rowOf(owner);
    return row < 0 ? QModelIndex() : createIndex(row, 0, nullptr);
}

int AccountTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_accounts.size());
    if (parent.column() != 0 || accountNode(parent))
        return 0;
    return int(m_accounts[size_t(parent.row())]->pages.size());
}

int AccountTreeModel::columnCount(const QModelIndex &parent) const
{
    Q_UNUSED(parent)
    return 1;
}

QVariant AccountTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (const AccountNode *owner = accountNode(index))
        return pageData(*owner, owner->pages[size_t(index.row())], role);
    return accountData(m_accounts[size_t(index.row())]->account, role);
}

QVariant AccountTreeModel::accountData(const Account &account, int role) const
{
    switch (role) {
    case Qt::DisplayRole: {
        // Two X accounts of one person (a brand and a person) may share a name: the
        // @handle is what tells them apart. LinkedIn's "username" is an e-mail address,
        // which stays in the tooltip.
        const QString name = account.platform == Platform::Twitter && !account.username.isEmpty()
                                 //: An X account in the accounts list: its name and @handle.
                                 ? tr("%1 (@%2)").arg(account.name, account.username)
                                 : account.name;
        const QString state = statusText(account);
        //: An account in the accounts list that cannot publish now: its name, its state.
        return state.isEmpty() ? name : tr("%1 — %2").arg(name, state);
    }
    case Qt::DecorationRole:
        return account.status == AccountStatus::NeedsReconnect
                   ? withWarningBadge(account.platform)
                   : PlatformStyle::icon(account.platform);
    case Qt::ToolTipRole: {
        QString tip = account.name;
        if (!account.username.isEmpty())
            tip += u"\n@"_s + account.username;
        tip += u'\n' + platforms::displayName(account.platform);
        switch (account.status) {
        case AccountStatus::Connected: break;
        case AccountStatus::NeedsReconnect:
            tip += u'\n'
                   + tr("Needs to be connected again: %1 no longer accepts Slotline's access.\n"
                        "Its posts cannot be published until it is reconnected\n"
                        "(double-click it, or Reconnect… in its context menu).")
                         .arg(platforms::displayName(account.platform));
            break;
        case AccountStatus::RateLimited:
            tip += u'\n'
                   + tr("%1: the platform takes no more posts for now.\n"
                        "Posts due meanwhile wait and go out afterwards.")
                         .arg(statusText(account));
            break;
        case AccountStatus::Disconnected:
            tip += u'\n'
                   + tr("Disconnected: posts to this account cannot be published until it is "
                        "connected again.");
            break;
        }
        if (!account.statusReason.isEmpty() && account.status != AccountStatus::Connected)
            //: What the platform said about an account that is not connected.
            tip += u'\n'
                   + tr("%1 said: %2")
                         .arg(platforms::displayName(account.platform), account.statusReason);
        return tip;
    }
    case Qt::ForegroundRole:
        switch (account.status) {
        case AccountStatus::Connected: return {};
        case AccountStatus::NeedsReconnect: return ItemColors::warning();
        case AccountStatus::RateLimited: return {}; // its posts wait: nothing to fix
        case AccountStatus::Disconnected: return ItemColors::muted();
        }
        return {};
    case Qt::CheckStateRole: return m_unchecked.contains(account.id) ? Qt::Unchecked : Qt::Checked;
    case AccountIdRole: return account.id;
    case PageIdRole: return QString();
    case PlatformRole: return int(account.platform);
    case UsernameRole: return account.username;
    case ConnectedRole: return account.status == AccountStatus::Connected;
    case StatusRole: return int(account.status);
    case StatusTextRole: return statusText(account);
    default: return {};
    }
}

QString AccountTreeModel::pageTypeText(const QString &type)
{
    //: The type of an account's page, as in "Acme (page of Jane Doe)".
    if (type == u"page")
        return tr("page");
    //: The type of an account's page, as in "Acme (organization of Jane Doe)".
    if (type == u"organization")
        return tr("organization");
    //: The type of an account's page, as in "Acme (group of Jane Doe)".
    if (type == u"group")
        return tr("group");
    return type;
}

QVariant AccountTreeModel::pageData(const AccountNode &owner, const Subaccount &page,
                                    int role) const
{
    switch (role) {
    case Qt::DisplayRole: return page.name;
    case Qt::ToolTipRole:
        //: A page's tooltip: its name, its type ("page", "organization") and its account.
        return tr("%1 (%2 of %3)").arg(page.name, pageTypeText(page.type), owner.account.name);
    case Qt::ForegroundRole:
        if (!PostRules::mayPublish(owner.account.status))
            return ItemColors::muted();
        return {};
    case AccountIdRole: return owner.account.id;
    case PageIdRole: return page.id;
    case PlatformRole: return int(owner.account.platform);
    default: return {};
    }
}

bool AccountTreeModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::CheckStateRole || !index.isValid()
        || !checkIndex(index, CheckIndexOption::IndexIsValid) || accountNode(index))
        return false;
    const QString &id = m_accounts[size_t(index.row())]->account.id;
    const bool checked = value.value<Qt::CheckState>() == Qt::Checked;
    if (checked == !m_unchecked.contains(id))
        return true;
    if (checked)
        m_unchecked.remove(id);
    else
        m_unchecked.insert(id);
    Q_EMIT dataChanged(index, index, {Qt::CheckStateRole});
    Q_EMIT checkedAccountsChanged();
    return true;
}

Qt::ItemFlags AccountTreeModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    if (accountNode(index))
        return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable;
}

QVariant AccountTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && section == 0 && role == Qt::DisplayRole)
        return tr("Accounts");
    return {};
}

} // namespace slotline::gui
