#include "storage/mediarepository.h"

#include "storage/statement.h"

namespace slotline {
namespace {

const QString Columns = QStringLiteral(
    "SELECT id, project_id, public_token, status, source_url, filename, declared_type, "
    "declared_size, mime_type, size, sha256, created_at, upload_expires_at, completed_at "
    "FROM media ");

std::optional<MediaRecord> readOne(Statement &query)
{
    if (!query.next())
        return std::nullopt;
    MediaRecord record;
    record.id = query.text(0);
    record.projectId = query.text(1);
    record.publicToken = query.text(2);
    record.status = query.text(3) == u"ready" ? MediaRecord::Status::Ready
                                              : MediaRecord::Status::AwaitingUpload;
    record.sourceUrl = query.text(4);
    record.filename = query.text(5);
    record.declaredType = query.text(6);
    record.declaredSize = query.optionalInteger(7);
    record.mimeType = query.text(8);
    record.size = query.optionalInteger(9).value_or(0);
    record.sha256 = query.text(10);
    record.createdAtMs = query.integer(11);
    record.uploadExpiresAtMs = query.optionalInteger(12);
    record.completedAtMs = query.optionalInteger(13);
    return record;
}

} // namespace

MediaRepository::MediaRepository(Database &database)
    : m_database(database)
{ }

void MediaRepository::insert(const MediaRecord &record)
{
    const bool ready = record.status == MediaRecord::Status::Ready;
    Statement insert(m_database,
                     QStringLiteral("INSERT INTO media (id, project_id, public_token, status, "
                                    "source_url, filename, declared_type, declared_size, "
                                    "mime_type, size, sha256, created_at, upload_expires_at, "
                                    "completed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                                    "?, ?)"));
    insert.bind(record.id)
        .bind(record.projectId)
        .bind(record.publicToken)
        .bind(ready ? QStringLiteral("ready") : QStringLiteral("awaiting-upload"))
        .bindNullableText(record.sourceUrl)
        .bindNullableText(record.filename)
        .bindNullableText(record.declaredType)
        .bindOptional(record.declaredSize)
        .bindNullableText(ready ? record.mimeType : QString())
        .bindOptional(ready ? std::optional<qint64>(record.size) : std::nullopt)
        .bindNullableText(ready ? record.sha256 : QString())
        .bind(record.createdAtMs)
        .bindOptional(record.uploadExpiresAtMs)
        .bindOptional(record.completedAtMs)
        .exec();
}

std::optional<MediaRecord> MediaRepository::find(const QString &mediaId)
{
    Statement query(m_database, Columns + QStringLiteral("WHERE id = ?"));
    query.bind(mediaId).exec();
    return readOne(query);
}

std::optional<MediaRecord> MediaRepository::findByPublicToken(const QString &token)
{
    Statement query(m_database, Columns + QStringLiteral("WHERE public_token = ?"));
    query.bind(token).exec();
    return readOne(query);
}

QSet<QString> MediaRepository::readyIds()
{
    Statement query(m_database, QStringLiteral("SELECT id FROM media WHERE status = 'ready'"));
    query.exec();
    QSet<QString> ids;
    while (query.next())
        ids.insert(query.text(0));
    return ids;
}

bool MediaRepository::completeUpload(const QString &mediaId, const QString &mimeType, qint64 size,
                                     const QString &sha256, qint64 nowMs)
{
    Statement update(m_database,
                     QStringLiteral("UPDATE media SET status = 'ready', mime_type = ?, size = ?, "
                                    "sha256 = ?, completed_at = ? "
                                    "WHERE id = ? AND status = 'awaiting-upload'"));
    update.bind(mimeType).bind(size).bind(sha256).bind(nowMs).bind(mediaId).exec();
    return update.rowsAffected() == 1;
}

QByteArray MediaRepository::secret(const QString &name, qint64 nowMs, QByteArray (*make)())
{
    Statement insert(m_database,
                     QStringLiteral("INSERT INTO server_secrets (name, value, created_at) "
                                    "VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING"));
    insert.bind(name).bind(make()).bind(nowMs).exec();
    Statement query(m_database, QStringLiteral("SELECT value FROM server_secrets WHERE name = ?"));
    query.bind(name).exec();
    query.next();
    return query.value(0).toByteArray();
}

} // namespace slotline
