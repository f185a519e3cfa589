#include "server/platforms/tokenkeeper.h"

#include "core/account.h"
#include "core/clock.h"
#include "server/api/logcategories.h"
#include "server/platforms/accountconnections.h"
#include "server/platforms/platformcatalog.h"
#include "storage/accountrepository.h"
#include "storage/credentialrepository.h"
#include "storage/databaseerror.h"
#include "storage/platformapprepository.h"
#include "storage/transaction.h"

namespace slotline {

TokenKeeper::TokenKeeper(Database &database, const Clock &clock, const SecretBox &secrets,
                         AccountConnections &connections, QObject *parent)
    : QObject(parent)
    , m_database(database)
    , m_clock(clock)
    , m_secrets(secrets)
    , m_connections(connections)
{ }

void TokenKeeper::accessToken(const Account &account, Done done)
{
    if (m_waiting.contains(account.id)) {
        m_waiting[account.id].append(std::move(done));
        return;
    }
    bool unreadable = false;
    const auto credential
        = CredentialRepository(m_database, m_secrets, m_clock).find(account.id, &unreadable);
    if (!credential) {
        const QString why
            = unreadable ? QStringLiteral("The server's secret key changed, so the account's "
                                          "token cannot be read: connect the account again.")
                         : QStringLiteral("The account has no token: connect it again.");
        AccountRepository(m_database, m_clock)
            .setStatus(account.id, AccountStatus::NeedsReconnect, why);
        done(PlatformError {PlatformError::Kind::TokenRejected, why, 0});
        return;
    }
    const bool expiring = credential->accessExpiresAtMs
                          && *credential->accessExpiresAtMs - RefreshMarginMs <= m_clock.nowMs();
    // Facebook's person token may run out: its Pages' tokens do not, and are what posts
    // go out with; no refresh is possible or needed for them.
    if (!expiring || account.connector == u"facebook") {
        done(credential->accessToken);
        return;
    }
    refresh(account, std::move(done));
}

void TokenKeeper::replaceRejected(const Account &account, const QString &refused, Done done)
{
    if (m_waiting.contains(account.id)) {
        m_waiting[account.id].append(std::move(done));
        return;
    }
    const auto credential = CredentialRepository(m_database, m_secrets, m_clock).find(account.id);
    if (credential && credential->accessToken != refused) {
        done(credential->accessToken); // another post's refresh replaced it meanwhile
        return;
    }
    refresh(account, std::move(done));
}

std::optional<QString> TokenKeeper::pageToken(const QString &subaccountId)
{
    const auto credential = CredentialRepository(m_database, m_secrets, m_clock).find(subaccountId);
    if (!credential)
        return std::nullopt;
    return credential->accessToken;
}

void TokenKeeper::refresh(const Account &account, Done done)
{
    m_waiting.insert(account.id, {std::move(done)});
    const auto credential = CredentialRepository(m_database, m_secrets, m_clock).find(account.id);
    const auto app = PlatformAppRepository(m_database, m_secrets, m_clock).find(account.connector);
    PlatformAuthorization *flow = m_connections.authorization(account.connector);
    if (!credential || !app || !flow) {
        const QString why = !app ? QStringLiteral("The server's %1 app is not configured any "
                                                  "more, so the account's access cannot be "
                                                  "renewed.")
                                       .arg(PlatformCatalog::displayName(account.connector))
                                 : QStringLiteral("The account has no token: connect it again.");
        settle(account.id, PlatformError {PlatformError::Kind::TokenRejected, why, 0});
        return;
    }
    ++m_refreshesStarted;
    qCInfo(lcOAuth).noquote() << "refreshing the token of" << account.id;
    const QString accountId = account.id;
    const QString previousRefresh = credential->refreshToken;
    flow->refresh(*app, credential->refreshToken,
                  [this, accountId, previousRefresh,
                   scopes = credential->scopes](const PlatformResult<TokenGrant> &result) {
                      if (const auto *error = std::get_if<PlatformError>(&result)) {
                          settle(accountId, *error);
                          return;
                      }
                      const TokenGrant &grant = std::get<TokenGrant>(result);
                      const qint64 now = m_clock.nowMs();
                      Credential renewed;
                      renewed.ownerId = accountId;
                      renewed.accountId = accountId;
                      renewed.accessToken = grant.accessToken;
                      // LinkedIn may answer without a new refresh token: the old one stays.
                      renewed.refreshToken
                          = grant.refreshToken.isEmpty() ? previousRefresh : grant.refreshToken;
                      if (grant.expiresInSeconds)
                          renewed.accessExpiresAtMs = now + *grant.expiresInSeconds * 1000;
                      if (grant.refreshExpiresInSeconds)
                          renewed.refreshExpiresAtMs = now + *grant.refreshExpiresInSeconds * 1000;
                      renewed.scopes = grant.scopes.isEmpty() ? scopes : grant.scopes;
                      try {
                          Transaction transaction(m_database);
                          CredentialRepository(m_database, m_secrets, m_clock).put(renewed);
                          transaction.commit();
                      } catch (const DatabaseError &error) {
                          // The platform already spent the old refresh token; say so loudly.
                          qCCritical(lcOAuth).noquote() << "cannot save the renewed token of"
                                                        << accountId << ":" << error.message();
                          settle(accountId,
                                 PlatformError {PlatformError::Kind::Unavailable,
                                                QStringLiteral("The renewed token could not be "
                                                               "saved."),
                                                0});
                          return;
                      }
                      settle(accountId, grant.accessToken);
                  });
}

void TokenKeeper::settle(const QString &accountId, const PlatformResult<QString> &result)
{
    if (const auto *error = std::get_if<PlatformError>(&result);
        error && error->kind == PlatformError::Kind::TokenRejected) {
        try {
            AccountRepository(m_database, m_clock)
                .setStatus(accountId, AccountStatus::NeedsReconnect, error->message);
        } catch (const DatabaseError &failure) {
            qCWarning(lcOAuth).noquote() << "cannot mark" << accountId << ":" << failure.message();
        }
        qCInfo(lcOAuth).noquote() << accountId << "needs reconnecting:" << error->message;
    }
    const QList<Done> waiting = m_waiting.take(accountId);
    for (const Done &done : waiting)
        done(result);
}

} // namespace slotline
