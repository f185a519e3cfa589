#include "fakeplatforms/fakefacebook.h"

using namespace Qt::StringLiterals;

// Facebook Login (the OAuth dialog, with or without a Login for Business configuration),
// the code exchange at /oauth/access_token, and the user and Page tokens calls carry.
namespace slotline::fake {
namespace {

// The one Facebook Login for Business configuration of the fake app (user access token).
const QStringList LoginConfigurationPermissions
    = {u"pages_show_list"_s, u"pages_read_engagement"_s, u"pages_manage_posts"_s,
       u"business_management"_s};

const QStringList KnownPermissions = {
    u"public_profile"_s,          u"email"_s,
    u"pages_show_list"_s,         u"pages_read_engagement"_s,
    u"pages_manage_posts"_s,      u"pages_manage_metadata"_s,
    u"pages_read_user_content"_s, u"pages_manage_engagement"_s,
    u"publish_video"_s,           u"business_management"_s,
    u"read_insights"_s,
};

} // namespace

FakeResponse FakeFacebook::dialog(const FakeRequest &request)
{
    const QString clientId = request.queryValue(u"client_id"_s);
    const QString redirectUri = request.queryValue(u"redirect_uri"_s);
    if (clientId != m_app.clientId)
        return FakeResponse::text(
            400, u"Invalid App ID: The provided app ID does not look like a valid app ID."_s);
    if (!m_app.allowsRedirect(redirectUri)) {
        return FakeResponse::text(
            400, u"URL blocked: This redirect failed because the redirect URI is not whitelisted "
                 "in the app's Client OAuth Settings."_s);
    }
    const QString state = request.queryValue(u"state"_s);
    const QString responseType = request.queryValue(u"response_type"_s);
    if (!responseType.isEmpty() && responseType != u"code"_s)
        return FakeResponse::text(400, u"Only response_type=code is served by this fake."_s);
    if (state.isEmpty())
        return FakeResponse::text(400,
                                  u"state is required (the fake insists on CSRF protection)."_s);
    QStringList scopes
        = request.queryValue(u"scope"_s).split(QRegularExpression(u"[ ,]+"_s), Qt::SkipEmptyParts);
    for (const QString &scope : scopes) {
        if (!KnownPermissions.contains(scope))
            return FakeResponse::text(400, u"Invalid Scopes: "_s + scope);
    }
    // Facebook Login for Business: a configuration saved in the App Dashboard names the
    // permissions (and the token type) instead of `scope`, which it replaces (verify: the
    // dialog's wording for an unknown configuration).
    if (const QString configId = request.queryValue(u"config_id"_s); !configId.isEmpty()) {
        if (configId != QStringView(LoginConfigurationId))
            return FakeResponse::text(400, u"Invalid config_id: "_s + configId
                                               + u" is not a configuration of this app."_s);
        scopes = LoginConfigurationPermissions;
    }
    // developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow: a person who
    // declines comes back with error_reason=user_denied.
    if (m_denyConsent) {
        return FakeResponse::redirect(redirectUri,
                                      {{u"error_reason"_s, u"user_denied"_s},
                                       {u"error"_s, u"access_denied"_s},
                                       {u"error_description"_s, u"Permissions error."_s},
                                       {u"state"_s, state}});
    }
    IssuedToken code
        = IssuedToken::code(UserId, clientId, scopes, m_clock->now(), CodeSeconds, redirectUri);
    if (!code.scopes.contains(u"public_profile"_s))
        code.scopes.prepend(u"public_profile"_s);
    const QString value = m_tokens.issue(u"code"_s, code);
    return FakeResponse::redirect(redirectUri, {{u"code"_s, value}, {u"state"_s, state}});
}

FakeResponse FakeFacebook::accessToken(const FakeRequest &, const Params &params)
{
    if (params.value(u"client_id"_s) != m_app.clientId)
        return graphError(400, u"Error validating application. Invalid application ID."_s,
                          u"OAuthException"_s, 101);
    if (params.value(u"client_secret"_s) != m_app.clientSecret)
        return graphError(400, u"Error validating client secret."_s, u"OAuthException"_s, 1);
    const QDateTime now = m_clock->now();
    IssuedToken user;
    user.kind = IssuedToken::Kind::Access;
    user.clientId = m_app.clientId;
    user.issuedAt = now;
    if (params.value(u"grant_type"_s) == u"fb_exchange_token"_s) {
        const IssuedToken *shortLived = m_tokens.find(params.value(u"fb_exchange_token"_s));
        if (!shortLived || shortLived->kind != IssuedToken::Kind::Access || shortLived->revoked
            || shortLived->expiredAt(now))
            return graphError(400, u"Invalid OAuth access token - Cannot parse access token"_s,
                              u"OAuthException"_s, 190);
        user.userId = shortLived->userId;
        user.scopes = shortLived->scopes;
        user.expiresAt = now.addSecs(LongLivedSeconds);
        user.longLived = true;
    } else {
        IssuedToken *code = m_tokens.find(params.value(u"code"_s));
        if (!code || code->kind != IssuedToken::Kind::Code)
            return graphError(400, u"Invalid verification code format."_s, u"OAuthException"_s, 100,
                              36018); // (verify)
        if (code->used)
            return graphError(400, u"This authorization code has been used."_s, u"OAuthException"_s,
                              100, 36009);
        if (code->expiredAt(now))
            return graphError(400, u"This authorization code has expired."_s, u"OAuthException"_s,
                              100, 36007);
        if (code->redirectUri != params.value(u"redirect_uri"_s)) {
            return graphError(400,
                              u"Error validating verification code. Please make sure your "
                              u"redirect_uri is identical "
                              "to the one you used in the OAuth dialog request"_s,
                              u"OAuthException"_s, 100, 36008);
        }
        code->used = true;
        user.userId = code->userId;
        user.scopes = code->scopes;
        user.expiresAt = now.addSecs(ShortLivedSeconds);
    }
    const qint64 expiresIn = now.secsTo(user.expiresAt);
    return FakeResponse::json(200,
                              QJsonObject {{u"access_token"_s, m_tokens.issue(u"user"_s, user)},
                                           {u"token_type"_s, u"bearer"_s},
                                           {u"expires_in"_s, expiresIn}});
}

const IssuedToken *FakeFacebook::authenticate(const Params &params, FakeResponse *refusal)
{
    const QString value = params.value(u"access_token"_s);
    if (value.isEmpty()) {
        *refusal = graphError(
            400,
            u"An active access token must be used to query information about the current user."_s,
            u"OAuthException"_s, 2500);
        return nullptr;
    }
    const IssuedToken *token = m_tokens.find(value);
    if (!token || token->kind == IssuedToken::Kind::Code) {
        *refusal = graphError(400, u"Invalid OAuth access token - Cannot parse access token"_s,
                              u"OAuthException"_s, 190);
        return nullptr;
    }
    if (token->revoked) {
        *refusal = revokedTokenError(*token);
        return nullptr;
    }
    const QDateTime now = m_clock->now();
    if (token->expiredAt(now)) {
        *refusal = graphError(400,
                              u"Error validating access token: Session has expired on "_s
                                  + token->expiresAt.toString(u"dddd, dd-MMM-yy HH:mm:ss"_s)
                                  + u" PDT."_s,
                              u"OAuthException"_s, 190, 463);
        return nullptr;
    }
    return token;
}

const IssuedToken *FakeFacebook::authenticatePage(const Params &params, const QString &pageId,
                                                  FakeResponse *refusal)
{
    const IssuedToken *token = authenticate(params, refusal);
    if (!token)
        return nullptr;
    if (!knownPage(pageId)) {
        *refusal = graphError(
            400,
            u"Unsupported post request. Object with ID '"_s + pageId
                + u"' does not exist, cannot be loaded due to missing permissions, or does not "
                  "support this operation. Please read the Graph API documentation at "
                  "https://developers.facebook.com/docs/graph-api"_s,
            u"GraphMethodException"_s, 100, 33);
        return nullptr;
    }
    if (token->kind != IssuedToken::Kind::Page || token->pageId != pageId
        || !token->scopes.contains(u"pages_manage_posts"_s)) {
        // (verify) the HTTP status; the message is the one Graph gives a user token here.
        *refusal = graphError(
            403,
            u"(#200) If posting to a page, requires both pages_read_engagement and "
            "pages_manage_posts as an admin with sufficient administrative permission"_s,
            u"OAuthException"_s, 200);
        return nullptr;
    }
    return token;
}

QString FakeFacebook::issuePageToken(const IssuedToken &user, const QString &pageId)
{
    // Page tokens from a long-lived user token do not expire; from a short-lived one they
    // end with it.
    IssuedToken pageToken;
    pageToken.kind = IssuedToken::Kind::Page;
    pageToken.userId = user.userId;
    pageToken.clientId = user.clientId;
    pageToken.scopes = user.scopes;
    pageToken.issuedAt = m_clock->now();
    pageToken.expiresAt = user.longLived ? QDateTime() : user.expiresAt;
    pageToken.pageId = pageId;
    return m_tokens.issue(u"page"_s, pageToken);
}

} // namespace slotline::fake
