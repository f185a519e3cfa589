// FakeFacebook's Page videos: the Resumable Upload API that takes the file
// (developers.facebook.com/docs/graph-api/guides/upload, formerly
// /docs/graph-api/resumable-upload-api), the /<page>/videos call that publishes it with the handle
// (developers.facebook.com/docs/video-api/guides/publishing), the video's status while it is
// processed (developers.facebook.com/docs/graph-api/reference/video-status) and the switches
// that make these fail. Kept apart from fakefacebook.cpp: a connector's large uploads and
// their interruptions are a subject of their own.
#include "fakeplatforms/fakefacebook.h"

#include <QCryptographicHash>
#include <QUrl>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace slotline::fake {

namespace {

constexpr qint64 VideoIdBase = 122300000000000000LL;
// Handles carry an expiry ("e:<unix seconds>") as Meta's do; the fake does not enforce it
// (verify: how long a handle stays usable).
constexpr qint64 HandleSeconds = 30 * 24 * 60 * 60;

const QStringList UploadFileTypes
    = {u"application/pdf"_s, u"image/jpeg"_s, u"image/jpg"_s, u"image/png"_s, u"video/mp4"_s};

QString base64Url(const QByteArray &bytes)
{
    return QString::fromLatin1(
        bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

QString digestOf(const QString &purpose, const QString &value, qsizetype length)
{
    return base64Url(QCryptographicHash::hash((purpose + u':' + value).toUtf8(),
                                              QCryptographicHash::Sha256))
        .left(length);
}

} // namespace

QString FakeFacebook::videoStatusName(VideoState state)
{
    switch (state) {
    case VideoState::Processing: return u"processing"_s;
    case VideoState::Ready: return u"ready"_s;
    case VideoState::Failed: break;
    }
    return u"error"_s;
}

bool FakeFacebook::isUploadSessionPath(const QStringList &rest)
{
    return rest.size() == 1 && rest.first().startsWith(u"upload:"_s);
}

bool FakeFacebook::readsBodyInPieces(const FakeRequest &request) const
{
    return request.method == "POST"
           && isUploadSessionPath(request.path.split(u'/', Qt::SkipEmptyParts).mid(1));
}

const IssuedToken *FakeFacebook::authenticateUploader(const Params &params, FakeResponse *refusal)
{
    if (!params.has(u"access_token"_s)) {
        // (verify) code and wording: the guide only says the call fails.
        *refusal
            = graphError(400,
                         u"An active access token must be used: upload sessions take it in the "
                         "Authorization header (Authorization: OAuth <USER_ACCESS_TOKEN>)."_s,
                         u"OAuthException"_s, 2500);
        return nullptr;
    }
    const IssuedToken *token = authenticate(params, refusal);
    if (!token)
        return nullptr;
    // The guide asks for a User access token; what Graph answers to a Page token here is
    // not documented (verify: code 190 and wording).
    if (token->kind != IssuedToken::Kind::Access) {
        *refusal = graphError(
            400, u"Invalid OAuth access token - This call requires a User access token"_s,
            u"OAuthException"_s, 190);
        return nullptr;
    }
    return token;
}

FakeResponse FakeFacebook::startUpload(const QString &appId, const Params &params)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticateUploader(params, &refusal);
    if (!token)
        return refusal;
    if (appId != m_app.clientId) {
        return graphError(
            400,
            u"Unsupported post request. Object with ID '"_s + appId
                + u"' does not exist, cannot be loaded due to missing permissions, or does not "
                  "support this operation. Please read the Graph API documentation at "
                  "https://developers.facebook.com/docs/graph-api"_s,
            u"GraphMethodException"_s, 100, 33);
    }
    // (verify) the wording of the three parameter errors.
    for (const QString &name : {u"file_name"_s, u"file_length"_s, u"file_type"_s}) {
        if (params.value(name).isEmpty())
            return graphError(400, u"(#100) The parameter "_s + name + u" is required"_s,
                              u"OAuthException"_s, 100);
    }
    bool ok = false;
    const qint64 length = params.value(u"file_length"_s).toLongLong(&ok);
    if (!ok || length <= 0)
        return graphError(400, u"(#100) Param file_length must be a positive integer"_s,
                          u"OAuthException"_s, 100);
    const QString fileType = params.value(u"file_type"_s);
    if (!UploadFileTypes.contains(fileType))
        return graphError(400,
                          u"(#100) Param file_type must be one of {"_s
                              + UploadFileTypes.join(u", "_s) + u"}"_s,
                          u"OAuthException"_s, 100);

    // Meta's session ids are opaque base64 with a signature beside them
    // ("upload:MTphdHRhY2htZW50…?sig=ARZ…"): a client must keep the whole id, sig included.
    UploadSession session;
    session.number = ++m_nextUpload;
    session.id
        = base64Url(u"1:attachment:fake-upload-%1?file_length=%2&file_type=%3"_s.arg(session.number)
                        .arg(length)
                        .arg(QString::fromLatin1(QUrl::toPercentEncoding(fileType)))
                        .toUtf8());
    session.signature = u"AR"_s + digestOf(u"sig"_s, session.id, 17);
    session.userId = token->userId;
    session.fileName = params.value(u"file_name"_s);
    session.fileType = fileType;
    session.length = length;
    session.sha256 = std::make_shared<QCryptographicHash>(QCryptographicHash::Sha256);
    m_uploads.insert(session.id, session);
    return FakeResponse::json(
        200, QJsonObject {
                 {u"id"_s, QString(u"upload:"_s + session.id + u"?sig="_s + session.signature)}});
}

FakeFacebook::UploadSession *FakeFacebook::uploadSession(const QString &session,
                                                         const Params &params,
                                                         const IssuedToken &token,
                                                         const QString &verb, FakeResponse *refusal)
{
    const QString id = session.mid(u"upload:"_s.size());
    const auto it = m_uploads.find(id);
    // A wrong or missing sig reads as an unknown object here (verify: Graph may answer 190
    // or another message).
    if (it == m_uploads.end() || it->signature != params.value(u"sig"_s)
        || it->userId != token.userId) {
        *refusal = graphError(
            400,
            u"Unsupported "_s + verb + u" request. Object with ID '"_s + session
                + u"' does not exist, cannot be loaded due to missing permissions, or does not "
                  "support this operation. Please read the Graph API documentation at "
                  "https://developers.facebook.com/docs/graph-api"_s,
            u"GraphMethodException"_s, 100, 33);
        return nullptr;
    }
    return &*it;
}

FakeResponse FakeFacebook::uploadBytes(const FakeRequest &request, const QString &session,
                                       const Params &params)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticateUploader(params, &refusal);
    if (!token)
        return refusal;
    UploadSession *upload = uploadSession(session, params, *token, u"post"_s, &refusal);
    if (!upload)
        return refusal;
    // (verify) codes and wording of the offset and length errors: the guide documents none.
    bool ok = false;
    const qint64 offset = request.header("file_offset").trimmed().toLongLong(&ok);
    if (!request.hasHeader("file_offset") || !ok || offset < 0)
        return graphError(400, u"(#100) The file_offset header must be a byte offset"_s,
                          u"OAuthException"_s, 100);
    if (offset != upload->received) {
        return graphError(
            400,
            u"(#100) The file_offset %1 does not match the upload session's "
            "offset %2: resume from the offset that GET on the session answers"_s.arg(offset)
                .arg(upload->received),
            u"OAuthException"_s, 100);
    }
    const qint64 size = request.bodySize();
    if (upload->received + size > upload->length) {
        return graphError(400,
                          u"(#100) %1 bytes from offset %2 go past the file_length %3"_s.arg(size)
                              .arg(offset)
                              .arg(upload->length),
                          u"OAuthException"_s, 100);
    }

