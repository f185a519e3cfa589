#include "fakeplatforms/fakelinkedin.h"

#include "fakeplatforms/littletext.h"

#include <QCryptographicHash>
#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace slotline::fake {

namespace {

const QString MemberId = u"fakeMember001"_s;
const QString MemberGivenName = u"Fake"_s;
const QString MemberFamilyName = u"Member"_s;
constexpr qint64 ShareIdBase = 7300000000000000000LL;

struct Organization
{
    QString id;
    QString localizedName;
    QString vanityName;
    // The member's role there, as organizationAcls names it (learn.microsoft.com, linkedin
    // community-management organization-access-control-by-role): a content administrator
    // posts as the organization too.
    QString role;
};

const QList<Organization> &organizations()
{
    static const QList<Organization> list = {
        {u"2414183"_s, u"Fake Devtestco"_s, u"fake-devtestco"_s, u"ADMINISTRATOR"_s},
        {u"2414184"_s, u"Fake Second Org"_s, u"fake-second-org"_s, u"CONTENT_ADMINISTRATOR"_s},
    };
    return list;
}

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

QString withQuery(const QString &uri, const QList<QPair<QString, QString>> &items)
{
    QUrl url(uri);
    QUrlQuery query(url);
    for (const auto &[name, value] : items)
        query.addQueryItem(name, QString::fromLatin1(QUrl::toPercentEncoding(value)));
    url.setQuery(query.query(QUrl::FullyEncoded), QUrl::StrictMode);
    return url.toString(QUrl::FullyEncoded);
}

FakeResponse serviceError(int status, int serviceErrorCode, const QString &message)
{
    return FakeResponse::json(status, QJsonObject {{u"serviceErrorCode"_s, serviceErrorCode},
                                                   {u"message"_s, message},
                                                   {u"status"_s, status}});
}

FakeResponse oauthError(int status, const QString &error, const QString &description)
{
    return FakeResponse::json(
        status, QJsonObject {{u"error"_s, error}, {u"error_description"_s, description}});
}

// The shape LinkedIn uses for field errors of /rest/posts (verify: exact codes per field).
FakeResponse inputError(const QString &message, const QString &fieldPath, const QString &code,
                        const QString &description)
{
    return FakeResponse::json(
        422, QJsonObject {
                 {u"errorDetailType"_s, u"com.linkedin.common.error.BadRequest"_s},
                 {u"message"_s, message},
                 {u"errorDetails"_s,
                  QJsonObject {
                      {u"inputErrors"_s,
                       QJsonArray {QJsonObject {
                           {u"description"_s, description},
                           {u"input"_s, QJsonObject {{u"inputPath"_s,
                                                      QJsonObject {{u"fieldPath"_s, fieldPath}}}}},
                           {u"code"_s, code}}}}}},
                 {u"status"_s, 422}});
}

bool isAdministeredOrganization(const QString &urn)
{
    for (const Organization &organization : organizations()) {
        if (urn == u"urn:li:organization:"_s + organization.id)
            return true;
    }
    return false;
}

} // namespace

FakeLinkedIn::FakeLinkedIn(const OAuthApp &app, const QStringList &versions, FakeClock *clock)
    : m_clock(clock)
    , m_registeredApp(app)
    , m_registeredVersions(versions)
    , m_versions(versions)
{
    m_app = app;
}

QString FakeLinkedIn::name() const
{
    return u"linkedin"_s;
}

QString FakeLinkedIn::memberUrn()
{
    return u"urn:li:person:"_s + MemberId;
}

void FakeLinkedIn::reset()
{
    m_app = m_registeredApp;
    m_versions = m_registeredVersions;
    m_tokens.clear();
    m_posts.clear();
    m_images.clear();
    m_videos.clear();
    m_nextVideo = 0;
    m_failVideoProcessing = false;
    m_imageProcessingSeconds = 0;
    m_nextPost = 0;
    m_nextImage = 0;
    m_denyConsent = false;
    m_programmaticRefresh = false;
    resetFailureModes();
}

QStringList FakeLinkedIn::activeVersions() const
{
    if (!m_versions.isEmpty())
        return m_versions;
    // learn.microsoft.com/linkedin/marketing/versioning: monthly versions, each supported
    // for at least one year; the current month's version is the newest.
    QStringList versions;
    const QDate today = m_clock->now().date();
    for (int back = 0; back < 12; ++back) {
        const QDate month = QDate(today.year(), today.month(), 1).addMonths(-back);
        versions.append(month.toString(u"yyyyMM"_s));
    }
    return versions;
}

