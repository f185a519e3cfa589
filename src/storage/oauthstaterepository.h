#pragma once

#include <QString>

#include <optional>

namespace slotline {

class Database;
class SecretBox;

// An authorization the server started at a platform and waits to hear back about.
struct OAuthState
{
    enum class Result { Pending, Connected, Failed };

    QString state; // the single-use value the platform sends back
    QString projectId;
    QString platform; // the connector's name
    QString accountId; // the account to reconnect; empty for a new one
    QString codeVerifier; // PKCE, where the platform takes it
    QString redirectUri;
    qint64 createdAtMs = 0;
    qint64 expiresAtMs = 0;
    std::optional<qint64> usedAtMs;
    Result result = Result::Pending;
    QString resultAccountId;
    QString error;
};

QString toString(OAuthState::Result result);

class OAuthStateRepository
{
public:
    OAuthStateRepository(Database &database, const SecretBox &secrets);

    void insert(const OAuthState &state);
    // The state, marked used: only once, and only before it expires. Nothing otherwise
    // (`why` then says whether it was unknown, used or expired).
    std::optional<OAuthState> take(const QString &state, qint64 nowMs, QString *why = nullptr);
    void finish(const QString &state, OAuthState::Result result, const QString &accountId,
                const QString &error);
    // The project's authorization, for the app waiting on it.
    std::optional<OAuthState> find(const QString &projectId, const QString &state);
    // Those that ended, or expired, before `beforeMs`.
    int removeOlderThan(qint64 beforeMs);

private:
    std::optional<OAuthState> read(const QString &state);

    Database &m_database;
    const SecretBox &m_secrets;
};

} // namespace slotline
