#include "fakeplatforms/fakelinkedin.h"

#include "fakeplatforms/littletext.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace slotline::fake {

namespace {

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

bool isAdministeredOrganization(const QString &urn)
{
    for (const Organization &organization : organizations()) {
        if (urn == u"urn:li:organization:"_s + organization.id)
            return true;
    }
    return false;
}

} // namespace

FakeResponse FakeLinkedIn::inputError(const QString &message, const QString &fieldPath,
                                      const QString &code, const QString &description)
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

FakeResponse FakeLinkedIn::serviceError(int status, int serviceErrorCode, const QString &message)
{
    return FakeResponse::json(status, QJsonObject {{u"serviceErrorCode"_s, serviceErrorCode},
                                                   {u"message"_s, message},
                                                   {u"status"_s, status}});
}

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
