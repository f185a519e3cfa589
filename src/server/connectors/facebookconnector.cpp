#include "server/connectors/facebookconnector.h"

#include "server/api/logcategories.h"
#include "server/platforms/facebookauthorization.h"
#include "server/platforms/platformcatalog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

namespace slotline {

std::optional<PlatformError> FacebookConnector::graphFailureOf(const PlatformResponse &response,
                                                               bool creates) const
{
    // Graph's codes (190 and its subcodes, rate limits, 506 duplicates) are read by
    // PlatformErrorReader; a create's 5xx may come after the post was made.
    return creates ? createFailureOf(response, QStringLiteral("Facebook"))
                   : uploadFailureOf(response, QStringLiteral("Facebook"));
}

std::optional<PlatformError>
FacebookConnector::personCallFailureOf(const PlatformResponse &response) const
{
    auto error = graphFailureOf(response, false);
    if (error && error->kind == PlatformError::Kind::TokenRejected) {
        error->kind = PlatformError::Kind::Refused;
        error->message = personTokenRefused(error->message);
        error->failure = FailureCode::NeedsReconnect;
    }
    return error;
}

QString FacebookConnector::personTokenRefused(const QString &why) const
{
    // The person's token lasts about 60 days and cannot be renewed without the person;
    // the Page's token does not expire.
    return QStringLiteral("A Facebook video is uploaded with the sign-in of the person who "
                          "connected the account. %1 Connect the account again to publish "
                          "videos; text and photo posts go on with the Page's own token.")
        .arg(why);
}

QString FacebookConnector::accountUrl(const Account &, const QString &pageExternalId) const
{
    if (pageExternalId.isEmpty())
        return {};
    return QStringLiteral("https://www.facebook.com/%1").arg(pageExternalId);
}

PlatformRequest FacebookConnector::pageForm(const Attempt &attempt, const QString &urlName,
                                            const QString &edge,
                                            const QList<QPair<QString, QString>> &fields) const
{
    PlatformRequest request;
    request.method = "POST";
    request.url = QUrl(PlatformCatalog::endpoint(
        attempt.app, urlName, QStringLiteral("/%1/%2").arg(attempt.pageExternalId, edge)));
    request.headers = {{"Authorization", PlatformAuthorization::bearer(attempt.accessToken)},
                       {"Content-Type", "application/x-www-form-urlencoded"}};
    request.body = PlatformAuthorization::formBody(fields);
    return request;
}

void FacebookConnector::create(const Attempt &attempt, CreateDone done)
{
    // The media rules let a video only go alone.
    if (videoOf(attempt)) {
        startVideoUpload(attempt, std::move(done));
        return;
    }
    uploadPhotos(attempt, {}, std::move(done));
}

const MediaFile *FacebookConnector::videoOf(const Attempt &attempt)
{
    for (const MediaFile &file : attempt.media) {
        if (file.isVideo())
            return &file;
    }
    return nullptr;
}

bool FacebookConnector::needsPersonToken(const Attempt &attempt) const
{
    return videoOf(attempt) != nullptr;
}

QUrl FacebookConnector::graphUrl(const Attempt &attempt, const QString &path) const
{
    return QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"), path));
}

void FacebookConnector::startVideoUpload(const Attempt &attempt, CreateDone done)
{
    const MediaFile &video = *videoOf(attempt);
    PlatformRequest request;
    request.method = "POST";
    // The session belongs to the app, and is opened with the person's token.
    request.url = PlatformAuthorization::withQuery(
        graphUrl(attempt, QStringLiteral("/%1/uploads").arg(attempt.app.clientId)),
        {{QStringLiteral("file_name"), video.fileName},
         {QStringLiteral("file_length"), QString::number(video.size)},
         {QStringLiteral("file_type"), video.mimeType},
         {QStringLiteral("access_token"), attempt.personAccessToken}});
    send(request, [this, attempt, done = std::move(done)](const PlatformResponse &response) {
        if (auto error = personCallFailureOf(response)) {
            done(*error);
            return;
        }
        VideoUpload upload;
        upload.session = response.json().value(QStringLiteral("id")).toString();
        if (!upload.session.startsWith(u"upload:")) {
            done(PlatformError {PlatformError::Kind::Refused,
                                QStringLiteral("Facebook opened no upload session for the video "
                                               "(its answer had no upload id)."),
                                response.status});
            return;
        }
        sendVideo(attempt, upload, std::move(done));
    });
}

void FacebookConnector::sendVideo(const Attempt &attempt, VideoUpload upload, CreateDone done)
{
    const MediaFile &video = *videoOf(attempt);
    PlatformRequest request;
    request.method = "POST";
    // The session id carries its own query (?sig=…), kept as Facebook wrote it.
    request.url = graphUrl(attempt, u'/' + upload.session);
    request.headers = {{"Authorization", "OAuth " + attempt.personAccessToken.toUtf8()},
                       {"file_offset", QByteArray::number(upload.offset)},
                       {"Content-Type", "application/octet-stream"}};
    request.bodyFile = video.path;
    request.bodyOffset = upload.offset;
    request.bodyLength = video.size - upload.offset;
    request.timeoutMs = 0; // as long as it moves: a large video on a slow line takes long
    send(request,
         [this, attempt, upload, done = std::move(done)](const PlatformResponse &response) mutable {
             if (!response.answered()) {
                 resumeVideo(attempt, upload, response.failureText, std::move(done));
                 return;
             }
             if (auto error = personCallFailureOf(response)) {
                 done(*error);
                 return;
             }
             const QJsonObject answer = response.json();
             const QString handle = answer.value(QStringLiteral("h")).toString();
             if (!handle.isEmpty()) {
                 publishVideo(attempt, handle, std::move(done));
                 return;
             }
             resumeVideo(attempt, upload,
                         QStringLiteral("Facebook took the video only up to byte %1")
                             .arg(answer.value(QStringLiteral("file_offset")).toInteger()),
                         std::move(done));
         });
}

void FacebookConnector::resumeVideo(const Attempt &attempt, VideoUpload upload, const QString &why,
                                    CreateDone done)
{
    if (++upload.resumes > MaxUploadResumes) {
        // Nothing was published yet: an ordinary failure, tried again later.
        done(PlatformError {
            PlatformError::Kind::Unavailable,
            QStringLiteral("The video could not be sent to Facebook (%1).").arg(why), 0});
        return;
    }
    qCInfo(lcConnectors).noquote() << attempt.request.token << "video upload to Facebook broke ("
                                   << why << "): asking where to resume";
    PlatformRequest request;
    request.url = graphUrl(attempt, u'/' + upload.session);
    request.headers = {{"Authorization", "OAuth " + attempt.personAccessToken.toUtf8()}};
    send(request,
         [this, attempt, upload, done = std::move(done)](const PlatformResponse &response) mutable {
             if (auto error = personCallFailureOf(response)) {
                 done(*error);
                 return;
             }
             const QJsonValue offset = response.json().value(QStringLiteral("file_offset"));
             const qint64 held
                 = offset.isDouble() || offset.isString() ? offset.toVariant().toLongLong() : -1;
             if (held < 0 || held > videoOf(attempt)->size) {
                 done(PlatformError {PlatformError::Kind::Refused,
                                     QStringLiteral("Facebook did not say where the video upload "
                                                    "stopped (file_offset %1).")
                                         .arg(held),
                                     response.status});
                 return;
             }
             upload.offset = held;
             sendVideo(attempt, upload, std::move(done));
         });
}

void FacebookConnector::publishVideo(const Attempt &attempt, const QString &handle, CreateDone done)
{
    // The post's text is the video's description, as Facebook shows it above the video.
    const PlatformRequest request
        = pageForm(attempt, QStringLiteral("video"), QStringLiteral("videos"),
                   {{QStringLiteral("description"), attempt.request.submission.text},
                    {QStringLiteral("fbuploader_video_file_chunk"), handle}});
    sendCreate(
        attempt, request,
        [this, attempt, done = std::move(done)](const PlatformResponse &response) mutable {
            if (auto error = graphFailureOf(response, true)) {
                done(*error);
                return;
            }
            VideoUpload upload;
            upload.videoId = response.json().value(QStringLiteral("id")).toString();
            if (upload.videoId.isEmpty()) {
                done(PlatformError {PlatformError::Kind::Unknown,
                                    QStringLiteral("Facebook answered %1 without the video's id")
                                        .arg(response.status),
                                    response.status});
                return;
            }
            // Facebook has the video from here on, whatever becomes of the looks
            // below: never sent again.
            recordCreated(attempt, videoPost(attempt, upload.videoId));
            checkVideo(attempt, upload, std::move(done));
        });
}

void FacebookConnector::checkVideo(const Attempt &attempt, VideoUpload upload, CreateDone done)
{
    const int seconds = qMin(30, 1 << qMin(upload.statusChecks, 5));
    QTimer::singleShot(
        seconds * 1000, this, [this, attempt, upload, done = std::move(done)]() mutable {
            PlatformRequest request;
            request.url = PlatformAuthorization::withQuery(
                graphUrl(attempt, u'/' + upload.videoId),
                {{QStringLiteral("fields"), QStringLiteral("status")}});
            request.headers
                = {{"Authorization", PlatformAuthorization::bearer(attempt.accessToken)}};
            send(request, [this, attempt, upload,
                           done = std::move(done)](const PlatformResponse &response) mutable {
                const QJsonObject status
                    = response.json().value(QStringLiteral("status")).toObject();
                const QString state = status.value(QStringLiteral("video_status")).toString();
                if (response.isSuccess() && state == u"error") {
                    const QJsonArray errors = status.value(QStringLiteral("processing_phase"))
                                                  .toObject()
                                                  .value(QStringLiteral("errors"))
                                                  .toArray();
                    const QString reason = errors.isEmpty() ? QString()
                                                            : errors.first()
                                                                  .toObject()
                                                                  .value(QStringLiteral("message"))
                                                                  .toString();
                    PlatformError refused {
                        PlatformError::Kind::Refused,
                        QStringLiteral("Facebook could not process the video %1: %2")
                            .arg(videoOf(attempt)->fileName,
                                 reason.isEmpty() ? QStringLiteral("error") : reason),
                        response.status};
                    refused.failure = FailureCode::MediaRejected;
                    done(refused);
                    return;
                }
                const Created post = videoPost(attempt, upload.videoId);
                if (response.isSuccess() && state == u"ready") {
                    done(post);
                    return;
                }
                if (++upload.statusChecks >= MaxStatusChecks) {
                    // Facebook has the video and goes on with it: published, not failed (a
                    // failure would invite a second post).
                    qCWarning(lcConnectors).noquote()
                        << attempt.request.token << "Facebook video" << upload.videoId
                        << "not processed after" << MaxStatusChecks << "looks; taken as published";
                    done(post);
                    return;
                }
                checkVideo(attempt, upload, std::move(done));
            });
        });
}

FacebookConnector::Created FacebookConnector::videoPost(const Attempt &attempt,
                                                        const QString &videoId) const
{
    return Created {videoId, QStringLiteral("https://www.facebook.com/%1/videos/%2")
                                 .arg(attempt.pageExternalId, videoId)};
}

void FacebookConnector::uploadPhotos(const Attempt &attempt, QStringList photos, CreateDone done)
{
    if (photos.size() == attempt.media.size()) {
        createPost(attempt, photos, std::move(done));
        return;
    }
    const MediaFile &image = attempt.media.at(photos.size());
    PlatformRequest request;
    request.method = "POST";
    request.url
        = QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"),
                                         QStringLiteral("/%1/photos").arg(attempt.pageExternalId)));
    QByteArray contentType;
    // Staged unpublished, so that the feed post carries them all as one post.
    request.body
        = multipart({{"source", image.bytes, image.fileName.toUtf8(), image.mimeType.toLatin1()},
                     {"published", "false", {}, {}}},
                    &contentType);
    request.headers = {{"Authorization", PlatformAuthorization::bearer(attempt.accessToken)},
                       {"Content-Type", contentType}};
    send(request,
         [this, attempt, photos, done = std::move(done)](const PlatformResponse &response) mutable {
             if (auto error = graphFailureOf(response, false)) {
                 done(*error);
                 return;
             }
             const QString id = response.json().value(QStringLiteral("id")).toString();
             if (id.isEmpty()) {
                 done(PlatformError {PlatformError::Kind::Refused,
                                     QStringLiteral("Facebook accepted the photo but gave no id."),
                                     response.status});
                 return;
             }
             photos.append(id);
             uploadPhotos(attempt, photos, std::move(done));
         });
}

