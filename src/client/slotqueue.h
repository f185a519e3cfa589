#pragma once

#include "client/outbox.h"
#include "client/pendingchange.h"
#include "core/weeklyslot.h"

#include <QList>
#include <QString>

#include <optional>

namespace slotline {
class Database;
}

namespace slotline::client {

class ReferenceCache;

// Weekly slots added and removed in the outbox, like drafts and posts: a slot added with
// no server shows at once under an id of the app's own, a removed one goes at once, and
// both reach the server, in order, when it can be reached. LocalStore says what changed;
// this decides what is queued and what the week shows meanwhile.
class SlotQueue
{
public:
    SlotQueue(Database &database, Outbox &outbox, ReferenceCache &reference);

    // Queues the slot (its `id` is ignored) and answers the id it has until the server
    // has made it.
    QString queueAddition(const WeeklySlot &slot);
    // A slot still only planned here is simply taken back; else its removal is queued
    // (once). False when the slot is not among the planned ones.
    bool queueRemoval(const QString &slotId);
    // The slots as they will be once the outbox is through: the cached ones less those
    // whose removal waits, with the additions that wait under their ids of the app's own.
    QList<WeeklySlot> plannedSlots() const;
    // Whether the id is one of the app's own, of a slot the server has not made yet.
    static bool isPlannedHere(const QString &slotId);

    // What an entry asks for as it is sent first; none when it is not a slot's.
    static std::optional<PendingChange> changeToSend(const Outbox::Entry &entry);
    // The server made the slot: the cache has it, and a removal queued meanwhile names it.
    void additionDone(qint64 sequence, const WeeklySlot &onServer, qint64 nowMs);
    // The server removed the slot (or had it no more).
    void removalDone(qint64 sequence, qint64 nowMs);
    // The server refused the change: it is dropped, and so is a removal waiting for a
    // refused addition. The planned slots are as before it was asked for.
    void refused(qint64 sequence);

private:
    Database &m_database;
    Outbox &m_outbox;
    ReferenceCache &m_reference;
};

} // namespace slotline::client
