#pragma once

#include "server/api/callcontext.h"
#include "server/api/outcome.h"

#include <QJsonObject>

#include <functional>
#include <optional>

namespace slotline {

class AccountRepository;
class CreditRepository;
class Database;
class OperationRegistry;
class SubmissionRepository;
struct Submission;

// GET /schedules, GET|PATCH|DELETE /schedules/{id}: the scheduled side of submissions.
class ScheduleController
{
public:
    ScheduleController(Database &database, SubmissionRepository &submissions,
                       AccountRepository &accounts, CreditRepository &credits,
                       std::function<void()> changed);

    void registerOperations(OperationRegistry &registry);

private:
    Outcome listSchedules(const CallContext &context, const QJsonObject &parameters);
    Outcome getSchedule(const CallContext &context, const QJsonObject &parameters);
    Outcome updateSchedule(const CallContext &context, const QJsonObject &parameters);
    Outcome cancelSchedule(const CallContext &context, const QJsonObject &parameters);
    QByteArray scheduleJson(const Submission &submission);
    // The schedule the call's `id` names, in the caller's project.
    std::optional<Submission> scheduleNamed(const CallContext &context,
                                            const QJsonObject &parameters) const;

    Database &m_database;
    SubmissionRepository &m_submissions;
    AccountRepository &m_accounts;
    CreditRepository &m_credits;
    std::function<void()> m_changed;
};

} // namespace slotline
