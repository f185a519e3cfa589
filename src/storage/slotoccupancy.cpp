#include "storage/slotoccupancy.h"

#include "storage/statement.h"

#include <algorithm>

namespace slotline {
namespace {

constexpr qint64 MinuteMs = 60'000;

} // namespace

SlotOccupancy::SlotOccupancy(Database &database)
    : m_database(database)
{ }

QString SlotOccupancy::occupancyOwner(const OccupancyScope &scope)
{
    // A post's minute is its sort_at: the scheduled time, or when a post published now
    // was made. Each owner has an index that answers from (owner, sort_at, holds_slot).
    if (!scope.accountId.isEmpty())
        return QStringLiteral("s.account_id = ?");
    if (scope.platform)
        return QStringLiteral("s.project_id = ? AND s.platform = ?");
    return QStringLiteral("s.project_id = ?");
}

void SlotOccupancy::bindOwner(Statement &statement, const OccupancyScope &scope)
{
    if (!scope.accountId.isEmpty()) {
        statement.bind(scope.accountId);
        return;
    }
    statement.bind(scope.projectId);
    if (scope.platform)
        statement.bind(platforms::toString(*scope.platform));
}

QList<bool> SlotOccupancy::taken(const OccupancyScope &scope, const QList<qint64> &instants)
{
    if (auto fromPosts = takenAmongPosts(scope, instants))
        return *fromPosts;
    return takenByProbes(scope, instants);
}

std::optional<QList<bool>> SlotOccupancy::takenAmongPosts(const OccupancyScope &scope,
                                                          const QList<qint64> &instants)
{
    QList<bool> result(instants.size(), false);
    if (instants.isEmpty())
        return result;
    const qsizetype enough = 4 * instants.size() + 16;
    Statement range(m_database, QStringLiteral("SELECT s.sort_at FROM submissions s WHERE ")
                                    + occupancyOwner(scope)
                                    + QStringLiteral(" AND s.sort_at >= ? AND "
                                                     "s.sort_at < ? AND s.holds_slot = 1 "
                                                     "ORDER BY s.sort_at LIMIT ?"));
    bindOwner(range, scope);
    range.bind(instants.first()).bind(instants.last() + MinuteMs).bind(enough);
    range.exec();
    QList<qint64> times;
    while (range.next())
        times.append(range.integer(0));
    if (times.size() == enough)
        return std::nullopt;
    auto post = times.cbegin();
    for (qsizetype i = 0; i < instants.size(); ++i) {
        post = std::lower_bound(post, times.cend(), instants[i]);
        result[i] = post != times.cend() && *post < instants[i] + MinuteMs;
    }
    return result;
}

QList<bool> SlotOccupancy::takenByProbes(const OccupancyScope &scope, const QList<qint64> &instants)
{
    QList<bool> result(instants.size(), false);
    if (instants.isEmpty())
        return result;
    // The instants go as one JSON array: binding each costs more than its probe.
    QByteArray array;
    array.reserve(instants.size() * 15 + 2);
    array += '[';
    for (qsizetype i = 0; i < instants.size(); ++i) {
        if (i > 0)
            array += ',';
        array += QByteArray::number(instants[i]);
    }
    array += ']';
    Statement probes(m_database,
                     QStringLiteral("SELECT c.key FROM json_each(?) c WHERE EXISTS (SELECT 1 FROM "
                                    "submissions s WHERE ")
                         + occupancyOwner(scope)
                         + QStringLiteral(" AND s.sort_at >= c.value AND s.sort_at < "
                                          "c.value + 60000 AND s.holds_slot = 1)"));
    probes.bind(QString::fromLatin1(array));
    bindOwner(probes, scope);
    probes.exec();
    while (probes.next()) {
        const qint64 position = probes.integer(0);
        if (position >= 0 && position < result.size())
            result[position] = true;
    }
    return result;
}

} // namespace slotline
