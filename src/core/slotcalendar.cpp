#include "core/slotcalendar.h"

#include <QDateTime>

#include <algorithm>
#include <limits>

namespace slotline {
namespace {

constexpr qint64 MinuteMs = 60 * 1000;
constexpr qint64 HourMs = 60 * MinuteMs;
constexpr qint64 DayMs = 24 * HourMs;
constexpr qint64 UnixEpochJulianDay = 2440588;

} // namespace

SlotCalendar::SlotCalendar(const QTimeZone &zone)
    : m_zone(zone)
{ }

SlotCalendar::OffsetSpan SlotCalendar::spanAround(qint64 msSinceEpoch) const
{
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(msSinceEpoch, Qt::UTC);
    OffsetSpan span {std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max(),
                     qint64(m_zone.offsetFromUtc(at)) * 1000};
    if (!m_zone.hasTransitions())
        return span;
    // The last transition at or before the instant, and the first one after it.
    const QTimeZone::OffsetData previous
        = m_zone.previousTransition(QDateTime::fromMSecsSinceEpoch(msSinceEpoch + 1, Qt::UTC));
    const QTimeZone::OffsetData next = m_zone.nextTransition(at);
    if (previous.atUtc.isValid())
        span.fromMs = previous.atUtc.toMSecsSinceEpoch();
    if (next.atUtc.isValid())
        span.untilMs = next.atUtc.toMSecsSinceEpoch();
    if (span.fromMs > msSinceEpoch || span.untilMs <= msSinceEpoch)
        span.fromMs = span.untilMs = msSinceEpoch; // the database disagrees with itself
    return span;
}

qint64 SlotCalendar::offsetAt(qint64 msSinceEpoch) const
{
    auto after
        = std::upper_bound(m_spans.cbegin(), m_spans.cend(), msSinceEpoch,
                           [](qint64 ms, const OffsetSpan &span) { return ms < span.fromMs; });
    if (after != m_spans.cbegin() && msSinceEpoch < std::prev(after)->untilMs)
        return std::prev(after)->offsetMs;

    const OffsetSpan span = spanAround(msSinceEpoch);
    if (span.fromMs == span.untilMs) // not cacheable: answer this instant alone
        return qint64(m_zone.offsetFromUtc(QDateTime::fromMSecsSinceEpoch(msSinceEpoch, Qt::UTC)))
               * 1000;
    m_spans.insert(after - m_spans.cbegin(), span);
    return span.offsetMs;
}

QDate SlotCalendar::localDate(qint64 msSinceEpoch) const
{
    const qint64 wall = msSinceEpoch + offsetAt(msSinceEpoch);
    const qint64 day = wall >= 0 ? wall / DayMs : (wall - DayMs + 1) / DayMs;
    return QDate::fromJulianDay(UnixEpochJulianDay + day);
}

qint64 SlotCalendar::instantOf(QDate date, int hour, int minute) const
{
    // The wall-clock time read as if it were UTC; real instants are it minus an offset.
    const qint64 wall
        = (date.toJulianDay() - UnixEpochJulianDay) * DayMs + hour * HourMs + minute * MinuteMs;
    // Offsets in force well before and well after that wall time (zones are within ±14 h
    // of UTC, so these instants lie on the neighbouring days).
    const qint64 before = offsetAt(wall - 26 * HourMs);
    const qint64 after = offsetAt(wall + 26 * HourMs);
    if (before == after)
        return wall - before; // the usual case: no change of offset anywhere near

    const qint64 withBefore = wall - before;
    const qint64 withAfter = wall - after;
    const bool beforeHolds = offsetAt(withBefore) == before;
    const bool afterHolds = offsetAt(withAfter) == after;
    if (beforeHolds && afterHolds)
        return std::min(withBefore, withAfter); // happens twice: the first time
    if (beforeHolds)
        return withBefore;
    if (afterHolds)
        return withAfter;
    return withBefore; // skipped by the clocks: read with the offset before the change
}

} // namespace slotline
