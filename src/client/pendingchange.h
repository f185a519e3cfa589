#pragma once

#include "client/draftpublication.h"
#include "client/mediaupload.h"
#include "core/draft.h"
#include "core/weeklyslot.h"

#include <QString>

#include <optional>
#include <variant>

namespace slotline::client {

// What an outbox entry asks the server for, as of its first attempt: a save carries the
// draft as it is when it is sent, not as it was when the entry was queued, so that edits
// made while offline go out as one save.
struct DraftSaving
{
    Draft draft; // `id` empty: made anew, found again by its `clientId`
    std::optional<qint64> baseRevision;
};

struct DraftDeletion
{
    QString draftId;
};

struct DraftPublishing
{
    QString draftId;
    DraftPublication publication;
};

struct ScheduleMove
{
    QString scheduleId;
    qint64 toMs = 0;
};

struct ScheduleCancellation
{
    QString scheduleId;
};

// A weekly slot to add; its `id` is the app's own until the server has made it.
struct SlotAddition
{
    WeeklySlot slot;
};

struct SlotRemoval
{
    QString slotId;
};

// A file to upload: its first request asks for the address to PUT it to.
struct MediaUploading
{
    MediaUpload upload;
};

using PendingChange = std::variant<DraftSaving, DraftDeletion, DraftPublishing, ScheduleMove,
                                   ScheduleCancellation, SlotAddition, SlotRemoval, MediaUploading>;

} // namespace slotline::client
