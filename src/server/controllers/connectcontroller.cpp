#include "server/controllers/connectcontroller.h"

#include "core/clock.h"
#include "core/ids.h"
#include "core/isotime.h"
#include "server/api/logcategories.h"
#include "server/api/operationregistry.h"
#include "server/platforms/accountconnections.h"
#include "server/platforms/platformauthorization.h"
#include "storage/accountrepository.h"
#include "storage/credentialrepository.h"
#include "storage/creditrepository.h"
#include "storage/database.h"
#include "storage/oauthstaterepository.h"
#include "storage/platformapprepository.h"
#include "storage/submissionrepository.h"
#include "storage/transaction.h"

#include <QJsonDocument>

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

QString apiPlatform(const QString &connector)
{
    return connector == u"x" ? u"twitter"_s : connector;
}

} // namespace

ConnectController::ConnectController(Database &database, const Clock &clock,
                                     const SecretBox &secrets, AccountConnections &connections,
                                     AccountRepository &accounts, SubmissionRepository &submissions,
                                     CreditRepository &credits, std::function<void()> postsChanged)
    : m_database(database)
    , m_clock(clock)
    , m_secrets(secrets)
    , m_connections(connections)
    , m_accounts(accounts)
    , m_submissions(submissions)
    , m_credits(credits)
    , m_postsChanged(std::move(postsChanged))
{ }

void ConnectController::registerOperations(OperationRegistry &registry)
{
    registry.handle(u"connect_account"_s, this, &ConnectController::connect);
    registry.handle(u"get_connect_attempt"_s, this, &ConnectController::attempt);
    registry.handle(u"disconnect_account"_s, this, &ConnectController::disconnect);
}

Outcome ConnectController::connect(const CallContext &context, const QJsonObject &parameters)
{
    const auto started
        = m_connections.start(context.projectId, parameters.value(u"platform"_s).toString(),
                              parameters.value(u"accountId"_s).toString());
    if (const auto *error = std::get_if<ApiError>(&started))
        return *error;
    const auto &connection = std::get<AccountConnections::Started>(started);
    const QJsonObject body {
        {u"authorizationUrl"_s, QString::fromUtf8(connection.authorizationUrl.toEncoded())},
        {u"state"_s, connection.state},
        {u"expiresAt"_s, isotime::format(connection.expiresAtMs)}};
    return Outcome::created(QJsonDocument(body).toJson(QJsonDocument::Compact));
}

Outcome ConnectController::attempt(const CallContext &context, const QJsonObject &parameters)
{
    const QString stateValue = parameters.value(u"state"_s).toString();
    const auto state
        = OAuthStateRepository(m_database, m_secrets).find(context.projectId, stateValue);
    if (!state)
        return ApiError::notFound(u"No connection %1 in this project."_s.arg(stateValue));
    QString status = toString(state->result);
    if (state->result == OAuthState::Result::Pending && !state->usedAtMs
        && state->expiresAtMs <= m_clock.nowMs())
        status = u"expired"_s;
    QJsonObject body {{u"state"_s, state->state},
                      {u"platform"_s, apiPlatform(state->platform)},
                      {u"status"_s, status},
                      {u"expiresAt"_s, isotime::format(state->expiresAtMs)}};
    if (!state->resultAccountId.isEmpty())
        body.insert(u"accountId"_s, state->resultAccountId);
    if (!state->error.isEmpty())
        body.insert(u"error"_s, state->error);
    return Outcome::ok(body);
}

Outcome ConnectController::disconnect(const CallContext &context, const QJsonObject &parameters)
{
    const QString accountId = parameters.value(u"id"_s).toString();
    const auto account = ids::looksLike(accountId, IdKind::Account)
                             ? m_accounts.find(context.projectId, accountId)
                             : std::nullopt;
    if (!account)
        return ApiError::notFound(u"No account %1 in this project."_s.arg(accountId));
    const bool cancelScheduled = parameters.value(u"cancelScheduled"_s).toBool();

    std::optional<Credential> credential;
    {
        Transaction transaction(m_database);
        int inProgress = 0;
        const QStringList pending = m_submissions.pendingOf(accountId, &inProgress);
        if (inProgress > 0)
            return ApiError(ErrorCode::AccountHasScheduledPosts,
                            u"%1 of the account's posts are being published right now; "
                            "disconnect it once they are done."_s.arg(inProgress));
        if (!pending.isEmpty() && !cancelScheduled)
            return ApiError(ErrorCode::AccountHasScheduledPosts,
                            u"The account has %1 scheduled posts. Cancel them first, or "
                            "disconnect with cancelScheduled=true to cancel them and return "
                            "their credits."_s.arg(pending.size()))
                .withField(u"scheduledPosts"_s, int(pending.size()));
        for (const QString &submissionId : pending) {
            if (m_submissions.cancel(submissionId))
                m_credits.release(context.projectId, submissionId);
        }
        CredentialRepository credentials(m_database, m_secrets, m_clock);
        credential = credentials.find(accountId);
        credentials.removeAccount(accountId);
        m_accounts.setStatus(accountId, AccountStatus::Disconnected,
                             u"Disconnected in Slotline."_s);
        transaction.commit();
        if (!pending.isEmpty() && m_postsChanged)
            m_postsChanged();
    }
    // Revoked after the answer is decided: a platform that is down does not keep the
    // account connected here.
    if (credential && account->connector != u"sandbox") {
        if (PlatformAuthorization *flow = m_connections.authorization(account->connector)) {
            if (const auto app
                = PlatformAppRepository(m_database, m_secrets, m_clock).find(account->connector))
                flow->revoke(*app, credential->accessToken, [accountId](bool revoked) {
                    qCInfo(lcOAuth).noquote()
                        << "token of" << accountId
                        << (revoked ? "revoked" : "not revoked by the platform");
                });
        }
    }
    return Outcome::noContent();
}

} // namespace slotline
