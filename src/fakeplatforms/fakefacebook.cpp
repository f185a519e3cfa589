#include "fakeplatforms/fakefacebook.h"

#include "fakeplatforms/multipartform.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace slotline::fake {

namespace {

const QString UserName = u"Fake Facebook User"_s;
constexpr qint64 PostIdBase = 122100000000000000LL;
constexpr qint64 PhotoIdBase = 122200000000000000LL;

struct Page
{
    QString id;
    QString name;
    QString category;
    // Held through the person's business portfolio only: not in /me/accounts, which lists
    // the Pages the person chose in the login dialog (as Postiz's provider finds).
    bool portfolioOnly = false;
};

const QList<Page> &pages()
{
    static const QList<Page> list = {
        {u"100000000000001"_s, u"Fake Page One"_s, u"Software"_s, false},
        {u"100000000000002"_s, u"Fake Page Two"_s, u"Community"_s, false},
        {u"100000000000003"_s, u"Fake Portfolio Page"_s, u"Brand"_s, true},
    };
    return list;
}

const QString BusinessId = u"200000000000001"_s;

int versionNumber(const QString &version)
{
    static const QRegularExpression pattern(u"^v([0-9]+)\\.([0-9]+)$"_s);
    const auto match = pattern.match(version);
    return match.hasMatch() ? match.captured(1).toInt() * 100 + match.captured(2).toInt() : -1;
}

QString graphTime(const QDateTime &time)
{
    return time.toUTC().toString(u"yyyy-MM-ddTHH:mm:ss"_s) + u"+0000"_s;
}

} // namespace

FakeFacebook::FakeFacebook(const OAuthApp &app, const QStringList &versions, FakeClock *clock)
    : m_clock(clock)
    , m_registeredApp(app)
    , m_versions(versions)
{
    m_app = app;
}

QString FakeFacebook::name() const
{
    return u"facebook"_s;
}

void FakeFacebook::reset()
{
    m_app = m_registeredApp;
    m_tokens.clear();
    m_posts.clear();
    m_photos.clear();
    m_nextPost = 0;
    m_nextPhoto = 0;
    m_nextTrace = 0;
    m_denyConsent = false;
    resetFailureModes();
    resetVideos();
}

FakeResponse FakeFacebook::graphError(int status, const QString &message, const QString &type,
                                      int code, int subcode, const QJsonObject &extra)
{
    QJsonObject error {{u"message"_s, message}, {u"type"_s, type}, {u"code"_s, code}};
    if (subcode)
        error.insert(u"error_subcode"_s, subcode);
    for (auto it = extra.begin(); it != extra.end(); ++it)
        error.insert(it.key(), it.value());
    error.insert(u"fbtrace_id"_s, QString(u"FakeTrace"_s + QString::number(++m_nextTrace)));
    return FakeResponse::json(status, QJsonObject {{u"error"_s, error}});
}

bool FakeFacebook::knownPage(const QString &pageId) const
{
    return std::any_of(pages().cbegin(), pages().cend(),
                       [&pageId](const Page &page) { return page.id == pageId; });
}

FakeFacebook::Params FakeFacebook::paramsOf(const FakeRequest &request) const
{
    Params params;
    for (const auto &[name, value] : request.query.queryItems(QUrl::FullyDecoded))
        params.values.insert(name, value);
    if (isUploadSessionPath(request.path.split(u'/', Qt::SkipEmptyParts).mid(1))) {
        // developers.facebook.com/docs/graph-api/guides/upload: the body is the file's bytes
        // (whatever Content-Type curl gives them) and "you must include the access token in
        // the header or the call will fail".
        params.values.remove(u"access_token"_s);
        const QString bearer = request.bearerToken();
        if (!bearer.isEmpty())
            params.values.insert(u"access_token"_s, bearer);
        return params;
    }
    if (request.isFormEncoded()) {
        for (const auto &[name, value] : request.form().queryItems(QUrl::FullyDecoded))
            params.values.insert(name, value);
    } else if (request.isMultipart()) {
        if (const auto form = MultipartForm::parse(request.header("content-type"), request.body)) {
            for (const MultipartForm::Part &part : form->parts()) {
                if (part.name == u"source"_s)
                    params.source = part.data;
                else
                    params.values.insert(part.name, QString::fromUtf8(part.data));
            }
        }
    } else if (request.isJson()) {
        const QJsonObject body = request.jsonObject();
        for (auto it = body.begin(); it != body.end(); ++it) {
            const QJsonValue value = it.value();
            if (value.isString())
                params.values.insert(it.key(), value.toString());
            else if (value.isBool())
                params.values.insert(it.key(), value.toBool() ? u"true"_s : u"false"_s);
            else if (value.isDouble())
                params.values.insert(it.key(), QString::number(value.toInteger()));
            else if (value.isArray() && it.key() == u"attached_media"_s) {
                const QJsonArray items = value.toArray();
                for (qsizetype i = 0; i < items.size(); ++i)
                    params.values.insert(
                        u"attached_media["_s + QString::number(i) + u']',
                        QString::fromUtf8(
                            QJsonDocument(items.at(i).toObject()).toJson(QJsonDocument::Compact)));
            }
        }
    }
    if (!params.has(u"access_token"_s)) {
        const QString bearer = request.bearerToken();
        if (!bearer.isEmpty())
            params.values.insert(u"access_token"_s, bearer);
    }
    return params;
}

