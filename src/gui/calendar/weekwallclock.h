#pragma once

#include <QDate>
#include <QTimeZone>

#include <vector>

namespace slotline::gui {

// Where instants fall in a week's grid (the day column, the minute of the day) in a time
// zone: the zone's offsets over the week are looked up once, so placing thousands of
// posts costs no zone lookup each.
class WeekWallClock
{
public:
    // The week starting on `firstDay`; instants between `fromMs` and `untilMs` get the
    // zone's offsets (those outside keep the nearest offset known).
    WeekWallClock(const QTimeZone &zone, QDate firstDay, qint64 fromMs, qint64 untilMs);

    struct Place
    {
        int day = 0; // 0 for the first day; instants outside the week go to its first or last
        int minuteOfDay = 0;
    };
    Place placeOf(qint64 msSinceEpoch) const;

    // The wall-clock time of an instant, written as if it were UTC.
    qint64 wallMs(qint64 msSinceEpoch) const;

private:
    struct Span
    {
        qint64 fromMs = 0;
        qint64 offsetMs = 0;
    };
    std::vector<Span> m_spans; // by fromMs; the first one reaches back for ever
    qint64 m_firstJulianDay = 0;
};

} // namespace slotline::gui
