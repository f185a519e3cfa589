#pragma once

#include <QString>

#include <optional>

namespace slotline {

class Clock;
class Database;
class SecretBox;

// What an account (or one of its pages) signs in to its platform with.
struct Credential
{
    QString ownerId; // the account's id, or its page's (subaccount's) id
    QString accountId;
    QString accessToken;
    QString refreshToken; // empty: the platform gave none
    std::optional<qint64> accessExpiresAtMs; // nothing: does not expire
    std::optional<qint64> refreshExpiresAtMs;
    QString scopes; // as the platform granted them, space-separated
    qint64 updatedAtMs = 0;
};

// Tokens, sealed with the server's key and bound to their owner: a sealed token moved to
// another row does not open there. Never logged, never answered.
class CredentialRepository
{
public:
    CredentialRepository(Database &database, const SecretBox &secrets, const Clock &clock);

    void put(const Credential &credential);
    // Nothing when there is none, or it no longer opens with this key (`unreadable`).
    std::optional<Credential> find(const QString &ownerId, bool *unreadable = nullptr);
    // The account's tokens and its pages' tokens.
    void removeAccount(const QString &accountId);

private:
    Database &m_database;
    const SecretBox &m_secrets;
    const Clock &m_clock;
};

} // namespace slotline
