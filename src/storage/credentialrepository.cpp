#include "storage/credentialrepository.h"

#include "core/clock.h"
#include "storage/secretbox.h"
#include "storage/statement.h"

namespace slotline {
namespace {

QByteArray purpose(const char *what, const QString &ownerId)
{
    return QByteArray(what) + ':' + ownerId.toUtf8();
}

} // namespace

CredentialRepository::CredentialRepository(Database &database, const SecretBox &secrets,
                                           const Clock &clock)
    : m_database(database)
    , m_secrets(secrets)
    , m_clock(clock)
{ }

void CredentialRepository::put(const Credential &credential)
{
    Statement(m_database,
              QStringLiteral(
                  "INSERT INTO credentials (owner_id, account_id, access_token, refresh_token, "
                  "access_expires_at, refresh_expires_at, scopes, updated_at) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (owner_id) DO UPDATE SET "
                  "account_id = excluded.account_id, access_token = excluded.access_token, "
                  "refresh_token = excluded.refresh_token, "
                  "access_expires_at = excluded.access_expires_at, "
                  "refresh_expires_at = excluded.refresh_expires_at, scopes = excluded.scopes, "
                  "updated_at = excluded.updated_at"))
        .bind(credential.ownerId)
        .bind(credential.accountId)
        .bind(m_secrets.seal(credential.accessToken.toUtf8(),
                             purpose("access_token", credential.ownerId)))
        .bind(credential.refreshToken.isEmpty()
                  ? QVariant()
                  : QVariant(m_secrets.seal(credential.refreshToken.toUtf8(),
                                            purpose("refresh_token", credential.ownerId))))
        .bindOptional(credential.accessExpiresAtMs)
        .bindOptional(credential.refreshExpiresAtMs)
        .bindNullableText(credential.scopes)
        .bind(m_clock.nowMs())
        .exec();
}

std::optional<Credential> CredentialRepository::find(const QString &ownerId, bool *unreadable)
{
    if (unreadable)
        *unreadable = false;
    Statement query(m_database,
                    QStringLiteral("SELECT account_id, access_token, refresh_token, "
                                   "access_expires_at, refresh_expires_at, scopes, updated_at "
                                   "FROM credentials WHERE owner_id = ?"));
    query.bind(ownerId).exec();
    if (!query.next())
        return std::nullopt;
    const auto access
        = m_secrets.open(query.value(1).toByteArray(), purpose("access_token", ownerId));
    std::optional<QByteArray> refresh = QByteArray();
    if (!query.value(2).isNull())
        refresh = m_secrets.open(query.value(2).toByteArray(), purpose("refresh_token", ownerId));
    if (!access || !refresh) {
        if (unreadable)
            *unreadable = true;
        return std::nullopt;
    }
    Credential credential;
    credential.ownerId = ownerId;
    credential.accountId = query.text(0);
    credential.accessToken = QString::fromUtf8(*access);
    credential.refreshToken = QString::fromUtf8(*refresh);
    credential.accessExpiresAtMs = query.optionalInteger(3);
    credential.refreshExpiresAtMs = query.optionalInteger(4);
    credential.scopes = query.text(5);
    credential.updatedAtMs = query.integer(6);
    return credential;
}

void CredentialRepository::removeAccount(const QString &accountId)
{
    Statement(m_database, QStringLiteral("DELETE FROM credentials WHERE account_id = ?"))
        .bind(accountId)
        .exec();
}

} // namespace slotline
