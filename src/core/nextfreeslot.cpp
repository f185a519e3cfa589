#include "core/nextfreeslot.h"

#include <algorithm>

namespace slotline {

std::optional<SlotOccurrence> NextFreeSlot::find(const QList<WeeklySlot> &slots,
                                                 const SlotQuery &query, qint64 afterMs,
                                                 const SlotCalendar &calendar,
                                                 const OccupancyCheck &isTaken)
{
    // The applicable slots of each weekday, in time order.
    QList<const WeeklySlot *> byDay[8];
    for (const WeeklySlot &slot : slots) {
        if (slot.appliesTo(query))
            byDay[slot.day].append(&slot);
    }
    bool any = false;
    for (QList<const WeeklySlot *> &day : byDay) {
        std::sort(day.begin(), day.end(), [](const WeeklySlot *a, const WeeklySlot *b) {
            return std::tie(a->hour, a->minute) < std::tie(b->hour, b->minute);
        });
        any = any || !day.isEmpty();
    }
    if (!any)
        return std::nullopt;

    const qint64 endMs = afterMs + qint64(MaxWeeks) * 7 * 24 * 60 * 60 * 1000;
    QList<SlotOccurrence> chunk;
    qsizetype chunkSize = FirstChunkSize;
    qint64 lastAt = afterMs;
    auto flush = [&]() -> std::optional<SlotOccurrence> {
        if (chunk.isEmpty())
            return std::nullopt;
        QList<qint64> instants;
        instants.reserve(chunk.size());
        for (const SlotOccurrence &occurrence : std::as_const(chunk))
            instants.append(occurrence.atMs);
        const QList<bool> taken = isTaken(instants);
        for (qsizetype i = 0; i < chunk.size(); ++i) {
            if (!taken.value(i, true))
                return chunk[i];
        }
        chunk.clear();
        chunkSize = std::min<qsizetype>(2 * chunkSize, LargestChunkSize);
        return std::nullopt;
    };

    // From the day before the local date of `after` (its slots can still lie after it),
    // day by day. Within a day, occurrences are put in the order of their instants: a
    // slot in the spring-forward gap happens later than one just past the gap.
    for (QDate date = calendar.localDate(afterMs).addDays(-1);; date = date.addDays(1)) {
        if (calendar.instantOf(date, 0, 0) >= endMs)
            break;
        QList<std::pair<qint64, const WeeklySlot *>> day;
        for (const WeeklySlot *slot : std::as_const(byDay[date.dayOfWeek()])) {
            const qint64 at = calendar.instantOf(date, slot->hour, slot->minute);
            if (at > afterMs && at < endMs)
                day.append({at, slot});
        }
        // Equal instants (a gap slot and the one it lands on) are offered once: the slot
        // whose wall time the clocks really show.
        std::stable_sort(day.begin(), day.end(), [](const auto &a, const auto &b) {
            if (a.first != b.first)
                return a.first < b.first;
            return std::tie(a.second->hour, a.second->minute)
                   > std::tie(b.second->hour, b.second->minute);
        });
        for (const auto &[at, slot] : std::as_const(day)) {
            if (at <= lastAt)
                continue;
            lastAt = at;
            chunk.append(SlotOccurrence {slot->id, at});
            if (chunk.size() == chunkSize) {
                if (auto free = flush())
                    return free;
            }
        }
    }
    return flush();
}

} // namespace slotline
