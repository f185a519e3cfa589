#pragma once

#include "core/creditbalance.h"

#include <QString>

#include <optional>

namespace slotline {

class Clock;
class Database;

// A project's credits. Every change is also written to credit_events, so the balance
// can always be explained (and checked) from its history.
class CreditRepository
{
public:
    CreditRepository(Database &database, const Clock &clock);

    // Adds credits; returns the new balance, or nothing if the project does not exist.
    std::optional<CreditBalance> grant(const QString &projectId, qint64 amount,
                                       const QString &note);

    std::optional<CreditBalance> balance(const QString &projectId);

    // A post's credit: held when it is submitted (false when none is left), charged when
    // it is published, returned when it is cancelled or fails. Each is one guarded
    // update plus its ledger line; callers run them inside their own transaction.
    bool reserve(const QString &projectId, const QString &submissionId);
    void charge(const QString &projectId, const QString &submissionId);
    void release(const QString &projectId, const QString &submissionId);

private:
    void record(const QString &projectId, const char *kind, qint64 amount,
                const QString &submissionId, const QString &note);

    Database &m_database;
    const Clock &m_clock;
};

} // namespace slotline
