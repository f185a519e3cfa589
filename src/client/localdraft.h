#pragma once

#include "core/draft.h"
#include "core/platform.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace slotline::client {

enum class DraftSyncState {
    Synced, // the server has exactly this
    Pending, // changes wait in the outbox (or it was never sent)
    Conflict, // saved elsewhere meanwhile: the user chooses
    Refused, // the server refused the last change; `problem` says why
};

// A draft as the app keeps it. It has a local id for ever (drafts made offline have no
// server id yet) and, once the server has it, its server id and the revision the local
// text was based on.
struct LocalDraft
{
    QString localId;
    QString serverId; // empty until the server has it
    qint64 baseRevision = 0; // the server revision the text is based on; 0: none
    QString text;
    QList<Platform> platforms;
    QStringList mediaUrls;
    qint64 updatedAtMs = 0;
    DraftSyncState state = DraftSyncState::Pending;
    std::optional<Draft> theirs; // the server's, while in conflict
    QString problem; // why the server refused, while Refused
};

} // namespace slotline::client