FakeResponse FakeLinkedIn::handle(const FakeRequest &request)
{
    static const QRegularExpression postPath(u"^/rest/posts/(.+)$"_s);
    static const QRegularExpression organizationPath(u"^/rest/organizations/([0-9]+)$"_s);
    static const QRegularExpression imagePath(u"^/rest/images/(.+)$"_s);
    static const QRegularExpression uploadPath(u"^/upload/([A-Za-z0-9-]+)$"_s);
    static const QRegularExpression videoPartPath(u"^/dms-uploads/([A-Za-z0-9-]+)/([0-9]+)$"_s);
    static const QRegularExpression videoPath(u"^/rest/videos/(.+)$"_s);
    const QByteArray &method = request.method;
    const QString &path = request.path;

    if (path == u"/oauth/v2/authorization"_s && method == "GET")
        return authorize(request);
    if (path == u"/oauth/v2/accessToken"_s && method == "POST")
        return accessToken(request);
    if (path == u"/oauth/v2/revoke"_s && method == "POST")
        return revoke(request);
    if (path == u"/oauth/v2/introspectToken"_s && method == "POST")
        return introspect(request);
    if (path == u"/v2/userinfo"_s && method == "GET")
        return userinfo(request);
    if (const auto match = uploadPath.match(path); match.hasMatch() && method == "PUT")
        return upload(request, match.captured(1));
    if (const auto match = videoPartPath.match(path); match.hasMatch() && method == "PUT")
        return uploadVideoPart(request, match.captured(1), match.captured(2).toInt());

    if (path.startsWith(u"/rest/"_s)) {
        if (const auto refusal = checkRestHeaders(request))
            return *refusal;
        // Rest.li keys in the path are URL-encoded URNs ("All URNs must be URL Encoded"):
        // a raw ':' in a key segment is refused (verify: LinkedIn's status and body).
        const qsizetype question = request.rawTarget.indexOf('?');
        const QByteArray rawPath
            = question < 0 ? request.rawTarget : request.rawTarget.left(question);
        if ((path.startsWith(u"/rest/posts/"_s) || path.startsWith(u"/rest/images/"_s)
             || path.startsWith(u"/rest/videos/"_s))
            && rawPath.mid(rawPath.lastIndexOf('/')).contains(':'))
            return serviceError(400, 0, u"Invalid key: the URN in the path must be URL-encoded"_s);
        if (path == u"/rest/organizationAcls"_s && method == "GET")
            return organizationAcls(request);
        if (const auto match = organizationPath.match(path); match.hasMatch() && method == "GET")
            return organization(request, match.captured(1));
        if (path == u"/rest/posts"_s && method == "POST")
            return createPost(request);
        if (path == u"/rest/posts"_s && method == "GET")
            return findPostsByAuthor(request);
        if (const auto match = postPath.match(path);
            match.hasMatch() && (method == "GET" || method == "DELETE"))
            return post(request, match.captured(1));
        if (path == u"/rest/images"_s && method == "POST"
            && request.queryValue(u"action"_s) == u"initializeUpload"_s)
            return initializeImageUpload(request);
        if (const auto match = imagePath.match(path); match.hasMatch() && method == "GET")
            return image(request, match.captured(1));
        if (path == u"/rest/videos"_s && method == "POST"
            && request.queryValue(u"action"_s) == u"initializeUpload"_s)
            return initializeVideoUpload(request);
        if (path == u"/rest/videos"_s && method == "POST"
            && request.queryValue(u"action"_s) == u"finalizeUpload"_s)
            return finalizeVideoUpload(request);
        if (const auto match = videoPath.match(path); match.hasMatch() && method == "GET")
            return video(request, match.captured(1));
    }
    return serviceError(404, 0,
                        u"No resource found for "_s + QString::fromLatin1(method) + u' '
                            + path); // (verify)
}

