#include "fakeplatforms/fakelinkedin.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

// LinkedIn's 3-legged OAuth: www.linkedin.com/oauth/v2 (authorization, accessToken,
// revoke, introspectToken).
namespace slotline::fake {
namespace {

const QStringList KnownScopes = {
    u"openid"_s,
    u"profile"_s,
    u"email"_s,
    u"w_member_social"_s,
    u"r_basicprofile"_s,
    u"r_liteprofile"_s,
    u"r_emailaddress"_s,
    u"rw_organization_admin"_s,
    u"r_organization_admin"_s,
    u"w_organization_social"_s,
    u"r_organization_social"_s,
    u"r_member_social"_s,
};

} // namespace

FakeResponse FakeLinkedIn::authorize(const FakeRequest &request)
{
    const QString clientId = request.queryValue(u"client_id"_s);
    const QString redirectUri = request.queryValue(u"redirect_uri"_s);
    if (clientId != m_app.clientId)
        return FakeResponse::text(
            400, u"Invalid client_id. The application could not be found."_s); // (verify)
    if (!m_app.allowsRedirect(redirectUri))
        return FakeResponse::text(400, u"The redirect_uri does not match the registered value"_s);
    const QString state = request.queryValue(u"state"_s);
    const auto fail = [&](const QString &error, const QString &description) {
        return FakeResponse::redirectWithError(redirectUri, error, description, state);
    };
    if (request.queryValue(u"response_type"_s) != u"code"_s)
        return fail(u"invalid_request"_s, u"response_type must be code"_s);
    if (state.isEmpty())
        return fail(u"invalid_request"_s,
                    u"state is required"_s); // (verify) LinkedIn lists state as required
    const QStringList scopes
        = request.queryValue(u"scope"_s).split(QRegularExpression(u"[ ,]+"_s), Qt::SkipEmptyParts);
    if (scopes.isEmpty())
        return fail(u"invalid_scope"_s, u"scope is required"_s);
    for (const QString &scope : scopes) {
        if (!KnownScopes.contains(scope))
            return fail(u"unauthorized_scope_error"_s,
                        u"Scope \""_s + scope + u"\" is not authorized for your application"_s);
    }
    if (m_denyConsent) {
        return fail(u"user_cancelled_authorize"_s, u"The user cancelled the authorization"_s);
    }
    const QString value
        = m_tokens.issue(u"code"_s, IssuedToken::code(MemberId, clientId, scopes, m_clock->now(),
                                                      CodeSeconds, redirectUri));
    return FakeResponse::redirect(redirectUri, {{u"code"_s, value}, {u"state"_s, state}});
}

QJsonObject FakeLinkedIn::issueAccessToken(const QDateTime &now, const QString &userId,
                                           const QStringList &scopes,
                                           const QDateTime &refreshExpiresAt,
                                           const QString &refreshToken)
{
    IssuedToken access;
    access.kind = IssuedToken::Kind::Access;
    access.userId = userId;
    access.clientId = m_app.clientId;
    access.scopes = scopes;
    access.issuedAt = now;
    access.expiresAt = now.addSecs(AccessTokenSeconds);
    // A refreshed access token never outlives the refresh token it came from.
    if (refreshExpiresAt.isValid() && access.expiresAt > refreshExpiresAt)
        access.expiresAt = refreshExpiresAt;
    QJsonObject answer {{u"access_token"_s, m_tokens.issue(u"access"_s, access)},
                        {u"expires_in"_s, now.secsTo(access.expiresAt)},
                        {u"scope"_s, scopes.join(u',')},
                        {u"token_type"_s, u"Bearer"_s}};
    if (!refreshToken.isEmpty()) {
        answer.insert(u"refresh_token"_s, refreshToken);
        answer.insert(u"refresh_token_expires_in"_s, now.secsTo(refreshExpiresAt));
    }
    return answer;
}

FakeResponse FakeLinkedIn::accessToken(const FakeRequest &request)
{
    if (!request.isFormEncoded())
        return FakeResponse::oauthError(
            400, u"invalid_request"_s, u"Content-Type must be application/x-www-form-urlencoded"_s);
    if (request.formValue(u"client_id"_s) != m_app.clientId
        || request.formValue(u"client_secret"_s) != m_app.clientSecret)
        return FakeResponse::oauthError(401, u"invalid_client"_s,
                                        u"Client authentication failed"_s); // (verify)
    const QString grantType = request.formValue(u"grant_type"_s);
    const QDateTime now = m_clock->now();
    if (grantType == u"authorization_code"_s) {
        IssuedToken *code = m_tokens.find(request.formValue(u"code"_s));
        if (!code || code->kind != IssuedToken::Kind::Code || code->used || code->expiredAt(now)
            || code->clientId != m_app.clientId
            || code->redirectUri != request.formValue(u"redirect_uri"_s)) {
            return FakeResponse::oauthError(
                400, u"invalid_request"_s,
                u"Unable to retrieve access token: appid/redirect uri/code verifier does not match "
                "authorization code. Or authorization code expired. Or external member binding exists"_s);
        }
        code->used = true;
        if (!m_programmaticRefresh)
            return FakeResponse::json(
                200, issueAccessToken(now, code->userId, code->scopes, QDateTime(), QString()));
        IssuedToken refresh;
        refresh.kind = IssuedToken::Kind::Refresh;
        refresh.userId = code->userId;
        refresh.clientId = m_app.clientId;
        refresh.scopes = code->scopes;
        refresh.issuedAt = now;
        refresh.expiresAt = now.addSecs(RefreshTokenSeconds);
        const QDateTime refreshExpiresAt = refresh.expiresAt;
        const QString refreshValue = m_tokens.issue(u"refresh"_s, refresh);
        return FakeResponse::json(
            200, issueAccessToken(now, code->userId, code->scopes, refreshExpiresAt, refreshValue));
    }
    if (grantType == u"refresh_token"_s) {
        if (!m_programmaticRefresh) {
            // (verify) the answer for an application without programmatic refresh.
            return FakeResponse::oauthError(
                400, u"unauthorized_client"_s,
                u"The application is not authorized to use programmatic refresh tokens"_s);
        }
        IssuedToken *refresh = m_tokens.find(request.formValue(u"refresh_token"_s));
        if (!refresh || refresh->kind != IssuedToken::Kind::Refresh || refresh->revoked
            || refresh->expiredAt(now))
            return FakeResponse::oauthError(
                400, u"invalid_request"_s,
                u"The provided refresh token is invalid or expired"_s); // (verify)
        // The refresh token is not rotated and keeps its first expiry (365 days from consent).
        return FakeResponse::json(200, issueAccessToken(now, refresh->userId, refresh->scopes,
                                                        refresh->expiresAt, refresh->value));
    }
    return FakeResponse::oauthError(400, u"unsupported_grant_type"_s,
                                    u"grant_type must be authorization_code or refresh_token"_s);
}

FakeResponse FakeLinkedIn::revoke(const FakeRequest &request)
{
    if (request.formValue(u"client_id"_s) != m_app.clientId
        || request.formValue(u"client_secret"_s) != m_app.clientSecret)
        return FakeResponse::oauthError(401, u"invalid_client"_s,
                                        u"Client authentication failed"_s);
    if (IssuedToken *token = m_tokens.find(request.formValue(u"token"_s)))
        token->revoked = true;
    return FakeResponse::empty(200);
}

FakeResponse FakeLinkedIn::introspect(const FakeRequest &request)
{
    // learn.microsoft.com/linkedin/shared/authentication/token-introspection: 400 "Invalid
    // client id or token", 401 "Invalid client secret".
    const IssuedToken *token = m_tokens.find(request.formValue(u"token"_s));
    if (request.formValue(u"client_id"_s) != m_app.clientId || !token
        || token->kind == IssuedToken::Kind::Code)
        return FakeResponse::oauthError(400, u"invalid_request"_s, u"Invalid client id or token"_s);
    if (request.formValue(u"client_secret"_s) != m_app.clientSecret)
        return FakeResponse::oauthError(401, u"invalid_client"_s, u"Invalid client secret"_s);
    const QDateTime now = m_clock->now();
    const QString status = token->revoked          ? u"revoked"_s
                           : token->expiredAt(now) ? u"expired"_s
                                                   : u"active"_s;
    return FakeResponse::json(200,
                              QJsonObject {{u"active"_s, status == u"active"_s},
                                           {u"client_id"_s, token->clientId},
                                           {u"authorized_at"_s, token->issuedAt.toSecsSinceEpoch()},
                                           {u"created_at"_s, token->issuedAt.toSecsSinceEpoch()},
                                           {u"status"_s, status},
                                           {u"expires_at"_s, token->expiresAt.toSecsSinceEpoch()},
                                           {u"scope"_s, token->scopes.join(u',')},
                                           {u"auth_type"_s, u"3L"_s}});
}

} // namespace slotline::fake
