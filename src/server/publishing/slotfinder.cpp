#include "server/publishing/slotfinder.h"

#include "server/identitycache.h"
#include "storage/slotrepository.h"
#include "storage/submissionrepository.h"

namespace slotline {

SlotFinder::SlotFinder(SlotRepository &slots, SubmissionRepository &submissions,
                       IdentityCache &identities)
    : m_slots(slots)
    , m_submissions(submissions)
    , m_identities(identities)
{ }

QTimeZone SlotFinder::zoneOf(const QString &projectId)
{
    const auto profile = m_identities.profile(projectId, {});
    const QString zoneId = profile ? profile->timezone : QStringLiteral("UTC");
    auto found = m_zones.constFind(zoneId);
    if (found == m_zones.cend()) {
        QTimeZone zone(zoneId.toUtf8());
        found = m_zones.insert(zoneId, zone.isValid() ? zone : QTimeZone::utc());
    }
    return found.value();
}

std::optional<SlotOccurrence> SlotFinder::next(const QString &projectId, const SlotQuery &query,
                                               qint64 afterMs)
{
    const QList<WeeklySlot> slots = m_slots.list(projectId);
    const OccupancyScope scope {projectId, query.accountId, query.platform};
    return NextFreeSlot::find(
        slots, query, afterMs, SlotCalendar(zoneOf(projectId)),
        [&](const QList<qint64> &instants) { return m_submissions.taken(scope, instants); });
}

} // namespace slotline
