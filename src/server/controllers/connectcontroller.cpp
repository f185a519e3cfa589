#include "server/controllers/connectcontroller.h"

#include "core/clock.h"
#include "core/ids.h"
#include "core/isotime.h"
#include "server/api/jsonliteral.h"
#include "server/api/listing.h"
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

const char *ConnectSchema = R"({
    "type": "object",
    "additionalProperties": false,
    "required": ["platform"],
    "properties": {
        "platform": {"type": "string", "enum": ["linkedin", "facebook", "twitter", "x"],
                     "description": "The platform to connect an account of (x means twitter)."},
        "accountId": {"type": "string", "minLength": 1, "maxLength": 200,
                      "description": "Reconnect this account (same platform): it keeps its id, slots and posts."}
    }
})";

const char *ConnectResultSchema = R"({
    "type": "object",
    "additionalProperties": false,
    "required": ["authorizationUrl", "state", "expiresAt"],
    "properties": {
        "authorizationUrl": {"type": "string", "format": "uri",
                             "description": "Open this in the person's browser."},
        "state": {"type": "string",
                  "description": "Follows this connection with GET /users/me/accounts/connect/{state}."},
        "expiresAt": {"type": "string", "format": "date-time"}
    }
})";

const char *AttemptSchema = R"({
    "type": "object",
    "additionalProperties": false,
    "required": ["state", "platform", "status", "expiresAt"],
    "properties": {
        "state": {"type": "string"},
        "platform": {"type": "string", "enum": ["linkedin", "facebook", "twitter"]},
        "status": {"type": "string", "enum": ["pending", "connected", "failed", "expired"],
                   "description": "pending: waiting for the person in their browser. connected: accountId is the account. failed: error says why. expired: nobody came back within 10 minutes."},
        "accountId": {"type": "string", "pattern": "^acc_"},
        "error": {"type": "string"},
        "expiresAt": {"type": "string", "format": "date-time"}
    }
})";

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
    Operation connect;
    connect.name = u"connect_account"_s;
    connect.summary = u"Connect an account of a real platform"_s;
    connect.description
        = u"Answers the platform's authorization address, to open in the person's browser. "
          "After they allow Slotline there, the platform sends the browser back to this "
          "server's /oauth/callback/<platform>, and the account, with the pages or "
          "organizations it may publish as, appears in the account list. The authorization "
          "is valid for 10 minutes, once. 422 platform_not_configured when the server has no "
          "app for the platform (slotline-server platforms set)."_s;
    connect.tag = u"Account"_s;
    connect.method = HttpMethod::Post;
    connect.path = u"/users/me/accounts/connect"_s;
    connect.rateClass = RateClass::Write;
    connect.bodySchema = jsonObject(ConnectSchema);
    connect.bodyRequired = true;
    connect.successStatus = 201;
    connect.resultSchema = jsonObject(ConnectResultSchema);
    connect.errorCodes = {ErrorCode::NotFound, ErrorCode::PlatformNotConfigured};
    connect.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return this->connect(context, parameters);
    };
    registry.add(connect);

    Operation attempt;
    attempt.name = u"get_connect_attempt"_s;
    attempt.summary = u"Follow a connection"_s;
    attempt.description = u"Whether the person finished a connection started with "
                          "connect_account: pending, connected (with the account), failed "
                          "(with the reason) or expired."_s;
    attempt.tag = u"Account"_s;
    attempt.method = HttpMethod::Get;
    attempt.path = u"/users/me/accounts/connect/{state}"_s;
    attempt.pathParameters = {ParameterSpec {
        u"state"_s, u"The state connect_account answered."_s,
        jsonObject(R"({"type": "string", "minLength": 1, "maxLength": 200})"), true}};
    attempt.resultSchema = jsonObject(AttemptSchema);
    attempt.errorCodes = {ErrorCode::NotFound};
    attempt.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return this->attempt(context, parameters);
    };
    registry.add(attempt);

    Operation disconnect;
    disconnect.name = u"disconnect_account"_s;
    disconnect.summary = u"Disconnect an account"_s;
    disconnect.description
        = u"The account stops publishing and its platform tokens are forgotten (and revoked "
          "where the platform allows). Its published posts stay in the history. 409 "
          "account_has_scheduled_posts while it has scheduled posts, unless cancelScheduled "
          "is true: then they are cancelled and their credits returned."_s;
    disconnect.tag = u"Account"_s;
    disconnect.method = HttpMethod::Delete;
    disconnect.path = u"/users/me/accounts/{id}"_s;
    disconnect.rateClass = RateClass::Write;
    disconnect.pathParameters = {ParameterSpec {
        u"id"_s, u"The account's id."_s,
        jsonObject(R"({"type": "string", "minLength": 1, "maxLength": 200})"), true}};
    disconnect.queryParameters = {ParameterSpec {
        u"cancelScheduled"_s, u"Cancel the account's scheduled posts (credits returned)."_s,
        jsonObject(R"({"type": "boolean"})"), false}};
    disconnect.successStatus = 204;
    disconnect.errorCodes = {ErrorCode::NotFound, ErrorCode::AccountHasScheduledPosts};
    disconnect.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return this->disconnect(context, parameters);
    };
    registry.add(disconnect);
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
