#pragma once

#include "core/draft.h"
#include "storage/page.h"

#include <optional>

namespace slotline {

class Database;

// A project's drafts, most recently saved first.
class DraftRepository
{
public:
    explicit DraftRepository(Database &database);

    // Drafts come back without their publications (SubmissionRepository has those).
    std::optional<Draft> find(const QString &projectId, const QString &draftId);
    std::optional<Draft> findByClientId(const QString &projectId, const QString &clientId);
    // Every word of `query` must appear in the text (case and normalization ignored).
    Page<Draft> list(const QString &projectId, const QString &query, const PageRequest &page);

    // False, and nothing written, when another draft of the project has the draft's
    // clientId.
    bool insert(const QString &projectId, const Draft &draft);
    // Writes the draft as revision `draft.revision` if the stored one is still
    // `expectedRevision`; false when it is not (or the draft is gone).
    bool update(const QString &projectId, const Draft &draft, qint64 expectedRevision);
    bool remove(const QString &projectId, const QString &draftId);

private:
    Database &m_database;
};

} // namespace slotline
