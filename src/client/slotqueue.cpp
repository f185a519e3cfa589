#include "client/slotqueue.h"

#include "client/referencecache.h"
#include "storage/database.h"
#include "storage/transaction.h"

#include <QSet>
#include <QUuid>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {

namespace {

using Kind = Outbox::Entry::Kind;

const QString LocalIdPrefix = u"local-slot-"_s;

} // namespace

SlotQueue::SlotQueue(Database &database, Outbox &outbox, ReferenceCache &reference)
    : m_database(database)
    , m_outbox(outbox)
    , m_reference(reference)
{ }

bool SlotQueue::isPlannedHere(const QString &slotId)
{
    return slotId.startsWith(LocalIdPrefix);
}

QString SlotQueue::queueAddition(const WeeklySlot &slot)
{
    Outbox::Entry entry;
    entry.kind = Kind::AddSlot;
    entry.subject = LocalIdPrefix + QUuid::createUuid().toString(QUuid::Id128);
    entry.slot = slot;
    m_outbox.append(entry);
    return entry.subject;
}

bool SlotQueue::queueRemoval(const QString &slotId)
{
    const QList<WeeklySlot> planned = plannedSlots();
    if (std::none_of(planned.cbegin(), planned.cend(),
                     [&slotId](const WeeklySlot &slot) { return slot.id == slotId; }))
        return false;
    // An addition not sent yet is taken back: the server never hears of the slot.
    if (isPlannedHere(slotId) && m_outbox.hasUnsent(Kind::AddSlot, slotId)) {
        m_outbox.removeFor(slotId, {Kind::AddSlot}, true);
        return true;
    }
    // One on its way is removed after it, under the id the server gives it.
    Outbox::Entry entry;
    entry.kind = Kind::DeleteSlot;
    entry.subject = slotId;
    m_outbox.append(entry);
    return true;
}

QList<WeeklySlot> SlotQueue::plannedSlots() const
{
    // One read of the outbox: the week asks for this on every change of it.
    QSet<QString> removed;
    QList<Outbox::Entry> additions;
    for (Outbox::Entry &entry : m_outbox.entries({Kind::AddSlot, Kind::DeleteSlot})) {
        if (entry.kind == Kind::DeleteSlot)
            removed.insert(entry.subject);
        else
            additions.append(std::move(entry));
    }
    QList<WeeklySlot> planned = m_reference.slots();
    planned.removeIf([&removed](const WeeklySlot &slot) { return removed.contains(slot.id); });
    // One slot a day and time: a cached slot at the time of an addition already sent is
    // that addition, made by the server and read back before its answer arrived. Taken
    // back meanwhile, it goes with it.
    const auto madeAlready = [](const Outbox::Entry &entry, const WeeklySlot &slot) {
        return entry.sent && !isPlannedHere(slot.id) && slot.sameTimeAs(*entry.slot);
    };
    for (const Outbox::Entry &entry : additions) {
        if (entry.slot && removed.contains(entry.subject))
            planned.removeIf([&](const WeeklySlot &slot) { return madeAlready(entry, slot); });
    }
    for (const Outbox::Entry &entry : additions) {
        if (!entry.slot || removed.contains(entry.subject))
            continue;
        if (std::any_of(planned.cbegin(), planned.cend(),
                        [&](const WeeklySlot &slot) { return madeAlready(entry, slot); }))
            continue;
        WeeklySlot slot = *entry.slot;
        slot.id = entry.subject;
        planned.append(slot);
    }
    return planned;
}

std::optional<PendingChange> SlotQueue::changeToSend(const Outbox::Entry &entry)
{
    if (entry.kind == Kind::AddSlot && entry.slot)
        return SlotAddition {*entry.slot};
    // A removal still naming a slot the server never made has nothing to send.
    if (entry.kind == Kind::DeleteSlot && !isPlannedHere(entry.subject))
        return SlotRemoval {entry.subject};
    return std::nullopt;
}

void SlotQueue::additionDone(qint64 sequence, const WeeklySlot &onServer, qint64 nowMs)
{
    const auto entry = m_outbox.find(sequence);
    Transaction transaction(m_database);
    QList<WeeklySlot> slots = m_reference.slots();
    slots.removeIf([&onServer](const WeeklySlot &slot) { return slot.id == onServer.id; });
    slots.append(onServer);
    m_reference.putSlots(m_reference.timezone(), slots, nowMs);
    if (entry)
        m_outbox.renameSubject(entry->subject, onServer.id, {Kind::DeleteSlot});
    m_outbox.remove(sequence);
    transaction.commit();
}

void SlotQueue::removalDone(qint64 sequence, qint64 nowMs)
{
    const auto entry = m_outbox.find(sequence);
    Transaction transaction(m_database);
    if (entry) {
        QList<WeeklySlot> slots = m_reference.slots();
        slots.removeIf([&entry](const WeeklySlot &slot) { return slot.id == entry->subject; });
        m_reference.putSlots(m_reference.timezone(), slots, nowMs);
    }
    m_outbox.remove(sequence);
    transaction.commit();
}

void SlotQueue::refused(qint64 sequence)
{
    const auto entry = m_outbox.find(sequence);
    Transaction transaction(m_database);
    if (entry && entry->kind == Kind::AddSlot)
        m_outbox.removeFor(entry->subject, {Kind::DeleteSlot}, false);
    m_outbox.remove(sequence);
    transaction.commit();
}

} // namespace slotline::client
