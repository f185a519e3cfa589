#include "server/publishing/slotfinder.h"

#include "server/access/identitycache.h"
#include "storage/slotoccupancy.h"
#include "storage/slotrepository.h"

namespace slotline {

SlotFinder::SlotFinder(SlotRepository &slots, SlotOccupancy &occupancy, IdentityCache &identities)
    : m_slots(slots)
    , m_occupancy(occupancy)
    , m_identities(identities)
{ }

const SlotCalendar &SlotFinder::calendarOf(const QString &projectId)
{
    const auto profile = m_identities.profile(projectId, {});
    const QString zoneId = profile ? profile->timezone : QStringLiteral("UTC");
    auto found = m_calendars.find(zoneId);
    if (found == m_calendars.end()) {
        QTimeZone zone(zoneId.toUtf8());
        found = m_calendars.try_emplace(zoneId, zone.isValid() ? zone : QTimeZone::utc()).first;
    }
    return found->second;
}

QTimeZone SlotFinder::zoneOf(const QString &projectId)
{
    return calendarOf(projectId).zone();
}

std::optional<SlotOccurrence> SlotFinder::next(const QString &projectId, const SlotQuery &query,
                                               qint64 afterMs)
{
    const QList<WeeklySlot> slots = m_slots.list(projectId);
    const OccupancyScope scope {projectId, query.accountId, query.platform};
    // Once the scope turns out to have many posts between occurrences, reading them is
    // wasted: the rest of the search probes.
    bool crowded = false;
    return NextFreeSlot::find(slots, query, afterMs, calendarOf(projectId),
                              [&](const QList<qint64> &instants) {
                                  if (!crowded) {
                                      if (auto taken = m_occupancy.takenAmongPosts(scope, instants))
                                          return *taken;
                                      crowded = true;
                                  }
                                  return m_occupancy.takenByProbes(scope, instants);
                              });
}

} // namespace slotline
