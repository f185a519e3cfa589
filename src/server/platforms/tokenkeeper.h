#pragma once

#include "server/platforms/platformauthorization.h"

#include <QHash>
#include <QObject>

namespace slotline {

class AccountConnections;
class Clock;
class Database;
class SecretBox;
struct Account;

// Hands out an account's access token, refreshed before it expires and once after the
// platform refused it. One refresh at a time per account: X's refresh tokens are single
// use, so a second refresh racing the first would use a token already spent and lose
// the account. Waiters of the same account share the one refresh, and the new pair is
// saved in one transaction before anyone gets it.
//
// An account whose token cannot be refreshed becomes needs_reconnect, with the reason.
class TokenKeeper : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(const PlatformResult<QString> &)>;

    // Refreshed this long before the platform's expiry, so that a slow call still carries
    // a valid token.
    static constexpr qint64 RefreshMarginMs = 5 * 60 * 1000;

    TokenKeeper(Database &database, const Clock &clock, const SecretBox &secrets,
                AccountConnections &connections, QObject *parent = nullptr);

    // The account's access token (the person's; pages have their own, see pageToken()).
    void accessToken(const Account &account, Done done);
    // After the platform refused `refused`: a new one, unless a refresh since already
    // replaced it.
    void replaceRejected(const Account &account, const QString &refused, Done done);
    // The token of a page (subaccount) where the platform gives pages their own.
    std::optional<QString> pageToken(const QString &subaccountId);

    int refreshesStarted() const { return m_refreshesStarted; }

private:
    void refresh(const Account &account, Done done);
    void settle(const QString &accountId, const PlatformResult<QString> &result);

    Database &m_database;
    const Clock &m_clock;
    const SecretBox &m_secrets;
    AccountConnections &m_connections;
    QHash<QString, QList<Done>> m_waiting; // accounts being refreshed, and who waits
    int m_refreshesStarted = 0;
};

} // namespace slotline
