#include "server/connectors/xconnector.h"

#include "server/platforms/platformcatalog.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

namespace slotline {

void XConnector::create(const Attempt &attempt, CreateDone done)
{
    uploadImages(attempt, {}, std::move(done));
}

void XConnector::uploadImages(const Attempt &attempt, QStringList mediaIds, CreateDone done)
{
    if (mediaIds.size() == attempt.media.size()) {
        createPost(attempt, mediaIds, std::move(done));
        return;
    }
    const MediaFile &image = attempt.media.at(mediaIds.size());
    if (needsChunks(image)) {
        initializeVideo(attempt, mediaIds, std::move(done));
        return;
    }
    PlatformRequest request;
    request.method = "POST";
    request.url
        = QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"), u"/2/media/upload"));
    QByteArray contentType;
    request.body
        = multipart({{"media", image.bytes, image.fileName.toUtf8(), image.mimeType.toLatin1()},
                     {"media_category", "tweet_image", {}, {}}},
                    &contentType);
    request.headers = {{"Authorization", PlatformAuthorization::bearer(attempt.accessToken)},
                       {"Content-Type", contentType}};
    send(request, [this, attempt, mediaIds,
                   done = std::move(done)](const PlatformResponse &response) mutable {
        if (auto error = uploadFailureOf(response, QStringLiteral("X"))) {
            done(*error);
            return;
        }
        const QJsonObject body = response.json();
        QString id
            = body.value(QStringLiteral("data")).toObject().value(QStringLiteral("id")).toString();
        if (id.isEmpty())
            id = body.value(QStringLiteral("media_id_string")).toString();
        if (id.isEmpty()) {
            done(PlatformError {PlatformError::Kind::Refused,
                                QStringLiteral("X accepted the image but gave no media id."),
                                response.status});
            return;
        }
        mediaIds.append(id);
        uploadImages(attempt, mediaIds, std::move(done));
    });
}

PlatformRequest XConnector::mediaRequest(const Attempt &attempt, const QString &path) const
{
    PlatformRequest request;
    request.method = "POST";
    request.url = QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"), path));
    request.headers = {{"Authorization", PlatformAuthorization::bearer(attempt.accessToken)}};
    return request;
}

bool XConnector::needsChunks(const MediaFile &file)
{
    // The one-shot upload takes still images only: an animated GIF goes in chunks as
    // tweet_gif and is processed like a video.
    return file.isVideo() || file.mimeType == u"image/gif";
}

void XConnector::initializeVideo(const Attempt &attempt, QStringList mediaIds, CreateDone done)
{
    const MediaFile &video = attempt.media.at(mediaIds.size());
    PlatformRequest request = mediaRequest(attempt, QStringLiteral("/2/media/upload/initialize"));
    request.headers.emplaceBack("Content-Type", "application/json");
    request.body = QJsonDocument(QJsonObject {{QStringLiteral("media_type"), video.mimeType},
                                              {QStringLiteral("total_bytes"), video.size},
                                              {QStringLiteral("media_category"),
                                               video.isVideo() ? QStringLiteral("tweet_video")
                                                               : QStringLiteral("tweet_gif")}})
                       .toJson(QJsonDocument::Compact);
    send(request, [this, attempt, mediaIds,
                   done = std::move(done)](const PlatformResponse &response) mutable {
        if (auto error = uploadFailureOf(response, QStringLiteral("X"))) {
            done(*error);
            return;
        }
        VideoUpload upload;
        upload.mediaId = response.json()
                             .value(QStringLiteral("data"))
                             .toObject()
                             .value(QStringLiteral("id"))
                             .toString();
        if (upload.mediaId.isEmpty()) {
            done(PlatformError {PlatformError::Kind::Refused,
                                QStringLiteral("X started no upload for the video."),
                                response.status});
            return;
        }
        appendChunk(attempt, mediaIds, upload, std::move(done));
    });
}

void XConnector::appendChunk(const Attempt &attempt, QStringList mediaIds, VideoUpload video,
                             CreateDone done)
{
    const MediaFile &file = attempt.media.at(mediaIds.size());
    const qint64 offset = qint64(video.segment) * ChunkBytes;
    if (offset >= file.size) {
        finalizeVideo(attempt, mediaIds, video, std::move(done));
        return;
    }
    const auto chunk = file.read(offset, ChunkBytes);
    if (!chunk) {
        done(PlatformError {PlatformError::Kind::Refused,
                            QStringLiteral("The video %1 could not be read.").arg(file.fileName),
                            0});
        return;
    }
    PlatformRequest request
        = mediaRequest(attempt, QStringLiteral("/2/media/upload/%1/append").arg(video.mediaId));
    QByteArray contentType;
    request.body = multipart({{"segment_index", QByteArray::number(video.segment), {}, {}},
                              {"media", *chunk, "blob", "application/octet-stream"}},
                             &contentType);
    request.headers.emplaceBack("Content-Type", contentType);
    request.timeoutMs = 300'000;
    send(request, [this, attempt, mediaIds, video,
                   done = std::move(done)](const PlatformResponse &response) mutable {
        if (auto error = uploadFailureOf(response, QStringLiteral("X"))) {
            done(*error);
            return;
        }
        ++video.segment;
        appendChunk(attempt, mediaIds, video, std::move(done));
    });
}

void XConnector::finalizeVideo(const Attempt &attempt, QStringList mediaIds, VideoUpload video,
                               CreateDone done)
{
    const PlatformRequest request
        = mediaRequest(attempt, QStringLiteral("/2/media/upload/%1/finalize").arg(video.mediaId));
    send(request, [this, attempt, mediaIds, video,
                   done = std::move(done)](const PlatformResponse &response) mutable {
        followProcessing(attempt, mediaIds, video, response, std::move(done));
    });
}

void XConnector::followProcessing(const Attempt &attempt, QStringList mediaIds, VideoUpload video,
                                  const PlatformResponse &answer, CreateDone done)
{
    if (auto error = uploadFailureOf(answer, QStringLiteral("X"))) {
        done(*error);
        return;
    }
    const QJsonObject processing = answer.json()
                                       .value(QStringLiteral("data"))
                                       .toObject()
                                       .value(QStringLiteral("processing_info"))
                                       .toObject();
    const QString state = processing.value(QStringLiteral("state")).toString();
    // No processing_info: ready at once.
    if (processing.isEmpty() || state == u"succeeded") {
        mediaIds.append(video.mediaId);
        uploadImages(attempt, mediaIds, std::move(done));
        return;
    }
    if (state == u"failed") {
        const QJsonObject error = processing.value(QStringLiteral("error")).toObject();
        const QString reason = error.value(QStringLiteral("message")).toString();
        PlatformError refused {
            PlatformError::Kind::Refused,
            QStringLiteral("X could not process %1: %2")
                .arg(attempt.media.at(mediaIds.size()).fileName,
                     reason.isEmpty() ? error.value(QStringLiteral("name")).toString() : reason),
            0};
        refused.failure = FailureCode::MediaRejected;
        done(refused);
        return;
    }
    if (++video.statusChecks > MaxStatusChecks) {
        done(PlatformError {PlatformError::Kind::Unavailable,
                            QStringLiteral("X was still processing the video after %1 checks.")
                                .arg(MaxStatusChecks),
                            0});
        return;
    }
    // X says when to look again; at least a second, at most a minute between looks.
    const int seconds
        = qBound(1, processing.value(QStringLiteral("check_after_secs")).toInt(1), 60);
    QTimer::singleShot(
        seconds * 1000, this, [this, attempt, mediaIds, video, done = std::move(done)]() mutable {
            PlatformRequest request;
            request.url = PlatformAuthorization::withQuery(
                QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"),
                                               u"/2/media/upload")),
                {{QStringLiteral("command"), QStringLiteral("STATUS")},
                 {QStringLiteral("media_id"), video.mediaId}});
            request.headers
                = {{"Authorization", PlatformAuthorization::bearer(attempt.accessToken)}};
            send(request, [this, attempt, mediaIds, video,
                           done = std::move(done)](const PlatformResponse &response) mutable {
                followProcessing(attempt, mediaIds, video, response, std::move(done));
            });
        });
}

