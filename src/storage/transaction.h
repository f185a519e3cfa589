#pragma once

#include <QString>

namespace slotline {

class Database;

// A write transaction (a savepoint when nested). Rolled back unless commit() ran,
// so an exception anywhere inside leaves the database as it was.
class Transaction
{
public:
    explicit Transaction(Database &database);
    ~Transaction();
    Q_DISABLE_COPY_MOVE(Transaction)

    void commit();

private:
    Database &m_database;
    QString m_savepoint;
    bool m_finished = false;
};

} // namespace slotline
