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

    // Occurrences are found day by day, from the day before the local date of `after` (its
    // slots can still lie after it), and held until no later day can come before them: a
    // slot in a gap the clocks skip late in a day happens after the first slots of the next
    // day (America/Nuuk jumps from Saturday 23:00 to Sunday 00:00), and one on a skipped day
    // on the next day's slot (Pacific/Apia skipped 2011-12-30). No slot of a day happens
    // before the instant its midnight happens.
    struct Found
    {
        qint64 at;
        QDate date;
        const WeeklySlot *slot;
    };
    QList<Found> held;
    // Equal instants (a gap slot and the one it lands on) are offered once: the slot whose
    // wall time the clocks really show, which is the later wall time.
    const auto offeredFirst = [](const Found &a, const Found &b) {
        if (a.at != b.at)
            return a.at < b.at;
        return std::tie(a.date, a.slot->hour, a.slot->minute)
               > std::tie(b.date, b.slot->hour, b.slot->minute);
    };
    // Offers the held occurrences before `beforeMs`, in order.
    const auto offer = [&](qint64 beforeMs) -> std::optional<SlotOccurrence> {
        std::sort(held.begin(), held.end(), offeredFirst);
        qsizetype offered = 0;
        for (; offered < held.size() && held[offered].at < beforeMs; ++offered) {
            const Found &found = held[offered];
            if (found.at <= lastAt)
                continue;
            lastAt = found.at;
            chunk.append(SlotOccurrence {found.slot->id, found.at});
            if (chunk.size() == chunkSize) {
                if (auto free = flush())
                    return free;
            }
        }
        held.remove(0, offered);
        return std::nullopt;
    };

    for (QDate date = calendar.localDate(afterMs).addDays(-1);; date = date.addDays(1)) {
        const qint64 dayStartMs = calendar.instantOf(date, 0, 0);
        if (auto free = offer(dayStartMs))
            return free;
        if (dayStartMs >= endMs)
            break;
        for (const WeeklySlot *slot : std::as_const(byDay[date.dayOfWeek()])) {
            const qint64 at = calendar.instantOf(date, slot->hour, slot->minute);
            if (at > afterMs && at < endMs)
                held.append({at, date, slot});
        }
    }
    if (auto free = offer(endMs))
        return free;
    return flush();
}

} // namespace slotline
