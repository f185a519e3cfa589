#include "server/access/calllogwriter.h"

#include "core/clock.h"
#include "server/api/logcategories.h"
#include "storage/apikeyrepository.h"
#include "storage/calllogrepository.h"
#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/transaction.h"

#include <QHash>

namespace slotline {
namespace {

constexpr int RetryAfterFailureMs = 1000;
constexpr qint64 RetentionIntervalMs = 60 * 60 * 1000;
// How often an idle writer still checkpoints what others (the dispatcher) wrote.
constexpr qint64 IdleCheckpointMs = 2000;

} // namespace

CallLogWriter::CallLogWriter(const QString &databasePath, const Clock &clock, int flushIntervalMs,
                             int retentionDays)
    : m_databasePath(databasePath)
    , m_clock(clock)
    , m_flushIntervalMs(flushIntervalMs)
    , m_retentionDays(retentionDays)
{
    m_thread.reset(QThread::create([this] { run(); }));
    m_thread->setObjectName(QStringLiteral("call log writer"));
    m_thread->start();
}

CallLogWriter::~CallLogWriter()
{
    {
        QMutexLocker lock(&m_mutex);
        m_stopping = true;
        m_wake.wakeAll();
    }
    m_thread->wait();
}

void CallLogWriter::record(CallRecord record)
{
    QMutexLocker lock(&m_mutex);
    if (m_pending.isEmpty() || m_pending.constLast().count() >= BatchSize)
        m_pending.append(CallLogBatch());
    m_pending.last().add(record);
    ++m_pendingCount;
    ++m_recorded;
    dropOldestBeyondLimit();
    if (m_pendingCount == 1) {
        m_batchDue.setRemainingTime(m_flushIntervalMs);
        m_wake.wakeOne();
    } else if (m_pendingCount == BatchSize) {
        m_wake.wakeOne();
    }
}

void CallLogWriter::dropOldestBeyondLimit()
{
    while (m_pendingCount > MaxPending && m_pending.size() > 1) {
        const qsizetype dropped = m_pending.takeFirst().count();
        m_pendingCount -= dropped;
        m_dropped += quint64(dropped);
        m_done += quint64(dropped);
    }
}

bool CallLogWriter::flush()
{
    QMutexLocker lock(&m_mutex);
    const quint64 target = m_recorded;
    if (m_ready && m_done >= target)
        return true;
    m_flushWanted = std::max(m_flushWanted, target);
    m_wake.wakeOne();
    QDeadlineTimer deadline(30'000);
    while ((!m_ready || m_done < target) && !m_lastWriteFailed) {
        if (!m_written.wait(&m_mutex, deadline))
            break;
    }
    return m_done >= target;
}

quint64 CallLogWriter::droppedCount() const
{
    QMutexLocker lock(&m_mutex);
    return m_dropped;
}

QList<CallLogBatch> CallLogWriter::takeBatches(QMutexLocker<QMutex> &lock)
{
    Q_UNUSED(lock);
    while (true) {
        const bool due = m_pendingCount > 0
                         && (m_stopping || m_pendingCount >= BatchSize || m_flushWanted > m_done
                             || m_batchDue.hasExpired());
        if (due) {
            m_pendingCount = 0;
            return std::exchange(m_pending, {});
        }
        if (m_stopping)
            return {};
        if (m_pendingCount == 0)
            m_wake.wait(&m_mutex, QDeadlineTimer(IdleCheckpointMs));
        else
            m_wake.wait(&m_mutex, m_batchDue);
        if (m_pendingCount == 0 && !m_stopping)
            return {}; // woken to checkpoint, and now and then for retention
    }
}

bool CallLogWriter::write(Database &database, const QList<CallLogBatch> &batches)
{
    if (!database.isOpen())
        return false;
    QHash<QByteArrayView, qint64> lastUse; // views into the batches, alive meanwhile
    for (const CallLogBatch &batch : batches) {
        batch.forEach([&](const CallLogBatch::Entry &entry) {
            qint64 &newest = lastUse[entry.apiKeyId];
            newest = std::max(newest, entry.atMs);
        });
    }
    QHash<QString, qint64> lastUseByKey;
    for (auto it = lastUse.cbegin(); it != lastUse.cend(); ++it)
        lastUseByKey.insert(QString::fromUtf8(it.key()), it.value());
    try {
        Transaction transaction(database);
        CallLogRepository calls(database);
        for (const CallLogBatch &batch : batches)
            calls.append(batch);
        ApiKeyRepository(database, m_clock).recordLastUse(lastUseByKey);
        transaction.commit();
        return true;
    } catch (const DatabaseError &error) {
        qCCritical(lcCallLog).noquote() << "cannot write call log records:" << error.message();
        return false;
    }
}

void CallLogWriter::run()
{
    Database database;
    try {
        database.open(m_databasePath);
    } catch (const DatabaseError &error) {
        qCCritical(lcCallLog).noquote() << "the call log cannot be written:" << error.message();
    }
    applyRetention(database);
    QDeadlineTimer nextRetention(RetentionIntervalMs);

    QMutexLocker lock(&m_mutex);
    m_ready = true;
    m_written.wakeAll();
    while (true) {
        QList<CallLogBatch> batches = takeBatches(lock);
        if (batches.isEmpty() && m_stopping && m_pendingCount == 0)
            return;
        lock.unlock();

        qsizetype count = 0;
        for (const CallLogBatch &batch : std::as_const(batches))
            count += batch.count();
        const bool written = batches.isEmpty() || write(database, batches);
        if (nextRetention.hasExpired()) {
            applyRetention(database);
            nextRetention.setRemainingTime(RetentionIntervalMs);
        }
        checkpoint(database);

        lock.relock();
        if (written) {
            m_done += quint64(count);
            m_lastWriteFailed = false;
            m_written.wakeAll();
            continue;
        }
        // Keep the records for another try, oldest first, within the memory bound.
        m_lastWriteFailed = true;
        m_written.wakeAll();
        batches.append(m_pending);
        m_pending.swap(batches);
        m_pendingCount += count;
        dropOldestBeyondLimit();
        if (m_stopping) {
            qCCritical(lcCallLog) << "stopping with" << m_pendingCount
                                  << "unwritten call log records";
            return;
        }
        m_wake.wait(&m_mutex, QDeadlineTimer(RetryAfterFailureMs));
        if (!database.isOpen()) {
            lock.unlock();
            try {
                database.open(m_databasePath);
            } catch (const DatabaseError &) { }
            lock.relock();
        }
    }
}

void CallLogWriter::checkpoint(Database &database)
{
    if (!database.isOpen())
        return;
    try {
        m_checkpointer.run(database);
    } catch (const DatabaseError &error) {
        qCWarning(lcCallLog).noquote() << "checkpoint failed:" << error.message();
    }
}

void CallLogWriter::applyRetention(Database &database)
{
    if (m_retentionDays <= 0 || !database.isOpen())
        return;
    try {
        const qint64 cutoff = m_clock.nowMs() - qint64(m_retentionDays) * 24 * 60 * 60 * 1000;
        const int removed = CallLogRepository(database).removeOlderThan(cutoff);
        if (removed > 0)
            qCInfo(lcCallLog) << "removed" << removed << "call log records older than"
                              << m_retentionDays << "days";
    } catch (const DatabaseError &error) {
        qCWarning(lcCallLog).noquote() << "call log retention failed:" << error.message();
    }
}

} // namespace slotline
