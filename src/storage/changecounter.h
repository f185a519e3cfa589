#pragma once

#include <QString>

namespace slotline {

class Database;

// Reads a counter the database's triggers move whenever a kind of data changes, from
// any process, so a cache can tell cheaply whether it is still true.
class ChangeCounter
{
public:
    static constexpr const char *Identity = "identity"; // keys, projects, their owners

    ChangeCounter(Database &database, const char *name);

    qint64 value();

private:
    Database &m_database;
    QString m_name;
};

} // namespace slotline