std::optional<FakeResponse> FakeLinkedIn::checkRestHeaders(const FakeRequest &request) const
{
    const QString version = QString::fromLatin1(request.header("linkedin-version"));
    if (version.isEmpty()) {
        // (verify) LinkedIn's answer to a /rest call without the header.
        return FakeResponse::json(
            400, QJsonObject {{u"status"_s, 400},
                              {u"code"_s, u"VERSION_MISSING"_s},
                              {u"message"_s,
                               u"A version must be present. Please specify a version by adding the "
                               "LinkedIn-Version header."_s}});
    }
    // Revisions look like 202601.01; the month decides whether the version is active.
    if (!activeVersions().contains(version.left(6))
        || !QRegularExpression(u"^[0-9]{6}(\\.[0-9]{2})?$"_s).match(version).hasMatch()) {
        // Reported answers name the version as a day: 202504 is "20250401", 202508.02 "20250802".
        const QString day = version.size() == 6 ? version + u"01"_s : QString(version).remove(u'.');
        return FakeResponse::json(
            426, QJsonObject {
                     {u"status"_s, 426},
                     {u"code"_s, u"NONEXISTENT_VERSION"_s},
                     {u"message"_s, QString(u"Requested version "_s + day + u" is not active"_s)}});
    }
    if (request.header("x-restli-protocol-version") != "2.0.0") {
        // (verify) the documentation requires the header on every call; the error body is a guess.
        return serviceError(400, 100, u"X-Restli-Protocol-Version: 2.0.0 is required."_s);
    }
    return std::nullopt;
}

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
        return FakeResponse::redirect(withQuery(
            redirectUri,
            {{u"error"_s, error}, {u"error_description"_s, description}, {u"state"_s, state}}));
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
    IssuedToken code;
    code.kind = IssuedToken::Kind::Code;
    code.userId = MemberId;
    code.clientId = clientId;
    code.scopes = scopes;
    code.issuedAt = m_clock->now();
    code.expiresAt = code.issuedAt.addSecs(CodeSeconds);
    code.redirectUri = redirectUri;
    const QString value = m_tokens.issue(u"code"_s, code);
    return FakeResponse::redirect(
        withQuery(redirectUri, {{u"code"_s, value}, {u"state"_s, state}}));
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
        return oauthError(400, u"invalid_request"_s,
                          u"Content-Type must be application/x-www-form-urlencoded"_s);
    const QUrlQuery form = request.form();
    const auto field
        = [&form](const QString &name) { return form.queryItemValue(name, QUrl::FullyDecoded); };
    if (field(u"client_id"_s) != m_app.clientId || field(u"client_secret"_s) != m_app.clientSecret)
        return oauthError(401, u"invalid_client"_s, u"Client authentication failed"_s); // (verify)
    const QString grantType = field(u"grant_type"_s);
    const QDateTime now = m_clock->now();
    if (grantType == u"authorization_code"_s) {
        IssuedToken *code = m_tokens.find(field(u"code"_s));
        if (!code || code->kind != IssuedToken::Kind::Code || code->used || code->expiredAt(now)
            || code->clientId != m_app.clientId || code->redirectUri != field(u"redirect_uri"_s)) {
            return oauthError(
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
            return oauthError(
                400, u"unauthorized_client"_s,
                u"The application is not authorized to use programmatic refresh tokens"_s);
        }
        IssuedToken *refresh = m_tokens.find(field(u"refresh_token"_s));
        if (!refresh || refresh->kind != IssuedToken::Kind::Refresh || refresh->revoked
            || refresh->expiredAt(now))
            return oauthError(400, u"invalid_request"_s,
                              u"The provided refresh token is invalid or expired"_s); // (verify)
        // The refresh token is not rotated and keeps its first expiry (365 days from consent).
        return FakeResponse::json(200, issueAccessToken(now, refresh->userId, refresh->scopes,
                                                        refresh->expiresAt, refresh->value));
    }
    return oauthError(400, u"unsupported_grant_type"_s,
                      u"grant_type must be authorization_code or refresh_token"_s);
}

FakeResponse FakeLinkedIn::revoke(const FakeRequest &request)
{
    const QUrlQuery form = request.form();
    const auto field
        = [&form](const QString &name) { return form.queryItemValue(name, QUrl::FullyDecoded); };
    if (field(u"client_id"_s) != m_app.clientId || field(u"client_secret"_s) != m_app.clientSecret)
        return oauthError(401, u"invalid_client"_s, u"Client authentication failed"_s);
    if (IssuedToken *token = m_tokens.find(field(u"token"_s)))
        token->revoked = true;
    return FakeResponse::empty(200);
}

