#pragma once

#include <QDate>
#include <QList>
#include <QTimeZone>

namespace slotline {

// Turns wall-clock times in a time zone into instants, deciding the two cases where the
// wall clock and the instants disagree:
// - a time the clocks skip (02:30 on a spring-forward night, where 02:00 jumps to 03:00)
//   happens when the clocks show the same time past the gap, at 03:30: the instant is
//   read with the offset in force before the change, as RFC 5545 does;
// - a time that happens twice (01:30 on a fall-back night in New York) happens once,
//   the first time, in daylight time.
//
// It remembers the spans of constant offset it has looked up, because asking the zone
// database is what a slot search would otherwise spend its time on. Not for use from two
// threads at once.
class SlotCalendar
{
public:
    explicit SlotCalendar(const QTimeZone &zone);

    qint64 instantOf(QDate date, int hour, int minute) const;
    QDate localDate(qint64 msSinceEpoch) const;
    const QTimeZone &zone() const { return m_zone; }

private:
    // A span of instants [fromMs, untilMs) over which the zone's offset does not change.
    struct OffsetSpan
    {
        qint64 fromMs = 0;
        qint64 untilMs = 0;
        qint64 offsetMs = 0;
    };

    qint64 offsetAt(qint64 msSinceEpoch) const;
    OffsetSpan spanAround(qint64 msSinceEpoch) const;

    QTimeZone m_zone;
    mutable QList<OffsetSpan> m_spans; // disjoint, by fromMs
};

} // namespace slotline
