#include "fakeplatforms/fakex.h"

#include "core/platformrules.h"
#include "fakeplatforms/multipartform.h"

#include <QJsonDocument>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace slotline::fake {

namespace {

const QString UserName = u"Fake X User"_s;
const QString UserHandle = u"fake_x_user"_s;
constexpr qint64 TweetIdBase = 1900000000000000000LL;
constexpr qint64 MediaIdBase = 1910000000000000000LL;
constexpr qint64 MediaExpirySeconds = 24 * 60 * 60;

// The failed example of GET media/upload (STATUS) in X's documentation.
QJsonObject processingError()
{
    return QJsonObject {{u"code"_s, 1},
                        {u"name"_s, u"InvalidMedia"_s},
                        {u"message"_s, u"Unsupported video format"_s}};
}

QString mediaKeyPrefix(const QString &category)
{
    if (category == u"tweet_video"_s || category == u"amplify_video"_s)
        return u"7_"_s;
    if (category == u"tweet_gif"_s)
        return u"16_"_s;
    return u"3_"_s;
}

} // namespace

FakeResponse FakeX::problem(int status, const QString &title, const QString &detail,
                            const QString &type)
{
    return FakeResponse::json(status, QJsonObject {{u"title"_s, title},
                                                   {u"type"_s, type},
                                                   {u"status"_s, status},
                                                   {u"detail"_s, detail}});
}

FakeResponse FakeX::invalidRequest(const QString &message)
{
    return FakeResponse::json(
        400, QJsonObject {{u"errors"_s, QJsonArray {QJsonObject {{u"message"_s, message}}}},
                          {u"title"_s, u"Invalid Request"_s},
                          {u"detail"_s, u"One or more parameters to your request was invalid."_s},
                          {u"type"_s, u"https://api.twitter.com/2/problems/invalid-request"_s}});
}

FakeX::FakeX(const OAuthApp &app, FakeClock *clock)
    : m_clock(clock)
    , m_registeredApp(app)
{
    m_app = app;
}

QString FakeX::name() const
{
    return u"x"_s;
}

void FakeX::reset()
{
    m_app = m_registeredApp;
    m_tokens.clear();
    m_tweets.clear();
    m_media.clear();
    m_nextTweet = 0;
    m_nextMedia = 0;
    m_denyConsent = false;
    m_confidentialClient = true;
    resetFailureModes();
    m_failVideoProcessing = false;
}

FakeResponse FakeX::handle(const FakeRequest &request)
{
    static const QRegularExpression tweetPath(u"^/2/tweets/([0-9]+)$"_s);
    static const QRegularExpression uploadStep(u"^/2/media/upload/([0-9]+)/(append|finalize)$"_s);
    const QByteArray &method = request.method;
    const QString &path = request.path;

    if (path == u"/i/oauth2/authorize"_s && method == "GET")
        return authorize(request);
    if (path == u"/2/oauth2/token"_s && method == "POST")
        return token(request);
    if (path == u"/2/oauth2/revoke"_s && method == "POST")
        return revoke(request);
    if (path == u"/2/users/me"_s && method == "GET")
        return usersMe(request);
    if (method == "GET" && isUserTweetsPath(path))
        return listUserTweets(request);
    if (path == u"/2/tweets"_s && method == "POST")
        return createTweet(request);
    if (const auto match = tweetPath.match(path);
        match.hasMatch() && (method == "GET" || method == "DELETE"))
        return tweet(request, match.captured(1));
    if (path == u"/2/media/upload"_s && method == "POST")
        return uploadOneShot(request);
    if (path == u"/2/media/upload"_s && method == "GET")
        return uploadStatus(request);
    if (path == u"/2/media/upload/initialize"_s && method == "POST")
        return initializeUpload(request);
    if (const auto match = uploadStep.match(path); match.hasMatch() && method == "POST") {
        return match.captured(2) == u"append"_s ? appendUpload(request, match.captured(1))
                                                : finalizeUpload(request, match.captured(1));
    }
    // (verify) the body X answers for unknown paths.
    return FakeResponse::json(
        404,
        QJsonObject {{u"errors"_s,
                      QJsonArray {QJsonObject {{u"message"_s, u"Sorry, that page does not exist"_s},
                                               {u"code"_s, 34}}}}});
}

