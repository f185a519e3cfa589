#pragma once

#include "core/nextfreeslot.h"

#include <QString>
#include <QTimeZone>

#include <map>
#include <optional>

namespace slotline {

class IdentityCache;
class SlotRepository;
class SlotOccupancy;

// The next free weekly slot of a project for an account, a page or a platform: the
// project's slots in its time zone, with the occurrences its posts already take skipped.
class SlotFinder
{
public:
    SlotFinder(SlotRepository &slots, SlotOccupancy &occupancy, IdentityCache &identities);

    std::optional<SlotOccurrence> next(const QString &projectId, const SlotQuery &query,
                                       qint64 afterMs);
    QTimeZone zoneOf(const QString &projectId);

private:
    const SlotCalendar &calendarOf(const QString &projectId);

    SlotRepository &m_slots;
    SlotOccupancy &m_occupancy;
    IdentityCache &m_identities;
    // By IANA id: opening a zone reads the zone database, and a calendar remembers the
    // offsets it has looked up.
    std::map<QString, SlotCalendar> m_calendars;
};

} // namespace slotline