    // The switch uploadDropAtByte: the upload whose bytes reach that offset keeps them up to
    // it, and its answer is lost, once.
    const qint64 dropAt = m_uploadDropAtByte;
    const bool drop = dropAt > upload->received && dropAt <= upload->received + size;
    const qint64 keep = drop ? dropAt - upload->received : size;
    QCryptographicHash *hash = upload->sha256.get();
    if (!request.readBody(UploadPieceBytes, keep,
                          [hash](const QByteArray &piece) { hash->addData(piece); })) {
        // (verify) what Graph answers when it cannot take the bytes.
        return graphError(500,
                          u"An unexpected error has occurred. Please retry your request later."_s,
                          u"OAuthException"_s, 2, 0, QJsonObject {{u"is_transient"_s, true}});
    }
    upload->received += keep;
    if (upload->received == upload->length && upload->handle.isEmpty()) {
        upload->digest = upload->sha256->result().toHex();
        // Like Meta's "2:c2FtcGxl…:image/jpeg:GKAj…:e:1472075513:ARZ_…": opaque, with ':',
        // '/', '+' and '=' in it, so a client must send it encoded as a form value.
        upload->handle = u"4:"_s + QString::fromLatin1(upload->fileName.toUtf8().toBase64()) + u':'
                         + upload->fileType + u':'
                         + QString::fromLatin1(
                             QCryptographicHash::hash(upload->id.toUtf8(), QCryptographicHash::Sha1)
                                 .toBase64())
                         + u":e:"_s
                         + QString::number(m_clock->now().toSecsSinceEpoch() + HandleSeconds) + u':'
                         + upload->signature;
    }
    if (drop) {
        m_uploadDropAtByte = 0;
        FakeResponse lost;
        lost.drop = true;
        return lost;
    }
    // The guide shows only the answer that completes the upload; an upload left incomplete
    // answers what GET on the session does (verify).
    if (upload->received < upload->length) {
        return FakeResponse::json(200, QJsonObject {{u"id"_s, QString(u"upload:"_s + upload->id)},
                                                    {u"file_offset"_s, upload->received}});
    }
    return FakeResponse::json(200, QJsonObject {{u"h"_s, upload->handle}});
}

