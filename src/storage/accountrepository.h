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

    Subaccount addSubaccount(const QString &accountId, const QString &name, const QString &type);
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
