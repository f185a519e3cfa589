#pragma once

#include <QString>
#include <QUndoCommand>

namespace slotline::gui {

class PublicationTracker;

// Moving a scheduled post to another time, undoable. Each direction is queued in the
// outbox as a move of its own (PATCH /schedules/{id}), so undo and redo work offline and
// reach the server in the order they were made. When other steps of the history made the
// post again (a redone drop, an undone unscheduling), the move concerns the new post.
class MovePostCommand : public QUndoCommand
{
public:
    MovePostCommand(PublicationTracker &tracker, const QString &submissionId, qint64 fromMs,
                    qint64 toMs, const QString &description);

    void redo() override;
    void undo() override;

    QString submissionId() const { return m_submissionId; }

private:
    PublicationTracker &m_tracker;
    QString m_submissionId;
    qint64 m_fromMs;
    qint64 m_toMs;
};

} // namespace slotline::gui
