#include "storage/calllogrepository.h"

#include "storage/statement.h"
#include "storage/transaction.h"

#include <QJsonDocument>

namespace slotline {

CallLogRepository::CallLogRepository(Database &database)
    : m_database(database)
{
}

void CallLogRepository::append(const QList<CallRecord> &records)
{
    if (records.isEmpty())
        return;
    Transaction transaction(m_database);
    for (const CallRecord &record : records) {
        Statement(m_database,
                  QStringLiteral("INSERT INTO call_log (id, project_id, api_key_id, at, method, "
                                 "path, tool, arguments, status, duration_ms) "
                                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"))
                .bind(record.id)
                .bind(record.projectId)
                .bind(record.apiKeyId)
                .bind(record.atMs)
                .bind(record.method)
                .bind(record.path)
                .bindNullableText(record.tool)
                .bind(QString::fromUtf8(
                        QJsonDocument(record.arguments).toJson(QJsonDocument::Compact)))
                .bind(record.status)
                .bind(record.durationMs)
                .exec();
    }
    transaction.commit();
}

Page<CallRecord> CallLogRepository::list(const QString &projectId, const CallLogFilter &filter,
                                         const PageRequest &page)
{
    QString sql = QStringLiteral("SELECT id, project_id, api_key_id, at, method, path, tool, "
                                 "arguments, status, duration_ms, seq FROM call_log "
                                 "WHERE project_id = ? ");
    QVariantList binds {projectId};
    if (!filter.statusRanges.isEmpty()) {
        QStringList ranges;
        for (const auto &[low, high] : filter.statusRanges) {
            ranges.append(QStringLiteral("status BETWEEN ? AND ?"));
            binds << low << high;
        }
        sql += QStringLiteral("AND (") + ranges.join(QStringLiteral(" OR ")) + QStringLiteral(") ");
    }
    if (!filter.apiKeyId.isEmpty()) {
        sql += QStringLiteral("AND api_key_id = ? ");
        binds << filter.apiKeyId;
    }
    if (filter.sinceMs) {
        sql += QStringLiteral("AND at >= ? ");
        binds << *filter.sinceMs;
    }
    if (filter.untilMs) {
        sql += QStringLiteral("AND at < ? ");
        binds << *filter.untilMs;
    }
    if (!filter.method.isEmpty()) {
        sql += QStringLiteral("AND method = ? ");
        binds << filter.method;
    }
    if (!filter.tool.isEmpty()) {
        sql += QStringLiteral("AND tool = ? ");
        binds << filter.tool;
    }
    if (page.hasCursor(2)) {
        sql += QStringLiteral("AND (at, seq) < (?, ?) ");
        binds << page.after.at(0).toInteger() << page.after.at(1).toInteger();
    }
    sql += QStringLiteral("ORDER BY at DESC, seq DESC LIMIT ?");
    binds << page.limit + 1;

    Statement query(m_database, sql);
    for (const QVariant &value : std::as_const(binds))
        query.bind(value);
    query.exec();

    qint64 lastSeq = 0;
    return collectPage<CallRecord>(
            query, page.limit,
            [&lastSeq](const Statement &row) {
                CallRecord record;
                record.id = row.text(0);
                record.projectId = row.text(1);
                record.apiKeyId = row.text(2);
                record.atMs = row.integer(3);
                record.method = row.text(4);
                record.path = row.text(5);
                record.tool = row.text(6);
                record.arguments = QJsonDocument::fromJson(row.text(7).toUtf8()).object();
                record.status = static_cast<int>(row.integer(8));
                record.durationMs = row.value(9).toDouble();
                lastSeq = row.integer(10);
                return record;
            },
            [&lastSeq](const CallRecord &last) { return QJsonArray {last.atMs, lastSeq}; });
}

int CallLogRepository::removeOlderThan(qint64 ms)
{
    Statement query(m_database, QStringLiteral("DELETE FROM call_log WHERE at < ?"));
    query.bind(ms).exec();
    return query.rowsAffected();
}

} // namespace slotline
