#pragma once

#include "server/http/requestpipeline.h"
#include "server/http/uploadreceiver.h"
#include "server/media/uploadsigner.h"
#include "storage/mediarepository.h"

#include <QSet>
#include <QString>
#include <QUrl>

#include <optional>

namespace slotline {

class Clock;
class Database;

// The media a server holds: files fetched from URLs and uploaded to signed addresses,
// stored in one directory under their ids, and served at unguessable public URLs
// (/media/<token>.<extension>) to anyone who has one, as a platform fetching a post's
// image would. Uploads stream to disk as they arrive (the request guard hands them here),
// so a 100 MB upload never sits in memory.
class MediaLibrary : public UploadReceiver
{
public:
    static constexpr qint64 UploadWindowMs = 15 * 60 * 1000;
    static constexpr QStringView PublicPathPrefix = u"/media/";

    MediaLibrary(Database &database, const Clock &clock, QString directory, qint64 maxBytes);
    ~MediaLibrary() override;
    Q_DISABLE_COPY_MOVE(MediaLibrary)

    void setPublicBaseUrl(const QString &url) { m_publicBaseUrl = url; }
    // Where files are fetched and uploaded to before they become media.
    QString incomingDirectory() const;
    qint64 maxBytes() const { return m_maxBytes; }
    // Where a media item's file lives once it is ready.
    QString filePath(const QString &mediaId) const;

    QString publicUrl(const MediaRecord &record) const;
    QString uploadUrl(const MediaRecord &record) const;
    // {id, url, mimeType, size, sha256}
    QByteArray mediaJson(const MediaRecord &record) const;

    // A file fetched into incomingDirectory() becomes the project's; it is moved, so the
    // file is gone from there either way.
    MediaRecord adoptFetched(const QString &projectId, const QString &sourceUrl,
                             const QString &filePath, const QString &mimeType, qint64 size,
                             const QString &sha256);
    // A media item awaiting its upload, with the address to send it to.
    MediaRecord createUpload(const QString &projectId, const QString &filename,
                             const QString &declaredType, std::optional<qint64> declaredSize);

    // The ready media item behind one of this server's own public media addresses, so
    // that publishing reads its file instead of fetching the server from itself.
    std::optional<MediaRecord> ownMedia(const QUrl &url);

    // GET or HEAD of a public media URL: the file; nothing when the path is not one.
    std::optional<RequestPipeline::Response> serve(QByteArrayView method, QStringView path);

    std::variant<std::unique_ptr<UploadSink>, ApiError> begin(const Request &request) override;

private:
    friend class MediaUploadSink;
    void removeUnrecordedFiles();
    MediaRecord newRecord(const QString &projectId, MediaRecord::Status status) const;
    std::variant<QByteArray, ApiError> completeUpload(const MediaRecord &record,
                                                      const QString &incomingPath,
                                                      const QString &mimeType, qint64 size,
                                                      const QString &sha256);
    void uploadEnded(const QString &mediaId) { m_uploading.remove(mediaId); }

    Database &m_database;
    const Clock &m_clock;
    QString m_directory;
    qint64 m_maxBytes;
    QString m_publicBaseUrl;
    MediaRepository m_media;
    UploadSigner m_signer;
    QSet<QString> m_uploading; // media ids whose upload is streaming in now
};

} // namespace slotline
