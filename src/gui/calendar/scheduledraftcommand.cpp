#include "gui/calendar/scheduledraftcommand.h"

#include "gui/calendar/publicationtracker.h"

namespace slotline::gui {

ScheduleDraftCommand::ScheduleDraftCommand(client::LocalStore &store, PublicationTracker &tracker,
                                           const QString &draftLocalId,
                                           const client::LocalStore::Publication &publication,
                                           const QString &description)
    : m_store(store)
    , m_tracker(tracker)
    , m_draftLocalId(draftLocalId)
    , m_publication(publication)
{
    setText(description);
}

void ScheduleDraftCommand::redo()
{
    // A publication undone while on its way stays undone (its post is cancelled when it
    // arrives): a redo queues a new one.
    const QString undonePost = m_sequence ? m_tracker.postOf(m_sequence) : QString();
    m_sequence = m_store.queuePublication(m_draftLocalId, m_publication);
    if (!undonePost.isEmpty() && m_tracker.postOf(m_sequence) != undonePost)
        m_tracker.replaced(undonePost, m_sequence); // later moves concern the new post
}

void ScheduleDraftCommand::undo()
{
    m_tracker.retract(m_sequence);
}

} // namespace slotline::gui
