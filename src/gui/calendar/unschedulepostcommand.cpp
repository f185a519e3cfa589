#include "gui/calendar/unschedulepostcommand.h"

#include "client/localstore.h"
#include "core/clock.h"
#include "core/postrules.h"
#include "gui/calendar/publicationtracker.h"

namespace slotline::gui {

UnschedulePostCommand::UnschedulePostCommand(client::LocalStore &store, PublicationTracker &tracker,
                                             const Clock &clock, const Submission &post,
                                             const QString &description)
    : m_store(store)
    , m_tracker(tracker)
    , m_clock(clock)
    , m_post(post)
    , m_postId(post.id)
{
    setText(description);
}

void UnschedulePostCommand::redo()
{
    if (m_draftLocalId.isEmpty())
        m_draftLocalId = keepingDraft();
    if (m_sequence) {
        // Undone before: the publication undo queued is taken back instead.
        m_tracker.retract(m_sequence);
        return;
    }
    const auto post = m_store.posts().find(m_tracker.currentPost(m_postId));
    if (post && PostRules::isChangeable(*post))
        m_store.queueCancel(*post);
}

void UnschedulePostCommand::undo()
{
    client::LocalStore::Publication publication;
    publication.accountId = m_post.accountId;
    if (m_post.target)
        publication.pageId = m_post.target->pageId;
    publication.scheduledAtMs = m_post.scheduledAtMs;
    m_sequence = m_store.queuePublication(m_draftLocalId, publication);
    // Earlier moves in the history concern the post made again.
    m_tracker.replaced(m_tracker.currentPost(m_postId), m_sequence);
}

QString UnschedulePostCommand::keepingDraft()
{
    return m_store.draftFor(m_post, m_clock.nowMs());
}

} // namespace slotline::gui
