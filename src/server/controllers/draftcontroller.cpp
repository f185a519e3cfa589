#include "server/controllers/draftcontroller.h"

#include "core/ids.h"
#include "core/jsonwriter.h"
#include "server/api/listing.h"
#include "server/api/operationregistry.h"
#include "server/publishing/postruleerrors.h"
#include "server/publishing/postsubmitter.h"
#include "storage/accountrepository.h"
#include "storage/draftrepository.h"
#include "storage/submissionrepository.h"
#include "storage/transaction.h"

#include <QJsonArray>

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

const QString DraftList = u"drafts"_s;

QByteArray draftBody(const Draft &draft)
{
    JsonWriter json;
    json.beginObject().key("draft"_L1);
    draft.writeJson(json);
    return json.endObject().take();
}

ApiError draftNotFound(const QString &draftId)
{
    return ApiError::notFound(u"No draft %1 in this project."_s.arg(draftId));
}

QStringList strings(const QJsonValue &array)
{
    QStringList result;
    for (const QJsonValue &value : array.toArray())
        result.append(value.toString());
    return result;
}

// The post rules name fields as POST /posts has them ("post.content.text"); a draft's
// caller sent "text", "accountId" and "pageId".
ApiError inDraftTerms(const ApiError &error)
{
    if (error.details().isEmpty())
        return error;
    QList<FieldError> details;
    for (FieldError detail : error.details()) {
        if (detail.field == u"post.content.platform")
            detail.field = u"accountId"_s;
        for (const QString &prefix : {u"post.content."_s, u"post.target."_s, u"post."_s}) {
            if (detail.field.startsWith(prefix)) {
                detail.field = detail.field.sliced(prefix.size());
                break;
            }
        }
        details.append(detail);
    }
    return ApiError(error.errorCode(), error.message()).withDetails(details);
}

} // namespace

DraftController::DraftController(Database &database, DraftRepository &drafts,
                                 SubmissionRepository &submissions, AccountRepository &accounts,
                                 PostSubmitter &submitter)
    : m_database(database)
    , m_drafts(drafts)
    , m_submissions(submissions)
    , m_accounts(accounts)
    , m_submitter(submitter)
{ }

void DraftController::registerOperations(OperationRegistry &registry)
{
    registry.handle(u"save_draft"_s, this, &DraftController::saveDraft);
    registry.handle(u"list_drafts"_s, this, &DraftController::listDrafts);
    registry.handle(u"get_draft"_s, this, &DraftController::getDraft);
    registry.handle(u"delete_draft"_s, this, &DraftController::deleteDraft);
    registry.handle(u"publish_draft"_s, this, &DraftController::publishDraft);
}

std::optional<Draft> DraftController::findDraft(const CallContext &context, const QString &draftId)
{
    if (!ids::looksLike(draftId, IdKind::Draft))
        return std::nullopt;
    return m_drafts.find(context.projectId, draftId);
}

void DraftController::attachPublications(const CallContext &context, Draft &draft)
{
    draft.publications
        = m_submissions.publications(context.projectId, {draft.id}, Draft::MaxPublications)
              .value(draft.id);
}

Outcome DraftController::saveDraft(const CallContext &context, const QJsonObject &parameters)
{
    Draft draft;
    draft.text = parameters.value(u"text"_s).toString();
    for (const QString &name : strings(parameters.value(u"platforms"_s))) {
        // x and twitter are one platform: saying both is saying it once.
        const Platform platform = platforms::fromString(name).value();
        if (!draft.platforms.contains(platform))
            draft.platforms.append(platform);
    }
    draft.mediaUrls = strings(parameters.value(u"mediaUrls"_s));
    draft.clientId = parameters.value(u"clientId"_s).toString();
    draft.updatedAtMs = context.nowMs;

    RuleViolations violations;
    PostRuleErrors::checkMediaUrls(draft.mediaUrls, u"mediaUrls"_s, violations);
    const QString draftId = parameters.value(u"draftId"_s).toString();
    const bool hasBase = parameters.contains(u"baseRevision"_s);
    if (hasBase && draftId.isEmpty())
        violations.add(ErrorCode::ValidationFailed, u"baseRevision"_s,
                       u"only goes with draftId: a new draft has no revision to start from"_s);
    if (!draft.clientId.isEmpty() && !draftId.isEmpty())
        violations.add(ErrorCode::ValidationFailed, u"clientId"_s,
                       u"only goes without draftId: it names a new draft, and a saved one is "
                       "named by its draftId"_s);
    if (!violations.isEmpty())
        return violations.toError();

    if (draftId.isEmpty())
        return createDraft(context, draft);

    Transaction transaction(m_database);
    auto current = findDraft(context, draftId);
    if (!current)
        return draftNotFound(draftId);
    const qint64 baseRevision = parameters.value(u"baseRevision"_s).toInteger();
    if (hasBase && baseRevision != current->revision) {
        attachPublications(context, *current);
        return ApiError(ErrorCode::DraftConflict,
                        u"The draft was saved elsewhere since revision %1; it is now at revision "
                        "%2. Nothing was written: merge with error.draft and save again with "
                        "baseRevision %2."_s.arg(baseRevision)
                            .arg(current->revision))
            .withField(u"draft"_s, JsonWriter::toObject(*current));
    }
    draft.id = current->id;
    draft.clientId = current->clientId;
    draft.createdAtMs = current->createdAtMs;
    draft.revision = current->revision + 1;
    // Saved in the same minute on a clock that went back: keep the list's order sane.
    draft.updatedAtMs = std::max(context.nowMs, current->updatedAtMs);
    if (!m_drafts.update(context.projectId, draft, current->revision))
        throw std::logic_error("a draft changed inside its own transaction");
    attachPublications(context, draft);
    transaction.commit();
    return Outcome::ok(draftBody(draft));
}

