#include "server/controllers/schedulecontroller.h"

#include "core/ids.h"
#include "core/jsonwriter.h"
#include "core/postrules.h"
#include "core/schedule.h"
#include "server/api/listing.h"
#include "server/api/operationregistry.h"
#include "server/publishing/postruleerrors.h"
#include "server/publishing/ruleviolations.h"
#include "storage/accountrepository.h"
#include "storage/creditrepository.h"
#include "storage/submissionrepository.h"
#include "storage/transaction.h"

#include <QHash>
#include <QJsonArray>

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

const QString ScheduleList = u"schedules"_s;

// GET /schedules/{id} shows the post as submitted, and a client may send that draft back
// whole with its changes: what a PATCH cannot change is accepted while it is what the post
// already has, and named when it is not.
void checkUnchangeable(const Submission &submission, const QJsonObject &post,
                       RuleViolations &violations)
{
    if (post.contains(u"accountId"_s)
        && post.value(u"accountId"_s).toString() != submission.accountId)
        violations.add(ErrorCode::ValidationFailed, u"post.accountId"_s,
                       u"cannot be changed: a scheduled post stays with its account (cancel it "
                       "and create another post instead)"_s);
    const QJsonObject content = post.value(u"content"_s).toObject();
    if (content.contains(u"platform"_s)
        && platforms::fromString(content.value(u"platform"_s).toString()) != submission.platform)
        violations.add(ErrorCode::ValidationFailed, u"post.content.platform"_s,
                       u"cannot be changed: the post is for %1"_s.arg(
                           platforms::toString(submission.platform)));
    if (post.contains(u"target"_s)) {
        const QJsonObject target = post.value(u"target"_s).toObject();
        const bool given = post.value(u"target"_s).isObject();
        const auto targetType = platforms::fromString(target.value(u"targetType"_s).toString());
        const bool same
            = given == submission.target.has_value()
              && (!given
                  || (targetType
                      && platforms::toString(*targetType) == submission.target->targetType
                      && target.value(u"pageId"_s).toString() == submission.target->pageId));
        if (!same)
            violations.add(ErrorCode::ValidationFailed, u"post.target"_s,
                           u"cannot be changed: send the target the schedule shows, or leave it "
                           "out"_s);
    }
}

ApiError notScheduled(const Submission &submission)
{
    return ApiError(ErrorCode::NotScheduled,
                    u"The post is %1: publishing has begun, so it can no longer be changed."_s.arg(
                        toString(submission.status)));
}

ApiError noSuchSchedule(const QJsonObject &parameters)
{
    return ApiError::notFound(
        u"No schedule %1 in this project."_s.arg(parameters.value(u"id"_s).toString()));
}

} // namespace

ScheduleController::ScheduleController(Database &database, SubmissionRepository &submissions,
                                       AccountRepository &accounts, CreditRepository &credits,
                                       std::function<void()> changed)
    : m_database(database)
    , m_submissions(submissions)
    , m_accounts(accounts)
    , m_credits(credits)
    , m_changed(std::move(changed))
{ }

void ScheduleController::registerOperations(OperationRegistry &registry)
{
    registry.handle(u"list_schedules"_s, this, &ScheduleController::listSchedules);
    registry.handle(u"get_schedule"_s, this, &ScheduleController::getSchedule);
    registry.handle(u"update_schedule"_s, this, &ScheduleController::updateSchedule);
    registry.handle(u"cancel_schedule"_s, this, &ScheduleController::cancelSchedule);
}

QByteArray ScheduleController::scheduleJson(const Submission &submission)
{
    Schedule schedule {submission,
                       m_accounts.findAnyProject(submission.accountId).value_or(Account {})};
    return JsonWriter::serialize(schedule);
}

std::optional<Submission> ScheduleController::scheduleNamed(const CallContext &context,
                                                            const QJsonObject &parameters) const
{
    const QString id = parameters.value(u"id"_s).toString();
    return ids::looksLike(id, IdKind::Schedule)
               ? m_submissions.findBySchedule(context.projectId, id)
               : std::nullopt;
}

