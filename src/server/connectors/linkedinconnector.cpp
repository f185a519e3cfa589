#include "server/connectors/linkedinconnector.h"

#include "core/littletext.h"
#include "server/api/logcategories.h"
#include "server/platforms/linkedinauthorization.h"
#include "server/platforms/platformcatalog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <QUrlQuery>

namespace slotline {

QString LinkedInConnector::author(const Attempt &attempt)
{
    return attempt.pageExternalId.isEmpty()
               ? QStringLiteral("urn:li:person:") + attempt.request.account.externalId
               : QStringLiteral("urn:li:organization:") + attempt.pageExternalId;
}

void LinkedInConnector::create(const Attempt &attempt, CreateDone done)
{
    uploadImages(attempt, {}, std::move(done));
}

void LinkedInConnector::uploadImages(const Attempt &attempt, QStringList images, CreateDone done)
{
    if (images.size() == attempt.media.size()) {
        waitForImages(attempt, images, 0, 0, std::move(done));
        return;
    }
    if (attempt.media.at(images.size()).isVideo()) {
        initializeVideo(attempt, images, std::move(done));
        return;
    }
    PlatformRequest initialize;
    initialize.method = "POST";
    initialize.url = PlatformAuthorization::withQuery(
        QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"),
                                       QStringLiteral("/rest/images"))),
        {{QStringLiteral("action"), QStringLiteral("initializeUpload")}});
    initialize.headers = LinkedInAuthorization::restHeaders(attempt.app, attempt.accessToken);
    initialize.headers.emplaceBack("Content-Type", "application/json");
    initialize.body
        = QJsonDocument(QJsonObject {{QStringLiteral("initializeUploadRequest"),
                                      QJsonObject {{QStringLiteral("owner"), author(attempt)}}}})
              .toJson(QJsonDocument::Compact);
    send(initialize, [this, attempt, images,
                      done = std::move(done)](const PlatformResponse &response) mutable {
        if (auto error = uploadFailureOf(response, QStringLiteral("LinkedIn"))) {
            done(*error);
            return;
        }
        const QJsonObject value = response.json().value(QStringLiteral("value")).toObject();
        const QString uploadUrl = value.value(QStringLiteral("uploadUrl")).toString();
        const QString image = value.value(QStringLiteral("image")).toString();
        if (uploadUrl.isEmpty() || image.isEmpty()) {
            done(PlatformError {PlatformError::Kind::Refused,
                                QStringLiteral("LinkedIn gave no address to upload the image to."),
                                response.status});
            return;
        }
        const MediaFile &file = attempt.media.at(images.size());
        PlatformRequest upload;
        upload.method = "PUT";
        upload.url = QUrl(uploadUrl);
        upload.headers = {{"Authorization", PlatformAuthorization::bearer(attempt.accessToken)},
                          {"Content-Type", file.mimeType.toLatin1()}};
        upload.body = file.bytes;
        send(upload, [this, attempt, images, image,
                      done = std::move(done)](const PlatformResponse &uploaded) mutable {
            if (auto error = uploadFailureOf(uploaded, QStringLiteral("LinkedIn"))) {
                done(*error);
                return;
            }
            images.append(image);
            uploadImages(attempt, images, std::move(done));
        });
    });
}

void LinkedInConnector::initializeVideo(const Attempt &attempt, QStringList media, CreateDone done)
{
    const MediaFile &file = attempt.media.at(media.size());
    PlatformRequest initialize;
    initialize.method = "POST";
    initialize.url = PlatformAuthorization::withQuery(
        QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"),
                                       QStringLiteral("/rest/videos"))),
        {{QStringLiteral("action"), QStringLiteral("initializeUpload")}});
    initialize.headers = LinkedInAuthorization::restHeaders(attempt.app, attempt.accessToken);
    initialize.headers.emplaceBack("Content-Type", "application/json");
    initialize.body
        = QJsonDocument(QJsonObject {{QStringLiteral("initializeUploadRequest"),
                                      QJsonObject {{QStringLiteral("owner"), author(attempt)},
                                                   {QStringLiteral("fileSizeBytes"), file.size},
                                                   {QStringLiteral("uploadCaptions"), false},
                                                   {QStringLiteral("uploadThumbnail"), false}}}})
              .toJson(QJsonDocument::Compact);
    send(initialize, [this, attempt, media,
                      done = std::move(done)](const PlatformResponse &response) mutable {
        if (auto error = uploadFailureOf(response, QStringLiteral("LinkedIn"))) {
            done(*error);
            return;
        }
        const QJsonObject value = response.json().value(QStringLiteral("value")).toObject();
        VideoUpload video;
        video.video = value.value(QStringLiteral("video")).toString();
        video.uploadToken = value.value(QStringLiteral("uploadToken")).toString();
        video.instructions = value.value(QStringLiteral("uploadInstructions")).toArray();
        if (video.video.isEmpty() || video.instructions.isEmpty()) {
            done(PlatformError {PlatformError::Kind::Refused,
                                QStringLiteral("LinkedIn gave no address to upload the video to."),
                                response.status});
            return;
        }
        uploadPart(attempt, media, video, std::move(done));
    });
}

