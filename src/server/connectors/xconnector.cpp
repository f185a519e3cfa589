#include "server/connectors/xconnector.h"

#include "server/platforms/platformcatalog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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
    send(request, [username, done = std::move(done)](const PlatformResponse &response) {
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
        const QString url = username.isEmpty()
                                ? QStringLiteral("https://x.com/i/web/status/%1").arg(id)
                                : QStringLiteral("https://x.com/%1/status/%2").arg(username, id);
        done(Created {id, url});
    });
}

} // namespace slotline
