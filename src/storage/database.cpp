#include "storage/database.h"

#include "storage/databaseerror.h"
#include "storage/logcategories.h"
#include "storage/migrations.h"

#include <QAtomicInt>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>

#include <chrono>
#include <sqlite3.h>
#include <thread>

namespace slotline {
namespace {

QString nextConnectionName()
{
    static QAtomicInt counter;
    return QStringLiteral("slotline-%1").arg(counter.fetchAndAddRelaxed(1));
}

// How long a connection waits for another one's write transaction: 5 s in all. SQLite's
// own wait (busy_timeout) sleeps 1, 2, 5, 10 ms ... between tries, so a request that
// waits for the call log's commit (a millisecond or two) would sit idle for up to 8 ms;
// this tries again every 0.1 ms for the first 10 ms, every 1 ms up to 100 ms (the
// checkpoint that starts the log over holds writers back for 5 to 30 ms), then every
// 5 ms.
int waitForLock(void *, int attempt)
{
    using namespace std::chrono_literals;
    constexpr int ShortTries = 100; // 10 ms
    constexpr int MediumTries = 90; // 90 ms
    constexpr int LongTries = 980; // 4.9 s
    if (attempt >= ShortTries + MediumTries + LongTries)
        return 0;
    std::this_thread::sleep_for(attempt < ShortTries                 ? 100us
                                : attempt < ShortTries + MediumTries ? 1ms
                                                                     : 5ms);
    return 1;
}

} // namespace

Database::Database()
    : m_connectionName(nextConnectionName())
{ }

Database::~Database()
{
    close();
}

void Database::open(const QString &filePath)
{
    open(filePath, Migrations::server());
}

void Database::open(const QString &filePath, const QList<Migration> &migrations)
{
    close();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
        db.setDatabaseName(filePath);
        if (!db.open()) {
            const QString reason = db.lastError().text();
            QSqlDatabase::removeDatabase(m_connectionName);
            throw DatabaseError(
                QStringLiteral("cannot open database %1: %2").arg(filePath, reason));
        }
    }
    m_filePath = filePath;
    // Writers on another connection (the call log's thread, the admin commands while
    // `serve` runs) are waited for instead of failing at once.
    sqlite3_busy_handler(nativeHandle(), &waitForLock, nullptr);
    try {
        applyPragmas();
        Migrations::apply(*this, migrations);
    } catch (...) {
        close();
        throw;
    }
}

void Database::close()
{
    // SQLite closes a connection only once its statements are finalized; one still in
    // use somewhere is finalized now and fails cleanly if used again.
    for (auto &[sql, cached] : m_statements) {
        sqlite3_finalize(cached->statement);
        cached->statement = nullptr;
    }
    m_statements.clear();
    if (!QSqlDatabase::contains(m_connectionName))
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
    m_filePath.clear();
}

bool Database::isOpen() const
{
    return QSqlDatabase::contains(m_connectionName)
           && QSqlDatabase::database(m_connectionName, false).isOpen();
}

QSqlDatabase Database::connection() const
{
    return QSqlDatabase::database(m_connectionName, false);
}

sqlite3 *Database::nativeHandle() const
{
    // The documented way to reach the driver's handle (QSqlDriver::handle()).
    const QVariant handle = connection().driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        throw DatabaseError(QStringLiteral("the SQLite driver exposes no native handle"));
    sqlite3 *native = *static_cast<sqlite3 *const *>(handle.constData());
    if (!native)
        throw DatabaseError(QStringLiteral("the database is not open"));
    return native;
}

int Database::schemaVersion()
{
    QSqlQuery query(connection());
    if (!query.exec(QStringLiteral("PRAGMA user_version")) || !query.next())
        throw DatabaseError(
            QStringLiteral("cannot read schema version: %1").arg(query.lastError().text()));
    return query.value(0).toInt();
}