FakeResponse FakeFacebook::handle(const FakeRequest &request)
{
    const QStringList segments = request.path.split(u'/', Qt::SkipEmptyParts);
    if (segments.isEmpty())
        return graphError(400, u"Unsupported request."_s, u"GraphMethodException"_s, 100);
    const QString version = segments.first();
    const int number = versionNumber(version);
    int newest = -1;
    for (const QString &served : m_versions)
        newest = qMax(newest, versionNumber(served));
    // Graph serves a version that has been retired by the oldest available one
    // (developers.facebook.com/docs/graph-api/guides/versioning); a version that does not
    // exist yet is an unknown path (verify: message and code).
    if (number < 0 || number > newest) {
        return graphError(400, u"Unknown path components: /"_s + version, u"OAuthException"_s,
                          2500);
    }
    const QStringList rest = segments.mid(1);
    const QByteArray &method = request.method;
    if (rest == QStringList {u"dialog"_s, u"oauth"_s} && method == "GET")
        return dialog(request);
    const Params params = paramsOf(request);
    if (rest == QStringList {u"oauth"_s, u"access_token"_s}
        && (method == "GET" || method == "POST"))
        return accessToken(request, params);
    if (rest == QStringList {u"me"_s} && method == "GET")
        return me(request, params);
    if (rest == QStringList {u"me"_s, u"permissions"_s} && (method == "GET" || method == "DELETE"))
        return permissions(request, params);
    if (rest == QStringList {u"me"_s, u"accounts"_s} && method == "GET")
        return accounts(request, params);
    if (rest == QStringList {u"me"_s, u"businesses"_s} && method == "GET")
        return businesses(params);
    if (rest.size() == 2 && rest.at(0) == BusinessId
        && (rest.at(1) == u"owned_pages"_s || rest.at(1) == u"client_pages"_s) && method == "GET")
        return businessPages(rest.at(1) == u"owned_pages"_s, params);
    if (rest.size() == 2 && rest.at(1) == u"feed"_s && method == "POST")
        return feed(rest.at(0), params);
    if (rest.size() == 2 && rest.at(1) == u"photos"_s && method == "POST")
        return photos(rest.at(0), params);
    if (rest.size() == 2 && rest.at(1) == u"published_posts"_s && method == "GET")
        return publishedPosts(request, rest.at(0), params);
    if (rest.size() == 2 && rest.at(1) == u"uploads"_s && method == "POST")
        return startUpload(rest.at(0), params);
    if (isUploadSessionPath(rest) && method == "POST")
        return uploadBytes(request, rest.at(0), params);
    if (isUploadSessionPath(rest) && method == "GET")
        return uploadOffset(rest.at(0), params);
    if (rest.size() == 2 && rest.at(1) == u"videos"_s && method == "POST")
        return videos(rest.at(0), params);
    if (rest.size() == 1 && (method == "GET" || method == "DELETE"))
        return object(request, rest.at(0), params);
    return graphError(400,
                      u"Unsupported "_s + QString::fromLatin1(method).toLower()
                          + u" request. Please read the Graph API "
                            "documentation at https://developers.facebook.com/docs/graph-api"_s,
                      u"GraphMethodException"_s, 100);
}

FakeResponse FakeFacebook::me(const FakeRequest &, const Params &params)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(params, &refusal);
    if (!token)
        return refusal;
    if (token->kind == IssuedToken::Kind::Page) {
        for (const Page &page : pages()) {
            if (page.id == token->pageId)
                return FakeResponse::json(200,
                                          QJsonObject {{u"name"_s, page.name}, {u"id"_s, page.id}});
        }
    }
    return FakeResponse::json(200, QJsonObject {{u"name"_s, UserName}, {u"id"_s, token->userId}});
}

