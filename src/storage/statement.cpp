#include "storage/statement.h"

#include "storage/database.h"
#include "storage/databaseerror.h"

#include <QSqlError>

namespace slotline {

Statement::Statement(Database &database, const QString &sql)
    : m_sql(sql)
{
    const auto cached = database.cachedStatement(sql);
    if (!cached->inUse) {
        cached->inUse = true;
        m_inUse = &cached->inUse;
        m_query = &cached->query;
        m_cached = cached;
        return;
    }
    // The same statement is already running further up the stack: use a private one.
    m_ownQuery = std::make_unique<QSqlQuery>(database.connection());
    m_ownQuery->setForwardOnly(true);
    if (!m_ownQuery->prepare(sql))
        throw DatabaseError(
            QStringLiteral("cannot prepare \"%1\": %2").arg(sql, m_ownQuery->lastError().text()));
    m_query = m_ownQuery.get();
}

Statement::~Statement()
{
    m_query->finish();
    if (m_inUse)
        *m_inUse = false;
}

Statement &Statement::bind(const QVariant &value)
{
    // QtSql binds a null QString as SQL NULL; text bound here is never meant to be
    // NULL (bindNullableText() says so explicitly), so it becomes an empty string.
    if (value.typeId() == QMetaType::QString && value.toString().isNull())
        m_query->bindValue(m_bindIndex++, QStringLiteral(""));
    else
        m_query->bindValue(m_bindIndex++, value);
    return *this;
}

Statement &Statement::bindOptional(const std::optional<qint64> &value)
{
    m_query->bindValue(m_bindIndex++,
                       value ? QVariant(*value) : QVariant(QMetaType::fromType<qint64>()));
    return *this;
}

Statement &Statement::bindNullableText(const QString &value)
{
    m_query->bindValue(m_bindIndex++, value.isEmpty() ? QVariant(QMetaType::fromType<QString>())
                                                      : QVariant(value));
    return *this;
}

void Statement::exec()
{
    if (!m_query->exec())
        throw DatabaseError(
            QStringLiteral("\"%1\" failed: %2").arg(m_sql, m_query->lastError().text()));
    m_bindIndex = 0;
}

bool Statement::next()
{
    return m_query->next();
}

QVariant Statement::value(int column) const
{
    return m_query->value(column);
}

QString Statement::text(int column) const
{
    return m_query->value(column).toString();
}

qint64 Statement::integer(int column) const
{
    return m_query->value(column).toLongLong();
}

std::optional<qint64> Statement::optionalInteger(int column) const
{
    const QVariant value = m_query->value(column);
    if (value.isNull())
        return std::nullopt;
    return value.toLongLong();
}

int Statement::rowsAffected() const
{
    return m_query->numRowsAffected();
}

} // namespace slotline
