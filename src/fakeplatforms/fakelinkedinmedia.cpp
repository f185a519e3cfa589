#include "fakeplatforms/fakelinkedin.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

// LinkedIn's Images and Videos APIs: initialize an upload, PUT the bytes (videos in
// parts), finalize, and read the asset's status.
namespace slotline::fake {

FakeResponse FakeLinkedIn::initializeImageUpload(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, &refusal);
    if (!token)
        return refusal;
    const QString owner = request.jsonObject()[u"initializeUploadRequest"_s][u"owner"_s].toString();
    if (owner.isEmpty()) {
        return FakeResponse::json(
            422, QJsonObject {{u"message"_s, u"ERROR :: /initializeUploadRequest/owner :: field is "
                                             "required but not found and has no default value\n"_s},
                              {u"status"_s, 422}});
    }
    if (!mayActAs(*token, owner))
        return serviceError(403, 100,
                            u"Not enough permissions to upload images for "_s + owner); // (verify)
    ++m_nextImage;
    Image image {u"urn:li:image:FakeImage"_s + QString::number(m_nextImage),
                 owner,
                 u"img-"_s + QString::number(m_nextImage),
                 m_clock->now().addSecs(24 * 60 * 60),
                 false,
                 0,
                 QDateTime()};
    m_images.insert(image.urn, image);
    return FakeResponse::json(
        200, QJsonObject {
                 {u"value"_s,
                  QJsonObject {{u"uploadUrlExpiresAt"_s, image.uploadExpiresAt.toMSecsSinceEpoch()},
                               {u"uploadUrl"_s, QString(request.origin() + u"/linkedin/upload/"_s
                                                        + image.uploadToken)},
                               {u"image"_s, image.urn}}}});
}

FakeResponse FakeLinkedIn::upload(const FakeRequest &request, const QString &uploadToken)
{
    // The Images API example sends the member's bearer token with the upload.
    FakeResponse refusal;
    if (!authenticate(request, &refusal))
        return refusal;
    for (Image &image : m_images) {
        if (image.uploadToken != uploadToken)
            continue;
        if (image.uploaded || m_clock->now() >= image.uploadExpiresAt || request.body.isEmpty())
            return serviceError(
                400, 0, u"The upload URL is expired, used, or the body is empty"_s); // (verify)
        image.uploaded = true;
        image.size = request.body.size();
        image.availableAt = m_clock->now().addSecs(m_imageProcessingSeconds);
        return FakeResponse::empty(201);
    }
    return serviceError(404, 0, u"Unknown upload URL"_s);
}

FakeResponse FakeLinkedIn::image(const FakeRequest &request, const QString &urn)
{
    FakeResponse refusal;
    if (!authenticate(request, &refusal))
        return refusal;
    const auto it = m_images.constFind(urn);
    if (it == m_images.constEnd())
        return serviceError(404, 0, u"Image "_s + urn + u" not found"_s);
    QJsonObject answer {{u"id"_s, it->urn}, {u"owner"_s, it->owner}, {u"status"_s, statusOf(*it)}};
    if (it->uploaded) {
        answer.insert(u"downloadUrl"_s,
                      QString(request.origin() + u"/linkedin/media/"_s + it->uploadToken));
        answer.insert(u"downloadUrlExpiresAt"_s,
                      m_clock->now().addSecs(24 * 60 * 60).toMSecsSinceEpoch());
    }
    return FakeResponse::json(200, answer);
}

QString FakeLinkedIn::statusOf(const Image &image) const
{
    if (!image.uploaded)
        return u"WAITING_UPLOAD"_s;
    return m_clock->now() < image.availableAt ? u"PROCESSING"_s : u"AVAILABLE"_s;
}

FakeResponse FakeLinkedIn::initializeVideoUpload(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, &refusal);
    if (!token)
        return refusal;
    const QJsonObject init = request.jsonObject()[u"initializeUploadRequest"_s].toObject();
    const QString owner = init[u"owner"_s].toString();
    const qint64 fileSize = init[u"fileSizeBytes"_s].toInteger(-1);
    QStringList missing;
    if (owner.isEmpty())
        missing.append(u"owner"_s);
    if (fileSize <= 0)
        missing.append(u"fileSizeBytes"_s);
    if (!missing.isEmpty()) {
        QString message;
        for (const QString &field : std::as_const(missing))
            message += u"ERROR :: /initializeUploadRequest/"_s + field
                       + u" :: field is required but not found and has no default value\n"_s;
        return FakeResponse::json(422, QJsonObject {{u"message"_s, message}, {u"status"_s, 422}});
    }
    if (!mayActAs(*token, owner))
        return serviceError(403, 100,
                            u"Accessing this video resource is forbidden for "_s
                                + owner); // (verify)
    ++m_nextVideo;
    Video video;
    video.urn = u"urn:li:video:FakeVideo"_s + QString::number(m_nextVideo);
    video.owner = owner;
    video.uploadToken = u"vid-"_s + QString::number(m_nextVideo);
    video.fileSize = fileSize;
    video.uploadExpiresAt = m_clock->now().addSecs(24 * 60 * 60);
    QJsonArray instructions;
    for (qint64 first = 0; first < fileSize; first += VideoPartBytes) {
        const qint64 last = qMin(first + VideoPartBytes, fileSize) - 1;
        const QString url = request.origin() + u"/linkedin/dms-uploads/"_s + video.uploadToken
                            + u'/' + QString::number(video.parts.size());
        video.parts.append(Video::Part {first, last, {}});
        instructions.append(
            QJsonObject {{u"uploadUrl"_s, url}, {u"firstByte"_s, first}, {u"lastByte"_s, last}});
    }
    QJsonObject value {{u"uploadUrlsExpireAt"_s, video.uploadExpiresAt.toMSecsSinceEpoch()},
                       {u"video"_s, video.urn},
                       {u"uploadInstructions"_s, instructions},
                       {u"uploadToken"_s, video.uploadToken}};
    m_videos.insert(video.urn, video);
    return FakeResponse::json(200, QJsonObject {{u"value"_s, value}});
}

