#pragma once

#include <QSqlQuery>
#include <QString>
#include <QVariant>

#include <memory>
#include <optional>

namespace slotline {

class Database;

// A prepared statement borrowed from the database's cache for one use: bind, exec,
// read rows; the destructor releases it. Failures throw DatabaseError.
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

    void exec();
    bool next();

    QVariant value(int column) const;
    QString text(int column) const;
    qint64 integer(int column) const;
    std::optional<qint64> optionalInteger(int column) const;
    int rowsAffected() const;

private:
    QSqlQuery *m_query = nullptr;
    std::shared_ptr<void> m_cached; // keeps the cache entry alive while in use
    bool *m_inUse = nullptr;
    std::unique_ptr<QSqlQuery> m_ownQuery;
    QString m_sql;
    int m_bindIndex = 0;
};

} // namespace slotline
