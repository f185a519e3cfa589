// The next-free-slot search (NextFreeSlot over a SlotCalendar) against a brute-force
// oracle written here from the documented rules alone.
//
// Input (FuzzedDataProvider): a time zone from a fixed list of awkward ones, up to six
// weekly slots with targets, the instant to search after (anywhere, next to a change of
// offset, or exactly on an occurrence), and which of the first occurrences are taken.
//
// The oracle lists every occurrence of every applicable slot in the 26 weeks after the
// start, placing wall-clock times with the zone's offsets directly: a time the clocks show
// twice happens the first time, a time they skip is read with the offset before the
// change, and a skipped time that lands on an instant another slot really has is offered
// once, as that slot. The search must answer the first of them that is not taken (or
// nothing), ask the occupancy only about real occurrences, in ascending order, and give the
// same answer with a calendar that has served earlier searches as with a fresh one.

#include "core/isotime.h"
#include "core/nextfreeslot.h"
#include "support/fuzzapplication.h"
#include "support/fuzzcheck.h"

#include <QDateTime>
#include <QTimeZone>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fuzzer/FuzzedDataProvider.h>
#include <map>
#include <memory>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 MinuteMs = 60'000;
constexpr qint64 HourMs = 60 * MinuteMs;
constexpr qint64 DayMs = 24 * HourMs;
constexpr qint64 UnixEpochJulianDay = 2440588;
constexpr qint64 SearchSpanMs = qint64(NextFreeSlot::MaxWeeks) * 7 * DayMs;

// Zones with every kind of change: none, an hour, half an hour, 24 hours (Apia, 2011),
// negative daylight time (Dublin), changes at midnight (Sao Paulo, Santiago, Havana),
// odd offsets (Chatham +12:45, Kolkata +5:30), a two-hour change (Troll), a zone that
// skipped a whole day (Kiritimati, 1994) and one whose gap ends at midnight (Nuuk, since
// 2023: Saturday 23:00 to Sunday 00:00).
const char *const ZoneNames[] = {"UTC",
                                 "Europe/Berlin",
                                 "America/New_York",
                                 "Australia/Lord_Howe",
                                 "Pacific/Apia",
                                 "America/Sao_Paulo",
                                 "America/Santiago",
                                 "America/Havana",
                                 "Asia/Kolkata",
                                 "Pacific/Chatham",
                                 "Europe/Dublin",
                                 "Africa/Casablanca",
                                 "Antarctica/Troll",
                                 "Pacific/Kiritimati",
                                 "America/St_Johns",
                                 "Asia/Tehran",
                                 "Asia/Gaza",
                                 "America/Nuuk"};
constexpr int ZoneCount = int(std::size(ZoneNames));

const QTimeZone &zoneAt(int index)
{
    static const std::vector<QTimeZone> zones = [] {
        std::vector<QTimeZone> all;
        for (const char *name : ZoneNames) {
            QTimeZone zone(name);
            FUZZ_CHECK(zone.isValid(), u"no time zone "_s + QString::fromLatin1(name));
            all.push_back(zone);
        }
        return all;
    }();
    return zones[size_t(index)];
}

// Calendars that serve search after search, as the server keeps one per zone.
SlotCalendar &servingCalendar(int index)
{
    static std::map<int, std::unique_ptr<SlotCalendar>> calendars;
    auto &calendar = calendars[index];
    if (!calendar)
        calendar = std::make_unique<SlotCalendar>(zoneAt(index));
    return *calendar;
}

QString show(qint64 ms)
{
    return isotime::format(ms) + u" (%1)"_s.arg(ms);
}

// Wall-clock times and instants in one zone, from its offsets alone (QTimeZone's list of
// transitions is not used: Qt 6.4 reports a bogus one at 2038-01-19 and misses the real
// ones after it).
class WallClock
{
public:
    explicit WallClock(const QTimeZone &zone)
        : m_zone(zone)
    { }

