#pragma once

#include "core/weeklyslot.h"

#include <QList>
#include <QString>

namespace slotline {

class Clock;
class Database;

// A project's weekly publishing slots; at most one per weekday and time.
class SlotRepository
{
public:
    SlotRepository(Database &database, const Clock &clock);

    // By weekday and time.
    QList<WeeklySlot> list(const QString &projectId);
    // Adds slots that do not clash with existing ones (the caller checks first, in the same
    // transaction); the unique index refuses a clash anyway.
    void add(const QString &projectId, const QList<WeeklySlot> &slots);
    void removeAll(const QString &projectId);
    bool remove(const QString &projectId, const QString &slotId);

private:
    Database &m_database;
    const Clock &m_clock;
};

} // namespace slotline
