#pragma once

#include <QByteArray>
#include <QSet>
#include <QString>

#include <optional>

namespace slotline {

class Database;

// A media file the server holds: fetched from a URL, or uploaded to an address it handed
// out. The bytes live in the media directory under the id; this is what is known of them.
struct MediaRecord
{
    enum class Status { AwaitingUpload, Ready };

    QString id; // med_...
    QString projectId;
    QString publicToken; // the unguessable part of its public URL
    Status status = Status::Ready;
    QString sourceUrl; // fetched from; empty for uploads
    QString filename; // as the uploader named it
    QString declaredType; // what an upload announced; empty when nothing was announced
    std::optional<qint64> declaredSize;
    QString mimeType; // from the content, once it is there
    qint64 size = 0;
    QString sha256; // hex
    qint64 createdAtMs = 0;
    std::optional<qint64> uploadExpiresAtMs;
    std::optional<qint64> completedAtMs;
};

class MediaRepository
{
public:
    explicit MediaRepository(Database &database);

    void insert(const MediaRecord &record);
    std::optional<MediaRecord> find(const QString &mediaId);
    std::optional<MediaRecord> findByPublicToken(const QString &token);
    // The ids of every media item whose file has arrived, in every project.
    QSet<QString> readyIds();
    // Records the uploaded file of an upload that is still awaited; false when it is not
    // (already uploaded: upload addresses are single-use).
    bool completeUpload(const QString &mediaId, const QString &mimeType, qint64 size,
                        const QString &sha256, qint64 nowMs);

    // A secret of the server's, made (`make`) and stored the first time it is asked for.
    QByteArray secret(const QString &name, qint64 nowMs, QByteArray (*make)());

private:
    Database &m_database;
};

} // namespace slotline
