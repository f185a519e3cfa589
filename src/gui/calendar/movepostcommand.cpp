#include "gui/calendar/movepostcommand.h"

#include "gui/calendar/publicationtracker.h"

namespace slotline::gui {

MovePostCommand::MovePostCommand(PublicationTracker &tracker, const QString &submissionId,
                                 qint64 fromMs, qint64 toMs, const QString &description)
    : m_tracker(tracker)
    , m_submissionId(submissionId)
    , m_fromMs(fromMs)
    , m_toMs(toMs)
{
    setText(description);
}

void MovePostCommand::redo()
{
    m_tracker.move(m_submissionId, m_toMs);
}

void MovePostCommand::undo()
{
    m_tracker.move(m_submissionId, m_fromMs);
}

} // namespace slotline::gui