void FacebookConnector::createPost(const Attempt &attempt, const QStringList &photos,
                                   CreateDone done)
{
    QList<QPair<QString, QString>> fields {
        {QStringLiteral("message"), attempt.request.submission.text}};
    for (qsizetype i = 0; i < photos.size(); ++i)
        fields.append({QStringLiteral("attached_media[%1]").arg(i),
                       QString::fromUtf8(
                           QJsonDocument(QJsonObject {{QStringLiteral("media_fbid"), photos.at(i)}})
                               .toJson(QJsonDocument::Compact))});
    const PlatformRequest request
        = pageForm(attempt, QStringLiteral("api"), QStringLiteral("feed"), fields);
    sendCreate(attempt, request, [this, done = std::move(done)](const PlatformResponse &response) {
        if (auto error = graphFailureOf(response, true)) {
            done(*error);
            return;
        }
        const QString id = response.json().value(QStringLiteral("id")).toString();
        if (id.isEmpty()) {
            done(PlatformError {
                PlatformError::Kind::Unknown,
                QStringLiteral("Facebook answered %1 without the post's id").arg(response.status),
                response.status});
            return;
        }
        done(Created {id, QStringLiteral("https://www.facebook.com/%1").arg(id)});
    });
}

PlatformRequest FacebookConnector::postsRequest(const Attempt &attempt, qint64 sinceMs) const
{
    PlatformRequest request;
    request.url = PlatformAuthorization::withQuery(
        QUrl(PlatformCatalog::endpoint(
            attempt.app, QStringLiteral("api"),
            QStringLiteral("/%1/published_posts").arg(attempt.pageExternalId))),
        {{QStringLiteral("fields"), QStringLiteral("id,message,created_time")},
         {QStringLiteral("since"), QString::number(sinceMs / 1000)},
         {QStringLiteral("limit"), QString::number(LookupPageSize)}});
    request.headers = {{"Authorization", PlatformAuthorization::bearer(attempt.accessToken)}};
    return request;
}

