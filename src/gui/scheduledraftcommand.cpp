#include "gui/scheduledraftcommand.h"

#include "gui/publicationtracker.h"

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
    // A redo while the undone publication is still on its way answers with that same
    // entry: it then simply goes ahead.
    m_sequence = m_store.queuePublication(m_draftLocalId, m_publication);
    m_tracker.keep(m_sequence);
}

void ScheduleDraftCommand::undo()
{
    m_tracker.retract(m_sequence);
}

} // namespace slotline::gui
