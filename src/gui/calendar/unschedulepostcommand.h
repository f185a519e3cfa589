#pragma once

#include "core/submission.h"

#include <QUndoCommand>

namespace slotline {
class Clock;
}

namespace slotline::client {
class LocalStore;
}

namespace slotline::gui {

class PublicationTracker;

// Taking a scheduled post off the calendar and keeping it as a draft, undoable. Redo
// cancels the schedule (its credit comes back) and makes sure a draft with the post's
// text exists; undo schedules that draft again at the post's time, which makes a new
// post. Everything goes through the outbox, so it works offline.
class UnschedulePostCommand : public QUndoCommand
{
public:
    UnschedulePostCommand(client::LocalStore &store, PublicationTracker &tracker,
                          const Clock &clock, const Submission &post, const QString &description);

    void redo() override;
    void undo() override;

    // The draft that keeps the post's text (found or made at the first redo).
    QString draftLocalId() const { return m_draftLocalId; }

private:
    QString keepingDraft();

    client::LocalStore &m_store;
    PublicationTracker &m_tracker;
    const Clock &m_clock;
    Submission m_post; // as it was scheduled
    QString m_postId; // the post cancelled first; the tracker knows what stands for it
    QString m_draftLocalId;
    qint64 m_sequence = 0; // undo's publication
};

} // namespace slotline::gui
