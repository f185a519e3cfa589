#include "core/slotcalendar.h"

#include <QDateTime>

namespace slotline {
namespace {

constexpr qint64 HourMs = 60 * 60 * 1000;

} // namespace

SlotCalendar::SlotCalendar(const QTimeZone &zone)
    : m_zone(zone)
{ }

int SlotCalendar::offsetAt(qint64 msSinceEpoch) const
{
    return m_zone.offsetFromUtc(QDateTime::fromMSecsSinceEpoch(msSinceEpoch, Qt::UTC));
}

QDate SlotCalendar::localDate(qint64 msSinceEpoch) const
{
    return QDateTime::fromMSecsSinceEpoch(msSinceEpoch, m_zone).date();
}

qint64 SlotCalendar::instantOf(QDate date, int hour, int minute) const
{
    // The wall-clock time read as if it were UTC; real instants are it minus an offset.
    const qint64 wall = QDateTime(date, QTime(hour, minute), Qt::UTC).toMSecsSinceEpoch();
    // Offsets in force well before and well after that wall time (zones are within ±14 h
    // of UTC, so these instants lie on the neighbouring days).
    const qint64 before = qint64(offsetAt(wall - 26 * HourMs)) * 1000;
    const qint64 after = qint64(offsetAt(wall + 26 * HourMs)) * 1000;

    const qint64 withBefore = wall - before;
    const qint64 withAfter = wall - after;
    const bool beforeHolds = qint64(offsetAt(withBefore)) * 1000 == before;
    const bool afterHolds = qint64(offsetAt(withAfter)) * 1000 == after;
    if (beforeHolds && afterHolds)
        return std::min(withBefore, withAfter); // happens twice: the first time
    if (beforeHolds)
        return withBefore;
    if (afterHolds)
        return withAfter;
    return withBefore; // skipped by the clocks: read with the offset before the change
}

} // namespace slotline
