#pragma once

#include <QString>
#include <QUndoCommand>

namespace slotline::client {
class LocalStore;
}

namespace slotline::gui {

// Moving a scheduled post to another time, undoable. Each direction is queued in the
// outbox as a move of its own (PATCH /schedules/{id}), so undo and redo work offline and
// reach the server in the order they were made.
class MovePostCommand : public QUndoCommand
{
public:
    MovePostCommand(client::LocalStore &store, const QString &submissionId, qint64 fromMs,
                    qint64 toMs, const QString &description);

    void redo() override;
    void undo() override;

    QString submissionId() const { return m_submissionId; }

private:
    void moveTo(qint64 atMs);

    client::LocalStore &m_store;
    QString m_submissionId;
    qint64 m_fromMs;
    qint64 m_toMs;
};

} // namespace slotline::gui
