#pragma once

#include <QByteArrayView>
#include <QString>
#include <QVariant>

#include <memory>
#include <optional>

struct sqlite3_stmt;

namespace slotline {

class Database;

// A prepared statement borrowed from the database's cache for one use: bind, exec,
// read rows; the destructor releases it. Failures throw DatabaseError.
//
// It speaks to SQLite directly, on the connection QtSql opened: QtSql's bookkeeping for
// each bound value cost more than the statements themselves on the busy paths (the
// dispatcher publishing thousands of posts, the slot search).
class Statement
{
public:
    Statement(Database &database, const QString &sql);
    ~Statement();
    Q_DISABLE_COPY_MOVE(Statement)

    // Text is never bound as NULL; use bindNullableText() or bindOptional() for NULLs.
    Statement &bind(const QVariant &value);
    Statement &bindOptional(const std::optional<qint64> &value);
    Statement &bindNullableText(const QString &value); // empty binds NULL
    Statement &bindAll(const QVariantList &values); // bind() each, in order
    Statement &bindUtf8(QByteArrayView text); // text already in UTF-8, as it is stored

    // Runs it; the first row (if any) is then read with next(). Binding again after
    // exec() starts a new run with the new values.
    void exec();
    bool next();

    QVariant value(int column) const;
    QString text(int column) const;
    // The text as stored (UTF-8), without a copy: valid until the next row or run.
    QByteArrayView utf8(int column) const;
    // Stored text as text() decodes it.
    static QString decodeText(QByteArrayView utf8);
    qint64 integer(int column) const;
    std::optional<qint64> optionalInteger(int column) const;
    int rowsAffected() const;

private:
    int nextBindIndex();
    void bindAt(const QVariant &value);
    int step();
    [[noreturn]] void fail(const char *what) const;

    sqlite3_stmt *statement() const { return *m_handle; }

    // The cache entry's handle, which closing the database sets to null, or m_own.
    sqlite3_stmt **m_handle = nullptr;
    std::shared_ptr<void> m_cached; // keeps the cache entry alive while in use
    bool *m_inUse = nullptr;
    sqlite3_stmt *m_own = nullptr; // prepared for this use alone: finalized with it
    QString m_sql;
    int m_bindIndex = 0;
    bool m_running = false; // stepped since the last reset
    bool m_rowPending = false; // exec() stepped onto a row next() has not returned yet
    bool m_done = false;
    int m_changes = 0;
};

} // namespace slotline
