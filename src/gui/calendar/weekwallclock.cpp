#include "gui/calendar/weekwallclock.h"

#include <QDateTime>

#include <algorithm>
#include <limits>

namespace slotline::gui {
namespace {

constexpr qint64 MinuteMs = 60 * 1000;
constexpr qint64 DayMs = 24 * 60 * MinuteMs;
constexpr qint64 UnixEpochJulianDay = 2440588;

qint64 floorDiv(qint64 value, qint64 divisor)
{
    return value >= 0 ? value / divisor : (value - divisor + 1) / divisor;
}

} // namespace

WeekWallClock::WeekWallClock(const QTimeZone &zone, QDate firstDay, qint64 fromMs, qint64 untilMs)
    : m_firstJulianDay(firstDay.toJulianDay())
{
    const QDateTime from = QDateTime::fromMSecsSinceEpoch(fromMs, QTimeZone::utc());
    m_spans.push_back(
        {std::numeric_limits<qint64>::min(), qint64(zone.offsetFromUtc(from)) * 1000});
    if (!zone.hasTransitions())
        return;
    const QDateTime until = QDateTime::fromMSecsSinceEpoch(untilMs, QTimeZone::utc());
    for (const QTimeZone::OffsetData &change : zone.transitions(from, until)) {
        const qint64 at = change.atUtc.toMSecsSinceEpoch();
        if (at > m_spans.back().fromMs)
            m_spans.push_back({at, qint64(change.offsetFromUtc) * 1000});
    }
}

qint64 WeekWallClock::wallMs(qint64 msSinceEpoch) const
{
    auto span
        = std::upper_bound(m_spans.cbegin(), m_spans.cend(), msSinceEpoch,
                           [](qint64 ms, const Span &candidate) { return ms < candidate.fromMs; });
    return msSinceEpoch + std::prev(span)->offsetMs;
}

WeekWallClock::Place WeekWallClock::placeOf(qint64 msSinceEpoch) const
{
    const qint64 wall = wallMs(msSinceEpoch);
    const qint64 day = floorDiv(wall, DayMs);
    return Place {int(std::clamp<qint64>(day + UnixEpochJulianDay - m_firstJulianDay, 0, 6)),
                  int((wall - day * DayMs) / MinuteMs)};
}

} // namespace slotline::gui