FakeResponse FakeFacebook::uploadOffset(const QString &session, const Params &params)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticateUploader(params, &refusal);
    if (!token)
        return refusal;
    const UploadSession *upload = uploadSession(session, params, *token, u"get"_s, &refusal);
    if (!upload)
        return refusal;
    return FakeResponse::json(200, QJsonObject {{u"id"_s, QString(u"upload:"_s + upload->id)},
                                                {u"file_offset"_s, upload->received}});
}

FakeResponse FakeFacebook::videos(const QString &pageId, const Params &params)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticatePage(params, pageId, &refusal);
    if (!token)
        return refusal;
    const QString handle = params.value(u"fbuploader_video_file_chunk"_s);
    if (handle.isEmpty()) {
        // Graph also takes `source` and `file_url`; the fake serves only the handle of a
        // resumable upload, the way Meta's publishing guide describes.
        return graphError(400,
                          u"(#100) fbuploader_video_file_chunk is required: this fake publishes "
                          "videos uploaded with the Resumable Upload API only"_s,
                          u"OAuthException"_s, 100);
    }
    UploadSession *upload = nullptr;
    for (UploadSession &candidate : m_uploads) {
        if (!candidate.handle.isEmpty() && candidate.handle == handle)
            upload = &candidate;
    }
    // (verify) code and wording for a handle Graph does not take: unknown, already used,
    // another person's, or not a video.
    if (!upload || upload->handleUsed || upload->userId != token->userId
        || upload->fileType != u"video/mp4"_s) {
        return graphError(400,
                          u"(#100) Invalid parameter fbuploader_video_file_chunk: the handle is "
                          "unknown, already used, or not of a complete video upload"_s,
                          u"OAuthException"_s, 100);
    }
    const QString description = params.value(u"description"_s);
    if (description.size() > MaxMessageLength) {
        return graphError(400,
                          u"(#100) The parameter description must be at most 63206 characters"_s,
                          u"OAuthException"_s, 100); // (verify) limit and wording
    }
    if (auto duplicate = duplicateOf(pageId, description))
        return *duplicate;

    upload->handleUsed = true;
    Video video;
    video.id = QString::number(VideoIdBase + ++m_nextVideo);
    video.pageId = pageId;
    video.postId = newPostId(pageId);
    video.title = params.value(u"title"_s);
    video.description = description;
    video.sha256 = upload->digest;
    video.bytes = upload->length;
    video.createdAt = m_clock->now();
    m_videos.insert(video.id, video);
    Post post;
    post.id = video.postId;
    post.pageId = pageId;
    post.message = description;
    post.mediaIds = {video.id};
    post.published = true;
    post.createdAt = video.createdAt;
    post.videoId = video.id;
    m_posts.append(post);
    return FakeResponse::json(200, QJsonObject {{u"id"_s, video.id}});
}