void Database::applyPragmas()
{
    QSqlQuery query(connection());
    // Fails on a file that is not a database; the message says so.
    if (!query.exec(QStringLiteral("PRAGMA journal_mode=WAL")) || !query.next())
        throw DatabaseError(QStringLiteral("%1 is not a usable SQLite database: %2")
                                .arg(m_filePath, query.lastError().text()));
    if (query.value(0).toString().compare(u"wal", Qt::CaseInsensitive) != 0)
        qCWarning(lcDatabase) << "journal mode is" << query.value(0).toString() << "not WAL";
    query.finish();
    execRaw(QStringLiteral("PRAGMA foreign_keys=ON"));
    // WAL makes NORMAL durable against application crashes; only a power loss can
    // lose the last commits.
    execRaw(QStringLiteral("PRAGMA synchronous=NORMAL"));
    // 8 MiB of page cache a connection rather than SQLite's 2 MiB, so that a busy
    // project's index pages stay in it (it grows only as pages are used).
    execRaw(QStringLiteral("PRAGMA cache_size=-8192"));
    // When the log starts over after a long burst of writes, its file is cut back to
    // 128 MiB instead of keeping the burst's size on disk.
    execRaw(QStringLiteral("PRAGMA journal_size_limit=134217728"));
    // No memory map of the database file: whenever another connection has committed
    // (the call log's does five times a second), SQLite unmaps this connection's map
    // whole before its next read, and unmapping tens of MiB held the next request up
    // for 3 to 7 ms. Slot searches and pages of posts read as fast through the page
    // cache (bench/README.md).
    execRaw(QStringLiteral("PRAGMA mmap_size=0"));
}

void Database::execRaw(const QString &sql)
{
    sqlite3 *native = nativeHandle();
    char *error = nullptr;
    if (sqlite3_exec(native, sql.toUtf8().constData(), nullptr, nullptr, &error) != SQLITE_OK) {
        const QString reason = QString::fromUtf8(error ? error : sqlite3_errmsg(native));
        sqlite3_free(error);
        throw DatabaseError(QStringLiteral("%1 failed: %2").arg(sql, reason));
    }
}

void Database::setAutoCheckpoint(bool enabled)
{
    sqlite3_wal_autocheckpoint(nativeHandle(), enabled ? 1000 : 0);
}

Database::CheckpointResult Database::checkpoint(CheckpointMode mode)
{
    sqlite3 *native = nativeHandle();
    CheckpointResult result;
    const int status = sqlite3_wal_checkpoint_v2(
        native, nullptr,
        mode == CheckpointMode::Restart ? SQLITE_CHECKPOINT_RESTART : SQLITE_CHECKPOINT_PASSIVE,
        &result.logFrames, &result.copiedFrames);
    // Busy: another connection is checkpointing right now, or a restart waited in vain
    // for a reader; the next one will do.
    if (status != SQLITE_OK && status != SQLITE_BUSY)
        throw DatabaseError(
            QStringLiteral("checkpoint failed: %1").arg(QString::fromUtf8(sqlite3_errmsg(native))));
    result.allCopied = status == SQLITE_OK && result.copiedFrames == result.logFrames;
    return result;
}

void Database::syncDatabaseFile()
{
    sqlite3 *native = nativeHandle();
    sqlite3_file *file = nullptr;
    if (sqlite3_file_control(native, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || !file
        || !file->pMethods)
        throw DatabaseError(QStringLiteral("the database file cannot be synced: it is not open"));
    const int status = file->pMethods->xSync(file, SQLITE_SYNC_NORMAL);
    if (status != SQLITE_OK)
        throw DatabaseError(QStringLiteral("syncing the database file failed: %1")
                                .arg(QString::fromUtf8(sqlite3_errstr(status))));
}

Database::CachedStatement::~CachedStatement()
{
    sqlite3_finalize(statement);
}

sqlite3_stmt *Database::prepare(const QString &sql)
{
    sqlite3 *native = nativeHandle();
    sqlite3_stmt *statement = nullptr;
    const QByteArray utf8 = sql.toUtf8();
    if (sqlite3_prepare_v3(native, utf8.constData(), int(utf8.size()), SQLITE_PREPARE_PERSISTENT,
                           &statement, nullptr)
        != SQLITE_OK) {
        sqlite3_finalize(statement);
        throw DatabaseError(QStringLiteral("cannot prepare \"%1\": %2")
                                .arg(sql, QString::fromUtf8(sqlite3_errmsg(native))));
    }
    return statement;
}

std::shared_ptr<Database::CachedStatement> Database::cachedStatement(const QString &sql)
{
    auto it = m_statements.find(sql);
    if (it == m_statements.end())
        it = m_statements.emplace(sql, std::make_shared<CachedStatement>(prepare(sql))).first;
    return it->second;
}

} // namespace slotline
