#pragma once

#include "core/draft.h"
#include "server/api/callcontext.h"
#include "server/api/outcome.h"

#include <QJsonObject>

#include <optional>

namespace slotline {

class AccountRepository;
class Database;
class DraftRepository;
class OperationRegistry;
class PostSubmitter;
class SubmissionRepository;

// The draft tools (save_draft, list_drafts, get_draft, delete_draft, publish_draft).
// Drafts have no REST paths: the contract offers them only through POST /tools/<name>.
class DraftController
{
public:
    DraftController(Database &database, DraftRepository &drafts, SubmissionRepository &submissions,
                    AccountRepository &accounts, PostSubmitter &submitter);

    void registerOperations(OperationRegistry &registry);

private:
    std::optional<Draft> findDraft(const CallContext &context, const QString &draftId);
    // The posts made from the draft, as every answer with a draft shows them.
    void attachPublications(const CallContext &context, Draft &draft);
    Outcome saveDraft(const CallContext &context, const QJsonObject &parameters);
    Outcome createDraft(const CallContext &context, Draft draft);
    Outcome listDrafts(const CallContext &context, const QJsonObject &parameters);
    Outcome getDraft(const CallContext &context, const QJsonObject &parameters);
    Outcome deleteDraft(const CallContext &context, const QJsonObject &parameters);
    Outcome publishDraft(const CallContext &context, const QJsonObject &parameters);

    Database &m_database;
    DraftRepository &m_drafts;
    SubmissionRepository &m_submissions;
    AccountRepository &m_accounts;
    PostSubmitter &m_submitter;
};

} // namespace slotline