FakeResponse FakeFacebook::permissions(const FakeRequest &request, const Params &params)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(params, &refusal);
    if (!token)
        return refusal;
    if (request.method == "DELETE") {
        // De-authorizing the app ends every token of the person, Page tokens included.
        m_tokens.revokeUser(token->userId);
        return FakeResponse::json(200, QJsonObject {{u"success"_s, true}});
    }
    QJsonArray data;
    for (const QString &permission : token->scopes)
        data.append(QJsonObject {{u"permission"_s, permission}, {u"status"_s, u"granted"_s}});
    return FakeResponse::json(200, QJsonObject {{u"data"_s, data}});
}

const IssuedToken *FakeFacebook::businessUser(const Params &params, FakeResponse *refusal)
{
    const IssuedToken *user = authenticate(params, refusal);
    if (!user)
        return nullptr;
    // developers.facebook.com/docs/pages-api/manage-pages: business_management is needed
    // (verify: Graph's code and wording without it).
    if (user->kind != IssuedToken::Kind::Access
        || !user->scopes.contains(u"business_management"_s)) {
        *refusal = graphError(400,
                              u"(#200) Requires business_management permission to manage the "
                              u"object"_s,
                              u"OAuthException"_s, 200);
        return nullptr;
    }
    return user;
}

FakeResponse FakeFacebook::businesses(const Params &params)
{
    FakeResponse refusal;
    if (!businessUser(params, &refusal))
        return refusal;
    return FakeResponse::json(
        200, QJsonObject {{u"data"_s,
                           QJsonArray {QJsonObject {{u"id"_s, BusinessId},
                                                    {u"name"_s, u"Fake Business Portfolio"_s}}}}});
}

FakeResponse FakeFacebook::businessPages(bool owned, const Params &params)
{
    FakeResponse refusal;
    const IssuedToken *user = businessUser(params, &refusal);
    if (!user)
        return refusal;
    // The portfolio owns Page One too (also in /me/accounts) and the portfolio-only Page;
    // it has no client Pages.
    QJsonArray data;
    const IssuedToken userCopy = *user;
    for (const Page &page : pages()) {
        if (!owned || (page.id != u"100000000000001"_s && !page.portfolioOnly))
            continue;
        data.append(QJsonObject {{u"id"_s, page.id},
                                 {u"name"_s, page.name},
                                 {u"access_token"_s, issuePageToken(userCopy, page.id)}});
    }
    return FakeResponse::json(200, QJsonObject {{u"data"_s, data}});
}

FakeResponse FakeFacebook::accounts(const FakeRequest &, const Params &params)
{
    FakeResponse refusal;
    const IssuedToken *user = authenticate(params, &refusal);
    if (!user)
        return refusal;
    if (user->kind != IssuedToken::Kind::Access)
        return graphError(
            400, u"(#100) Tried accessing nonexisting field (accounts) on node type (Page)"_s,
            u"OAuthException"_s, 100);
    QJsonArray data;
    if (user->scopes.contains(u"pages_show_list"_s)) {
        const IssuedToken userCopy = *user;
        for (const Page &page : pages()) {
            if (page.portfolioOnly)
                continue;
            data.append(QJsonObject {
                {u"access_token"_s, issuePageToken(userCopy, page.id)},
                {u"category"_s, page.category},
                {u"name"_s, page.name},
                {u"id"_s, page.id},
                {u"tasks"_s, QJsonArray {u"ADVERTISE"_s, u"ANALYZE"_s, u"CREATE_CONTENT"_s,
                                         u"MESSAGING"_s, u"MODERATE"_s, u"MANAGE"_s}}});
        }
    }
    return FakeResponse::json(
        200,
        QJsonObject {{u"data"_s, data},
                     {u"paging"_s,
                      QJsonObject {{u"cursors"_s, QJsonObject {{u"before"_s, u"QVFIUbefore"_s},
                                                               {u"after"_s, u"QVFIUafter"_s}}}}}});
}