void XConnector::createPost(const Attempt &attempt, const QStringList &mediaIds, CreateDone done)
{
    QJsonObject body {{QStringLiteral("text"), attempt.request.submission.text}};
    if (!mediaIds.isEmpty())
        body.insert(QStringLiteral("media"), QJsonObject {{QStringLiteral("media_ids"),
                                                           QJsonArray::fromStringList(mediaIds)}});
    PlatformRequest request;
    request.method = "POST";
    request.url = QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"), u"/2/tweets"));
    request.headers = {{"Authorization", PlatformAuthorization::bearer(attempt.accessToken)},
                       {"Content-Type", "application/json"}};
    request.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    const QString username = attempt.request.account.username;
    sendCreate(
        attempt, request,
        [this, username, done = std::move(done)](const PlatformResponse &response) {
            if (auto error = createFailureOf(response, QStringLiteral("X"))) {
                done(*error);
                return;
            }
            const QString id = response.json()
                                   .value(QStringLiteral("data"))
                                   .toObject()
                                   .value(QStringLiteral("id"))
                                   .toString();
            if (id.isEmpty()) {
                done(PlatformError {
                    PlatformError::Kind::Unknown,
                    QStringLiteral("X answered %1 without the post's id").arg(response.status),
                    response.status});
                return;
            }
            done(Created {id, postUrl(username, id)});
        });
}

