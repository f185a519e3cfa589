#pragma once

#include "core/account.h"
#include "core/creditbalance.h"
#include "core/subaccount.h"
#include "core/userprofile.h"
#include "core/weeklyslot.h"

#include <QJsonDocument>
#include <QList>
#include <QString>

#include <optional>

namespace slotline {
class Database;
}

namespace slotline::client {

// The last known user, accounts, pages, weekly slots and credits, as the server listed
// them, in the app's database: what the app shows with no server. Each list is kept whole
// (a snapshot) and replaced whole.
class ReferenceCache
{
public:
    explicit ReferenceCache(Database &database);

    void putSnapshot(const QString &name, const QJsonDocument &document, qint64 nowMs);
    std::optional<QJsonDocument> snapshot(const QString &name) const;

    void putUser(const UserProfile &user, qint64 nowMs);
    std::optional<UserProfile> user() const;
    void putAccounts(const QList<Account> &accounts, qint64 nowMs);
    QList<Account> accounts() const; // empty when never read
    void putSubaccounts(const QString &accountId, const QList<Subaccount> &subaccounts,
                        qint64 nowMs);
    QList<Subaccount> subaccounts(const QString &accountId) const;
    void putSlots(const QString &timezone, const QList<WeeklySlot> &slots, qint64 nowMs);
    QList<WeeklySlot> slots() const;
    QString timezone() const; // the project's, as the slots were read with
    void putCredits(const CreditBalance &credits, qint64 nowMs);
    std::optional<CreditBalance> credits() const;

private:
    Database &m_database;
};

} // namespace slotline::client
