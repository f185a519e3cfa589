#pragma once

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

#include <memory>
#include <unordered_map>

struct sqlite3;

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
    // written by a newer Slotline.
    void open(const QString &filePath);
    void close();
    bool isOpen() const;

    QString filePath() const { return m_filePath; }
    int schemaVersion();

    QSqlDatabase connection() const;

    // The SQLite connection under QtSql, for the one hot path where QtSql's cost per bound
    // value matters (the call log's batch insert). Same connection, same transactions.
    sqlite3 *nativeHandle() const;

private:
    friend class Statement;
    friend class Transaction;

    struct CachedStatement
    {
        QSqlQuery query;
        bool inUse = false;
    };
    // Shared with the Statement using it, so closing the database under a live
    // Statement cannot leave it pointing at a destroyed query.
    std::shared_ptr<CachedStatement> cachedStatement(const QString &sql);
    void execRaw(const QString &sql);
    void applyPragmas();

    QString m_connectionName;
    QString m_filePath;
    std::unordered_map<QString, std::shared_ptr<CachedStatement>> m_statements;
    int m_transactionDepth = 0;
};

} // namespace slotline
