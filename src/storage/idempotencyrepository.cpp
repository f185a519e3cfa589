#include "storage/idempotencyrepository.h"

#include "storage/statement.h"

namespace slotline {

IdempotencyRepository::IdempotencyRepository(Database &database)
    : m_database(database)
{ }

std::optional<IdempotencyRepository::Record> IdempotencyRepository::find(const QString &projectId,
                                                                         const QString &key)
{
    Statement query(
        m_database,
        QStringLiteral("SELECT request_hash, status, body, created_at FROM idempotency_keys "
                       "WHERE project_id = ? AND key = ?"));
    query.bind(projectId).bind(key).exec();
    if (!query.next())
        return std::nullopt;
    return Record {query.text(0), int(query.integer(1)), query.text(2).toUtf8(), query.integer(3)};
}

void IdempotencyRepository::save(const QString &projectId, const QString &key, const Record &record)
{
    // An expired record of the same key is replaced.
    Statement(m_database,
              QStringLiteral("INSERT INTO idempotency_keys (project_id, key, request_hash, status, "
                             "body, created_at) VALUES (?, ?, ?, ?, ?, ?) "
                             "ON CONFLICT (project_id, key) DO UPDATE SET "
                             "request_hash = excluded.request_hash, status = excluded.status, "
                             "body = excluded.body, created_at = excluded.created_at"))
        .bind(projectId)
        .bind(key)
        .bind(record.requestHash)
        .bind(record.status)
        .bind(QString::fromUtf8(record.body))
        .bind(record.createdAtMs)
        .exec();
}

void IdempotencyRepository::remove(const QString &projectId, const QString &key)
{
    Statement(m_database,
              QStringLiteral("DELETE FROM idempotency_keys WHERE project_id = ? AND key = ?"))
        .bind(projectId)
        .bind(key)
        .exec();
}

int IdempotencyRepository::removeOlderThan(qint64 ms)
{
    Statement remove(m_database,
                     QStringLiteral("DELETE FROM idempotency_keys WHERE created_at < ?"));
    remove.bind(ms).exec();
    return remove.rowsAffected();
}

} // namespace slotline