FakeResponse FakeLinkedIn::introspect(const FakeRequest &request)
{
    const QUrlQuery form = request.form();
    const auto field
        = [&form](const QString &name) { return form.queryItemValue(name, QUrl::FullyDecoded); };
    // learn.microsoft.com/linkedin/shared/authentication/token-introspection: 400 "Invalid
    // client id or token", 401 "Invalid client secret".
    const IssuedToken *token = m_tokens.find(field(u"token"_s));
    if (field(u"client_id"_s) != m_app.clientId || !token || token->kind == IssuedToken::Kind::Code)
        return oauthError(400, u"invalid_request"_s, u"Invalid client id or token"_s);
    if (field(u"client_secret"_s) != m_app.clientSecret)
        return oauthError(401, u"invalid_client"_s, u"Invalid client secret"_s);
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

const IssuedToken *FakeLinkedIn::authenticate(const FakeRequest &request, FakeResponse *refusal)
{
    const QString value = request.bearerToken();
    if (value.isEmpty()) {
        // The example of learn.microsoft.com/linkedin/shared/api-guide/concepts/error-handling.
        *refusal = serviceError(401, 401, u"Empty oauth2_access_token"_s);
        return nullptr;
    }
    const IssuedToken *token = m_tokens.find(value);
    if (!token || token->kind != IssuedToken::Kind::Access) {
        *refusal = serviceError(401, 65600, u"Invalid access token"_s);
        return nullptr;
    }
    if (token->revoked || refusedWhileFresh(*token)) {
        *refusal = serviceError(401, 65601,
                                u"The token used in the request has been revoked by the user"_s);
        return nullptr;
    }
    if (token->expiredAt(m_clock->now())) {
        *refusal = serviceError(401, 65602, u"The token used in the request has expired"_s);
        return nullptr;
    }
    return token;
}

FakeResponse FakeLinkedIn::userinfo(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, &refusal);
    if (!token)
        return refusal;
    if (!token->scopes.contains(u"openid"_s))
        return serviceError(403, 100,
                            u"Not enough permissions to access: userinfo.GET.NO_VERSION"_s);
    QJsonObject info {{u"sub"_s, token->userId}};
    if (token->scopes.contains(u"profile"_s)) {
        info.insert(u"name"_s, QString(MemberGivenName + u' ' + MemberFamilyName));
        info.insert(u"given_name"_s, MemberGivenName);
        info.insert(u"family_name"_s, MemberFamilyName);
        info.insert(u"picture"_s,
                    u"https://media.licdn.com/dms/image/fake-member-001/profile.jpg"_s);
        info.insert(u"locale"_s, QJsonObject {{u"country"_s, u"US"_s}, {u"language"_s, u"en"_s}});
    }
    if (token->scopes.contains(u"email"_s)) {
        info.insert(u"email"_s, u"fake.member@example.com"_s);
        info.insert(u"email_verified"_s, true);
    }
    return FakeResponse::json(200, info);
}

bool FakeLinkedIn::mayActAs(const IssuedToken &token, const QString &author) const
{
    if (author == u"urn:li:person:"_s + token.userId)
        return token.scopes.contains(u"w_member_social"_s);
    if (isAdministeredOrganization(author))
        return token.scopes.contains(u"w_organization_social"_s);
    return false;
}

FakeResponse FakeLinkedIn::organizationAcls(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, &refusal);
    if (!token)
        return refusal;
    const QStringList allowed {u"rw_organization_admin"_s, u"r_organization_admin"_s,
                               u"w_organization_social"_s, u"r_organization_social"_s};
    if (std::none_of(allowed.cbegin(), allowed.cend(),
                     [token](const QString &scope) { return token->scopes.contains(scope); }))
        return serviceError(
            403, 100,
            u"Not enough permissions to access: organizationAcls.FINDER-roleAssignee"_s); // (verify)
    if (request.queryValue(u"q"_s) != u"roleAssignee"_s)
        return serviceError(400, 0, u"Only the roleAssignee finder is served here"_s);
    const QString role = request.queryValue(u"role"_s);
    const QString state = request.queryValue(u"state"_s);
    QJsonArray elements;
    if (state.isEmpty() || state == u"APPROVED"_s) {
        for (const Organization &organization : organizations()) {
            if (!role.isEmpty() && role != organization.role)
                continue;
            elements.append(QJsonObject {
                {u"roleAssignee"_s, QString(u"urn:li:person:"_s + token->userId)},
                {u"state"_s, u"APPROVED"_s},
                {u"role"_s, organization.role},
                {u"organization"_s, QString(u"urn:li:organization:"_s + organization.id)}});
        }
    }
    return FakeResponse::json(
        200, QJsonObject {{u"paging"_s, QJsonObject {{u"start"_s, 0},
                                                     {u"count"_s, 10},
                                                     {u"links"_s, QJsonArray()},
                                                     {u"total"_s, elements.size()}}},
                          {u"elements"_s, elements}});
}

FakeResponse FakeLinkedIn::organization(const FakeRequest &request, const QString &id)
{
    FakeResponse refusal;
    if (!authenticate(request, &refusal))
        return refusal;
    for (const Organization &organization : organizations()) {
        if (organization.id != id)
            continue;
        return FakeResponse::json(
            200, QJsonObject {
                     {u"id"_s, organization.id.toLongLong()},
                     {u"localizedName"_s, organization.localizedName},
                     {u"vanityName"_s, organization.vanityName},
                     {u"name"_s,
                      QJsonObject {
                          {u"localized"_s, QJsonObject {{u"en_US"_s, organization.localizedName}}},
                          {u"preferredLocale"_s,
                           QJsonObject {{u"country"_s, u"US"_s}, {u"language"_s, u"en"_s}}}}}});
    }
    return serviceError(404, 0, u"Organization "_s + id + u" does not exist"_s); // (verify)
}

