#pragma once

#include "core/platform.h"

#include <QStringList>
#include <QUndoCommand>

namespace slotline {
class Clock;
}

namespace slotline::client {
class LocalStore;
}

namespace slotline::gui {

// Deleting a draft, undoable: undo writes the draft again as it was (a new draft for
// the server, whose copy may be gone by then), redo deletes that one.
class DeleteDraftCommand : public QUndoCommand
{
public:
    DeleteDraftCommand(client::LocalStore &store, const Clock &clock, const QString &localId);

    void redo() override;
    void undo() override;

    // The draft as it is now: another id after an undo.
    QString localId() const { return m_localId; }

private:
    client::LocalStore &m_store;
    const Clock &m_clock;
    QString m_localId;
    QString m_text;
    QList<Platform> m_platforms;
    QStringList m_mediaUrls;
};

} // namespace slotline::gui
