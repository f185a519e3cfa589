#include "gui/composer/accountchoice.h"

#include "client/referencecache.h"
#include "gui/accounts/accounttreemodel.h"
#include "gui/common/platformstyle.h"

#include <QComboBox>

#include <algorithm>
#include <utility>

namespace slotline::gui {
namespace {

constexpr int AccountIdRole = Qt::UserRole;
constexpr int PlatformRole = Qt::UserRole + 1;
constexpr int StatusRole = Qt::UserRole + 2;
constexpr int NameRole = Qt::UserRole + 3;

} // namespace

AccountChoice::AccountChoice(QComboBox *accounts, QComboBox *pages,
                             const client::ReferenceCache &reference, QObject *parent)
    : QObject(parent)
    , m_accounts(accounts)
    , m_pages(pages)
    , m_reference(reference)
{
    // While a list is refilled its rows are half made (no data yet): nothing is chosen
    // until it is whole.
    connect(m_accounts, &QComboBox::currentIndexChanged, this, [this] {
        if (m_filling)
            return;
        m_preferredAccountId = accountId();
        refillPages();
        Q_EMIT accountChosen();
    });
    connect(m_pages, &QComboBox::currentIndexChanged, this, [this] {
        if (m_filling)
            return;
        m_preferredPageId = pageId();
        Q_EMIT pageChosen();
    });
}

void AccountChoice::refill(const QList<Platform> &platforms)
{
    const bool wasFilling = std::exchange(m_filling, true);
    const QString wanted = m_preferredAccountId.isEmpty() ? accountId() : m_preferredAccountId;
    m_accounts->clear();
    const QList<Account> cached = m_reference.accounts();
    for (const Account &account : cached) {
        // A rate-limited account may be chosen: its posts wait and go out afterwards. One
        // that must be reconnected is offered with its state (publishing is refused until
        // it is reconnected); a disconnected one only while it is the choice.
        if (account.status == AccountStatus::Disconnected && account.id != wanted)
            continue;
        if (!platforms.isEmpty() && !platforms.contains(account.platform))
            continue;
        QString label = account.username.isEmpty()
                            ? account.name
                            : tr("%1 (@%2)").arg(account.name, account.username);
        const QString name = label;
        if (account.status != AccountStatus::Connected)
            //: An account in the composer's choice, then its state ("Rate limited until 14:30",
            //: "Needs reconnect").
            label = tr("%1 — %2").arg(label, AccountTreeModel::statusText(account));
        m_accounts->addItem(PlatformStyle::icon(account.platform), label);
        const int row = m_accounts->count() - 1;
        m_accounts->setItemData(row, name, NameRole);
        m_accounts->setItemData(row, account.id, AccountIdRole);
        m_accounts->setItemData(row, static_cast<int>(account.platform), PlatformRole);
        m_accounts->setItemData(row, static_cast<int>(account.status), StatusRole);
    }
    const int found = m_accounts->findData(wanted, AccountIdRole);
    // Left out only by the platforms the person just chose: the first account of those is
    // what they asked for (their choice comes back with its platform).
    const bool filteredOut
        = std::any_of(cached.cbegin(), cached.cend(), [&](const Account &account) {
              return account.id == wanted && !platforms.isEmpty()
                     && !platforms.contains(account.platform);
          });
    m_accounts->setCurrentIndex(found >= 0 ? found : wanted.isEmpty() || filteredOut ? 0 : -1);
    m_filling = wasFilling;
    refillPages();
}

void AccountChoice::refillPages()
{
    // Refilled whenever the accounts are read again (after every publication, for the
    // credits): the page chosen stays chosen as long as the account has it.
    const bool wasFilling = std::exchange(m_filling, true);
    const QString account = accountId();
    m_pages->clear();
    m_pages->addItem(tr("The account itself"), QString());
    if (!account.isEmpty()) {
        for (const Subaccount &page : m_reference.subaccounts(account))
            m_pages->addItem(
                //: A page in the composer's "As:" choice: its name and its type.
                tr("%1 (%2)").arg(page.name, AccountTreeModel::pageTypeText(page.type)), page.id);
    }
    const int found = m_pages->findData(m_preferredPageId);
    m_pages->setCurrentIndex(found >= 0 ? found : 0);
    m_pages->setEnabled(m_pages->count() > 1);
    m_filling = wasFilling;
}

QString AccountChoice::accountId() const
{
    return m_accounts->currentData(AccountIdRole).toString();
}

QString AccountChoice::pageId() const
{
    return m_pages->currentData().toString();
}

std::optional<Platform> AccountChoice::platform() const
{
    if (accountId().isEmpty())
        return std::nullopt;
    return static_cast<Platform>(m_accounts->currentData(PlatformRole).toInt());
}

AccountStatus AccountChoice::status() const
{
    return static_cast<AccountStatus>(m_accounts->currentData(StatusRole).toInt());
}

QString AccountChoice::accountName() const
{
    return m_accounts->currentData(NameRole).toString();
}

bool AccountChoice::listsNoAccount() const
{
    return m_accounts->count() == 0;
}

} // namespace slotline::gui
