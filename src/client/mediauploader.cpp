#include "client/mediauploader.h"

#include "client/apiclient.h"
#include "client/logcategories.h"

#include <QFileInfo>

namespace slotline::client {

namespace {

using Kind = MediaUploader::Outcome::Kind;

MediaUploader::Outcome uploadedAt(const QString &publicUrl)
{
    MediaUploader::Outcome outcome;
    outcome.kind = Kind::Uploaded;
    outcome.publicUrl = publicUrl;
    return outcome;
}

MediaUploader::Outcome with(Kind kind, const ApiError &error)
{
    MediaUploader::Outcome outcome;
    outcome.kind = kind;
    outcome.error = error;
    return outcome;
}

} // namespace

MediaUploader::MediaUploader(ApiClient &client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{ }

void MediaUploader::send(const MediaUpload &upload, const WireRequest &addressRequest,
                         const QString &idempotencyKey, Done done)
{
    const QFileInfo file(upload.filePath);
    if (!file.isFile() || file.size() != upload.size) {
        // The app's own copy: gone or changed only if something outside the app touched it.
        // Answered later, as a call would be: the caller may still be queueing it.
        QMetaObject::invokeMethod(
            this,
            [done = std::move(done)] {
                done(with(Kind::Refused,
                          ApiError(ApiError::Kind::Validation,
                                   tr("The copy of the file the app kept for the upload is "
                                      "gone."))));
            },
            Qt::QueuedConnection);
        return;
    }
    m_client.send<UploadTicket>(
        addressRequest, idempotencyKey, this,
        [this, upload, done = std::move(done)](const ApiResult<UploadTicket> &ticket) {
            if (!ticket.ok()) {
                done(refusedOrWaits(ticket.error()));
                return;
            }
            put(upload, ticket.value(), done);
        });
}

void MediaUploader::put(const MediaUpload &upload, const UploadTicket &ticket, const Done &done)
{
    m_client.uploadFile(
        ticket, upload.filePath, this,
        [this, ticket, done](const ApiResult<MediaItem> &result) {
            if (result.ok()) {
                done(uploadedAt(result.value().url));
                return;
            }
            const ApiError &error = result.error();
            if (error.errorCode() == ErrorCode::UploadUsed) {
                // The answer to an earlier attempt was lost: the file is in.
                done(uploadedAt(ticket.publicUrl));
            } else if (error.errorCode() == ErrorCode::UploadInProgress) {
                // An earlier attempt still streams in (or its connection is not yet closed).
                done(with(Kind::Waits, error));
            } else if (error.kind() == ApiError::Kind::Gone
                       || error.kind() == ApiError::Kind::NotFound) {
                // Expired, or an address the server no longer knows (its data was reset).
                probe(ticket, done);
            } else {
                done(refusedOrWaits(error));
            }
        },
        [this, reference = upload.reference](qint64 sent, qint64 total) {
            Q_EMIT progress(reference, sent, total);
        });
}

void MediaUploader::probe(const UploadTicket &ticket, const Done &done)
{
    m_client.probeMedia(
        QUrl(ticket.publicUrl), this, [ticket, done](const ApiResult<bool> &served) {
            if (!served.ok())
                done(with(Kind::Waits, served.error()));
            else if (served.value())
                done(uploadedAt(ticket.publicUrl));
            else
                done(with(Kind::Expired, ApiError(ApiError::Kind::Gone, QString())));
        });
}

MediaUploader::Outcome MediaUploader::refusedOrWaits(const ApiError &error)
{
    const bool waits = error.isTransient() || error.kind() == ApiError::Kind::Unauthorized
                       || error.kind() == ApiError::Kind::Cancelled
                       || error.kind() == ApiError::Kind::MalformedAnswer
                       || error.errorCode() == ErrorCode::IdempotencyInProgress;
    if (!waits)
        qCInfo(lcClient).noquote() << "upload refused:" << error.message();
    return with(waits ? Kind::Waits : Kind::Refused, error);
}

} // namespace slotline::client
