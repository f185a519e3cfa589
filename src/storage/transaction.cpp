#include "storage/transaction.h"

#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/logcategories.h"

namespace slotline {

Transaction::Transaction(Database &database)
    : m_database(database)
{
    if (m_database.m_transactionDepth == 0) {
        // IMMEDIATE takes the write lock now, so two writers never deadlock upgrading.
        m_database.execRaw(QStringLiteral("BEGIN IMMEDIATE"));
    } else {
        m_savepoint = QStringLiteral("sp%1").arg(m_database.m_transactionDepth);
        m_database.execRaw(QStringLiteral("SAVEPOINT ") + m_savepoint);
    }
    ++m_database.m_transactionDepth;
}

Transaction::~Transaction()
{
    if (m_finished)
        return;
    --m_database.m_transactionDepth;
    try {
        if (m_savepoint.isEmpty()) {
            m_database.execRaw(QStringLiteral("ROLLBACK"));
        } else {
            m_database.execRaw(QStringLiteral("ROLLBACK TO ") + m_savepoint);
            m_database.execRaw(QStringLiteral("RELEASE ") + m_savepoint);
        }
    } catch (const DatabaseError &error) {
        qCCritical(lcDatabase) << "rollback failed:" << error.message();
    }
}

void Transaction::commit()
{
    if (m_savepoint.isEmpty())
        m_database.execRaw(QStringLiteral("COMMIT"));
    else
        m_database.execRaw(QStringLiteral("RELEASE ") + m_savepoint);
    m_finished = true;
    --m_database.m_transactionDepth;
}

} // namespace slotline
