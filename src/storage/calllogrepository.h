#pragma once

#include "core/callrecord.h"
#include "storage/calllogbatch.h"
#include "storage/page.h"

#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace slotline {

class Database;

struct CallLogFilter
{
    QList<std::pair<int, int>> statusRanges; // inclusive; empty = any status
    QString apiKeyId;
    std::optional<qint64> sinceMs; // inclusive
    std::optional<qint64> untilMs; // exclusive
    QString method;
    QString tool;
};

// The project's call log, newest first (calls of the same millisecond by id). Written in
// batches by the server's call log writer, never one transaction per request.
class CallLogRepository
{
public:
    explicit CallLogRepository(Database &database);

    // All records in one transaction.
    void append(const CallLogBatch &batch);
    void append(const QList<CallRecord> &records);
    Page<CallRecord> list(const QString &projectId, const CallLogFilter &filter,
                          const PageRequest &page);
    // Retention: returns how many records were removed.
    int removeOlderThan(qint64 ms);

private:
    Database &m_database;
};

} // namespace slotline
