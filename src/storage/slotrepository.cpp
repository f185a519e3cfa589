#include "storage/slotrepository.h"

#include "core/clock.h"
#include "core/jsonwriter.h"
#include "storage/statement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace slotline {

SlotRepository::SlotRepository(Database &database, const Clock &clock)
    : m_database(database)
    , m_clock(clock)
{ }

QList<WeeklySlot> SlotRepository::list(const QString &projectId)
{
    Statement query(m_database,
                    QStringLiteral("SELECT id, day, hour, minute, targets FROM weekly_slots "
                                   "WHERE project_id = ? ORDER BY day, hour, minute"));
    query.bind(projectId).exec();
    QList<WeeklySlot> slots;
    while (query.next()) {
        WeeklySlot slot;
        slot.id = query.text(0);
        slot.day = Qt::DayOfWeek(query.integer(1));
        slot.hour = int(query.integer(2));
        slot.minute = int(query.integer(3));
        for (const QJsonValue &value : QJsonDocument::fromJson(query.text(4).toUtf8()).array()) {
            const QJsonObject target = value.toObject();
            slot.targets.append(SlotTarget {
                platforms::fromString(target.value(QStringLiteral("platform")).toString())
                    .value_or(Platform::LinkedIn),
                target.value(QStringLiteral("accountId")).toString(),
                target.value(QStringLiteral("subaccountId")).toString()});
        }
        slots.append(slot);
    }
    return slots;
}

void SlotRepository::add(const QString &projectId, const QList<WeeklySlot> &slots)
{
    for (const WeeklySlot &slot : slots) {
        JsonWriter targets;
        targets.beginArray();
        for (const SlotTarget &target : slot.targets)
            target.writeJson(targets);
        targets.endArray();
        Statement(m_database,
                  QStringLiteral("INSERT INTO weekly_slots (id, project_id, day, hour, minute, "
                                 "targets, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"))
            .bind(slot.id)
            .bind(projectId)
            .bind(int(slot.day))
            .bind(slot.hour)
            .bind(slot.minute)
            .bind(QString::fromUtf8(targets.take()))
            .bind(m_clock.nowMs())
            .exec();
    }
}

void SlotRepository::removeAll(const QString &projectId)
{
    Statement(m_database, QStringLiteral("DELETE FROM weekly_slots WHERE project_id = ?"))
        .bind(projectId)
        .exec();
}

bool SlotRepository::remove(const QString &projectId, const QString &slotId)
{
    Statement remove(m_database,
                     QStringLiteral("DELETE FROM weekly_slots WHERE id = ? AND project_id = ?"));
    remove.bind(slotId).bind(projectId).exec();
    return remove.rowsAffected() == 1;
}

} // namespace slotline
