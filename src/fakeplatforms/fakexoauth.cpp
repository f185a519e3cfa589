#include "fakeplatforms/fakex.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

// X's OAuth 2.0 with PKCE: x.com/i/oauth2/authorize, api.x.com/2/oauth2/token and revoke;
// confidential clients authenticate with HTTP Basic, public ones with client_id.
namespace slotline::fake {
namespace {

// docs.x.com/fundamentals/authentication/oauth-2-0/authorization-code (scopes table).
const QStringList KnownScopes = {
    u"tweet.read"_s,  u"tweet.write"_s,   u"tweet.moderate.write"_s, u"users.email"_s,
    u"users.read"_s,  u"follows.read"_s,  u"follows.write"_s,        u"offline.access"_s,
    u"space.read"_s,  u"mute.read"_s,     u"mute.write"_s,           u"like.read"_s,
    u"like.write"_s,  u"list.read"_s,     u"list.write"_s,           u"block.read"_s,
    u"block.write"_s, u"bookmark.read"_s, u"bookmark.write"_s,       u"dm.read"_s,
    u"dm.write"_s,    u"media.write"_s,
};

FakeResponse invalidToken()
{
    return FakeResponse::oauthError(400, u"invalid_request"_s,
                                    u"Value passed for the token was invalid."_s);
}

} // namespace

FakeResponse FakeX::authorize(const FakeRequest &request)
{
    const QString clientId = request.queryValue(u"client_id"_s);
    const QString redirectUri = request.queryValue(u"redirect_uri"_s);
    // An unknown client or an unregistered redirect is never redirected to (RFC 6749
    // 4.1.2.1): the person sees X's error page.
    if (clientId != m_app.clientId || !m_app.allowsRedirect(redirectUri)) {
        return FakeResponse::text(
            400, u"Something went wrong. You weren't able to give access to the App. "
                 "Go back and try logging in again."_s);
    }
    const QString state = request.queryValue(u"state"_s);
    const auto fail = [&](const QString &error, const QString &description) {
        return FakeResponse::redirectWithError(redirectUri, error, description, state);
    };
    if (request.queryValue(u"response_type"_s) != u"code"_s)
        return fail(u"unsupported_response_type"_s, u"response_type must be code"_s);
    if (!request.query.hasQueryItem(u"state"_s) || state.isEmpty())
        return fail(u"invalid_request"_s, u"Missing required parameter [state]."_s);
    const QStringList scopes = request.queryValue(u"scope"_s).split(u' ', Qt::SkipEmptyParts);
    if (scopes.isEmpty())
        return fail(u"invalid_request"_s, u"Missing required parameter [scope]."_s);
    for (const QString &scope : scopes) {
        if (!KnownScopes.contains(scope))
            return fail(u"invalid_scope"_s, u"Unknown scope: "_s + scope);
    }
    const QString challenge = request.queryValue(u"code_challenge"_s);
    const QString challengeMethod = request.queryValue(u"code_challenge_method"_s);
    if (challenge.isEmpty())
        return fail(u"invalid_request"_s, u"Missing required parameter [code_challenge]."_s);
    if (challengeMethod != u"S256"_s && challengeMethod != u"plain"_s)
        return fail(u"invalid_request"_s, u"code_challenge_method must be S256 or plain."_s);
    if (m_denyConsent)
        return FakeResponse::redirect(redirectUri,
                                      {{u"error"_s, u"access_denied"_s}, {u"state"_s, state}});

    IssuedToken code
        = IssuedToken::code(UserId, clientId, scopes, m_clock->now(), CodeSeconds, redirectUri);
    code.codeChallenge = challenge;
    code.codeChallengeMethod = challengeMethod;
    const QString value = m_tokens.issue(u"code"_s, code);
    return FakeResponse::redirect(redirectUri, {{u"state"_s, state}, {u"code"_s, value}});
}

bool FakeX::clientAuthenticated(const FakeRequest &request, const QUrlQuery &form) const
{
    if (m_confidentialClient) {
        const auto [id, secret] = request.basicCredentials();
        return id == m_app.clientId && secret == m_app.clientSecret;
    }
    return form.queryItemValue(u"client_id"_s, QUrl::FullyDecoded) == m_app.clientId;
}

QJsonObject FakeX::issueTokens(const QString &userId, const QStringList &scopes)
{
    IssuedToken access;
    access.kind = IssuedToken::Kind::Access;
    access.userId = userId;
    access.clientId = m_app.clientId;
    access.scopes = scopes;
    access.issuedAt = m_clock->now();
    access.expiresAt = access.issuedAt.addSecs(AccessTokenSeconds);
    QJsonObject answer {{u"token_type"_s, u"bearer"_s},
                        {u"expires_in"_s, AccessTokenSeconds},
                        {u"access_token"_s, m_tokens.issue(u"access"_s, access)},
                        {u"scope"_s, scopes.join(u' ')}};
    // A refresh token only comes with offline.access; X does not say when it expires
    // (verify), so it lives until used once or revoked.
    if (scopes.contains(u"offline.access"_s)) {
        IssuedToken refresh = access;
        refresh.kind = IssuedToken::Kind::Refresh;
        refresh.expiresAt = QDateTime();
        answer.insert(u"refresh_token"_s, m_tokens.issue(u"refresh"_s, refresh));
    }
    return answer;
}

FakeResponse FakeX::token(const FakeRequest &request)
{
    if (!request.isFormEncoded())
        return FakeResponse::oauthError(
            400, u"invalid_request"_s,
            u"Content-Type must be application/x-www-form-urlencoded."_s);
    const QUrlQuery form = request.form();
    if (!clientAuthenticated(request, form))
        return FakeResponse::oauthError(401, u"unauthorized_client"_s,
                                        u"Missing valid authorization header"_s);

    const QString grantType = request.formValue(u"grant_type"_s);
    if (grantType == u"authorization_code"_s) {
        IssuedToken *code = m_tokens.find(request.formValue(u"code"_s));
        if (!code || code->kind != IssuedToken::Kind::Code || code->used
            || code->expiredAt(m_clock->now()) || code->clientId != m_app.clientId
            || code->redirectUri != request.formValue(u"redirect_uri"_s))
            return invalidToken();
        const QByteArray verifier = request.formValue(u"code_verifier"_s).toLatin1();
        const QByteArray expected
            = code->codeChallengeMethod == u"S256"_s
                  ? QCryptographicHash::hash(verifier, QCryptographicHash::Sha256)
                        .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)
                  : verifier;
        code->used = true;
        if (verifier.isEmpty() || QString::fromLatin1(expected) != code->codeChallenge)
            return invalidToken();
        return FakeResponse::json(200, issueTokens(code->userId, code->scopes));
    }
    if (grantType == u"refresh_token"_s) {
        IssuedToken *refresh = m_tokens.find(request.formValue(u"refresh_token"_s));
        if (!refresh || refresh->kind != IssuedToken::Kind::Refresh || refresh->used
            || refresh->revoked || refresh->clientId != m_app.clientId)
            return invalidToken();
        // Rotation: the refresh token is single use, the answer carries its successor.
        refresh->used = true;
        return FakeResponse::json(200, issueTokens(refresh->userId, refresh->scopes));
    }
    return FakeResponse::oauthError(400, u"invalid_request"_s,
                                    u"Missing required parameter [grant_type]."_s);
}

FakeResponse FakeX::revoke(const FakeRequest &request)
{
    const QUrlQuery form = request.form();
    if (!clientAuthenticated(request, form))
        return FakeResponse::oauthError(401, u"unauthorized_client"_s,
                                        u"Missing valid authorization header"_s);
    if (IssuedToken *token = m_tokens.find(form.queryItemValue(u"token"_s, QUrl::FullyDecoded)))
        token->revoked = true;
    return FakeResponse::json(200, QJsonObject {{u"revoked"_s, true}});
}

} // namespace slotline::fake