void LinkedInConnector::uploadPart(const Attempt &attempt, QStringList media, VideoUpload video,
                                   CreateDone done)
{
    if (video.etags.size() == video.instructions.size()) {
        finalizeVideo(attempt, media, video, std::move(done));
        return;
    }
    const MediaFile &file = attempt.media.at(media.size());
    const QJsonObject instruction = video.instructions.at(video.etags.size()).toObject();
    const qint64 first = instruction.value(QStringLiteral("firstByte")).toInteger(-1);
    const qint64 last = instruction.value(QStringLiteral("lastByte")).toInteger(-1);
    const QString url = instruction.value(QStringLiteral("uploadUrl")).toString();
    // A part is a few megabytes; anything else is not an instruction to follow.
    if (first < 0 || last < first || last >= file.size || last - first >= 64 * 1024 * 1024
        || url.isEmpty()) {
        done(PlatformError {PlatformError::Kind::Refused,
                            QStringLiteral("LinkedIn asked for a part of the video that it does "
                                           "not have."),
                            0});
        return;
    }
    const auto part = file.read(first, last - first + 1);
    if (!part) {
        done(PlatformError {PlatformError::Kind::Refused,
                            QStringLiteral("The video %1 could not be read.").arg(file.fileName),
                            0});
        return;
    }
    PlatformRequest upload;
    upload.method = "PUT";
    upload.url = QUrl(url);
    upload.headers = {{"Authorization", PlatformAuthorization::bearer(attempt.accessToken)},
                      {"Content-Type", "application/octet-stream"}};
    upload.body = *part;
    upload.timeoutMs = 300'000;
    send(upload, [this, attempt, media, video,
                  done = std::move(done)](const PlatformResponse &response) mutable {
        if (auto error = uploadFailureOf(response, QStringLiteral("LinkedIn"))) {
            done(*error);
            return;
        }
        const QString etag = QString::fromUtf8(response.header("etag"));
        if (etag.isEmpty()) {
            done(PlatformError {PlatformError::Kind::Refused,
                                QStringLiteral("LinkedIn took a part of the video without "
                                               "naming it (no ETag)."),
                                response.status});
            return;
        }
        video.etags.append(etag);
        uploadPart(attempt, media, video, std::move(done));
    });
}

void LinkedInConnector::finalizeVideo(const Attempt &attempt, QStringList media, VideoUpload video,
                                      CreateDone done)
{
    PlatformRequest finalize;
    finalize.method = "POST";
    finalize.url = PlatformAuthorization::withQuery(
        QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"),
                                       QStringLiteral("/rest/videos"))),
        {{QStringLiteral("action"), QStringLiteral("finalizeUpload")}});
    finalize.headers = LinkedInAuthorization::restHeaders(attempt.app, attempt.accessToken);
    finalize.headers.emplaceBack("Content-Type", "application/json");
    finalize.body
        = QJsonDocument(
              QJsonObject {{QStringLiteral("finalizeUploadRequest"),
                            QJsonObject {{QStringLiteral("video"), video.video},
                                         {QStringLiteral("uploadToken"), video.uploadToken},
                                         {QStringLiteral("uploadedPartIds"),
                                          QJsonArray::fromStringList(video.etags)}}}})
              .toJson(QJsonDocument::Compact);
    send(finalize, [this, attempt, media, video,
                    done = std::move(done)](const PlatformResponse &response) mutable {
        if (auto error = uploadFailureOf(response, QStringLiteral("LinkedIn"))) {
            done(*error);
            return;
        }
        checkVideo(attempt, media, video, std::move(done));
    });
}

