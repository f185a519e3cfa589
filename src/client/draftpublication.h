#pragma once

#include <QString>

#include <optional>

namespace slotline::client {

// Where publish_draft puts a draft's post: an account or one of its pages, and when. The
// store queues it and the client sends it as this one value.
struct DraftPublication
{
    QString accountId;
    QString pageId;
    std::optional<qint64> scheduledAtMs; // none and no next free slot: now
    bool useNextFreeSlot = false;

    bool operator==(const DraftPublication &) const = default;
};

} // namespace slotline::client
