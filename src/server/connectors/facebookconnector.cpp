#include "server/connectors/facebookconnector.h"

#include "server/platforms/facebookauthorization.h"
#include "server/platforms/platformcatalog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace slotline {

std::optional<PlatformError> FacebookConnector::graphFailureOf(const PlatformResponse &response,
                                                               bool creates) const
{
    // Graph's codes (190 and its subcodes, rate limits, 506 duplicates) are read by
    // PlatformErrorReader; a create's 5xx may come after the post was made.
    return creates ? createFailureOf(response, QStringLiteral("Facebook"))
                   : uploadFailureOf(response, QStringLiteral("Facebook"));
}

QString FacebookConnector::accountUrl(const Account &, const QString &pageExternalId) const
{
    if (pageExternalId.isEmpty())
        return {};
    return QStringLiteral("https://www.facebook.com/%1").arg(pageExternalId);
}

void FacebookConnector::create(const Attempt &attempt, CreateDone done)
{
    uploadPhotos(attempt, {}, std::move(done));
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
    PlatformRequest request;
    request.method = "POST";
    request.url
        = QUrl(PlatformCatalog::endpoint(attempt.app, QStringLiteral("api"),
                                         QStringLiteral("/%1/feed").arg(attempt.pageExternalId)));
    request.headers = {{"Authorization", PlatformAuthorization::bearer(attempt.accessToken)},
                       {"Content-Type", "application/x-www-form-urlencoded"}};
    request.body = PlatformAuthorization::formBody(fields);
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

void FacebookConnector::findPost(const Attempt &attempt, qint64 sentAtMs, SearchDone done)
{
    PlatformRequest request;
    request.url = PlatformAuthorization::withQuery(
        QUrl(PlatformCatalog::endpoint(
            attempt.app, QStringLiteral("api"),
            QStringLiteral("/%1/published_posts").arg(attempt.pageExternalId))),
        {{QStringLiteral("fields"), QStringLiteral("id,message,created_time")},
         {QStringLiteral("since"), QString::number((sentAtMs - ClockSkewMs) / 1000)},
         {QStringLiteral("limit"), QString::number(LookupPageSize)}});
    request.headers = {{"Authorization", PlatformAuthorization::bearer(attempt.accessToken)}};
    const QString wanted = comparable(attempt.request.submission.text);
    send(request, [this, wanted, done = std::move(done)](const PlatformResponse &response) {
        if (auto error = failureOf(response, QStringLiteral("Facebook"))) {
            done(Search {Search::Result::Undeterminable, {}, error->message});
            return;
        }
        const QJsonArray posts = response.json().value(QStringLiteral("data")).toArray();
        for (qsizetype i = posts.size() - 1; i >= 0; --i) {
            const QJsonObject post = posts.at(i).toObject();
            if (comparable(post.value(QStringLiteral("message")).toString()) == wanted) {
                const QString id = post.value(QStringLiteral("id")).toString();
                done(Search {Search::Result::Found,
                             Created {id, QStringLiteral("https://www.facebook.com/%1").arg(id)},
                             {}});
                return;
            }
        }
        done(notAmong(posts.size(), QStringLiteral("Facebook")));
    });
}

} // namespace slotline