    qint64 offsetAt(qint64 ms) const
    {
        return qint64(m_zone.offsetFromUtc(QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC))) * 1000;
    }

    qint64 wallOf(qint64 ms) const { return ms + offsetAt(ms); }

    QDate localDate(qint64 ms) const
    {
        const qint64 wall = wallOf(ms);
        const qint64 day = wall >= 0 ? wall / DayMs : (wall - DayMs + 1) / DayMs;
        return QDate::fromJulianDay(UnixEpochJulianDay + day);
    }

    // The instant a wall-clock time (ms, read as if UTC) happens at, and whether the
    // clocks really show it then. Offsets lie within -12 h and +14 h, so every instant
    // showing the wall time lies between the two sampled here, and no zone changes its
    // offset twice in 32 hours.
    std::pair<qint64, bool> instantOf(qint64 wall) const
    {
        const qint64 before = offsetAt(wall - 16 * HourMs);
        const qint64 after = offsetAt(wall + 16 * HourMs);
        std::optional<qint64> first;
        for (const qint64 offset : {before, after}) {
            const qint64 candidate = wall - offset;
            if (offsetAt(candidate) == offset && (!first || candidate < *first))
                first = candidate;
        }
        if (first)
            return {*first, true};
        FUZZ_CHECK(after > before, u"the oracle cannot place the wall time %1 in %2"_s.arg(
                                       show(wall), QString::fromLatin1(m_zone.id())));
        return {wall - before, false}; // skipped: read with the offset before the change
    }

private:
    QTimeZone m_zone;
};

// The documented meaning of a slot's targets, written out again.
bool applies(const WeeklySlot &slot, const SlotQuery &query)
{
    if (slot.targets.isEmpty())
        return true;
    for (const SlotTarget &target : slot.targets) {
        const bool platformMatches = !query.platform || target.platform == *query.platform;
        const bool accountMatches
            = target.accountId.isEmpty() || target.accountId == query.accountId;
        const bool pageMatches
            = target.subaccountId.isEmpty() || target.subaccountId == query.subaccountId;
        if (platformMatches && accountMatches && pageMatches)
            return true;
    }
    return false;
}

struct Occurrence
{
    qint64 atMs;
    QString slotId;
    bool shown; // the clocks show the slot's wall time at that instant
};

QList<Occurrence> occurrences(const QList<WeeklySlot> &slots, const SlotQuery &query,
                              qint64 afterMs, const WallClock &clock)
{
    const qint64 endMs = afterMs + SearchSpanMs;
    QList<Occurrence> all;
    const QDate last = clock.localDate(endMs).addDays(2);
    for (QDate date = clock.localDate(afterMs).addDays(-2); date <= last; date = date.addDays(1)) {
        for (const WeeklySlot &slot : slots) {
            if (slot.day != date.dayOfWeek() || !applies(slot, query))
                continue;
            const qint64 wall = (date.toJulianDay() - UnixEpochJulianDay) * DayMs
                                + slot.hour * HourMs + slot.minute * MinuteMs;
            const auto [at, shown] = clock.instantOf(wall);
            if (at > afterMs && at < endMs)
                all.append(Occurrence {at, slot.id, shown});
        }
    }
    // One occurrence per instant: the slot the clocks show, when one of them is.
    std::stable_sort(all.begin(), all.end(), [](const Occurrence &a, const Occurrence &b) {
        return a.atMs != b.atMs ? a.atMs < b.atMs : a.shown > b.shown;
    });
    QList<Occurrence> once;
    for (const Occurrence &occurrence : std::as_const(all)) {
        if (once.isEmpty() || once.constLast().atMs != occurrence.atMs)
            once.append(occurrence);
    }
    return once;
}

