#include "server/publishing/postsubmitter.h"

#include "core/ids.h"
#include "core/isotime.h"
#include "core/jsonwriter.h"
#include "core/postrules.h"
#include "server/publishing/postruleerrors.h"
#include "server/publishing/slotfinder.h"
#include "storage/accountrepository.h"
#include "storage/creditrepository.h"
#include "storage/draftrepository.h"
#include "storage/submissionrepository.h"
#include "storage/transaction.h"

#include <QJsonArray>

using namespace Qt::Literals::StringLiterals;

namespace slotline {

PostRequest PostRequest::fromParameters(const QJsonObject &parameters)
{
    const QJsonObject post = parameters.value(u"post"_s).toObject();
    const QJsonObject content = post.value(u"content"_s).toObject();
    PostRequest request;
    request.accountId = post.value(u"accountId"_s).toString();
    request.platform = content.value(u"platform"_s).toString();
    request.text = content.value(u"text"_s).toString();
    for (const QJsonValue &url : content.value(u"mediaUrls"_s).toArray())
        request.mediaUrls.append(url.toString());
    if (post.contains(u"target"_s)) {
        const QJsonObject target = post.value(u"target"_s).toObject();
        request.hasTarget = true;
        request.targetType = target.value(u"targetType"_s).toString();
        request.pageId = target.value(u"pageId"_s).toString();
    }
    request.scheduledTime = parameters.value(u"scheduledTime"_s).toString();
    request.useNextFreeSlot = parameters.value(u"useNextFreeSlot"_s).toBool();
    request.draftId = parameters.value(u"draftId"_s).toString();
    return request;
}

PostSubmitter::PostSubmitter(Database &database, AccountRepository &accounts,
                             SubmissionRepository &submissions, DraftRepository &drafts,
                             CreditRepository &credits, SlotFinder &slots,
                             std::function<void()> submitted)
    : m_database(database)
    , m_accounts(accounts)
    , m_submissions(submissions)
    , m_drafts(drafts)
    , m_credits(credits)
    , m_slots(slots)
    , m_submitted(std::move(submitted))
{ }

Outcome PostSubmitter::submit(const CallContext &context, const PostRequest &request)
{
    RuleViolations violations;
    const qint64 now = context.nowMs;
    // The schema admits only known spellings; "x" is twitter.
    const Platform platform = platforms::fromString(request.platform).value_or(Platform::LinkedIn);

    const auto account = ids::looksLike(request.accountId, IdKind::Account)
                             ? m_accounts.find(context.projectId, request.accountId)
                             : std::nullopt;
    if (!account) {
        violations.add(ErrorCode::ValidationFailed, u"post.accountId"_s,
                       u"is not an account of this project (see GET /users/me/accounts)"_s);
    } else {
        if (account->platform != platform)
            violations.add(
                ErrorCode::ValidationFailed, u"post.content.platform"_s,
                u"is %1, but the account is a %2 account"_s.arg(
                    platforms::toString(platform), platforms::toString(account->platform)));
        // A rate-limited account takes posts: they wait until the platform allows more.
        if (const auto refusal = PostRules::refusalToPublish(account->status))
            violations.add(
                ErrorCode::ValidationFailed, u"post.accountId"_s,
                *refusal == PublishRefusal::Disconnected
                    ? u"is disconnected; reconnect it before posting"_s
                    : u"needs to be connected again (%1); reconnect it before posting"_s.arg(
                        account->statusReason));
    }

    if (request.hasTarget) {
        const auto targetPlatform = platforms::fromString(request.targetType);
        if (targetPlatform != platform)
            violations.add(
                ErrorCode::ValidationFailed, u"post.target.targetType"_s,
                u"must name the post's platform (%1)"_s.arg(platforms::toString(platform)));
        if (!request.pageId.isEmpty() && account
            && !m_accounts.findSubaccount(context.projectId, account->id, request.pageId))
            violations.add(
                ErrorCode::ValidationFailed, u"post.target.pageId"_s,
                u"is not a page of this account (see GET /users/me/accounts/%1/subaccounts)"_s.arg(
                    account->id));
    }

    // Facebook has no way to post to a person's own timeline: a real Facebook account
    // publishes to one of its Pages, said now rather than when the post is due.
    if (account && account->connector == u"facebook" && request.pageId.isEmpty())
        violations.add(ErrorCode::ValidationFailed, u"post.target.pageId"_s,
                       u"is required for a Facebook account: Facebook publishes to Pages (see "
                       "GET /users/me/accounts/%1/subaccounts)"_s.arg(account->id));

    PostRuleErrors::checkContent(platform, request.text, request.mediaUrls, u"post.content"_s,
                                 violations);
    if (account && m_mediaLookup && MediaRules::applies(account->connector)) {
        QList<std::optional<MediaFacts>> media;
        for (const QString &url : request.mediaUrls)
            media.append(m_mediaLookup(url));
        MediaRules::check(account->connector, media, u"post.content.mediaUrls"_s, violations);
    }

    if (!request.draftId.isEmpty()
        && !(ids::looksLike(request.draftId, IdKind::Draft)
             && m_drafts.find(context.projectId, request.draftId)))
        violations.add(ErrorCode::ValidationFailed, u"draftId"_s,
                       u"is not a draft of this project (see the list_drafts tool)"_s);

    std::optional<qint64> scheduledAt;
    if (!request.scheduledTime.isEmpty() && request.useNextFreeSlot)
        violations.add(ErrorCode::ValidationFailed, u"useNextFreeSlot"_s,
                       u"cannot be combined with scheduledTime: give one or the other"_s);
    else if (!request.scheduledTime.isEmpty())
        scheduledAt = PostRuleErrors::checkScheduledTime(request.scheduledTime, now,
                                                         u"scheduledTime"_s, violations);
    if (!violations.isEmpty())
        return violations.toError();

    if (request.useNextFreeSlot) {
        const auto slot = m_slots.next(context.projectId,
                                       SlotQuery {account->id, platform, request.pageId}, now);
        if (!slot)
            return ApiError(
                ErrorCode::NoAvailableSlot,
                u"No weekly slot for this account is free in the next 26 weeks. Add slots "
                "with POST /schedule/slots, or give a scheduledTime."_s);
        scheduledAt = slot->atMs;
    }

    Submission submission;
    submission.id = ids::generate(IdKind::PostSubmission);
    submission.projectId = context.projectId;
    submission.accountId = account->id;
    submission.platform = platform;
    submission.text = request.text;
    submission.mediaUrls = request.mediaUrls;
    if (request.hasTarget)
        submission.target = PostTarget {platforms::toString(platform), request.pageId};
    submission.status = scheduledAt ? SubmissionStatus::Scheduled : SubmissionStatus::InProgress;
    submission.scheduledAtMs = scheduledAt;
    if (scheduledAt)
        submission.scheduleId = ids::generate(IdKind::Schedule);
    submission.createdAtMs = now;
    submission.updatedAtMs = now;
    submission.draftId = request.draftId;

    Transaction transaction(m_database);
    if (!m_credits.reserve(context.projectId, submission.id))
        return ApiError(ErrorCode::InsufficientCredits,
                        u"The project has no credits left; each post needs one."_s);
    m_submissions.insert(submission, scheduledAt.value_or(now));
    transaction.commit();
    if (m_submitted)
        m_submitted();

    JsonWriter json;
    json.beginObject()
        .field("postSubmissionId"_L1, submission.id)
        .field("status"_L1, toString(submission.status));
    json.key("scheduledTime"_L1)
        .nullableValue(scheduledAt ? isotime::format(*scheduledAt) : QString());
    json.key("scheduleId"_L1).nullableValue(submission.scheduleId);
    return Outcome::created(json.endObject().take());
}

} // namespace slotline