Outcome ScheduleController::listSchedules(const CallContext &context, const QJsonObject &parameters)
{
    const auto asked = listing::rangePage(parameters, ScheduleList, 2);
    if (const auto *error = std::get_if<ApiError>(&asked))
        return *error;
    const listing::RangePage &window = std::get<listing::RangePage>(asked);
    const Page<Submission> submissions = m_submissions.listSchedules(
        context.projectId, window.range.sinceMs, window.range.untilMs, window.page);
    QHash<QString, Account> accounts; // a window.page shows few accounts many times
    JsonWriter json;
    json.beginObject().key("items"_L1).beginArray();
    for (const Submission &submission : submissions.items) {
        auto account = accounts.constFind(submission.accountId);
        if (account == accounts.cend())
            account = accounts.insert(
                submission.accountId,
                m_accounts.findAnyProject(submission.accountId).value_or(Account {}));
        Schedule {submission, account.value()}.writeJson(json);
    }
    json.endArray().key("cursor"_L1);
    listing::writeCursor(json, submissions.nextAfter, ScheduleList);
    return Outcome::ok(json.endObject().take());
}

Outcome ScheduleController::getSchedule(const CallContext &context, const QJsonObject &parameters)
{
    const auto submission = scheduleNamed(context, parameters);
    if (!submission)
        return noSuchSchedule(parameters);
    return Outcome::ok(scheduleJson(*submission));
}

Outcome ScheduleController::updateSchedule(const CallContext &context,
                                           const QJsonObject &parameters)
{
    const auto submission = scheduleNamed(context, parameters);
    if (!submission)
        return noSuchSchedule(parameters);

    const QJsonObject post = parameters.value(u"post"_s).toObject();
    const QJsonObject content = post.value(u"content"_s).toObject();
    std::optional<QString> text;
    if (content.contains(u"text"_s))
        text = content.value(u"text"_s).toString();
    std::optional<QStringList> mediaUrls;
    if (content.contains(u"mediaUrls"_s)) {
        QStringList urls;
        for (const QJsonValue &url : content.value(u"mediaUrls"_s).toArray())
            urls.append(url.toString());
        mediaUrls = urls;
    }
    const bool movesTime = parameters.contains(u"scheduledTime"_s);
    if (!movesTime && !text && !mediaUrls)
        return ApiError::validationFailed({FieldError {
            u"(body)"_s, u"give scheduledTime, post.content.text or post.content.mediaUrls"_s}});

    if (!PostRules::isChangeable(*submission))
        return notScheduled(*submission);

    RuleViolations violations;
    checkUnchangeable(*submission, post, violations);
    if (text || mediaUrls)
        PostRuleErrors::checkContent(submission->platform, text.value_or(submission->text),
                                     mediaUrls.value_or(submission->mediaUrls), u"post.content"_s,
                                     violations);
    std::optional<qint64> scheduledAt;
    if (movesTime)
        scheduledAt
            = PostRuleErrors::checkScheduledTime(parameters.value(u"scheduledTime"_s).toString(),
                                                 context.nowMs, u"scheduledTime"_s, violations);
    if (!violations.isEmpty())
        return violations.toError();

    Transaction transaction(m_database);
    const bool changed
        = (!scheduledAt || m_submissions.reschedule(submission->id, *scheduledAt))
          && ((!text && !mediaUrls) || m_submissions.editContent(submission->id, text, mediaUrls));
    if (!changed) // the dispatcher claimed it meanwhile
        return notScheduled(*m_submissions.find(context.projectId, submission->id));
    transaction.commit();
    if (m_changed)
        m_changed();
    return Outcome::ok(scheduleJson(*m_submissions.find(context.projectId, submission->id)));
}

Outcome ScheduleController::cancelSchedule(const CallContext &context,
                                           const QJsonObject &parameters)
{
    const auto submission = scheduleNamed(context, parameters);
    if (!submission)
        return noSuchSchedule(parameters);
    if (!PostRules::isChangeable(*submission))
        return notScheduled(*submission);

    Transaction transaction(m_database);
    if (!m_submissions.cancel(submission->id))
        return notScheduled(*m_submissions.find(context.projectId, submission->id));
    m_credits.release(context.projectId, submission->id);
    transaction.commit();
    if (m_changed)
        m_changed();
    return Outcome::noContent();
}

} // namespace slotline