QList<WeeklySlot> consumeSlots(FuzzedDataProvider &input)
{
    static const QString accounts[] = {u"acc_a"_s, u"acc_b"_s};
    static const QString pages[] = {u"sub_a"_s, u"sub_b"_s};
    static const Platform platforms[] = {Platform::Twitter, Platform::LinkedIn};
    QList<WeeklySlot> slots;
    const int count = input.ConsumeIntegralInRange(0, 6);
    for (int i = 0; i < count; ++i) {
        WeeklySlot slot;
        slot.id = u"slot_%1"_s.arg(i);
        slot.day = Qt::DayOfWeek(input.ConsumeIntegralInRange(1, 7));
        slot.hour = input.ConsumeIntegralInRange(0, 23);
        slot.minute = input.ConsumeBool() ? 30 * input.ConsumeIntegralInRange(0, 1)
                                          : input.ConsumeIntegralInRange(0, 59);
        const bool exists = std::any_of(slots.begin(), slots.end(), [&](const WeeklySlot &other) {
            return other.day == slot.day && other.hour == slot.hour && other.minute == slot.minute;
        });
        if (exists)
            continue; // one slot per day and time, as the API keeps them
        const int targets = input.ConsumeIntegralInRange(0, 2);
        for (int t = 0; t < targets; ++t) {
            SlotTarget target;
            target.platform = platforms[input.ConsumeIntegralInRange(0, 1)];
            if (input.ConsumeBool())
                target.accountId = accounts[input.ConsumeIntegralInRange(0, 1)];
            if (!target.accountId.isEmpty() && input.ConsumeBool())
                target.subaccountId = pages[input.ConsumeIntegralInRange(0, 1)];
            slot.targets.append(target);
        }
        slots.append(slot);
    }
    return slots;
}

// Years 1970-2060: the zone database's history and the rules it extends into the future.
constexpr qint64 EarliestMs = 0;
constexpr qint64 LatestMs = 2'871'763'200'000; // 2061-01-01