const IssuedToken *FakeX::authenticate(const FakeRequest &request, const QStringList &scopes,
                                       FakeResponse *refusal)
{
    const IssuedToken *token = m_tokens.find(request.bearerToken());
    if (!token || token->kind != IssuedToken::Kind::Access || token->revoked
        || token->expiredAt(m_clock->now())) {
        *refusal = problem(401, u"Unauthorized"_s, u"Unauthorized"_s);
        return nullptr;
    }
    for (const QString &scope : scopes) {
        if (!token->scopes.contains(scope)) {
            // (verify) the body for a user token that lacks a scope.
            *refusal = problem(403, u"Forbidden"_s, u"Forbidden"_s);
            return nullptr;
        }
    }
    return token;
}

FakeResponse FakeX::usersMe(const FakeRequest &request)
{
    FakeResponse refusal;
    if (!authenticate(request, {u"tweet.read"_s, u"users.read"_s}, &refusal))
        return refusal;
    return FakeResponse::json(200,
                              QJsonObject {{u"data"_s, QJsonObject {{u"id"_s, UserId},
                                                                    {u"name"_s, UserName},
                                                                    {u"username"_s, UserHandle}}}});
}

FakeResponse FakeX::createTweet(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token
        = authenticate(request, {u"tweet.read"_s, u"tweet.write"_s, u"users.read"_s}, &refusal);
    if (!token)
        return refusal;
    bool ok = false;
    const QJsonObject body = request.jsonObject(&ok);
    // The documentation requires Content-Type: application/json (verify: X's exact answer).
    if (!ok || !request.isJson())
        return invalidRequest(
            u"Request body must be a JSON object (Content-Type: application/json)."_s);
    const QString text = body[u"text"_s].toString();
    const QJsonArray mediaIds = body[u"media"_s][u"media_ids"_s].toArray();
    if (text.isEmpty() && mediaIds.isEmpty())
        return invalidRequest(u"$.text or $.media is required."_s);
    if (PlatformRules::twitterWeightedLength(text) > MaxWeightedLength) {
        // (verify) X's exact status and wording for an over-long text.
        return problem(403, u"Forbidden"_s,
                       u"Your Tweet text is too long. For more information on how X determines "
                       u"text length see "
                       "https://github.com/twitter/twitter-text."_s);
    }
    QStringList media;
    int videos = 0;
    for (const QJsonValue &value : mediaIds) {
        const QString id = value.toString();
        const auto it = m_media.constFind(id);
        if (it == m_media.constEnd() || it->ownerId != token->userId || !it->finalized
            || (!it->state.isEmpty() && it->state != u"succeeded"_s)
            || m_clock->now() >= it->expiresAt)
            return invalidRequest(u"Your media IDs are invalid."_s); // (verify) wording
        if (it->category != u"tweet_image"_s)
            ++videos;
        media.append(id);
    }
    if (media.size() > 4 || (videos > 0 && media.size() > 1))
        return invalidRequest(u"A post has at most 4 images, or 1 video or GIF."_s);
    const QString replyTo = body[u"reply"_s][u"in_reply_to_tweet_id"_s].toString();
    if (!replyTo.isEmpty()) {
        const bool exists
            = std::any_of(m_tweets.cbegin(), m_tweets.cend(), [&replyTo](const Tweet &tweet) {
                  return tweet.id == replyTo && !tweet.deleted;
              });
        if (!exists)
            return invalidRequest(u"The post you are replying to does not exist."_s); // (verify)
    }
    for (const Tweet &existing : std::as_const(m_tweets)) {
        if (!existing.deleted && existing.authorId == token->userId && existing.text == text
            && !text.isEmpty())
            return problem(403, u"Forbidden"_s,
                           u"You are not allowed to create a Tweet with duplicate content."_s);
    }
    Tweet tweet {QString::number(TweetIdBase + ++m_nextTweet),
                 token->userId,
                 text,
                 media,
                 replyTo,
                 m_clock->now()};
    m_tweets.append(tweet);
    return FakeResponse::json(
        201,
        QJsonObject {{u"data"_s, QJsonObject {{u"edit_history_tweet_ids"_s, QJsonArray {tweet.id}},
                                              {u"id"_s, tweet.id},
                                              {u"text"_s, tweet.text}}}});
}

