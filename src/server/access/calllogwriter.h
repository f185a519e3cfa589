#pragma once

#include "core/callrecord.h"
#include "storage/calllogbatch.h"
#include "storage/logcheckpointer.h"

#include <QDeadlineTimer>
#include <QList>
#include <QMutex>
#include <QString>
#include <QThread>
#include <QWaitCondition>

#include <memory>

namespace slotline {

class Clock;
class Database;

// Writes the call log on a thread of its own, with its own database connection, so a
// request only encodes its record into a batch and never waits for the disk. Batches are
// written when `BatchSize` records wait, or `flushIntervalMs` after the first one
// arrived, each in one transaction together with its keys' last use. After each batch,
// and every two seconds when idle, it also checkpoints the database's write-ahead log
// (LogCheckpointer): the server's request connection leaves that to it
// (Database::setAutoCheckpoint), so that no request waits while a checkpoint syncs the
// files. Only when the log has grown past 64 MiB (a steady stream of writes never lets a
// passive checkpoint finish) does its checkpoint hold writers back, briefly, to start the
// log over.
// Readers of the log call flush() first, so they always see their own calls.
class CallLogWriter
{
public:
    static constexpr int BatchSize = 512;
    // Beyond this, a database that keeps failing loses the oldest records rather than
    // the server its memory.
    static constexpr int MaxPending = 50'000;

    CallLogWriter(const QString &databasePath, const Clock &clock, int flushIntervalMs,
                  int retentionDays);
    ~CallLogWriter(); // writes what is pending, then stops the thread
    Q_DISABLE_COPY_MOVE(CallLogWriter)

    void record(CallRecord record);
    // Blocks until every record handed over so far is written (and the retention run at
    // start is done); false if writing failed.
    bool flush();

    quint64 droppedCount() const;

private:
    void run();
    // Waits (the mutex held) until there is something to write; empty when stopping.
    QList<CallLogBatch> takeBatches(QMutexLocker<QMutex> &lock);
    bool write(Database &database, const QList<CallLogBatch> &batches);
    void dropOldestBeyondLimit();
    void applyRetention(Database &database);
    void checkpoint(Database &database);

    QString m_databasePath;
    const Clock &m_clock;
    int m_flushIntervalMs;
    int m_retentionDays;

    LogCheckpointer m_checkpointer; // the writer thread's own

    mutable QMutex m_mutex;
    QWaitCondition m_wake; // the writer: records, a flush request, or stop
    QWaitCondition m_written; // flush(): the writer has caught up
    QList<CallLogBatch> m_pending; // each of at most BatchSize records
    qsizetype m_pendingCount = 0;
    QDeadlineTimer m_batchDue; // set when the first of the pending records arrived
    quint64 m_recorded = 0; // records handed over, ever
    quint64 m_done = 0; // records written or dropped, ever
    quint64 m_flushWanted = 0; // write up to this count without waiting for a full batch
    quint64 m_dropped = 0;
    bool m_lastWriteFailed = false;
    bool m_stopping = false;
    bool m_ready = false; // the writer has opened its connection and applied retention

    std::unique_ptr<QThread> m_thread;
};

} // namespace slotline
