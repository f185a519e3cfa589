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
    record(projectId, "grant", amount, {}, note);
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

void CreditRepository::record(const QString &projectId, const char *kind, qint64 amount,
                              const QString &submissionId, const QString &note)
{
    Statement(m_database,
              QStringLiteral("INSERT INTO credit_events (project_id, kind, amount, submission_id, "
                             "note, at) VALUES (?, ?, ?, ?, ?, ?)"))
        .bind(projectId)
        .bind(QString::fromLatin1(kind))
        .bind(amount)
        .bindNullableText(submissionId)
        .bindNullableText(note)
        .bind(m_clock.nowMs())
        .exec();
}

bool CreditRepository::reserve(const QString &projectId, const QString &submissionId)
{
    Statement update(
        m_database, QStringLiteral("UPDATE projects SET credits_remaining = credits_remaining - 1, "
                                   "credits_reserved = credits_reserved + 1 "
                                   "WHERE id = ? AND credits_remaining > 0"));
    update.bind(projectId).exec();
    if (update.rowsAffected() != 1)
        return false;
    record(projectId, "reserve", 1, submissionId, {});
    return true;
}

void CreditRepository::charge(const QString &projectId, const QString &submissionId)
{
    Statement(m_database,
              QStringLiteral("UPDATE projects SET credits_reserved = credits_reserved - 1, "
                             "credits_used = credits_used + 1 WHERE id = ?"))
        .bind(projectId)
        .exec();
    record(projectId, "charge", 1, submissionId, {});
}

void CreditRepository::release(const QString &projectId, const QString &submissionId)
{
    Statement(m_database,
              QStringLiteral("UPDATE projects SET credits_reserved = credits_reserved - 1, "
                             "credits_remaining = credits_remaining + 1 WHERE id = ?"))
        .bind(projectId)
        .exec();
    record(projectId, "release", 1, submissionId, {});
}

} // namespace slotline