FakeResponse FakeLinkedIn::createPost(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, &refusal);
    if (!token)
        return refusal;
    bool ok = false;
    const QJsonObject body = request.jsonObject(&ok);
    if (!ok || !request.isJson()) // (verify) the body of this refusal
        return serviceError(400, 0,
                            u"Request body must be a JSON object sent as application/json"_s);
    QStringList missing;
    for (const QString &field :
         {u"author"_s, u"commentary"_s, u"visibility"_s, u"distribution"_s, u"lifecycleState"_s}) {
        if (!body.contains(field))
            missing.append(u"ERROR :: /"_s + field
                           + u" :: field is required but not found and has no default value\n"_s);
    }
    if (!missing.isEmpty())
        return FakeResponse::json(
            422, QJsonObject {{u"message"_s, missing.join(QString())}, {u"status"_s, 422}});
    if (!body[u"distribution"_s].toObject().contains(u"feedDistribution"_s)) {
        return FakeResponse::json(
            422, QJsonObject {
                     {u"message"_s,
                      u"ERROR :: /distribution/feedDistribution :: field is required but not found "
                      "and has no default value\n"_s},
                     {u"status"_s, 422}});
    }
    const QString lifecycle = body[u"lifecycleState"_s].toString();
    if (lifecycle != u"PUBLISHED"_s && lifecycle != u"DRAFT"_s)
        return FakeResponse::json(
            422, QJsonObject {{u"message"_s, QString(u"ERROR :: /lifecycleState :: \""_s + lifecycle
                                                     + u"\" is not an enum symbol\n"_s)},
                              {u"status"_s, 422}});
    const QString author = body[u"author"_s].toString();
    if (!mayActAs(*token, author)) {
        // (verify) wording of the refusal to post as someone else.
        return FakeResponse::json(
            403,
            QJsonObject {
                {u"status"_s, 403},
                {u"serviceErrorCode"_s, 100},
                {u"code"_s, u"ACCESS_DENIED"_s},
                {u"message"_s,
                 u"Not enough permissions to access: partnerApiPostsExternal.CREATE.20240101"_s}});
    }
    const QString commentary = body[u"commentary"_s].toString();
    if (commentary.size() > MaxCommentaryLength) {
        return inputError(u"ERROR :: /commentary :: length "_s + QString::number(commentary.size())
                              + u" exceeds the maximum of 3000\n"_s,
                          u"/commentary"_s, u"FIELD_LENGTH_TOO_LONG"_s,
                          u"Field length too long"_s); // (verify)
    }
    QStringList mediaIds;
    const QJsonObject content = body[u"content"_s].toObject();
    if (content.contains(u"media"_s))
        mediaIds.append(content[u"media"_s][u"id"_s].toString());
    if (content.contains(u"multiImage"_s)) {
        const QJsonArray images = content[u"multiImage"_s][u"images"_s].toArray();
        if (images.size() < 2 || images.size() > 20)
            return inputError(
                u"ERROR :: /content/multiImage/images :: a multi-image post has 2 to 20 images\n"_s,
                u"/content/multiImage/images"_s, u"INVALID_VALUE"_s,
                u"Invalid value"_s); // (verify)
        for (const QJsonValue &entry : images)
            mediaIds.append(entry[u"id"_s].toString());
    }
    for (const QString &id : std::as_const(mediaIds)) {
        if (id.startsWith(u"urn:li:video:"_s)) {
            if (auto videoError = videoRefusal(id, author))
                return *videoError;
            continue;
        }
        const auto it = m_images.constFind(id);
        if (it != m_images.constEnd() && it->owner == author && statusOf(*it) == u"PROCESSING"_s) {
            // (verify) LinkedIn's wording for media still being processed; the Images API
            // says an image is used in a post once it is AVAILABLE.
            return inputError(u"ERROR :: /content/media/id :: "_s + id
                                  + u" is still PROCESSING; use it once it is AVAILABLE\n"_s,
                              u"/content/media/id"_s, u"INVALID_VALUE"_s, u"Media not ready"_s);
        }
        if (it == m_images.constEnd() || !it->uploaded || it->owner != author) {
            // (verify) LinkedIn's wording for media that is missing, not AVAILABLE or not the
            // author's.
            return inputError(u"ERROR :: /content/media/id :: "_s + id
                                  + u" is not an AVAILABLE image of the author\n"_s,
                              u"/content/media/id"_s, u"INVALID_VALUE"_s, u"Invalid media"_s);
        }
    }
    const LittleText::Result little = LittleText::parse(commentary);
    for (const Post &existing : std::as_const(m_posts)) {
        if (!existing.deleted && existing.author == author
            && existing.rendered == little.rendered) {
            return inputError(
                u"ERROR :: /commentary :: Content is a duplicate of "_s + existing.urn + u'\n',
                u"/commentary"_s, u"DUPLICATE_POST"_s, u"Duplicate post is detected"_s);
        }
    }
    Post post {u"urn:li:share:"_s + QString::number(ShareIdBase + ++m_nextPost),
               author,
               little.source,
               little.rendered,
               mediaIds,
               body,
               m_clock->now()};
    m_posts.append(post);
    FakeResponse created = FakeResponse::empty(201);
    created.withHeader("x-restli-id", post.urn.toUtf8());
    created.withHeader("x-linkedin-id", post.urn.toUtf8());
    return created;
}

