#include "storage/accountrepository.h"

#include "core/clock.h"
#include "core/ids.h"
#include "storage/statement.h"

namespace slotline {
namespace {

const QString SelectAccount
    = QStringLiteral("SELECT id, project_id, platform, name, username, profile_image_url, "
                     "status, connector, connected_at, rate_limited_until, status_reason, "
                     "external_id FROM accounts ");

// A rate limit that has ended is read as connected: nothing has to happen for it to end.
Account readAccount(const Statement &row, qint64 nowMs)
{
    Account account;
    account.id = row.text(0);
    account.projectId = row.text(1);
    // The CHECK constraint keeps this column to the canonical spellings.
    account.platform = platforms::fromString(row.text(2)).value_or(Platform::LinkedIn);
    account.name = row.text(3);
    account.username = row.text(4);
    account.profileImageUrl = row.text(5);
    // The CHECK constraint keeps this column to known states.
    account.status = accountStatusFromString(row.text(6)).value_or(AccountStatus::Disconnected);
    account.connector = row.text(7);
    account.connectedAtMs = row.integer(8);
    account.rateLimitedUntilMs = row.optionalInteger(9);
    account.statusReason = row.text(10);
    account.externalId = row.text(11);
    if (account.status == AccountStatus::RateLimited
        && account.rateLimitedUntilMs.value_or(0) <= nowMs) {
        account.status = AccountStatus::Connected;
        account.rateLimitedUntilMs.reset();
        account.statusReason.clear();
    }
    return account;
}

} // namespace

AccountRepository::AccountRepository(Database &database, const Clock &clock)
    : m_database(database)
    , m_clock(clock)
{ }

Account AccountRepository::add(const NewAccount &newAccount)
{
    Account account;
    account.id = ids::generate(IdKind::Account);
    account.projectId = newAccount.projectId;
    account.platform = newAccount.platform;
    account.name = newAccount.name;
    account.username = newAccount.username;
    account.profileImageUrl = newAccount.profileImageUrl;
    account.connector = newAccount.connector;
    account.connectedAtMs = m_clock.nowMs();
    account.externalId = newAccount.externalId;
    Statement(m_database,
              QStringLiteral("INSERT INTO accounts (id, project_id, platform, name, username, "
                             "profile_image_url, connector, connected_at, external_id) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"))
        .bind(account.id)
        .bind(account.projectId)
        .bind(platforms::toString(account.platform))
        .bind(account.name)
        .bind(account.username)
        .bindNullableText(account.profileImageUrl)
        .bind(account.connector)
        .bind(account.connectedAtMs)
        .bindNullableText(account.externalId)
        .exec();
    return account;
}

Account AccountRepository::connect(const NewAccount &newAccount, bool *created)
{
    Statement existing(m_database,
                       SelectAccount
                           + QStringLiteral("WHERE project_id = ? AND connector = ? AND "
                                            "external_id = ?"));
    existing.bind(newAccount.projectId).bind(newAccount.connector).bind(newAccount.externalId);
    existing.exec();
    const bool found = existing.next();
    if (created)
        *created = !found;
    if (!found)
        return add(newAccount);
    const QString id = existing.text(0);
    reconnect(id, newAccount);
    return *find(newAccount.projectId, id);
}

void AccountRepository::reconnect(const QString &accountId, const NewAccount &account)
{
    Statement(m_database,
              QStringLiteral("UPDATE accounts SET name = ?, username = ?, profile_image_url = ?, "
                             "external_id = ?, status = 'connected', rate_limited_until = NULL, "
                             "status_reason = NULL WHERE id = ?"))
        .bind(account.name)
        .bind(account.username)
        .bindNullableText(account.profileImageUrl)
        .bindNullableText(account.externalId)
        .bind(accountId)
        .exec();
}

void AccountRepository::setStatus(const QString &accountId, AccountStatus status,
                                  const QString &reason, std::optional<qint64> rateLimitedUntilMs)
{
    Statement(m_database, QStringLiteral("UPDATE accounts SET status = ?, status_reason = ?, "
                                         "rate_limited_until = ? WHERE id = ?"))
        .bind(toString(status))
        .bindNullableText(reason)
        .bindOptional(rateLimitedUntilMs)
        .bind(accountId)
        .exec();
}

void AccountRepository::pauseConnector(const QString &connector, const QString &reason,
                                       qint64 untilMs)
{
    // Accounts that must be reconnected or were disconnected keep their state; an account
    // already waiting longer keeps its longer wait.
    Statement(m_database,
              QStringLiteral("UPDATE accounts SET status = 'rate_limited', status_reason = ?, "
                             "rate_limited_until = ? WHERE connector = ? AND (status = "
                             "'connected' OR (status = 'rate_limited' AND "
                             "COALESCE(rate_limited_until, 0) < ?))"))
        .bind(reason)
        .bind(untilMs)
        .bind(connector)
        .bind(untilMs)
        .exec();
}

std::optional<Account> AccountRepository::find(const QString &projectId, const QString &accountId)
{
    Statement query(m_database, SelectAccount + QStringLiteral("WHERE id = ? AND project_id = ?"));
    query.bind(accountId).bind(projectId).exec();
    if (!query.next())
        return std::nullopt;
    return readAccount(query, m_clock.nowMs());
}

std::optional<Account> AccountRepository::findAnyProject(const QString &accountId)
{
    Statement query(m_database, SelectAccount + QStringLiteral("WHERE id = ?"));
    query.bind(accountId).exec();
    if (!query.next())
        return std::nullopt;
    return readAccount(query, m_clock.nowMs());
}

Page<Account> AccountRepository::list(const QString &projectId, std::optional<Platform> platform,
                                      const PageRequest &page)
{
    const bool hasCursor = page.hasCursor(2);
    Statement query(
        m_database,
        SelectAccount + QStringLiteral("WHERE project_id = ? ")
            + (platform ? QStringLiteral("AND platform = ? ") : QString())
            + (hasCursor ? QStringLiteral("AND (connected_at, id) > (?, ?) ") : QString())
            + QStringLiteral("ORDER BY connected_at, id LIMIT ?"));
    query.bind(projectId);
    if (platform)
        query.bind(platforms::toString(*platform));
    if (hasCursor)
        query.bind(page.after.at(0).toInteger()).bind(page.after.at(1).toString());
    query.bind(page.limit + 1).exec();
    return collectPage<Account>(
        query, page.limit,
        [now = m_clock.nowMs()](const Statement &row) { return readAccount(row, now); },
        [](const Account &last) {
            return QJsonArray {last.connectedAtMs, last.id};
        });
}

Subaccount AccountRepository::addSubaccount(const QString &accountId, const QString &name,
                                            const QString &type)
{
    Subaccount subaccount {
        ids::generate(IdKind::Subaccount), accountId, name, type, m_clock.nowMs(), {}};
    Statement(m_database,
              QStringLiteral("INSERT INTO subaccounts (id, account_id, name, type, created_at) "
                             "VALUES (?, ?, ?, ?, ?)"))
        .bind(subaccount.id)
        .bind(accountId)
        .bind(name)
        .bind(type)
        .bind(subaccount.createdAtMs)
        .exec();
    return subaccount;
}

Subaccount AccountRepository::putSubaccount(const QString &accountId, const QString &externalId,
                                            const QString &name, const QString &type)
{
    Statement existing(m_database,
                       QStringLiteral("SELECT id, created_at FROM subaccounts WHERE account_id = ? "
                                      "AND external_id = ?"));
    existing.bind(accountId).bind(externalId).exec();
    if (existing.next()) {
        Subaccount subaccount {existing.text(0),    accountId, name, type,
                               existing.integer(1), externalId};
        Statement(m_database,
                  QStringLiteral("UPDATE subaccounts SET name = ?, type = ? WHERE id = ?"))
            .bind(name)
            .bind(type)
            .bind(subaccount.id)
            .exec();
        return subaccount;
    }
    Subaccount subaccount {
        ids::generate(IdKind::Subaccount), accountId, name, type, m_clock.nowMs(), externalId};
    Statement(m_database,
              QStringLiteral("INSERT INTO subaccounts (id, account_id, name, type, created_at, "
                             "external_id) VALUES (?, ?, ?, ?, ?, ?)"))
        .bind(subaccount.id)
        .bind(accountId)
        .bind(name)
        .bind(type)
        .bind(subaccount.createdAtMs)
        .bind(externalId)
        .exec();
    return subaccount;
}

QList<Subaccount> AccountRepository::subaccountsOf(const QString &accountId)
{
    Statement query(
        m_database,
        QStringLiteral("SELECT id, account_id, name, type, created_at, external_id "
                       "FROM subaccounts WHERE account_id = ? ORDER BY created_at, id"));
    query.bind(accountId).exec();
    QList<Subaccount> subaccounts;
    while (query.next())
        subaccounts.append(Subaccount {query.text(0), query.text(1), query.text(2), query.text(3),
                                       query.integer(4), query.text(5)});
    return subaccounts;
}

std::optional<Subaccount> AccountRepository::findSubaccount(const QString &projectId,
                                                            const QString &accountId,
                                                            const QString &subaccountId)
{
    Statement query(m_database,
                    QStringLiteral("SELECT s.id, s.account_id, s.name, s.type, s.created_at, "
                                   "s.external_id FROM subaccounts s JOIN accounts a ON a.id = "
                                   "s.account_id WHERE s.id = ? AND s.account_id = ? AND "
                                   "a.project_id = ?"));
    query.bind(subaccountId).bind(accountId).bind(projectId).exec();
    if (!query.next())
        return std::nullopt;
    return Subaccount {query.text(0), query.text(1),    query.text(2),
                       query.text(3), query.integer(4), query.text(5)};
}

Page<Subaccount> AccountRepository::listSubaccounts(const QString &projectId,
                                                    const QString &accountId,
                                                    const PageRequest &page)
{
    const bool hasCursor = page.hasCursor(2);
    Statement query(
        m_database,
        QStringLiteral("SELECT s.id, s.account_id, s.name, s.type, s.created_at FROM subaccounts "
                       "s JOIN accounts a ON a.id = s.account_id WHERE s.account_id = ? "
                       "AND a.project_id = ? ")
            + (hasCursor ? QStringLiteral("AND (s.created_at, s.id) > (?, ?) ") : QString())
            + QStringLiteral("ORDER BY s.created_at, s.id LIMIT ?"));
    query.bind(accountId).bind(projectId);
    if (hasCursor)
        query.bind(page.after.at(0).toInteger()).bind(page.after.at(1).toString());
    query.bind(page.limit + 1).exec();
    return collectPage<Subaccount>(
        query, page.limit,
        [](const Statement &row) {
            return Subaccount {row.text(0), row.text(1),    row.text(2),
                               row.text(3), row.integer(4), {}};
        },
        [](const Subaccount &last) {
            return QJsonArray {last.createdAtMs, last.id};
        });
}

} // namespace slotline