FakeResponse FakeX::tweet(const FakeRequest &request, const QString &id)
{
    const bool deleting = request.method == "DELETE";
    FakeResponse refusal;
    const QStringList scopes
        = deleting ? QStringList {u"tweet.read"_s, u"tweet.write"_s, u"users.read"_s}
                   : QStringList {u"tweet.read"_s, u"users.read"_s};
    const IssuedToken *token = authenticate(request, scopes, &refusal);
    if (!token)
        return refusal;
    auto it = std::find_if(m_tweets.begin(), m_tweets.end(),
                           [&id](const Tweet &tweet) { return tweet.id == id && !tweet.deleted; });
    if (deleting) {
        if (it == m_tweets.end())
            return FakeResponse::json(
                200, QJsonObject {{u"data"_s, QJsonObject {{u"deleted"_s, false}}}}); // (verify)
        if (it->authorId != token->userId)
            return problem(403, u"Forbidden"_s,
                           u"You are not authorized to delete this Post."_s); // (verify)
        it->deleted = true;
        return FakeResponse::json(200,
                                  QJsonObject {{u"data"_s, QJsonObject {{u"deleted"_s, true}}}});
    }
    if (it == m_tweets.end()) {
        // X answers a missing post with 200 and an errors array.
        return FakeResponse::json(
            200,
            QJsonObject {
                {u"errors"_s,
                 QJsonArray {QJsonObject {
                     {u"value"_s, id},
                     {u"detail"_s, QString(u"Could not find tweet with id: ["_s + id + u"]."_s)},
                     {u"title"_s, u"Not Found Error"_s},
                     {u"resource_type"_s, u"tweet"_s},
                     {u"parameter"_s, u"id"_s},
                     {u"resource_id"_s, id},
                     {u"type"_s, u"https://api.twitter.com/2/problems/resource-not-found"_s}}}}});
    }
    QJsonObject data {{u"edit_history_tweet_ids"_s, QJsonArray {it->id}},
                      {u"id"_s, it->id},
                      {u"text"_s, it->text}};
    if (request.queryValue(u"tweet.fields"_s).contains(u"author_id"_s))
        data.insert(u"author_id"_s, it->authorId);
    if (request.queryValue(u"tweet.fields"_s).contains(u"created_at"_s))
        data.insert(u"created_at"_s, it->createdAt.toString(Qt::ISODateWithMs));
    return FakeResponse::json(200, QJsonObject {{u"data"_s, data}});
}

QString FakeX::newMediaId()
{
    return QString::number(MediaIdBase + ++m_nextMedia);
}

QJsonObject FakeX::mediaJson(const Media &media) const
{
    QJsonObject data {
        {u"id"_s, media.id},
        {u"media_key"_s, QString(mediaKeyPrefix(media.category) + media.id)},
        {u"size"_s, media.receivedBytes},
        {u"expires_after_secs"_s, qMax<qint64>(0, m_clock->now().secsTo(media.expiresAt))}};
    if (!media.state.isEmpty()) {
        QJsonObject processing {{u"state"_s, media.state}};
        if (media.state == u"pending"_s || media.state == u"in_progress"_s)
            processing.insert(u"check_after_secs"_s, 1);
        processing.insert(u"progress_percent"_s, media.state == u"succeeded"_s     ? 100
                                                 : media.state == u"in_progress"_s ? 50
                                                                                   : 0);
        if (media.state == u"failed"_s)
            processing.insert(u"error"_s, processingError());
        data.insert(u"processing_info"_s, processing);
    }
    return data;
}