qint64 consumeStart(FuzzedDataProvider &input, const QTimeZone &zone,
                    const QList<WeeklySlot> &slots)
{
    qint64 start = input.ConsumeIntegralInRange(EarliestMs, LatestMs);
    switch (input.ConsumeIntegralInRange(0, 2)) {
    case 0: start += input.ConsumeIntegralInRange(0, 59'999); break;
    case 1: {
        // Within a week of a change of offset.
        const auto transitions
            = zone.transitions(QDateTime::fromMSecsSinceEpoch(start, Qt::UTC),
                               QDateTime::fromMSecsSinceEpoch(start + 400 * DayMs, Qt::UTC));
        if (!transitions.isEmpty()) {
            const auto &chosen
                = transitions[input.ConsumeIntegralInRange<qsizetype>(0, transitions.size() - 1)];
            start = chosen.atUtc.toMSecsSinceEpoch()
                    + input.ConsumeIntegralInRange<qint64>(-7 * 24 * 60, 7 * 24 * 60) * MinuteMs;
        }
        break;
    }
    case 2: {
        // On an occurrence, or a millisecond either side of it.
        if (slots.isEmpty())
            break;
        const WallClock clock(zone);
        const WeeklySlot &slot
            = slots[input.ConsumeIntegralInRange<qsizetype>(0, slots.size() - 1)];
        QDate date = clock.localDate(start);
        while (date.dayOfWeek() != slot.day)
            date = date.addDays(1);
        const qint64 wall = (date.toJulianDay() - UnixEpochJulianDay) * DayMs + slot.hour * HourMs
                            + slot.minute * MinuteMs;
        start = clock.instantOf(wall).first + input.ConsumeIntegralInRange(-1, 1);
        break;
    }
    }
    return start;
}

std::optional<SlotOccurrence> search(const QList<WeeklySlot> &slots, const SlotQuery &query,
                                     qint64 afterMs, const SlotCalendar &calendar,
                                     const QList<Occurrence> &expected, quint64 takenMask,
                                     bool allTaken, const QString &context)
{
    qint64 lastAsked = afterMs;
    const auto isTaken = [&](const QList<qint64> &instants) {
        FUZZ_CHECK(!instants.isEmpty() && instants.size() <= NextFreeSlot::LargestChunkSize,
                   context + u"asked about %1 instants at once"_s.arg(instants.size()));
        QList<bool> taken;
        for (const qint64 instant : instants) {
            FUZZ_CHECK(instant > lastAsked,
                       context + u"asked about %1 after %2"_s.arg(show(instant), show(lastAsked)));
            lastAsked = instant;
            const auto position = std::lower_bound(
                expected.begin(), expected.end(), instant,
                [](const Occurrence &occurrence, qint64 ms) { return occurrence.atMs < ms; });
            FUZZ_CHECK(position != expected.end() && position->atMs == instant,
                       context + u"asked about %1, which is no occurrence"_s.arg(show(instant)));
            const qsizetype index = position - expected.begin();
            taken.append(allTaken || (index < 64 && (takenMask >> index) & 1));
        }
        return taken;
    };
    return NextFreeSlot::find(slots, query, afterMs, calendar, isTaken);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    slotline::fuzz::startApplication(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 256)
        return -1;
    FuzzedDataProvider input(data, size);
    const int zoneIndex = input.ConsumeIntegralInRange(0, ZoneCount - 1);
    const QTimeZone &zone = zoneAt(zoneIndex);
    const QList<WeeklySlot> slots = consumeSlots(input);
    SlotQuery query;
    query.accountId = input.ConsumeBool() ? u"acc_a"_s : u"acc_b"_s;
    if (input.ConsumeBool())
        query.platform = input.ConsumeBool() ? Platform::Twitter : Platform::LinkedIn;
    if (input.ConsumeBool())
        query.subaccountId = u"sub_a"_s;
    const qint64 afterMs = consumeStart(input, zone, slots);
    const bool allTaken = input.ConsumeIntegralInRange(0, 7) == 0;
    const quint64 takenMask = input.ConsumeIntegral<quint64>();

    const WallClock clock(zone);
    const QList<Occurrence> expected = occurrences(slots, query, afterMs, clock);
    std::optional<Occurrence> firstFree;
    for (qsizetype i = 0; i < expected.size() && !firstFree; ++i) {
        if (!(allTaken || (i < 64 && (takenMask >> i) & 1)))
            firstFree = expected[i];
    }

    QString context = u"in %1 after %2, "_s.arg(QString::fromLatin1(zone.id()), show(afterMs));
    for (const WeeklySlot &slot : slots)
        context += u"%1 %2 %3:%4 (%5 targets), "_s.arg(slot.id, WeeklySlot::dayName(slot.day))
                       .arg(slot.hour)
                       .arg(slot.minute)
                       .arg(slot.targets.size());

    // SLOTLINE_FUZZ_SHOW=1 says what an input means (fuzz_nextfreeslot FILE).
    if (qEnvironmentVariableIntValue("SLOTLINE_FUZZ_SHOW") != 0)
        std::fprintf(stderr, "%s\n  expected: %s\n", qUtf8Printable(context),
                     firstFree ? qUtf8Printable(firstFree->slotId + u' ' + show(firstFree->atMs))
                               : "nothing");

    const SlotCalendar fresh(zone);
    const struct
    {
        const SlotCalendar &calendar;
        const char *name;
    } calendars[]
        = {{fresh, "a fresh calendar"}, {servingCalendar(zoneIndex), "a serving calendar"}};
    for (const auto &[calendar, name] : calendars) {
        const QString where = context + QString::fromLatin1(name) + u": "_s;
        const auto found
            = search(slots, query, afterMs, calendar, expected, takenMask, allTaken, where);
        if (!firstFree) {
            FUZZ_CHECK(
                !found,
                where + u"found %1 %2, expected nothing"_s.arg(found->slotId, show(found->atMs)));
            continue;
        }
        FUZZ_CHECK(found, where
                              + u"found nothing, expected %1 %2"_s.arg(firstFree->slotId,
                                                                       show(firstFree->atMs)));
        FUZZ_CHECK(found->atMs == firstFree->atMs && found->slotId == firstFree->slotId,
                   where
                       + u"found %1 %2, expected %3 %4"_s.arg(found->slotId, show(found->atMs),
                                                              firstFree->slotId,
                                                              show(firstFree->atMs)));
    }
    return 0;
}