FakeResponse FakeLinkedIn::post(const FakeRequest &request, const QString &urn)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, &refusal);
    if (!token)
        return refusal;
    auto it = std::find_if(m_posts.begin(), m_posts.end(),
                           [&urn](const Post &post) { return post.urn == urn && !post.deleted; });
    if (it == m_posts.end())
        return serviceError(404, 0, u"Post "_s + urn + u" not found"_s); // (verify)
    if (request.method == "DELETE") {
        if (!mayActAs(*token, it->author))
            return serviceError(403, 100, u"Not enough permissions to delete "_s + urn);
        it->deleted = true;
        return FakeResponse::empty(204);
    }
    QJsonObject answer = it->body;
    answer.insert(u"id"_s, it->urn);
    answer.insert(u"commentary"_s, it->commentary);
    answer.insert(u"createdAt"_s, it->createdAt.toMSecsSinceEpoch());
    answer.insert(u"publishedAt"_s, it->createdAt.toMSecsSinceEpoch());
    answer.insert(u"lastModifiedAt"_s, it->createdAt.toMSecsSinceEpoch());
    return FakeResponse::json(200, answer);
}

FakeResponse FakeLinkedIn::initializeImageUpload(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, &refusal);
    if (!token)
        return refusal;
    const QString owner = request.jsonObject()[u"initializeUploadRequest"_s][u"owner"_s].toString();
    if (owner.isEmpty()) {
        return FakeResponse::json(
            422, QJsonObject {{u"message"_s, u"ERROR :: /initializeUploadRequest/owner :: field is "
                                             "required but not found and has no default value\n"_s},
                              {u"status"_s, 422}});
    }
    if (!mayActAs(*token, owner))
        return serviceError(403, 100,
                            u"Not enough permissions to upload images for "_s + owner); // (verify)
    ++m_nextImage;
    Image image {u"urn:li:image:FakeImage"_s + QString::number(m_nextImage),
                 owner,
                 u"img-"_s + QString::number(m_nextImage),
                 m_clock->now().addSecs(24 * 60 * 60),
                 false,
                 0,
                 QDateTime()};
    m_images.insert(image.urn, image);
    return FakeResponse::json(
        200, QJsonObject {
                 {u"value"_s,
                  QJsonObject {{u"uploadUrlExpiresAt"_s, image.uploadExpiresAt.toMSecsSinceEpoch()},
                               {u"uploadUrl"_s, QString(request.origin() + u"/linkedin/upload/"_s
                                                        + image.uploadToken)},
                               {u"image"_s, image.urn}}}});
}

FakeResponse FakeLinkedIn::upload(const FakeRequest &request, const QString &uploadToken)
{
    // The Images API example sends the member's bearer token with the upload.
    FakeResponse refusal;
    if (!authenticate(request, &refusal))
        return refusal;
    for (Image &image : m_images) {
        if (image.uploadToken != uploadToken)
            continue;
        if (image.uploaded || m_clock->now() >= image.uploadExpiresAt || request.body.isEmpty())
            return serviceError(
                400, 0, u"The upload URL is expired, used, or the body is empty"_s); // (verify)
        image.uploaded = true;
        image.size = request.body.size();
        image.availableAt = m_clock->now().addSecs(m_imageProcessingSeconds);
        return FakeResponse::empty(201);
    }
    return serviceError(404, 0, u"Unknown upload URL"_s);
}

FakeResponse FakeLinkedIn::image(const FakeRequest &request, const QString &urn)
{
    FakeResponse refusal;
    if (!authenticate(request, &refusal))
        return refusal;
    const auto it = m_images.constFind(urn);
    if (it == m_images.constEnd())
        return serviceError(404, 0, u"Image "_s + urn + u" not found"_s);
    QJsonObject answer {{u"id"_s, it->urn}, {u"owner"_s, it->owner}, {u"status"_s, statusOf(*it)}};
    if (it->uploaded) {
        answer.insert(u"downloadUrl"_s,
                      QString(request.origin() + u"/linkedin/media/"_s + it->uploadToken));
        answer.insert(u"downloadUrlExpiresAt"_s,
                      m_clock->now().addSecs(24 * 60 * 60).toMSecsSinceEpoch());
    }
    return FakeResponse::json(200, answer);
}

QString FakeLinkedIn::statusOf(const Image &image) const
{
    if (!image.uploaded)
        return u"WAITING_UPLOAD"_s;
    return m_clock->now() < image.availableAt ? u"PROCESSING"_s : u"AVAILABLE"_s;
}