FakeResponse FakeFacebook::feed(const QString &pageId, const Params &params)
{
    FakeResponse refusal;
    if (!authenticatePage(params, pageId, &refusal))
        return refusal;
    const QString message = params.value(u"message"_s);
    const QString link = params.value(u"link"_s);
    if (message.size() > MaxMessageLength) {
        return graphError(400, u"(#100) The parameter message must be at most 63206 characters"_s,
                          u"OAuthException"_s,
                          100); // (verify) wording
    }
    QStringList mediaIds;
    for (int i = 0; params.has(u"attached_media["_s + QString::number(i) + u']'); ++i) {
        const QString entry = params.value(u"attached_media["_s + QString::number(i) + u']');
        const QString fbid
            = QJsonDocument::fromJson(entry.toUtf8()).object()[u"media_fbid"_s].toString();
        const auto it = m_photos.constFind(fbid);
        if (it == m_photos.constEnd() || it->pageId != pageId || it->published || it->attached) {
            return graphError(400,
                              u"(#100) param attached_media["_s + QString::number(i)
                                  + u"] has invalid media_fbid"_s,
                              u"OAuthException"_s, 100); // (verify) wording
        }
        mediaIds.append(fbid);
    }
    if (message.isEmpty() && link.isEmpty() && mediaIds.isEmpty())
        return graphError(400, u"(#100) Missing message or attachment"_s, u"OAuthException"_s,
                          100); // (verify)
    bool published = params.value(u"published"_s) != u"false"_s;
    if (params.has(u"scheduled_publish_time"_s)) {
        // (verify) the window; the documentation has said 10 minutes to 30 days (later 75 days).
        const QDateTime when = QDateTime::fromSecsSinceEpoch(
            params.value(u"scheduled_publish_time"_s).toLongLong(), Qt::UTC);
        const QDateTime now = m_clock->now();
        if (published || when < now.addSecs(10 * 60) || when > now.addDays(75))
            return graphError(400, u"(#100) The specified scheduled publish time is invalid."_s,
                              u"OAuthException"_s, 100);
        published = false;
    }
    if (mediaIds.isEmpty()) {
        if (auto duplicate = duplicateOf(pageId, message))
            return *duplicate;
    }
    for (const QString &id : std::as_const(mediaIds))
        m_photos[id].attached = true;
    Post post;
    post.id = newPostId(pageId);
    post.pageId = pageId;
    post.message = message;
    post.link = link;
    post.mediaIds = mediaIds;
    post.published = published;
    post.createdAt = m_clock->now();
    m_posts.append(post);
    return FakeResponse::json(200, QJsonObject {{u"id"_s, post.id}});
}

QString FakeFacebook::newPostId(const QString &pageId)
{
    return pageId + u'_' + QString::number(PostIdBase + ++m_nextPost);
}

std::optional<FakeResponse> FakeFacebook::duplicateOf(const QString &pageId, const QString &message)
{
    if (message.isEmpty())
        return std::nullopt;
    for (const Post &existing : std::as_const(m_posts)) {
        // A video that failed processing never became a post.
        const bool failedVideo = !existing.videoId.isEmpty()
                                 && m_videos.value(existing.videoId).state == VideoState::Failed;
        if (!existing.deleted && !failedVideo && existing.pageId == pageId
            && existing.message == message) {
            return graphError(400, u"(#506) Duplicate status message"_s, u"OAuthException"_s, 506,
                              1455006,
                              QJsonObject {{u"is_transient"_s, false},
                                           {u"error_user_title"_s, u"Duplicate Status Update"_s},
                                           {u"error_user_msg"_s,
                                            u"This status update is identical to the last one "
                                            "you posted. Try posting something different, or "
                                            "delete your previous update."_s}});
        }
    }
    return std::nullopt;
}

FakeResponse FakeFacebook::photos(const QString &pageId, const Params &params)
{
    FakeResponse refusal;
    if (!authenticatePage(params, pageId, &refusal))
        return refusal;
    const QString url = params.value(u"url"_s);
    if (url.isEmpty() && params.source.isEmpty())
        return graphError(400, u"(#324) Requires upload file"_s, u"OAuthException"_s, 324);
    const bool published = params.value(u"published"_s) != u"false"_s;
    Photo photo {QString::number(PhotoIdBase + ++m_nextPhoto),       pageId, published, false,
                 params.source.isEmpty() ? 0 : params.source.size(), url};
    m_photos.insert(photo.id, photo);
    if (!published)
        return FakeResponse::json(200, QJsonObject {{u"id"_s, photo.id}});
    Post post;
    post.id = newPostId(pageId);
    post.pageId = pageId;
    post.message = params.value(u"caption"_s);
    post.mediaIds = {photo.id};
    post.createdAt = m_clock->now();
    m_posts.append(post);
    return FakeResponse::json(200, QJsonObject {{u"id"_s, photo.id}, {u"post_id"_s, post.id}});
}

