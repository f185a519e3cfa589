#include "server/media/mediauploadsink.h"

#include "server/api/logcategories.h"
#include "server/media/medialibrary.h"
#include "server/media/mediatype.h"

#include <QDir>

namespace slotline {
namespace {

ApiError unsupportedType(const QString &message)
{
    return ApiError(ErrorCode::UnsupportedMediaType, message);
}

} // namespace

MediaUploadSink::MediaUploadSink(MediaLibrary &library, MediaRecord record)
    : m_library(library)
    , m_record(std::move(record))
    , m_file(QDir(library.incomingDirectory()).filePath(QStringLiteral("upload-XXXXXX")))
{ }

MediaUploadSink::~MediaUploadSink()
{
    m_library.uploadEnded(m_record.id);
}

std::optional<ApiError> MediaUploadSink::open()
{
    if (m_file.open())
        return std::nullopt;
    qCWarning(lcMedia).noquote() << "cannot create" << m_file.fileTemplate()
                                 << m_file.errorString();
    return ApiError::internal();
}

std::optional<ApiError> MediaUploadSink::write(QByteArrayView bytes)
{
    if (m_mimeType.isEmpty()) {
        m_head.append(
            bytes.first(std::min(bytes.size(), MediaType::bytesNeeded() - m_head.size())));
        if (m_head.size() >= MediaType::bytesNeeded()) {
            if (auto error = sniff())
                return error;
        }
    }
    m_hash.addData(bytes);
    m_size += bytes.size();
    if (m_file.write(bytes.data(), bytes.size()) != bytes.size()) {
        qCWarning(lcMedia).noquote() << "cannot write" << m_file.fileName() << m_file.errorString();
        return ApiError(ErrorCode::InsufficientStorage,
                        QStringLiteral("The server could not store the upload."));
    }
    return std::nullopt;
}

std::optional<ApiError> MediaUploadSink::sniff()
{
    const auto type = MediaType::sniff(m_head);
    if (!type)
        return unsupportedType(QStringLiteral("The file is none of the accepted types (%1); the "
                                              "type is told by the content, not the name.")
                                   .arg(MediaType::accepted().join(QStringLiteral(", "))));
    if (!m_record.declaredType.isEmpty() && *type != m_record.declaredType)
        return unsupportedType(QStringLiteral("The file is %1, but the upload was announced as %2.")
                                   .arg(*type, m_record.declaredType));
    m_mimeType = *type;
    m_head.clear();
    return std::nullopt;
}

std::variant<QByteArray, ApiError> MediaUploadSink::finish()
{
    if (m_size == 0)
        return unsupportedType(QStringLiteral("The upload is empty."));
    if (m_mimeType.isEmpty()) {
        if (auto error = sniff()) // a file shorter than what sniffing looks at
            return *error;
    }
    if (!m_file.flush()) {
        qCWarning(lcMedia).noquote() << "cannot write" << m_file.fileName() << m_file.errorString();
        return ApiError(ErrorCode::InsufficientStorage,
                        QStringLiteral("The server could not store the upload."));
    }
    auto outcome = m_library.completeUpload(m_record, m_file.fileName(), m_mimeType, m_size,
                                            QString::fromLatin1(m_hash.result().toHex()));
    if (std::holds_alternative<QByteArray>(outcome))
        m_file.setAutoRemove(false); // it has moved to its place in the library
    return outcome;
}

} // namespace slotline