FakeResponse FakeX::uploadOneShot(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, {u"media.write"_s}, &refusal);
    if (!token)
        return refusal;
    QByteArray bytes;
    QString category;
    QString mediaType;
    if (request.isMultipart()) {
        const auto form = MultipartForm::parse(request.header("content-type"), request.body);
        if (!form)
            return invalidRequest(u"The multipart body could not be read."_s);
        bytes = form->value(u"media"_s);
        category = form->text(u"media_category"_s);
        mediaType = form->text(u"media_type"_s);
    } else {
        bool ok = false;
        const QJsonObject body = request.jsonObject(&ok);
        if (!ok)
            return invalidRequest(
                u"Send multipart/form-data with a media part, or JSON with base64 media."_s);
        bytes = QByteArray::fromBase64(body[u"media"_s].toString().toLatin1());
        category = body[u"media_category"_s].toString();
        mediaType = body[u"media_type"_s].toString();
    }
    if (bytes.isEmpty())
        return invalidRequest(u"$.media is required."_s);
    if (category.isEmpty())
        return invalidRequest(u"$.media_category is required."_s);
    if (category != u"tweet_image"_s && category != u"dm_image"_s && category != u"subtitles"_s)
        return invalidRequest(
            u"$.media_category must be tweet_image, dm_image or subtitles here."_s);
    // The one-shot upload is for still images: a GIF goes through initialize, append and
    // finalize as tweet_gif (verify: the wording of the refusal).
    if (bytes.startsWith("GIF8") || mediaType == u"image/gif"_s)
        return invalidRequest(
            u"GIFs must be uploaded with the chunked upload and media_category tweet_gif."_s);
    Media media {newMediaId(),
                 token->userId,
                 category,
                 mediaType,
                 bytes.size(),
                 bytes.size(),
                 1,
                 true,
                 QString(),
                 m_clock->now().addSecs(MediaExpirySeconds)};
    m_media.insert(media.id, media);
    return FakeResponse::json(200, QJsonObject {{u"data"_s, mediaJson(media)}});
}

FakeResponse FakeX::initializeUpload(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, {u"media.write"_s}, &refusal);
    if (!token)
        return refusal;
    bool ok = false;
    const QJsonObject body = request.jsonObject(&ok);
    if (!ok)
        return invalidRequest(u"Request body must be a JSON object."_s);
    const QString mediaType = body[u"media_type"_s].toString();
    const qint64 totalBytes = body[u"total_bytes"_s].toInteger(-1);
    if (mediaType.isEmpty() || totalBytes <= 0)
        return invalidRequest(u"$.media_type and $.total_bytes are required."_s);
    QString category = body[u"media_category"_s].toString();
    if (category.isEmpty())
        category = mediaType.startsWith(u"video/"_s) ? u"tweet_video"_s
                   : mediaType == u"image/gif"_s     ? u"tweet_gif"_s
                                                     : u"tweet_image"_s;
    Media media {newMediaId(),
                 token->userId,
                 category,
                 mediaType,
                 totalBytes,
                 0,
                 0,
                 false,
                 QString(),
                 m_clock->now().addSecs(MediaExpirySeconds)};
    m_media.insert(media.id, media);
    return FakeResponse::json(
        200,
        QJsonObject {
            {u"data"_s, QJsonObject {{u"id"_s, media.id},
                                     {u"media_key"_s, QString(mediaKeyPrefix(category) + media.id)},
                                     {u"expires_after_secs"_s, MediaExpirySeconds}}}});
}

FakeX::Media *FakeX::unfinishedUpload(const FakeRequest &request, const QString &id,
                                      FakeResponse *refusal)
{
    const IssuedToken *token = authenticate(request, {u"media.write"_s}, refusal);
    if (!token)
        return nullptr;
    auto it = m_media.find(id);
    if (it == m_media.end() || it->ownerId != token->userId || it->finalized) {
        *refusal = invalidRequest(u"Unknown or finished upload: "_s + id);
        return nullptr;
    }
    return &*it;
}

FakeResponse FakeX::appendUpload(const FakeRequest &request, const QString &id)
{
    FakeResponse refusal;
    Media *upload = unfinishedUpload(request, id, &refusal);
    if (!upload)
        return refusal;
    QByteArray chunk;
    int segment = -1;
    if (request.isMultipart()) {
        const auto form = MultipartForm::parse(request.header("content-type"), request.body);
        if (!form)
            return invalidRequest(u"The multipart body could not be read."_s);
        chunk = form->value(u"media"_s);
        bool ok = false;
        segment = form->text(u"segment_index"_s).toInt(&ok);
        if (!ok)
            segment = -1;
    } else {
        const QJsonObject body = request.jsonObject();
        chunk = QByteArray::fromBase64(body[u"media"_s].toString().toLatin1());
        segment = body[u"segment_index"_s].toInt(-1);
    }
    if (segment != upload->nextSegment)
        return invalidRequest(u"segment_index must be "_s + QString::number(upload->nextSegment)
                              + u'.');
    if (chunk.isEmpty())
        return invalidRequest(u"$.media is required."_s);
    upload->receivedBytes += chunk.size();
    ++upload->nextSegment;
    // (verify) the append answer's exact body; its status is 2xx.
    return FakeResponse::json(
        200, QJsonObject {{u"data"_s,
                           QJsonObject {{u"expires_at"_s, upload->expiresAt.toSecsSinceEpoch()}}}});
}

