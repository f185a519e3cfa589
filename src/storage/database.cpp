#include "storage/database.h"

#include "storage/databaseerror.h"
#include "storage/logcategories.h"
#include "storage/migrations.h"

#include <QAtomicInt>
#include <QSqlDriver>
#include <QSqlError>

namespace slotline {
namespace {

QString nextConnectionName()
{
    static QAtomicInt counter;
    return QStringLiteral("slotline-%1").arg(counter.fetchAndAddRelaxed(1));
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
    close();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
        db.setDatabaseName(filePath);
        // Writers from another process (the admin commands while `serve` runs) wait
        // instead of failing at once.
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
        if (!db.open()) {
            const QString reason = db.lastError().text();
            QSqlDatabase::removeDatabase(m_connectionName);
            throw DatabaseError(
                QStringLiteral("cannot open database %1: %2").arg(filePath, reason));
        }
    }
    m_filePath = filePath;
    try {
        applyPragmas();
        Migrations::apply(*this);
    } catch (...) {
        close();
        throw;
    }
}

void Database::close()
{
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
    // The default 2 MiB page cache makes a slot search over a busy project read its index
    // pages with a system call each; a larger cache grows only as pages are used, and a
    // memory-mapped file is read without copies.
    execRaw(QStringLiteral("PRAGMA cache_size=-32768"));
    execRaw(QStringLiteral("PRAGMA mmap_size=268435456"));
}

void Database::execRaw(const QString &sql)
{
    QSqlQuery query(connection());
    if (!query.exec(sql))
        throw DatabaseError(QStringLiteral("%1 failed: %2").arg(sql, query.lastError().text()));
}

std::shared_ptr<Database::CachedStatement> Database::cachedStatement(const QString &sql)
{
    auto it = m_statements.find(sql);
    if (it == m_statements.end()) {
        auto cached
            = std::make_shared<CachedStatement>(CachedStatement {QSqlQuery(connection()), false});
        cached->query.setForwardOnly(true);
        if (!cached->query.prepare(sql))
            throw DatabaseError(QStringLiteral("cannot prepare \"%1\": %2")
                                    .arg(sql, cached->query.lastError().text()));
        it = m_statements.emplace(sql, std::move(cached)).first;
    }
    return it->second;
}

} // namespace slotline
