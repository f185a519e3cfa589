#pragma once

#include "core/account.h"
#include "core/subaccount.h"
#include "storage/page.h"

#include <QList>
#include <QString>

#include <optional>

namespace slotline {

class Clock;
class Database;

struct NewAccount
{
    QString projectId;
    Platform platform = Platform::LinkedIn;
    QString name;
    QString username;
    QString profileImageUrl;
    QString connector = QStringLiteral("sandbox");
    QString externalId = QString(); // the platform's id of the person, for real platforms
};

// Connected accounts and their subaccounts. Every read is scoped to a project, so a
// caller can never reach another project's rows by id.
class AccountRepository
{
public:
    AccountRepository(Database &database, const Clock &clock);

    Account add(const NewAccount &account);
    std::optional<Account> find(const QString &projectId, const QString &accountId);
    // Admin use (the CLI works across projects).
    std::optional<Account> findAnyProject(const QString &accountId);
    Page<Account> list(const QString &projectId, std::optional<Platform> platform,
                       const PageRequest &page);

    // A real platform's person connected (again): the project's account of that person
    // on that connector is brought up to date and connected, or a new one is added.
    // `created` says which.
    Account connect(const NewAccount &account, bool *created = nullptr);
    // The given account connected again (same platform): it keeps its id, slots and posts.
    void reconnect(const QString &accountId, const NewAccount &account);
    void setStatus(const QString &accountId, AccountStatus status, const QString &reason = {},
                   std::optional<qint64> rateLimitedUntilMs = std::nullopt);

    // Every account published through `connector`, in every project, waits until
    // `untilMs` with `reason` (the platform refuses the server's app itself).
    void pauseConnector(const QString &connector, const QString &reason, qint64 untilMs);

    Subaccount addSubaccount(const QString &accountId, const QString &name, const QString &type);
    // The page or organization with the platform's id `externalId`, added or renamed.
    Subaccount putSubaccount(const QString &accountId, const QString &externalId,
                             const QString &name, const QString &type);
    QList<Subaccount> subaccountsOf(const QString &accountId);
    // A page of the project's account: another project's pair is not found, like a pair
    // that does not exist.
    std::optional<Subaccount> findSubaccount(const QString &projectId, const QString &accountId,
                                             const QString &subaccountId);
    Page<Subaccount> listSubaccounts(const QString &projectId, const QString &accountId,
                                     const PageRequest &page);

private:
    Database &m_database;
    const Clock &m_clock;
};

} // namespace slotline
