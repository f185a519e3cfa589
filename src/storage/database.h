#pragma once

#include "storage/migrations.h"

#include <QHash> // std::hash<QString>
#include <QSqlDatabase>
#include <QString>

#include <memory>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace slotline {

// One SQLite connection, owned by the thread that opened it. Opening applies the
// pragmas every connection needs (WAL, foreign keys, busy timeout) and the numbered
// migrations, so a Database that opened is always at the latest schema.
class Database
{
public:
    Database();
    ~Database();
    Q_DISABLE_COPY_MOVE(Database)

    // Throws DatabaseError when the file cannot be opened, is not a database, or was
    // written by a newer Slotline. The server's schema unless `migrations` says another
    // (the desktop app's cache has its own).
    void open(const QString &filePath);
    void open(const QString &filePath, const QList<Migration> &migrations);
    void close();
    bool isOpen() const;

    QString filePath() const { return m_filePath; }
    int schemaVersion();

    QSqlDatabase connection() const;

    // The SQLite connection under QtSql: Statement and the call log's batch insert talk to
    // it directly, because QtSql's cost per bound value matters on busy paths. Same
    // connection, same transactions.
    sqlite3 *nativeHandle() const;

    // Whether commits on this connection checkpoint the write-ahead log into the database
    // file once it has grown (SQLite's default, every 1000 pages). A checkpoint syncs both
    // files, tens of milliseconds on a busy disk: the server turns it off on the
    // connection that answers requests and checkpoints on a thread of its own instead.
    void setAutoCheckpoint(bool enabled);
    enum class CheckpointMode {
        // Copies what it can without waiting for or holding up anyone; what readers still
        // use, or what writers add meanwhile, waits for the next one.
        Passive,
        // Waits for the writer of the moment (the busy handler), holds new writers back
        // while it copies everything, then waits for readers to leave the log, so that the
        // next commit starts the log over instead of growing it.
        Restart,
    };
    struct CheckpointResult
    {
        int logFrames = 0; // pages the write-ahead log held when the checkpoint began
        int copiedFrames = 0; // of those, now in the database file as well
        // Every one of those pages is in the file too; commits during the checkpoint may
        // have added more.
        bool allCopied = false;
    };
    // Copies what the write-ahead log holds into the database file. Does nothing when
    // there is nothing to copy.
    CheckpointResult checkpoint(CheckpointMode mode = CheckpointMode::Passive);
    // Writes what checkpoints have copied into the database file through to the disk.
    // A passive checkpoint that could not copy the whole log leaves that to the one that
    // completes it, which syncs it all while it holds writers back (a restart: tens of
    // milliseconds); done after each passive one, outside every lock, it leaves the
    // restart little to sync. Throws DatabaseError when the sync fails.
    void syncDatabaseFile();

private:
    friend class Statement;
    friend class Transaction;

    struct CachedStatement
    {
        CachedStatement(sqlite3_stmt *prepared)
            : statement(prepared)
        { }
        ~CachedStatement();
        Q_DISABLE_COPY_MOVE(CachedStatement)

        sqlite3_stmt *statement = nullptr;
        bool inUse = false;
    };
    std::shared_ptr<CachedStatement> cachedStatement(const QString &sql);
    // A new statement the caller finalizes; throws DatabaseError when it does not compile.
    sqlite3_stmt *prepare(const QString &sql);
    void execRaw(const QString &sql);
    void applyPragmas();

    QString m_connectionName;
    QString m_filePath;
    std::unordered_map<QString, std::shared_ptr<CachedStatement>> m_statements;
    int m_transactionDepth = 0;
};

} // namespace slotline