FakeResponse FakeLinkedIn::uploadVideoPart(const FakeRequest &request, const QString &token,
                                           int index)
{
    for (Video &video : m_videos) {
        if (video.uploadToken != token)
            continue;
        if (index < 0 || index >= video.parts.size() || m_clock->now() >= video.uploadExpiresAt
            || video.status != u"WAITING_UPLOAD"_s)
            return serviceError(400, 0, u"The upload URL is expired or unknown"_s); // (verify)
        Video::Part &part = video.parts[index];
        if (request.body.size() != part.lastByte - part.firstByte + 1)
            return serviceError(400, 0,
                                u"The part must be bytes "_s + QString::number(part.firstByte)
                                    + u" to "_s + QString::number(part.lastByte)); // (verify)
        // An opaque ETag that tells the part's content apart, as a storage service's does.
        part.etag = u"/ambry-video/signedId/"_s
                    + QString::fromLatin1(
                        QCryptographicHash::hash(request.body, QCryptographicHash::Sha256)
                            .toHex()
                            .left(32));
        FakeResponse answer = FakeResponse::empty(200);
        answer.withHeader("ETag", part.etag.toUtf8());
        return answer;
    }
    return serviceError(404, 0, u"Unknown upload URL"_s);
}

FakeResponse FakeLinkedIn::finalizeVideoUpload(const FakeRequest &request)
{
    FakeResponse refusal;
    const IssuedToken *token = authenticate(request, &refusal);
    if (!token)
        return refusal;
    const QJsonObject finalize = request.jsonObject()[u"finalizeUploadRequest"_s].toObject();
    const auto it = m_videos.find(finalize[u"video"_s].toString());
    if (it == m_videos.end() || !mayActAs(*token, it->owner))
        return serviceError(404, 0,
                            u"Video "_s + finalize[u"video"_s].toString() + u" not found"_s);
    if (finalize[u"uploadToken"_s].toString() != it->uploadToken)
        return serviceError(400, 0, u"The uploadToken does not belong to the video"_s); // (verify)
    if (it->status != u"WAITING_UPLOAD"_s)
        return serviceError(400, 0, u"The video is already finalized"_s); // (verify)
    const QJsonArray given = finalize[u"uploadedPartIds"_s].toArray();
    bool matches = given.size() == it->parts.size();
    for (qsizetype i = 0; matches && i < given.size(); ++i)
        matches = !it->parts.at(i).etag.isEmpty() && given.at(i).toString() == it->parts.at(i).etag;
    if (!matches)
        // (verify) LinkedIn's status and wording for missing or reordered part ids.
        return serviceError(400, 0,
                            u"uploadedPartIds must list the ETag of every part, in order"_s);
    it->status = u"PROCESSING"_s;
    return FakeResponse::empty(200);
}

FakeResponse FakeLinkedIn::video(const FakeRequest &request, const QString &urn)
{
    FakeResponse refusal;
    if (!authenticate(request, &refusal))
        return refusal;
    const auto it = m_videos.find(urn);
    if (it == m_videos.end())
        return serviceError(404, 0, u"Video "_s + urn + u" not found"_s);
    QJsonObject answer {{u"id"_s, it->urn}, {u"owner"_s, it->owner}, {u"status"_s, it->status}};
    if (it->status == u"PROCESSING_FAILED"_s)
        answer.insert(u"processingFailureReason"_s, u"Invalid video file"_s); // (verify)
    // Processing ends at the first look after it began.
    if (it->status == u"PROCESSING"_s)
        it->status = m_failVideoProcessing ? u"PROCESSING_FAILED"_s : u"AVAILABLE"_s;
    return FakeResponse::json(200, answer);
}

std::optional<FakeResponse> FakeLinkedIn::videoRefusal(const QString &id,
                                                       const QString &author) const
{
    const auto it = m_videos.constFind(id);
    if (it != m_videos.constEnd() && it->owner == author && it->status == u"AVAILABLE"_s)
        return std::nullopt;
    // (verify) LinkedIn's wording for a video that is missing, not AVAILABLE or not the
    // author's.
    return inputError(u"ERROR :: /content/media/id :: "_s + id
                          + u" is not an AVAILABLE video of the author\n"_s,
                      u"/content/media/id"_s, u"INVALID_VALUE"_s, u"Invalid media"_s);
}

} // namespace slotline::fake