QString XConnector::accountUrl(const Account &account, const QString &) const
{
    if (!account.username.isEmpty())
        return QStringLiteral("https://x.com/%1").arg(account.username);
    if (!account.externalId.isEmpty())
        return QStringLiteral("https://x.com/i/user/%1").arg(account.externalId);
    return {};
}

QString XConnector::postUrl(const QString &username, const QString &id)
{
    return username.isEmpty() ? QStringLiteral("https://x.com/i/web/status/%1").arg(id)
                              : QStringLiteral("https://x.com/%1/status/%2").arg(username, id);
}

QString XConnector::shownText(const QJsonObject &post)
{
    // X lists `&`, `<` and `>` as HTML entities; a t.co link holds none of them.
    QString text = post.value(QStringLiteral("text")).toString();
    text.replace(QStringLiteral("&lt;"), QStringLiteral("<"));
    text.replace(QStringLiteral("&gt;"), QStringLiteral(">"));
    text.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    // Each t.co link is found by itself rather than by its offsets: X counts those in the
    // escaped text in some answers and in the text as written in others.
    const QJsonArray urls
        = post.value(QStringLiteral("entities")).toObject().value(QStringLiteral("urls")).toArray();
    for (const QJsonValue &value : urls) {
        const QJsonObject link = value.toObject();
        const QString shortUrl = link.value(QStringLiteral("url")).toString();
        if (!shortUrl.startsWith(u"https://t.co/") && !shortUrl.startsWith(u"http://t.co/"))
            continue;
        // A media link is not part of what was written.
        const bool media = link.contains(QStringLiteral("media_key"));
        const QString original
            = media ? QString() : link.value(QStringLiteral("expanded_url")).toString();
        if (!media && original.isEmpty())
            continue;
        text = replacedLink(text, shortUrl, original);
    }
    return text;
}

QString XConnector::replacedLink(const QString &text, const QString &shortUrl,
                                 const QString &replacement)
{
    // Whole links only: https://t.co/abc is not the start of https://t.co/abcd.
    QString out;
    qsizetype from = 0;
    for (qsizetype at = text.indexOf(shortUrl); at >= 0; at = text.indexOf(shortUrl, from)) {
        const qsizetype end = at + shortUrl.size();
        const bool whole = end == text.size() || !text.at(end).isLetterOrNumber();
        out += QStringView(text).mid(from, at - from);
        out += whole ? replacement : shortUrl;
        from = end;
    }
    out += QStringView(text).mid(from);
    return out;
}

PlatformRequest XConnector::postsRequest(const Attempt &attempt, qint64 sinceMs) const
{
    PlatformRequest request;
    request.url = PlatformAuthorization::withQuery(
        QUrl(PlatformCatalog::endpoint(
            attempt.app, QStringLiteral("api"),
            QStringLiteral("/2/users/%1/tweets").arg(attempt.request.account.externalId))),
        {{QStringLiteral("max_results"), QString::number(LookupPageSize)},
         {QStringLiteral("start_time"),
          QDateTime::fromMSecsSinceEpoch(sinceMs, Qt::UTC).toString(Qt::ISODate)},
         // X bills reads per post returned: the account's replies and reposts are never a
         // post Slotline made, so they are not asked for.
         {QStringLiteral("exclude"), QStringLiteral("retweets,replies")},
         {QStringLiteral("tweet.fields"), QStringLiteral("created_at,entities")}});
    request.headers = {{"Authorization", PlatformAuthorization::bearer(attempt.accessToken)}};
    return request;
}

PlatformConnector::PostsPage XConnector::postsPage(const Attempt &attempt,
                                                   const PlatformRequest &first,
                                                   const PlatformRequest &,
                                                   const PlatformResponse &response, qint64) const
{
    const QJsonObject answer = response.json();
    PostsPage page;
    // start_time keeps every post listed within the window.
    const QJsonArray posts = answer.value(QStringLiteral("data")).toArray();
    for (const QJsonValue &value : posts) {
        const QJsonObject post = value.toObject();
        const QString id = post.value(QStringLiteral("id")).toString();
        page.posts.append(ListedPost {comparable(shownText(post)),
                                      Created {id, postUrl(attempt.request.account.username, id)}});
    }
    // docs.x.com, x-api/fundamentals/pagination: meta.next_token, given back as
    // pagination_token, until an answer has none.
    const QString token = answer.value(QStringLiteral("meta"))
                              .toObject()
                              .value(QStringLiteral("next_token"))
                              .toString();
    if (!token.isEmpty()) {
        PlatformRequest next = first;
        next.url = PlatformAuthorization::withQuery(first.url,
                                                    {{QStringLiteral("pagination_token"), token}});
        page.next = next;
    }
    return page;
}

} // namespace slotline
