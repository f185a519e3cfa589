#include "storage/creditrepository.h"

#include "core/clock.h"
#include "storage/statement.h"
#include "storage/transaction.h"

namespace slotline {

CreditRepository::CreditRepository(Database &database, const Clock &clock)
    : m_database(database)
    , m_clock(clock)
{ }

std::optional<CreditBalance> CreditRepository::grant(const QString &projectId, qint64 amount,
                                                     const QString &note)
{
    Transaction transaction(m_database);
    Statement update(m_database,
                     QStringLiteral("UPDATE projects SET credits_remaining = credits_remaining + ? "
                                    "WHERE id = ?"));
    update.bind(amount).bind(projectId).exec();
    if (update.rowsAffected() != 1)
        return std::nullopt;
    Statement(m_database,
              QStringLiteral("INSERT INTO credit_events (project_id, kind, amount, note, at) "
                             "VALUES (?, 'grant', ?, ?, ?)"))
        .bind(projectId)
        .bind(amount)
        .bindNullableText(note)
        .bind(m_clock.nowMs())
        .exec();
    auto result = balance(projectId);
    transaction.commit();
    return result;
}

std::optional<CreditBalance> CreditRepository::balance(const QString &projectId)
{
    Statement query(m_database,
                    QStringLiteral("SELECT credits_remaining, credits_reserved, credits_used "
                                   "FROM projects WHERE id = ?"));
    query.bind(projectId).exec();
    if (!query.next())
        return std::nullopt;
    return CreditBalance {query.integer(0), query.integer(1), query.integer(2)};
}

} // namespace slotline