FakeResponse FakeLinkedIn::initializeVideoUpload(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, &refusal);
    if (!token)
        return refusal;
    const QJsonObject init = request.jsonObject()[u"initializeUploadRequest"_s].toObject();
    const QString owner = init[u"owner"_s].toString();
    const qint64 fileSize = init[u"fileSizeBytes"_s].toInteger(-1);
    QStringList missing;
    if (owner.isEmpty())
        missing.append(u"owner"_s);
    if (fileSize <= 0)
        missing.append(u"fileSizeBytes"_s);
    if (!missing.isEmpty()) {
        QString message;
        for (const QString &field : std::as_const(missing))
            message += u"ERROR :: /initializeUploadRequest/"_s + field
                       + u" :: field is required but not found and has no default value\n"_s;
        return FakeResponse::json(422, QJsonObject {{u"message"_s, message}, {u"status"_s, 422}});
    }
    if (!mayActAs(*token, owner))
        return serviceError(403, 100,
                            u"Accessing this video resource is forbidden for "_s
                                + owner); // (verify)
    ++m_nextVideo;
    Video video;
    video.urn = u"urn:li:video:FakeVideo"_s + QString::number(m_nextVideo);
    video.owner = owner;
    video.uploadToken = u"vid-"_s + QString::number(m_nextVideo);
    video.fileSize = fileSize;
    video.uploadExpiresAt = m_clock->now().addSecs(24 * 60 * 60);
    QJsonArray instructions;
    for (qint64 first = 0; first < fileSize; first += VideoPartBytes) {
        const qint64 last = qMin(first + VideoPartBytes, fileSize) - 1;
        const QString url = request.origin() + u"/linkedin/dms-uploads/"_s + video.uploadToken
                            + u'/' + QString::number(video.parts.size());
        video.parts.append(Video::Part {first, last, {}});
        instructions.append(
            QJsonObject {{u"uploadUrl"_s, url}, {u"firstByte"_s, first}, {u"lastByte"_s, last}});
    }
    QJsonObject value {{u"uploadUrlsExpireAt"_s, video.uploadExpiresAt.toMSecsSinceEpoch()},
                       {u"video"_s, video.urn},
                       {u"uploadInstructions"_s, instructions},
                       {u"uploadToken"_s, video.uploadToken}};
    m_videos.insert(video.urn, video);
    return FakeResponse::json(200, QJsonObject {{u"value"_s, value}});
}

FakeResponse FakeLinkedIn::uploadVideoPart(const FakeRequest &request, const QString &token,
                                           int index)
{
    for (Video &video : m_videos) {
        if (video.uploadToken != token)
            continue;
        if (index < 0 || index >= video.parts.size() || m_clock->now() >= video.uploadExpiresAt
            || video.status != u"WAITING_UPLOAD"_s)
            return serviceError(400, 0, u"The upload URL is expired or unknown"_s); // (verify)
        Video::Part &part = video.parts[index];
        if (request.body.size() != part.lastByte - part.firstByte + 1)
            return serviceError(400, 0,
                                u"The part must be bytes "_s + QString::number(part.firstByte)
                                    + u" to "_s + QString::number(part.lastByte)); // (verify)
        // An opaque ETag that tells the part's content apart, as a storage service's does.
        part.etag = u"/ambry-video/signedId/"_s
                    + QString::fromLatin1(
                        QCryptographicHash::hash(request.body, QCryptographicHash::Sha256)
                            .toHex()
                            .left(32));
        FakeResponse answer = FakeResponse::empty(200);
        answer.withHeader("ETag", part.etag.toUtf8());
        return answer;
    }
    return serviceError(404, 0, u"Unknown upload URL"_s);
}

FakeResponse FakeLinkedIn::finalizeVideoUpload(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, &refusal);
    if (!token)
        return refusal;
    const QJsonObject finalize = request.jsonObject()[u"finalizeUploadRequest"_s].toObject();
    const auto it = m_videos.find(finalize[u"video"_s].toString());
    if (it == m_videos.end() || !mayActAs(*token, it->owner))
        return serviceError(404, 0,
                            u"Video "_s + finalize[u"video"_s].toString() + u" not found"_s);
    if (finalize[u"uploadToken"_s].toString() != it->uploadToken)
        return serviceError(400, 0, u"The uploadToken does not belong to the video"_s); // (verify)
    if (it->status != u"WAITING_UPLOAD"_s)
        return serviceError(400, 0, u"The video is already finalized"_s); // (verify)
    const QJsonArray given = finalize[u"uploadedPartIds"_s].toArray();
    bool matches = given.size() == it->parts.size();
    for (qsizetype i = 0; matches && i < given.size(); ++i)
        matches = !it->parts.at(i).etag.isEmpty() && given.at(i).toString() == it->parts.at(i).etag;
    if (!matches)
        // (verify) LinkedIn's status and wording for missing or reordered part ids.
        return serviceError(400, 0,
                            u"uploadedPartIds must list the ETag of every part, in order"_s);
    it->status = u"PROCESSING"_s;
    return FakeResponse::empty(200);
}

