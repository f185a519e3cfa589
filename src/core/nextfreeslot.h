#pragma once

#include "core/slotcalendar.h"
#include "core/weeklyslot.h"

#include <QList>

#include <functional>
#include <optional>

namespace slotline {

struct SlotOccurrence
{
    QString slotId;
    qint64 atMs = 0;
};

// Finds the first occurrence of a weekly slot after a given instant that applies to the
// query and is not taken, looking at most 26 weeks ahead.
class NextFreeSlot
{
public:
    static constexpr int MaxWeeks = 26;
    // Occurrences are checked a chunk at a time; most searches end in the first one, long
    // ones (an account booked for months) take fewer, larger chunks.
    static constexpr int FirstChunkSize = 8;
    static constexpr int LargestChunkSize = 256;

    // Given instants in ascending order, says for each whether it is taken. Called with
    // a few at a time, so the answer can come from one query per chunk.
    using OccupancyCheck = std::function<QList<bool>(const QList<qint64> &instants)>;

    static std::optional<SlotOccurrence> find(const QList<WeeklySlot> &slots,
                                              const SlotQuery &query, qint64 afterMs,
                                              const SlotCalendar &calendar,
                                              const OccupancyCheck &isTaken);
};

} // namespace slotline
