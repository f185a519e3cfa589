#include "storage/calllogrepository.h"

#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/statement.h"
#include "storage/transaction.h"

#include <QJsonDocument>

#include <memory>
#include <sqlite3.h>

using namespace Qt::Literals::StringLiterals;

namespace slotline {

CallLogRepository::CallLogRepository(Database &database)
    : m_database(database)
{ }

void CallLogRepository::append(const QList<CallRecord> &records)
{
    CallLogBatch batch;
    for (const CallRecord &record : records)
        batch.add(record);
    append(batch);
}

void CallLogRepository::append(const CallLogBatch &batch)
{
    if (batch.isEmpty())
        return;
    // Written through SQLite itself, binding straight from the batch's buffer: hundreds of
    // rows with ten values each is where QtSql's per-value bookkeeping would cost more
    // than the insert.
    sqlite3 *native = m_database.nativeHandle();
    sqlite3_stmt *insert = nullptr;
    const char *sql = "INSERT INTO call_log (id, project_id, api_key_id, at, method, path, tool, "
                      "arguments, status, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    if (sqlite3_prepare_v2(native, sql, -1, &insert, nullptr) != SQLITE_OK)
        throw DatabaseError(QStringLiteral("cannot prepare the call log insert: %1")
                                .arg(QString::fromUtf8(sqlite3_errmsg(native))));
    const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> finalizer(insert,
                                                                           sqlite3_finalize);

    const auto bindText = [insert](int column, QByteArrayView text) {
        sqlite3_bind_text(insert, column, text.data(), int(text.size()), SQLITE_STATIC);
    };
    Transaction transaction(m_database);
    batch.forEach([&](const CallLogBatch::Entry &entry) {
        bindText(1, entry.id);
        bindText(2, entry.projectId);
        bindText(3, entry.apiKeyId);
        sqlite3_bind_int64(insert, 4, entry.atMs);
        bindText(5, entry.method);
        bindText(6, entry.path);
        if (entry.tool.isEmpty())
            sqlite3_bind_null(insert, 7);
        else
            bindText(7, entry.tool);
        bindText(8, entry.argumentsJson);
        sqlite3_bind_int(insert, 9, entry.status);
        sqlite3_bind_double(insert, 10, entry.durationMs);
        if (sqlite3_step(insert) != SQLITE_DONE)
            throw DatabaseError(QStringLiteral("cannot write the call log: %1")
                                    .arg(QString::fromUtf8(sqlite3_errmsg(native))));
        sqlite3_reset(insert);
    });
    transaction.commit();
}

Page<CallRecord> CallLogRepository::list(const QString &projectId, const CallLogFilter &filter,
                                         const PageRequest &page)
{
    QString sql = QStringLiteral("SELECT id, project_id, api_key_id, at, method, path, tool, "
                                 "arguments, status, duration_ms FROM call_log "
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
    page.appendTo(sql, binds, "at"_L1, PageRequest::Order::Descending);

    Statement query(m_database, sql);
    query.bindAll(binds).exec();

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
            record.argumentsJson = row.text(7).toUtf8();
            record.arguments = QJsonDocument::fromJson(record.argumentsJson).object();
            record.status = static_cast<int>(row.integer(8));
            record.durationMs = row.value(9).toDouble();
            lastSeq = row.integer(10);
            return record;
        },
        [&lastSeq](const CallRecord &last) {
            return QJsonArray {last.atMs, lastSeq};
        });
}

int CallLogRepository::removeOlderThan(qint64 ms)
{
    // Project by project, so the (project_id, at) index serves the delete and the log
    // needs no index of its own for this hourly job.
    QStringList projects;
    Statement list(m_database, QStringLiteral("SELECT id FROM projects"));
    list.exec();
    while (list.next())
        projects.append(list.text(0));
    int removed = 0;
    for (const QString &project : std::as_const(projects)) {
        Statement remove(m_database,
                         QStringLiteral("DELETE FROM call_log WHERE project_id = ? AND at < ?"));
        remove.bind(project).bind(ms).exec();
        removed += remove.rowsAffected();
    }
    return removed;
}

} // namespace slotline
