#pragma once

#include "client/localstore.h"

#include <QUndoCommand>

namespace slotline::gui {

class PublicationTracker;

// Scheduling a draft (at a time, or in the next free slot), undoable. Redo queues the
// publication in the outbox, so it works offline; undo takes it back, or cancels the post
// it became. The draft stays either way, as publishing a draft keeps it.
class ScheduleDraftCommand : public QUndoCommand
{
public:
    ScheduleDraftCommand(client::LocalStore &store, PublicationTracker &tracker,
                         const QString &draftLocalId,
                         const client::LocalStore::Publication &publication,
                         const QString &description);

    void redo() override;
    void undo() override;

    // The outbox entry of the latest redo.
    qint64 sequence() const { return m_sequence; }

private:
    client::LocalStore &m_store;
    PublicationTracker &m_tracker;
    QString m_draftLocalId;
    client::LocalStore::Publication m_publication;
    qint64 m_sequence = 0;
};

} // namespace slotline::gui