FakeResponse FakeLinkedIn::video(const FakeRequest &request, const QString &urn)
{
    FakeResponse refusal;
    if (!authenticate(request, &refusal))
        return refusal;
    const auto it = m_videos.find(urn);
    if (it == m_videos.end())
        return serviceError(404, 0, u"Video "_s + urn + u" not found"_s);
    QJsonObject answer {{u"id"_s, it->urn}, {u"owner"_s, it->owner}, {u"status"_s, it->status}};
    if (it->status == u"PROCESSING_FAILED"_s)
        answer.insert(u"processingFailureReason"_s, u"Invalid video file"_s); // (verify)
    // Processing ends at the first look after it began.
    if (it->status == u"PROCESSING"_s)
        it->status = m_failVideoProcessing ? u"PROCESSING_FAILED"_s : u"AVAILABLE"_s;
    return FakeResponse::json(200, answer);
}

std::optional<FakeResponse> FakeLinkedIn::videoRefusal(const QString &id,
                                                       const QString &author) const
{
    const auto it = m_videos.constFind(id);
    if (it != m_videos.constEnd() && it->owner == author && it->status == u"AVAILABLE"_s)
        return std::nullopt;
    // (verify) LinkedIn's wording for a video that is missing, not AVAILABLE or not the
    // author's.
    return inputError(u"ERROR :: /content/media/id :: "_s + id
                          + u" is not an AVAILABLE video of the author\n"_s,
                      u"/content/media/id"_s, u"INVALID_VALUE"_s, u"Invalid media"_s);
}

QJsonArray FakeLinkedIn::posts() const
{
    QJsonArray out;
    for (const Post &post : m_posts) {
        out.append(QJsonObject {{u"platform"_s, u"linkedin"_s},
                                {u"id"_s, post.urn},
                                {u"author"_s, post.author},
                                {u"text"_s, post.rendered},
                                {u"commentary"_s, post.commentary},
                                {u"mediaIds"_s, QJsonArray::fromStringList(post.mediaIds)},
                                {u"deleted"_s, post.deleted},
                                {u"createdAt"_s, post.createdAt.toString(Qt::ISODateWithMs)}});
    }
    return out;
}

QString FakeLinkedIn::applySwitches(const QJsonObject &switches)
{
    if (const QString error = applyConsent(switches, &m_denyConsent); !error.isEmpty())
        return error;
    if (const QString error = applyVideoProcessing(switches, &m_failVideoProcessing);
        !error.isEmpty())
        return error;
    if (switches.contains(u"imageProcessingSeconds"_s)) {
        const qint64 seconds = switches[u"imageProcessingSeconds"_s].toInteger(-1);
        if (seconds < 0)
            return u"imageProcessingSeconds must be >= 0"_s;
        m_imageProcessingSeconds = seconds;
    }
    if (switches.contains(u"programmaticRefresh"_s))
        m_programmaticRefresh = switches[u"programmaticRefresh"_s].toBool();
    if (switches.contains(u"versions"_s)) {
        m_versions.clear();
        for (const QJsonValue &version : switches[u"versions"_s].toArray())
            m_versions.append(version.toString());
    }
    return applyFailureSwitches(switches);
}

int FakeLinkedIn::revokeTokens(const QString &userId)
{
    return m_tokens.revokeUser(userId);
}

QJsonObject FakeLinkedIn::describe() const
{
    QJsonArray orgs;
    for (const Organization &organization : organizations())
        orgs.append(QJsonObject {{u"urn"_s, QString(u"urn:li:organization:"_s + organization.id)},
                                 {u"localizedName"_s, organization.localizedName},
                                 {u"vanityName"_s, organization.vanityName}});
    return QJsonObject {{u"member"_s, memberUrn()},
                        {u"organizations"_s, orgs},
                        {u"clientId"_s, m_app.clientId},
                        {u"redirectUris"_s, QJsonArray::fromStringList(m_app.redirectUris)},
                        {u"consent"_s, m_denyConsent ? u"deny"_s : u"approve"_s},
                        {u"programmaticRefresh"_s, m_programmaticRefresh},
                        {u"videoProcessing"_s, m_failVideoProcessing ? u"fail"_s : u"succeed"_s},
                        {u"imageProcessingSeconds"_s, m_imageProcessingSeconds},
                        {u"activeVersions"_s, QJsonArray::fromStringList(activeVersions())}};
}

} // namespace slotline::fake