Outcome DraftController::createDraft(const CallContext &context, Draft draft)
{
    draft.id = ids::generate(IdKind::Draft);
    draft.revision = 1;
    draft.createdAtMs = context.nowMs;
    // The insert itself tells whether the clientId is taken (see DraftRepository::insert);
    // the transaction keeps the draft that took it from being deleted or saved before it
    // is read.
    Transaction transaction(m_database);
    if (m_drafts.insert(context.projectId, draft)) {
        transaction.commit();
        return Outcome::created(draftBody(draft));
    }
    auto existing = m_drafts.findByClientId(context.projectId, draft.clientId);
    if (!existing)
        throw std::logic_error("a draft's clientId was taken by no draft");
    attachPublications(context, *existing);
    transaction.commit();
    // The same create sent again (its answer lost, or the app offline for days): the
    // draft it made, as long as nothing has changed it since.
    if (existing->revision == 1 && existing->text == draft.text
        && existing->platforms == draft.platforms && existing->mediaUrls == draft.mediaUrls)
        return Outcome::ok(draftBody(*existing));
    return ApiError(ErrorCode::DraftConflict,
                    u"A draft with this clientId exists and has changed: it is at revision %1, "
                    "or its text, platforms or media are not this save's. Nothing was written: "
                    "error.draft is the draft as it is now; save over it with its id as "
                    "draftId and baseRevision %1."_s.arg(existing->revision))
        .withField(u"draft"_s, JsonWriter::toObject(*existing));
}

Outcome DraftController::listDrafts(const CallContext &context, const QJsonObject &parameters)
{
    const auto request = listing::pageRequest(parameters, DraftList, 2);
    if (const auto *error = std::get_if<ApiError>(&request))
        return *error;
    auto page = m_drafts.list(context.projectId, parameters.value(u"query"_s).toString(),
                              std::get<PageRequest>(request));
    // One query for the whole page's publications, not one per draft.
    QStringList draftIds;
    draftIds.reserve(page.items.size());
    for (const Draft &draft : std::as_const(page.items))
        draftIds.append(draft.id);
    const auto publications
        = m_submissions.publications(context.projectId, draftIds, Draft::MaxPublications);
    for (Draft &draft : page.items)
        draft.publications = publications.value(draft.id);
    return Outcome::ok(listing::pageBody(page, DraftList));
}

Outcome DraftController::getDraft(const CallContext &context, const QJsonObject &parameters)
{
    const QString draftId = parameters.value(u"draftId"_s).toString();
    auto draft = findDraft(context, draftId);
    if (!draft)
        return draftNotFound(draftId);
    attachPublications(context, *draft);
    return Outcome::ok(draftBody(*draft));
}

Outcome DraftController::deleteDraft(const CallContext &context, const QJsonObject &parameters)
{
    const QString draftId = parameters.value(u"draftId"_s).toString();
    if (!ids::looksLike(draftId, IdKind::Draft) || !m_drafts.remove(context.projectId, draftId))
        return draftNotFound(draftId);
    return Outcome::noContent();
}

Outcome DraftController::publishDraft(const CallContext &context, const QJsonObject &parameters)
{
    const QString draftId = parameters.value(u"draftId"_s).toString();
    const auto draft = findDraft(context, draftId);
    if (!draft)
        return draftNotFound(draftId);

    const QString accountId = parameters.value(u"accountId"_s).toString();
    const auto account = ids::looksLike(accountId, IdKind::Account)
                             ? m_accounts.find(context.projectId, accountId)
                             : std::nullopt;
    if (!account)
        return ApiError::validationFailed({FieldError {
            u"accountId"_s, u"is not an account of this project (see GET /users/me/accounts)"_s}});
    if (!draft->platforms.isEmpty() && !draft->platforms.contains(account->platform)) {
        QStringList names;
        for (const Platform platform : draft->platforms)
            names.append(platforms::toString(platform));
        return ApiError::validationFailed({FieldError {
            u"accountId"_s, u"is a %1 account; the draft is for %2"_s.arg(
                                platforms::toString(account->platform), names.join(u", "_s))}});
    }

    PostRequest request;
    request.accountId = account->id;
    request.platform = platforms::toString(account->platform);
    request.text = draft->text;
    request.mediaUrls = draft->mediaUrls;
    request.pageId = parameters.value(u"pageId"_s).toString();
    request.hasTarget = !request.pageId.isEmpty();
    request.targetType = request.platform;
    request.scheduledTime = parameters.value(u"scheduledTime"_s).toString();
    request.useNextFreeSlot = parameters.value(u"useNextFreeSlot"_s).toBool();
    request.draftId = draft->id;
    const Outcome outcome = m_submitter.submit(context, request);
    if (outcome.isError())
        return inDraftTerms(outcome.error());
    return outcome;
}

} // namespace slotline
