#pragma once

#include "server/http/uploadreceiver.h"
#include "storage/mediarepository.h"

#include <QCryptographicHash>
#include <QTemporaryFile>

namespace slotline {

class MediaLibrary;

// One upload streaming in: written to a temporary file while it is hashed, and refused
// as soon as its first bytes show it is not an accepted type (or not the type it was
// announced as). Only a complete, accepted file becomes media.
class MediaUploadSink : public UploadSink
{
public:
    MediaUploadSink(MediaLibrary &library, MediaRecord record);
    ~MediaUploadSink() override;
    Q_DISABLE_COPY_MOVE(MediaUploadSink)

    // False (and why) when the temporary file cannot be made.
    std::optional<ApiError> open();

    std::optional<ApiError> write(QByteArrayView bytes) override;
    std::variant<QByteArray, ApiError> finish() override;

private:
    std::optional<ApiError> sniff();

    MediaLibrary &m_library;
    MediaRecord m_record;
    QTemporaryFile m_file;
    QCryptographicHash m_hash {QCryptographicHash::Sha256};
    QByteArray m_head; // the first bytes, until the type is known
    QString m_mimeType;
    qint64 m_size = 0;
};

} // namespace slotline