void LinkedInConnector::checkVideo(const Attempt &attempt, QStringList media, VideoUpload video,
                                   CreateDone done)
{
    send(mediaStatusRequest(attempt, QStringLiteral("/rest/videos/"), video.video),
         [this, attempt, media, video,
          done = std::move(done)](const PlatformResponse &response) mutable {
             if (auto error = uploadFailureOf(response, QStringLiteral("LinkedIn"))) {
                 done(*error);
                 return;
             }
             const QJsonObject answer = response.json();
             const QString state = answer.value(QStringLiteral("status")).toString();
             if (state == u"AVAILABLE") {
                 media.append(video.video);
                 uploadImages(attempt, media, std::move(done));
                 return;
             }
             if (state == u"PROCESSING_FAILED") {
                 done(processingFailure(QStringLiteral("video"), attempt.media.at(media.size()),
                                        response));
                 return;
             }
             if (++video.statusChecks >= MaxStatusChecks) {
                 done(PlatformError {
                     PlatformError::Kind::Unavailable,
                     QStringLiteral("LinkedIn was still processing the video (%1).").arg(state),
                     response.status});
                 return;
             }
             const int seconds = qMin(60, 1 << qMin(video.statusChecks - 1, 6));
             QTimer::singleShot(seconds * 1000, this,
                                [this, attempt, media, video, done = std::move(done)]() mutable {
                                    checkVideo(attempt, media, video, std::move(done));
                                });
         });
}

PlatformRequest LinkedInConnector::mediaStatusRequest(const Attempt &attempt,
                                                      const QString &collection, const QString &urn)
{
    PlatformRequest status;
    // Rest.li keys in a path are URL-encoded URNs.
    status.url = QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"), collection)
                          + QString::fromLatin1(QUrl::toPercentEncoding(urn)),
                      QUrl::StrictMode);
    status.headers = LinkedInAuthorization::restHeaders(attempt.app, attempt.accessToken);
    return status;
}

PlatformError LinkedInConnector::processingFailure(const QString &kind, const MediaFile &file,
                                                   const PlatformResponse &response)
{
    const QString reason
        = response.json().value(QStringLiteral("processingFailureReason")).toString();
    PlatformError refused {
        PlatformError::Kind::Refused,
        QStringLiteral("LinkedIn could not process the %1 %2: %3")
            .arg(kind, file.fileName,
                 reason.isEmpty() ? QStringLiteral("PROCESSING_FAILED") : reason),
        response.status};
    refused.failure = FailureCode::MediaRejected;
    return refused;
}

void LinkedInConnector::waitForImages(const Attempt &attempt, const QStringList &media,
                                      qsizetype next, int checks, CreateDone done)
{
    // Videos were followed until AVAILABLE when they were finalized.
    while (next < media.size() && !media.at(next).startsWith(u"urn:li:image:"))
        ++next;
    if (next == media.size()) {
        createPost(attempt, media, std::move(done));
        return;
    }
    send(mediaStatusRequest(attempt, QStringLiteral("/rest/images/"), media.at(next)),
         [this, attempt, media, next, checks,
          done = std::move(done)](const PlatformResponse &response) mutable {
             if (auto error = failureOf(response, QStringLiteral("LinkedIn"))) {
                 // Not readable with this token (a member's token may only write images): the
                 // post is made, and a refusal for an image not ready yet is tried again.
                 qCInfo(lcConnectors).noquote()
                     << attempt.request.token << "cannot read LinkedIn's image status ("
                     << error->message << "): posting without waiting";
                 createPost(attempt, media, std::move(done));
                 return;
             }
             const QJsonObject answer = response.json();
             const QString state = answer.value(QStringLiteral("status")).toString();
             if (state == u"AVAILABLE") {
                 waitForImages(attempt, media, next + 1, 0, std::move(done));
                 return;
             }
             if (state == u"PROCESSING_FAILED") {
                 done(processingFailure(QStringLiteral("image"), attempt.media.at(next), response));
                 return;
             }
             if (checks + 1 >= MaxImageChecks) {
                 // Nothing was posted: an ordinary failure, tried again later.
                 done(PlatformError {
                     PlatformError::Kind::Unavailable,
                     QStringLiteral("LinkedIn was still processing the image %1 (%2).")
                         .arg(attempt.media.at(next).fileName, state),
                     response.status});
                 return;
             }
             const int seconds = qMin(8, 1 << qMin(checks, 3));
             QTimer::singleShot(
                 seconds * 1000, this,
                 [this, attempt, media, next, checks, done = std::move(done)]() mutable {
                     waitForImages(attempt, media, next, checks + 1, std::move(done));
                 });
         });
}

