#include "storage/statement.h"

#include "storage/database.h"
#include "storage/databaseerror.h"

#include <QStringDecoder>

#include <sqlite3.h>

namespace slotline {

Statement::Statement(Database &database, const QString &sql)
    : m_sql(sql)
{
    const auto cached = database.cachedStatement(sql);
    if (!cached->inUse) {
        cached->inUse = true;
        m_inUse = &cached->inUse;
        m_handle = &cached->statement;
        m_cached = cached;
        return;
    }
    // The same statement is already running further up the stack: use a private one.
    m_own = database.prepare(sql);
    m_handle = &m_own;
}

Statement::~Statement()
{
    if (m_own) {
        sqlite3_finalize(m_own);
        return;
    }
    if (m_cached && statement()) {
        // Ends its run (a statement left mid-way would hold its read transaction open)
        // and drops the bound text.
        sqlite3_reset(statement());
        sqlite3_clear_bindings(statement());
    }
    if (m_inUse)
        *m_inUse = false;
}

void Statement::fail(const char *what) const
{
    sqlite3 *connection = sqlite3_db_handle(statement());
    throw DatabaseError(
        QStringLiteral("\"%1\" failed (%2): %3")
            .arg(m_sql, QLatin1StringView(what), QString::fromUtf8(sqlite3_errmsg(connection))));
}

int Statement::nextBindIndex()
{
    if (m_running) {
        sqlite3_reset(statement()); // a new run with new values
        m_running = m_rowPending = m_done = false;
    }
    return ++m_bindIndex;
}

Statement &Statement::bindUtf8(QByteArrayView text)
{
    const int index = nextBindIndex();
    if (sqlite3_bind_text64(statement(), index, text.isNull() ? "" : text.data(),
                            sqlite3_uint64(text.size()), SQLITE_TRANSIENT, SQLITE_UTF8)
        != SQLITE_OK)
        fail("bind");
    return *this;
}

void Statement::bindAt(const QVariant &value)
{
    const int index = nextBindIndex();
    int result = SQLITE_OK;
    if (!value.isValid() || value.isNull()) {
        result = sqlite3_bind_null(statement(), index);
    } else {
        switch (value.typeId()) {
        case QMetaType::Bool:
        case QMetaType::Int:
        case QMetaType::UInt:
        case QMetaType::Long:
        case QMetaType::LongLong:
        case QMetaType::Short:
        case QMetaType::UShort:
        case QMetaType::Char:
        case QMetaType::UChar:
            result = sqlite3_bind_int64(statement(), index, value.toLongLong());
            break;
        case QMetaType::ULong:
        case QMetaType::ULongLong:
            result = sqlite3_bind_int64(statement(), index, qint64(value.toULongLong()));
            break;
        case QMetaType::Double:
        case QMetaType::Float:
            result = sqlite3_bind_double(statement(), index, value.toDouble());
            break;
        case QMetaType::QByteArray: {
            const QByteArray bytes = value.toByteArray();
            result = sqlite3_bind_blob64(statement(), index, bytes.constData(),
                                         sqlite3_uint64(bytes.size()), SQLITE_TRANSIENT);
            break;
        }
        default: {
            // Given as UTF-8, what the database stores: Qt's encoder is several times
            // cheaper than SQLite's conversion from UTF-16.
            const QByteArray text = value.toString().toUtf8();
            result = sqlite3_bind_text(statement(), index, text.constData(), int(text.size()),
                                       SQLITE_TRANSIENT);
            break;
        }
        }
    }
    if (result != SQLITE_OK)
        fail("bind");
}

Statement &Statement::bind(const QVariant &value)
{
    // A null QString would bind as SQL NULL; text bound here is never meant to be NULL
    // (bindNullableText() says so explicitly), so it becomes an empty string.
    if (value.typeId() == QMetaType::QString && value.toString().isNull())
        bindAt(QStringLiteral(""));
    else
        bindAt(value);
    return *this;
}

Statement &Statement::bindOptional(const std::optional<qint64> &value)
{
    bindAt(value ? QVariant(*value) : QVariant());
    return *this;
}

Statement &Statement::bindNullableText(const QString &value)
{
    bindAt(value.isEmpty() ? QVariant() : QVariant(value));
    return *this;
}

Statement &Statement::bindAll(const QVariantList &values)
{
    for (const QVariant &value : values)
        bind(value);
    return *this;
}

int Statement::step()
{
    if (!statement())
        throw DatabaseError(QStringLiteral("\"%1\" failed: the database is closed").arg(m_sql));
    m_running = true;
    const int result = sqlite3_step(statement());
    if (result == SQLITE_DONE) {
        m_done = true;
        m_changes = sqlite3_changes(sqlite3_db_handle(statement()));
    } else if (result != SQLITE_ROW) {
        // The message belongs to this run; reset afterwards, so the next one starts clean.
        const QString message = QString::fromUtf8(sqlite3_errmsg(sqlite3_db_handle(statement())));
        sqlite3_reset(statement());
        m_running = false;
        throw DatabaseError(QStringLiteral("\"%1\" failed: %2").arg(m_sql, message));
    }
    return result;
}

void Statement::exec()
{
    if (m_running)
        sqlite3_reset(statement()); // run again with the values bound last time
    m_rowPending = m_done = false;
    m_changes = 0;
    m_rowPending = step() == SQLITE_ROW;
    m_bindIndex = 0;
}

bool Statement::next()
{
    if (m_rowPending) {
        m_rowPending = false;
        return true;
    }
    if (m_done || !m_running)
        return false;
    return step() == SQLITE_ROW;
}

QVariant Statement::value(int column) const
{
    switch (sqlite3_column_type(statement(), column)) {
    case SQLITE_INTEGER: return QVariant(qint64(sqlite3_column_int64(statement(), column)));
    case SQLITE_FLOAT: return QVariant(sqlite3_column_double(statement(), column));
    case SQLITE_BLOB: {
        const auto *data = static_cast<const char *>(sqlite3_column_blob(statement(), column));
        return QVariant(QByteArray(data, sqlite3_column_bytes(statement(), column)));
    }
    case SQLITE_NULL: return QVariant();
    default: return QVariant(text(column));
    }
}

QByteArrayView Statement::utf8(int column) const
{
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(statement(), column));
    if (!data)
        return {};
    return QByteArrayView(data, sqlite3_column_bytes(statement(), column));
}

QString Statement::text(int column) const
{
    // The database keeps UTF-8: read as it is stored and decoded by Qt, which is several
    // times cheaper than SQLite's conversion to UTF-16 into a buffer of its own.
    return decodeText(utf8(column));
}

QString Statement::decodeText(QByteArrayView utf8)
{
    if (utf8.isNull())
        return QString();
    // QString::fromUtf8() drops a byte order mark at the start, but it is part of the text.
    if (utf8.startsWith("\xef\xbb\xbf")) {
        QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
        return decoder(utf8);
    }
    return QString::fromUtf8(utf8);
}

qint64 Statement::integer(int column) const
{
    return sqlite3_column_int64(statement(), column);
}

std::optional<qint64> Statement::optionalInteger(int column) const
{
    if (sqlite3_column_type(statement(), column) == SQLITE_NULL)
        return std::nullopt;
    return sqlite3_column_int64(statement(), column);
}

int Statement::rowsAffected() const
{
    return m_changes;
}

} // namespace slotline
