#include "server/controllers/schedulecontroller.h"

#include "core/ids.h"
#include "core/jsonwriter.h"
#include "core/postrules.h"
#include "core/schedule.h"
#include "server/api/jsonliteral.h"
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

ParameterSpec scheduleIdParameter()
{
    return listing::identifierParameter(u"id"_s, u"The schedule's id (sch_...)."_s, true);
}

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
    Operation list;
    list.name = u"list_schedules"_s;
    list.summary = u"Scheduled posts"_s;
    list.description
        = u"Every post given a time (cancelled ones excepted), by scheduled time, with its "
          "account and content."_s;
    list.tag = u"Schedules"_s;
    list.method = HttpMethod::Get;
    list.path = u"/schedules"_s;
    list.queryParameters = {
        listing::timeParameter(u"since"_s, u"Only posts scheduled at or after this time."_s),
        listing::timeParameter(u"until"_s, u"Only posts scheduled before this time."_s),
    };
    list.queryParameters.append(listing::pagingParameters());
    list.resultSchema = listing::pageSchema(listing::schemaRef(u"Schedule"_s));
    list.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return listSchedules(context, parameters);
    };
    registry.add(list);

    Operation get;
    get.name = u"get_schedule"_s;
    get.summary = u"One scheduled post"_s;
    get.description = u"A cancelled schedule is gone: 404."_s;
    get.tag = u"Schedules"_s;
    get.method = HttpMethod::Get;
    get.path = u"/schedules/{id}"_s;
    get.pathParameters = {scheduleIdParameter()};
    get.resultSchema = listing::schemaRef(u"Schedule"_s);
    get.errorCodes = {ErrorCode::NotFound};
    get.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return getSchedule(context, parameters);
    };
    registry.add(get);

    Operation update;
    update.name = u"update_schedule"_s;
    update.summary = u"Move a scheduled post or change its content"_s;
    update.description
        = u"Give scheduledTime, post.content.text, post.content.mediaUrls or several; the "
          "same rules as POST /posts apply. An empty post changes no content. The draft of GET "
          "/schedules/{id} may be sent back as post: its accountId, content.platform and target "
          "cannot be changed, and are accepted while they are the post's own (422 naming the "
          "field otherwise). 409 not_scheduled once publishing has begun."_s;
    update.tag = u"Schedules"_s;
    update.method = HttpMethod::Patch;
    update.path = u"/schedules/{id}"_s;
    update.rateClass = RateClass::Write;
    update.pathParameters = {scheduleIdParameter()};
    update.bodySchema = jsonObject(R"({
        "type": "object", "additionalProperties": false,
        "properties": {
            "scheduledTime": {"type": "string", "minLength": 1, "maxLength": 64,
                              "description": "ISO 8601 with Z or an offset; at most 60 s in the past."},
            "post": {"type": "object", "additionalProperties": false,
                "description": "The content to change; the draft of GET /schedules/{id} is accepted as it is.",
                "properties": {
                    "accountId": {"type": "string", "minLength": 1, "maxLength": 100,
                                  "description": "Cannot be changed: only the post's own account is accepted."},
                    "content": {"type": "object", "additionalProperties": false,
                        "properties": {
                            "text": {"type": "string", "maxLength": 100000},
                            "mediaUrls": {"type": "array", "maxItems": 50,
                                          "items": {"type": "string", "minLength": 1, "maxLength": 2048}},
                            "platform": {"type": "string", "enum": ["linkedin", "facebook", "twitter", "x"],
                                         "description": "Cannot be changed: only the post's own platform is accepted (x means twitter)."}}},
                    "target": {"type": ["object", "null"], "additionalProperties": false, "required": ["targetType"],
                        "description": "Cannot be changed: only the post's own target (null when it has none) is accepted.",
                        "properties": {
                            "targetType": {"type": "string", "enum": ["linkedin", "facebook", "twitter", "x"]},
                            "pageId": {"type": "string", "minLength": 1, "maxLength": 100}}}}}
        }})");
    update.bodyRequired = true;
    update.resultSchema = listing::schemaRef(u"Schedule"_s);
    update.errorCodes = {ErrorCode::NotFound, ErrorCode::NotScheduled};
    update.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return updateSchedule(context, parameters);
    };
    registry.add(update);

    Operation cancel;
    cancel.name = u"cancel_schedule"_s;
    cancel.summary = u"Cancel a scheduled post"_s;
    cancel.description
        = u"The submission becomes cancelled and its credit is returned; the schedule is "
          "gone (404 from then on). 409 not_scheduled once publishing has begun."_s;
    cancel.tag = u"Schedules"_s;
    cancel.method = HttpMethod::Delete;
    cancel.path = u"/schedules/{id}"_s;
    cancel.rateClass = RateClass::Write;
    cancel.pathParameters = {scheduleIdParameter()};
    cancel.successStatus = 204;
    cancel.errorCodes = {ErrorCode::NotFound, ErrorCode::NotScheduled};
    cancel.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return cancelSchedule(context, parameters);
    };
    registry.add(cancel);
}

QByteArray ScheduleController::scheduleJson(const Submission &submission)
{
    Schedule schedule {submission,
                       m_accounts.findAnyProject(submission.accountId).value_or(Account {})};
    return JsonWriter::serialize(schedule);
}

Outcome ScheduleController::listSchedules(const CallContext &context, const QJsonObject &parameters)
{
    const auto page = listing::pageRequest(parameters, ScheduleList, 2);
    if (const auto *error = std::get_if<ApiError>(&page))
        return *error;
    const auto range = listing::timeRange(parameters);
    if (const auto *error = std::get_if<ApiError>(&range))
        return *error;
    const Page<Submission> submissions = m_submissions.listSchedules(
        context.projectId, std::get<listing::TimeRange>(range).sinceMs,
        std::get<listing::TimeRange>(range).untilMs, std::get<PageRequest>(page));
    QHash<QString, Account> accounts; // a page shows few accounts many times
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
    const QString id = parameters.value(u"id"_s).toString();
    const auto submission = ids::looksLike(id, IdKind::Schedule)
                                ? m_submissions.findBySchedule(context.projectId, id)
                                : std::nullopt;
    if (!submission)
        return ApiError::notFound(u"No schedule %1 in this project."_s.arg(id));
    return Outcome::ok(scheduleJson(*submission));
}

Outcome ScheduleController::updateSchedule(const CallContext &context,
                                           const QJsonObject &parameters)
{
    const QString id = parameters.value(u"id"_s).toString();
    const auto submission = ids::looksLike(id, IdKind::Schedule)
                                ? m_submissions.findBySchedule(context.projectId, id)
                                : std::nullopt;
    if (!submission)
        return ApiError::notFound(u"No schedule %1 in this project."_s.arg(id));

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
    const QString id = parameters.value(u"id"_s).toString();
    const auto submission = ids::looksLike(id, IdKind::Schedule)
                                ? m_submissions.findBySchedule(context.projectId, id)
                                : std::nullopt;
    if (!submission)
        return ApiError::notFound(u"No schedule %1 in this project."_s.arg(id));
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
