#include "storage/oauthstaterepository.h"

#include "storage/secretbox.h"
#include "storage/statement.h"

namespace slotline {
namespace {

QByteArray purpose(const QString &state)
{
    return "code_verifier:" + state.toUtf8();
}

OAuthState::Result resultFrom(QStringView text)
{
    if (text == u"connected")
        return OAuthState::Result::Connected;
    if (text == u"failed")
        return OAuthState::Result::Failed;
    return OAuthState::Result::Pending;
}

} // namespace

QString toString(OAuthState::Result result)
{
    switch (result) {
    case OAuthState::Result::Pending: return QStringLiteral("pending");
    case OAuthState::Result::Connected: return QStringLiteral("connected");
    case OAuthState::Result::Failed: return QStringLiteral("failed");
    }
    Q_UNREACHABLE();
    return {};
}

OAuthStateRepository::OAuthStateRepository(Database &database, const SecretBox &secrets)
    : m_database(database)
    , m_secrets(secrets)
{ }

void OAuthStateRepository::insert(const OAuthState &state)
{
    Statement(m_database,
              QStringLiteral("INSERT INTO oauth_states (state, project_id, platform, account_id, "
                             "code_verifier, redirect_uri, created_at, expires_at) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"))
        .bind(state.state)
        .bind(state.projectId)
        .bind(state.platform)
        .bindNullableText(state.accountId)
        .bind(state.codeVerifier.isEmpty()
                  ? QVariant()
                  : QVariant(m_secrets.seal(state.codeVerifier.toUtf8(), purpose(state.state))))
        .bind(state.redirectUri)
        .bind(state.createdAtMs)
        .bind(state.expiresAtMs)
        .exec();
}

std::optional<OAuthState> OAuthStateRepository::take(const QString &state, qint64 nowMs,
                                                     QString *why)
{
    // One statement decides: two callbacks with the same state cannot both get it.
    Statement claim(m_database,
                    QStringLiteral("UPDATE oauth_states SET used_at = ? WHERE state = ? AND "
                                   "used_at IS NULL AND expires_at > ?"));
    claim.bind(nowMs).bind(state).bind(nowMs).exec();
    if (claim.rowsAffected() == 1)
        return read(state);
    if (why) {
        const auto known = read(state);
        *why = !known            ? QStringLiteral("unknown")
               : known->usedAtMs ? QStringLiteral("used")
                                 : QStringLiteral("expired");
    }
    return std::nullopt;
}

void OAuthStateRepository::finish(const QString &state, OAuthState::Result result,
                                  const QString &accountId, const QString &error)
{
    Statement(
        m_database,
        QStringLiteral("UPDATE oauth_states SET result = ?, result_account_id = ?, error = ?, "
                       "code_verifier = NULL WHERE state = ?"))
        .bind(toString(result))
        .bindNullableText(accountId)
        .bindNullableText(error)
        .bind(state)
        .exec();
}

std::optional<OAuthState> OAuthStateRepository::find(const QString &projectId, const QString &state)
{
    auto found = read(state);
    if (!found || found->projectId != projectId)
        return std::nullopt;
    return found;
}

int OAuthStateRepository::removeOlderThan(qint64 beforeMs)
{
    Statement statement(m_database,
                        QStringLiteral("DELETE FROM oauth_states WHERE expires_at < ?"));
    statement.bind(beforeMs).exec();
    return statement.rowsAffected();
}

std::optional<OAuthState> OAuthStateRepository::read(const QString &state)
{
    Statement query(m_database,
                    QStringLiteral("SELECT project_id, platform, account_id, code_verifier, "
                                   "redirect_uri, created_at, expires_at, used_at, result, "
                                   "result_account_id, error FROM oauth_states WHERE state = ?"));
    query.bind(state).exec();
    if (!query.next())
        return std::nullopt;
    OAuthState found;
    found.state = state;
    found.projectId = query.text(0);
    found.platform = query.text(1);
    found.accountId = query.text(2);
    if (!query.value(3).isNull()) {
        if (const auto verifier = m_secrets.open(query.value(3).toByteArray(), purpose(state)))
            found.codeVerifier = QString::fromUtf8(*verifier);
    }
    found.redirectUri = query.text(4);
    found.createdAtMs = query.integer(5);
    found.expiresAtMs = query.integer(6);
    found.usedAtMs = query.optionalInteger(7);
    found.result = resultFrom(query.text(8));
    found.resultAccountId = query.text(9);
    found.error = query.text(10);
    return found;
}

} // namespace slotline
