#pragma once

#include "core/platform.h"

#include <QList>
#include <QString>

#include <optional>

namespace slotline {

class Database;
class Statement;

// Whose posts make a slot occurrence taken: one account's, or (without an account) any of
// the project's on a platform, or any of the project's at all.
struct OccupancyScope
{
    QString projectId;
    QString accountId;
    std::optional<Platform> platform;
};

// Which minutes a scope's posts already take: what the slot search skips. A post holds
// its minute while scheduled, being published or published (holds_slot, kept by
// SubmissionRepository).
class SlotOccupancy
{
public:
    explicit SlotOccupancy(Database &database);

    // For each instant (in ascending order), whether a scheduled, in-progress or published
    // post of the scope is set for that minute (a post published now: the minute it was
    // made in). Two ways to the same answer: reading the
    // scope's posts between the first and the last instant (quick when they are few, and
    // nullopt when there are more than a few per instant), or probing the index once per
    // instant (its cost does not depend on how many posts there are).
    QList<bool> taken(const OccupancyScope &scope, const QList<qint64> &instants);
    std::optional<QList<bool>> takenAmongPosts(const OccupancyScope &scope,
                                               const QList<qint64> &instants);
    QList<bool> takenByProbes(const OccupancyScope &scope, const QList<qint64> &instants);

private:
    static QString occupancyOwner(const OccupancyScope &scope);
    static void bindOwner(Statement &statement, const OccupancyScope &scope);

    Database &m_database;
};

} // namespace slotline