FakeResponse FakeFacebook::videoNode(Video &video, const Params &params)
{
    QStringList fields = params.value(u"fields"_s).split(u',', Qt::SkipEmptyParts);
    for (QString &field : fields)
        field = field.trimmed();
    QJsonObject answer {{u"id"_s, video.id}};
    if (fields.isEmpty() || fields.contains(u"description"_s)) {
        if (!video.description.isEmpty())
            answer.insert(u"description"_s, video.description);
    }
    if (fields.contains(u"title"_s) && !video.title.isEmpty())
        answer.insert(u"title"_s, video.title);
    if (!fields.contains(u"status"_s))
        return FakeResponse::json(200, answer);

    // Like the fake X and LinkedIn, processing moves on with each look: the first answers
    // processing, the next one the outcome the videoProcessing switch then chooses.
    if (video.state == VideoState::Processing) {
        if (video.looked)
            video.state = m_failVideoProcessing ? VideoState::Failed : VideoState::Ready;
        video.looked = true;
    }
    QJsonObject processing;
    QJsonObject publishing {{u"status"_s, u"not_started"_s}};
    switch (video.state) {
    case VideoState::Processing: processing.insert(u"status"_s, u"in_progress"_s); break;
    case VideoState::Ready:
        processing.insert(u"status"_s, u"complete"_s);
        publishing = {{u"status"_s, u"complete"_s}, {u"publish_status"_s, u"published"_s}};
        break;
    case VideoState::Failed:
        // Code 352's words as clients report them (restfb#242); where Graph puts them in
        // processing_phase is not documented.
        processing.insert(u"status"_s, u"error"_s);
        processing.insert(
            u"errors"_s,
            QJsonArray {QJsonObject {{u"code"_s, 352},
                                     {u"message"_s,
                                      u"Sorry, the video file you selected is in a format that we "
                                      "don't support."_s}}});
        break;
    }
    answer.insert(u"status"_s, QJsonObject {{u"video_status"_s, videoStatusName(video.state)},
                                            {u"uploading_phase"_s,
                                             QJsonObject {{u"status"_s, u"complete"_s},
                                                          {u"bytes_transferred"_s, video.bytes}}},
                                            {u"processing_phase"_s, processing},
                                            {u"publishing_phase"_s, publishing}});
    return FakeResponse::json(200, answer);
}

bool FakeFacebook::visible(const Post &post) const
{
    return post.videoId.isEmpty() || m_videos.value(post.videoId).state == VideoState::Ready;
}

QJsonObject FakeFacebook::videoFieldsOf(const Post &post) const
{
    if (post.videoId.isEmpty())
        return {};
    const Video video = m_videos.value(post.videoId);
    return QJsonObject {{u"videoId"_s, video.id},
                        {u"videoTitle"_s, video.title},
                        {u"videoSha256"_s, QString::fromLatin1(video.sha256)},
                        {u"videoBytes"_s, video.bytes}};
}

QString FakeFacebook::applyVideoSwitches(const QJsonObject &switches)
{
    if (const QString error = applyVideoProcessing(switches, &m_failVideoProcessing);
        !error.isEmpty())
        return error;
    if (switches.contains(u"uploadDropAtByte"_s)) {
        const QJsonValue value = switches[u"uploadDropAtByte"_s];
        const qint64 offset = value.toInteger(-1);
        if (!value.isDouble() || offset < 0)
            return u"uploadDropAtByte must be a byte offset > 0 (0 turns it off)"_s;
        m_uploadDropAtByte = offset;
    }
    return {};
}

void FakeFacebook::resetVideos()
{
    m_uploads.clear();
    m_videos.clear();
    m_nextUpload = 0;
    m_nextVideo = 0;
    m_failVideoProcessing = false;
    m_uploadDropAtByte = 0;
}

QJsonObject FakeFacebook::describeVideos() const
{
    // In the order they were made, whatever the hashes' order.
    QList<UploadSession> uploadList = m_uploads.values();
    std::sort(uploadList.begin(), uploadList.end(),
              [](const UploadSession &a, const UploadSession &b) { return a.number < b.number; });
    QList<Video> videoList = m_videos.values();
    std::sort(videoList.begin(), videoList.end(),
              [](const Video &a, const Video &b) { return a.id < b.id; });
    QJsonArray uploads;
    for (const UploadSession &upload : std::as_const(uploadList)) {
        uploads.append(QJsonObject {{u"id"_s, QString(u"upload:"_s + upload.id)},
                                    {u"fileName"_s, upload.fileName},
                                    {u"fileType"_s, upload.fileType},
                                    {u"fileLength"_s, upload.length},
                                    {u"fileOffset"_s, upload.received},
                                    {u"handleUsed"_s, upload.handleUsed}});
    }
    QJsonArray videos;
    for (const Video &video : std::as_const(videoList)) {
        videos.append(QJsonObject {{u"id"_s, video.id},
                                   {u"page"_s, video.pageId},
                                   {u"post"_s, video.postId},
                                   {u"status"_s, videoStatusName(video.state)},
                                   {u"bytes"_s, video.bytes},
                                   {u"sha256"_s, QString::fromLatin1(video.sha256)}});
    }
    return QJsonObject {{u"uploadFileTypes"_s, QJsonArray::fromStringList(UploadFileTypes)},
                        {u"uploads"_s, uploads},
                        {u"videos"_s, videos}};
}

} // namespace slotline::fake