PlatformConnector::PostsPage
FacebookConnector::postsPage(const Attempt &, const PlatformRequest &first, const PlatformRequest &,
                             const PlatformResponse &response, qint64) const
{
    const QJsonObject answer = response.json();
    PostsPage page;
    // `since` keeps every post listed within the window.
    const QJsonArray posts = answer.value(QStringLiteral("data")).toArray();
    for (const QJsonValue &value : posts) {
        const QJsonObject post = value.toObject();
        const QString id = post.value(QStringLiteral("id")).toString();
        page.posts.append(
            ListedPost {comparable(post.value(QStringLiteral("message")).toString()),
                        Created {id, QStringLiteral("https://www.facebook.com/%1").arg(id)}});
    }
    // developers.facebook.com/docs/graph-api/results: paging.next is there while there are
    // more pages (fewer posts than `limit` does not mean the end), and is the address of
    // the next one. It is followed as given on Graph's own host; anywhere else it would
    // carry the token away, so the `after` cursor is asked for from Graph instead.
    const QJsonObject paging = answer.value(QStringLiteral("paging")).toObject();
    const QString nextUrl = paging.value(QStringLiteral("next")).toString();
    if (nextUrl.isEmpty())
        return page;
    PlatformRequest next = first;
    const QUrl given(nextUrl, QUrl::StrictMode);
    if (given.isValid() && given.scheme() == first.url.scheme() && given.host() == first.url.host()
        && given.port() == first.url.port()) {
        next.url = given;
    } else {
        const QString after = paging.value(QStringLiteral("cursors"))
                                  .toObject()
                                  .value(QStringLiteral("after"))
                                  .toString();
        if (after.isEmpty()) {
            page.failure = QStringLiteral("Facebook gave the next page of the Page's posts "
                                          "elsewhere than Graph");
            return page;
        }
        next.url = PlatformAuthorization::withQuery(first.url, {{QStringLiteral("after"), after}});
    }
    page.next = next;
    return page;
}

QString FacebookConnector::absenceProvesNothing(const Attempt &attempt) const
{
    // Facebook lists a video's post only once it has processed the video, which takes
    // minutes: its absence proves nothing. A server restarted has not loaded the media,
    // so any post with media may be one.
    const bool mayBeVideo
        = videoOf(attempt)
          || (attempt.media.isEmpty() && !attempt.request.submission.mediaUrls.isEmpty());
    if (!mayBeVideo)
        return {};
    return QStringLiteral("Facebook lists a video's post only once it has processed the video");
}

} // namespace slotline