FakeResponse FakeFacebook::object(const FakeRequest &request, const QString &id,
                                  const Params &params)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(params, &refusal);
    if (!token)
        return refusal;
    const QString verb = QString::fromLatin1(request.method).toLower();
    auto it = std::find_if(m_posts.begin(), m_posts.end(), [this, &id](const Post &post) {
        return post.id == id && !post.deleted && visible(post);
    });
    const auto missing = [&] {
        return graphError(400,
                          u"Unsupported "_s + verb + u" request. Object with ID '"_s + id
                              + u"' does not exist, cannot be loaded due to missing permissions, "
                                u"or does not support "
                                "this operation. Please read the Graph API documentation at "
                                "https://developers.facebook.com/docs/graph-api"_s,
                          u"GraphMethodException"_s, 100, 33);
    };
    if (it == m_posts.end()) {
        if (const auto video = m_videos.find(id);
            video != m_videos.end() && request.method == "GET")
            return videoNode(*video, params);
        const auto photo = m_photos.constFind(id);
        if (photo != m_photos.constEnd() && request.method == "GET")
            return FakeResponse::json(200, QJsonObject {{u"id"_s, photo->id}});
        return missing();
    }
    if (request.method == "DELETE") {
        if (token->kind != IssuedToken::Kind::Page || token->pageId != it->pageId)
            return graphError(403, u"(#200) Permissions error"_s, u"OAuthException"_s,
                              200); // (verify)
        it->deleted = true;
        return FakeResponse::json(200, QJsonObject {{u"success"_s, true}});
    }
    QJsonObject answer {{u"created_time"_s, graphTime(it->createdAt)}, {u"id"_s, it->id}};
    if (!it->message.isEmpty())
        answer.insert(u"message"_s, it->message);
    const QString fields = params.value(u"fields"_s);
    if (fields.contains(u"is_published"_s))
        answer.insert(u"is_published"_s, it->published);
    if (fields.contains(u"permalink_url"_s))
        answer.insert(u"permalink_url"_s, QString(u"https://www.facebook.com/"_s + it->id));
    return FakeResponse::json(200, answer);
}

QJsonArray FakeFacebook::posts() const
{
    QJsonArray out;
    for (const Post &post : m_posts) {
        if (!visible(post))
            continue;
        QJsonObject entry {{u"platform"_s, u"facebook"_s},
                           {u"id"_s, post.id},
                           {u"page"_s, post.pageId},
                           {u"author"_s, post.pageId},
                           {u"text"_s, post.message},
                           {u"link"_s, post.link},
                           {u"mediaIds"_s, QJsonArray::fromStringList(post.mediaIds)},
                           {u"published"_s, post.published},
                           {u"deleted"_s, post.deleted},
                           {u"createdAt"_s, post.createdAt.toString(Qt::ISODateWithMs)}};
        const QJsonObject video = videoFieldsOf(post);
        for (auto it = video.begin(); it != video.end(); ++it)
            entry.insert(it.key(), it.value());
        out.append(entry);
    }
    return out;
}

QString FakeFacebook::applySwitches(const QJsonObject &switches)
{
    if (const QString error = applyConsent(switches, &m_denyConsent); !error.isEmpty())
        return error;
    if (const QString error = applyVideoSwitches(switches); !error.isEmpty())
        return error;
    return applyFailureSwitches(switches);
}

int FakeFacebook::revokeTokens(const QString &userId)
{
    return m_tokens.revokeUser(userId);
}

QJsonObject FakeFacebook::describe() const
{
    QJsonArray pageList;
    for (const Page &page : pages())
        pageList.append(QJsonObject {{u"id"_s, page.id}, {u"name"_s, page.name}});
    QJsonObject state {{u"user"_s, QJsonObject {{u"id"_s, UserId}, {u"name"_s, UserName}}},
                       {u"pages"_s, pageList},
                       {u"clientId"_s, m_app.clientId},
                       {u"redirectUris"_s, QJsonArray::fromStringList(m_app.redirectUris)},
                       {u"consent"_s, m_denyConsent ? u"deny"_s : u"approve"_s},
                       {u"versions"_s, QJsonArray::fromStringList(m_versions)}};
    const QJsonObject videos = describeVideos();
    for (auto it = videos.begin(); it != videos.end(); ++it)
        state.insert(it.key(), it.value());
    return state;
}

} // namespace slotline::fake