FakeResponse FakeX::finalizeUpload(const FakeRequest &request, const QString &id)
{
    FakeResponse refusal;
    Media *upload = unfinishedUpload(request, id, &refusal);
    if (!upload)
        return refusal;
    if (upload->receivedBytes != upload->totalBytes)
        return invalidRequest(u"File size does not match total_bytes."_s);
    upload->finalized = true;
    // Videos and GIFs are processed after finalize; images are ready at once.
    if (upload->category != u"tweet_image"_s && upload->category != u"dm_image"_s)
        upload->state = u"pending"_s;
    return FakeResponse::json(200, QJsonObject {{u"data"_s, mediaJson(*upload)}});
}

FakeResponse FakeX::uploadStatus(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, {u"media.write"_s}, &refusal);
    if (!token)
        return refusal;
    if (request.queryValue(u"command"_s) != u"STATUS"_s)
        return invalidRequest(u"command must be STATUS."_s);
    auto it = m_media.find(request.queryValue(u"media_id"_s));
    if (it == m_media.end() || it->ownerId != token->userId)
        return invalidRequest(u"Unknown media_id."_s);
    const QJsonObject answer {{u"data"_s, mediaJson(*it)}};
    advanceProcessing(*it);
    return FakeResponse::json(200, answer);
}

void FakeX::advanceProcessing(Media &media) const
{
    // Each status check moves processing one step.
    if (media.state == u"pending"_s)
        media.state = u"in_progress"_s;
    else if (media.state == u"in_progress"_s)
        media.state = m_failVideoProcessing ? u"failed"_s : u"succeeded"_s;
}

QJsonArray FakeX::posts() const
{
    QJsonArray out;
    for (const Tweet &tweet : m_tweets) {
        out.append(QJsonObject {{u"platform"_s, u"x"_s},
                                {u"id"_s, tweet.id},
                                {u"author"_s, tweet.authorId},
                                {u"text"_s, tweet.text},
                                {u"mediaIds"_s, QJsonArray::fromStringList(tweet.mediaIds)},
                                {u"replyTo"_s, tweet.replyTo},
                                {u"deleted"_s, tweet.deleted},
                                {u"createdAt"_s, tweet.createdAt.toString(Qt::ISODateWithMs)}});
    }
    return out;
}

QString FakeX::applySwitches(const QJsonObject &switches)
{
    if (const QString error = applyConsent(switches, &m_denyConsent); !error.isEmpty())
        return error;
    if (switches.contains(u"confidentialClient"_s))
        m_confidentialClient = switches[u"confidentialClient"_s].toBool();
    if (const QString error = applyVideoProcessing(switches, &m_failVideoProcessing);
        !error.isEmpty())
        return error;
    return applyFailureSwitches(switches);
}

int FakeX::revokeTokens(const QString &userId)
{
    return m_tokens.revokeUser(userId);
}

QJsonObject FakeX::describe() const
{
    return QJsonObject {
        {u"user"_s,
         QJsonObject {{u"id"_s, UserId}, {u"name"_s, UserName}, {u"username"_s, UserHandle}}},
        {u"clientId"_s, m_app.clientId},
        {u"redirectUris"_s, QJsonArray::fromStringList(m_app.redirectUris)},
        {u"confidentialClient"_s, m_confidentialClient},
        {u"consent"_s, m_denyConsent ? u"deny"_s : u"approve"_s},
        {u"videoProcessing"_s, m_failVideoProcessing ? u"fail"_s : u"succeed"_s},
        {u"refreshes"_s, m_tokens.issuedCount(IssuedToken::Kind::Refresh)}};
}

} // namespace slotline::fake
