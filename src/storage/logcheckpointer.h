#pragma once

namespace slotline {

class Database;

// Keeps the write-ahead log of a database that other connections write to all the time
// from growing without end, while holding those writers back as briefly as it can.
//
// A passive checkpoint copies the log into the database file without stopping anyone,
// but while commits keep coming it never copies all of it, and only a complete one lets
// the log start over. So once the log holds more than `restartAfterFrames` pages, a
// restart checkpoint holds writers back until it has copied the rest and synced both
// files. What it has to sync is made small first: after every passive checkpoint the
// database file is synced outside any lock (SQLite itself would sync it only in the
// checkpoint that completes, under the lock), and before a restart a second passive
// checkpoint copies and syncs what was committed meanwhile. Those syncs only move work
// out of the lock: SQLite's own syncs still guard every copy, so a sync skipped or failed
// here costs time, never data.
class LogCheckpointer
{
public:
    // 16384 pages: 64 MiB of log.
    static constexpr int DefaultRestartAfterFrames = 16384;

    explicit LogCheckpointer(int restartAfterFrames = DefaultRestartAfterFrames);

    struct Report
    {
        int logFrames = 0; // pages the log held when the first checkpoint began
        bool syncedDatabaseFile = false; // this call synced what checkpoints copied
        bool restartedLog = false; // the log starts over at the next commit
    };
    // Checkpoints through `database`, a connection of the calling thread that is not in
    // a transaction. Throws DatabaseError when a checkpoint or a sync fails.
    Report run(Database &database);

private:
    int m_restartAfterFrames;
    // The copied-page count of the checkpoint whose copies were synced last: a passive
    // checkpoint that copied nothing since needs no sync.
    int m_syncedCopiedFrames = 0;
};

} // namespace slotline
