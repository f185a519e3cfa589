#include "storage/changecounter.h"

#include "storage/statement.h"

namespace slotline {

ChangeCounter::ChangeCounter(Database &database, const char *name)
    : m_database(database)
    , m_name(QString::fromLatin1(name))
{ }

qint64 ChangeCounter::value()
{
    Statement query(m_database, QStringLiteral("SELECT value FROM change_counters WHERE name = ?"));
    query.bind(m_name).exec();
    return query.next() ? query.integer(0) : -1;
}

} // namespace slotline
