#include "server/connectors/linkedinconnector.h"

#include "core/littletext.h"
#include "server/platforms/linkedinauthorization.h"
#include "server/platforms/platformcatalog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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
        createPost(attempt, images, std::move(done));
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

void LinkedInConnector::createPost(const Attempt &attempt, const QStringList &images,
                                   CreateDone done)
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
    sendCreate(attempt, request, [this, done = std::move(done)](const PlatformResponse &response) {
        if (auto error = createFailureOf(response, QStringLiteral("LinkedIn"))) {
            done(*error);
            return;
        }
        // 201 with an empty body: the post's URN is in x-restli-id.
        const QString urn = QString::fromUtf8(response.header("x-restli-id"));
        if (urn.isEmpty()) {
            done(PlatformError {
                PlatformError::Kind::Unknown,
                QStringLiteral("LinkedIn answered %1 without the post's id").arg(response.status),
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

void LinkedInConnector::findPost(const Attempt &attempt, qint64 sentAtMs, SearchDone done)
{
    PlatformRequest request;
    request.url = PlatformAuthorization::withQuery(
        QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"),
                                       QStringLiteral("/rest/posts"))),
        {{QStringLiteral("q"), QStringLiteral("author")},
         {QStringLiteral("author"), author(attempt)},
         {QStringLiteral("count"), QStringLiteral("50")},
         {QStringLiteral("sortBy"), QStringLiteral("LAST_MODIFIED")}});
    request.headers = LinkedInAuthorization::restHeaders(attempt.app, attempt.accessToken);
    request.headers.emplaceBack("X-RestLi-Method", "FINDER");
    // What was sent is the escaped text, and LinkedIn keeps it as sent.
    const QString sent = comparable(LittleText::escape(attempt.request.submission.text));
    const qint64 since = sentAtMs - ClockSkewMs;
    send(request, [this, sent, since, done = std::move(done)](const PlatformResponse &response) {
        if (auto error = failureOf(response, QStringLiteral("LinkedIn"))) {
            done(Search {Search::Result::Undeterminable, {}, error->message});
            return;
        }
        const QJsonArray posts = response.json().value(QStringLiteral("elements")).toArray();
        for (qsizetype i = posts.size() - 1; i >= 0; --i) {
            const QJsonObject post = posts.at(i).toObject();
            const qint64 createdAt = qint64(post.value(QStringLiteral("createdAt")).toDouble());
            if (createdAt < since)
                continue;
            if (comparable(post.value(QStringLiteral("commentary")).toString()) == sent) {
                const QString urn = post.value(QStringLiteral("id")).toString();
                done(Search {Search::Result::Found, Created {urn, postUrl(urn)}, {}});
                return;
            }
        }
        done(Search {Search::Result::NotFound, {}, {}});
    });
}

} // namespace slotline