void LinkedInConnector::createPost(const Attempt &attempt, const QStringList &images,
                                   CreateDone done, int mediaRetries)
{
    QJsonObject body {
        {QStringLiteral("author"), author(attempt)},
        {QStringLiteral("commentary"), LittleText::escape(attempt.request.submission.text)},
        {QStringLiteral("visibility"), QStringLiteral("PUBLIC")},
        {QStringLiteral("distribution"),
         QJsonObject {{QStringLiteral("feedDistribution"), QStringLiteral("MAIN_FEED")},
                      {QStringLiteral("targetEntities"), QJsonArray()},
                      {QStringLiteral("thirdPartyDistributionChannels"), QJsonArray()}}},
        {QStringLiteral("lifecycleState"), QStringLiteral("PUBLISHED")},
        {QStringLiteral("isReshareDisabledByAuthor"), false}};
    if (images.size() == 1) {
        body.insert(QStringLiteral("content"),
                    QJsonObject {{QStringLiteral("media"),
                                  QJsonObject {{QStringLiteral("id"), images.first()}}}});
    } else if (images.size() > 1) {
        QJsonArray list;
        for (const QString &image : images)
            list.append(QJsonObject {{QStringLiteral("id"), image}});
        body.insert(QStringLiteral("content"),
                    QJsonObject {{QStringLiteral("multiImage"),
                                  QJsonObject {{QStringLiteral("images"), list}}}});
    }
    PlatformRequest request;
    request.method = "POST";
    request.url = QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"),
                                                 QStringLiteral("/rest/posts")));
    request.headers = LinkedInAuthorization::restHeaders(attempt.app, attempt.accessToken);
    request.headers.emplaceBack("Content-Type", "application/json");
    request.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    sendCreate(
        attempt, request,
        [this, attempt, images, mediaRetries,
         done = std::move(done)](const PlatformResponse &response) {
            if (auto error = createFailureOf(response, QStringLiteral("LinkedIn"))) {
                // Refused for naming media LinkedIn has not finished processing: nothing was
                // posted, so the same post may go again once the media is ready.
                const bool namesMedia
                    = std::any_of(images.cbegin(), images.cend(), [&response](const QString &urn) {
                          return response.body.contains(urn.toUtf8());
                      });
                if (error->kind == PlatformError::Kind::Refused && !error->duplicate
                    && response.status >= 400 && response.status < 500 && namesMedia
                    && mediaRetries < MaxMediaRetries) {
                    settleRefused(attempt);
                    static constexpr int DelaysMs[MaxMediaRetries] = {2000, 5000, 10'000};
                    qCInfo(lcConnectors).noquote()
                        << attempt.request.token << "LinkedIn refused the post's media for now ("
                        << error->message << "): trying again";
                    QTimer::singleShot(DelaysMs[mediaRetries], this,
                                       [this, attempt, images, mediaRetries, done]() {
                                           createPost(attempt, images, done, mediaRetries + 1);
                                       });
                    return;
                }
                if (error->kind == PlatformError::Kind::Refused && !error->duplicate && namesMedia)
                    error->failure = FailureCode::MediaRejected;
                done(*error);
                return;
            }
            // 201 with an empty body: the post's URN is in x-restli-id.
            const QString urn = QString::fromUtf8(response.header("x-restli-id"));
            if (urn.isEmpty()) {
                done(PlatformError {PlatformError::Kind::Unknown,
                                    QStringLiteral("LinkedIn answered %1 without the post's id")
                                        .arg(response.status),
                                    response.status});
                return;
            }
            done(Created {urn, postUrl(urn)});
        });
}

