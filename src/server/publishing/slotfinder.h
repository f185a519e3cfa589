#pragma once

#include "core/nextfreeslot.h"

#include <QHash>
#include <QTimeZone>

#include <optional>

namespace slotline {

class IdentityCache;
class SlotRepository;
class SubmissionRepository;

// The next free weekly slot of a project for an account, a page or a platform: the
// project's slots in its time zone, with the occurrences its posts already take skipped.
class SlotFinder
{
public:
    SlotFinder(SlotRepository &slots, SubmissionRepository &submissions, IdentityCache &identities);

    std::optional<SlotOccurrence> next(const QString &projectId, const SlotQuery &query,
                                       qint64 afterMs);
    QTimeZone zoneOf(const QString &projectId);

private:
    SlotRepository &m_slots;
    SubmissionRepository &m_submissions;
    IdentityCache &m_identities;
    QHash<QString, QTimeZone> m_zones; // by IANA id: opening one reads the zone database
};

} // namespace slotline
