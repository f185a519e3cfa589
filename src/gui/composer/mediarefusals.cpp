#include "gui/composer/mediarefusals.h"

#include "client/apierror.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

QString MediaRefusals::generalReason(const client::ApiError &error)
{
    switch (error.kind()) {
    case client::ApiError::Kind::Network: return tr("The server cannot be reached.");
    case client::ApiError::Kind::Timeout: return tr("The server did not answer in time.");
    case client::ApiError::Kind::RateLimited:
        return tr("The server is busy; try again in %Ln second(s).", "", error.retryAfterSeconds());
    default: return error.toDisplayString();
    }
}

QString MediaRefusals::ofFetch(const QString &name, const client::ApiError &error)
{
    const std::optional<ErrorCode> code = error.errorCode();
    QString reason;
    if (code == ErrorCode::UrlNotAllowed) {
        reason = tr("The server does not download from addresses on this computer or on "
                    "private networks.");
    } else if (code == ErrorCode::UnsupportedType) {
        reason = tr("It is not an image or video the server accepts (PNG, JPEG, GIF, WebP or "
                    "MP4).");
    } else if (code == ErrorCode::MediaTooLarge) {
        reason = tr("The file is larger than the server accepts.");
    } else if (code == ErrorCode::FetchFailed) {
        const QString detail = error.messageFor(u"url"_s);
        reason = detail.isEmpty() ? tr("The server could not download it.")
                                  : tr("The server could not download it (%1).").arg(detail);
    } else {
        reason = generalReason(error);
    }
    return tr("“%1” was not added. %2").arg(name, reason);
}

QString MediaRefusals::ofUpload(const QString &name, const client::ApiError &error)
{
    const std::optional<ErrorCode> code = error.errorCode();
    QString reason;
    if (code == ErrorCode::UnsupportedType || error.status() == 415) {
        reason = tr("It is not an image or video the server accepts (PNG, JPEG, GIF, WebP or "
                    "MP4).");
    } else if (error.status() == 413) {
        reason = tr("The file is larger than the server accepts.");
    } else if (code == ErrorCode::UploadExpired || error.kind() == client::ApiError::Kind::Gone) {
        reason = tr("The upload took too long; add the file again.");
    } else if (code == ErrorCode::SizeMismatch) {
        reason = tr("The file changed while it was being uploaded; add it again.");
    } else {
        reason = generalReason(error);
    }
    return tr("“%1” was not uploaded. %2").arg(name, reason);
}

} // namespace slotline::gui