QString LinkedInConnector::accountUrl(const Account &, const QString &pageExternalId) const
{
    if (!pageExternalId.isEmpty())
        return QStringLiteral("https://www.linkedin.com/company/%1/").arg(pageExternalId);
    return QStringLiteral("https://www.linkedin.com/in/me/");
}

QString LinkedInConnector::postUrl(const QString &urn)
{
    return QStringLiteral("https://www.linkedin.com/feed/update/%1/").arg(urn);
}

PlatformRequest LinkedInConnector::postsRequest(const Attempt &attempt, qint64) const
{
    PlatformRequest request;
    request.url = PlatformAuthorization::withQuery(
        QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"),
                                       QStringLiteral("/rest/posts"))),
        {{QStringLiteral("q"), QStringLiteral("author")},
         {QStringLiteral("author"), author(attempt)},
         {QStringLiteral("count"), QString::number(LookupPageSize)},
         {QStringLiteral("sortBy"), QStringLiteral("LAST_MODIFIED")}});
    request.headers = LinkedInAuthorization::restHeaders(attempt.app, attempt.accessToken);
    request.headers.emplaceBack("X-RestLi-Method", "FINDER");
    return request;
}

QString LinkedInConnector::listedText(const Attempt &attempt) const
{
    // What was sent is the escaped text, and LinkedIn keeps it as sent.
    return comparable(LittleText::escape(attempt.request.submission.text));
}

QString LinkedInConnector::whyPostsUnread(const Attempt &attempt, const PlatformError &error) const
{
    if (error.status != 403)
        return error.message;
    // The Posts API's permissions: r_organization_social reads an organization's posts
    // (Community Management API); r_member_social, a member's, is granted to few apps.
    if (!attempt.pageExternalId.isEmpty())
        return QStringLiteral("LinkedIn lets this app read the organization's posts only with "
                              "the r_organization_social scope, which the account was not "
                              "connected with: add it to the LinkedIn app's scopes "
                              "(slotline-server platforms set linkedin --scopes …) and connect "
                              "the account again. LinkedIn said: %1")
            .arg(error.message);
    return QStringLiteral("LinkedIn lists a member's own posts only to apps it grants the "
                          "r_member_social scope, which it grants few apps. LinkedIn said: %1")
        .arg(error.message);
}

PlatformConnector::PostsPage LinkedInConnector::postsPage(const Attempt &,
                                                          const PlatformRequest &first,
                                                          const PlatformRequest &asked,
                                                          const PlatformResponse &response,
                                                          qint64 sinceMs) const
{
    PostsPage page;
    const QJsonArray posts = response.json().value(QStringLiteral("elements")).toArray();
    // The finder is asked without a time filter, newest change first: the list has left
    // the window at the first post last changed before it (a post changes after it is made).
    bool beforeWindow = false;
    for (const QJsonValue &value : posts) {
        const QJsonObject post = value.toObject();
        const qint64 createdAt = qint64(post.value(QStringLiteral("createdAt")).toDouble());
        const qint64 changedAt
            = qint64(post.value(QStringLiteral("lastModifiedAt")).toDouble(double(createdAt)));
        if (changedAt < sinceMs)
            beforeWindow = true;
        if (createdAt < sinceMs)
            continue;
        const QString urn = post.value(QStringLiteral("id")).toString();
        page.posts.append(
            ListedPost {comparable(post.value(QStringLiteral("commentary")).toString()),
                        Created {urn, postUrl(urn)}});
    }
    // learn.microsoft.com, linkedin/shared/api-guide/concepts/pagination: the next page
    // starts `count` further on; fewer elements than `count` is the end of the list.
    if (beforeWindow || posts.size() < LookupPageSize)
        return page;
    const int start = QUrlQuery(asked.url).queryItemValue(QStringLiteral("start")).toInt();
    PlatformRequest next = first;
    next.url = PlatformAuthorization::withQuery(
        first.url, {{QStringLiteral("start"), QString::number(start + LookupPageSize)}});
    page.next = next;
    return page;
}

} // namespace slotline
