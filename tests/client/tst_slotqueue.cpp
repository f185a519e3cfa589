#include "client/localstoreschema.h"
#include "client/referencecache.h"
#include "client/slotqueue.h"
#include "storage/database.h"

#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::client;
using namespace Qt::Literals::StringLiterals;

using Kind = Outbox::Entry::Kind;

namespace {

// The queue with the parts it works on, over one database.
struct Parts
{
    explicit Parts(const QString &file)
    {
        database.open(file, localStoreMigrations());
        reference.putSlots(u"Europe/Berlin"_s, {slotAt(u"slot_1"_s, Qt::Monday, 9, 0)}, 1);
    }

    static WeeklySlot slotAt(const QString &id, Qt::DayOfWeek day, int hour, int minute)
    {
        WeeklySlot slot;
        slot.id = id;
        slot.day = day;
        slot.hour = hour;
        slot.minute = minute;
        slot.targets = {SlotTarget {Platform::Twitter, u"acc_x"_s, {}}};
        return slot;
    }

    QStringList plannedIds() const
    {
        QStringList ids;
        for (const WeeklySlot &slot : queue.plannedSlots())
            ids.append(slot.id);
        return ids;
    }

    Database database;
    Outbox outbox {database};
    ReferenceCache reference {database};
    SlotQueue queue {database, outbox, reference};
};

} // namespace

class TestSlotQueue : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    int m_files = 0;

    QString newFile() { return m_directory.filePath(u"slots-%1.db"_s.arg(++m_files)); }

private Q_SLOTS:
    void anAdditionShowsAtOnceAndTakesTheServersIdWhenMade()
    {
        Parts parts(newFile());
        const QString local = parts.queue.queueAddition(Parts::slotAt({}, Qt::Tuesday, 10, 30));
        QVERIFY(SlotQueue::isPlannedHere(local));
        QVERIFY(!SlotQueue::isPlannedHere(u"slot_1"_s));
        QCOMPARE(parts.plannedIds(), (QStringList {u"slot_1"_s, local}));
        QCOMPARE(parts.queue.plannedSlots().last().hour, 10);
        QCOMPARE(parts.reference.slots().size(), 1); // the cache is the server's alone

        const auto entry = parts.outbox.next();
        QCOMPARE(entry->kind, Kind::AddSlot);
        const auto change = SlotQueue::changeToSend(*entry);
        QVERIFY(change && std::holds_alternative<SlotAddition>(*change));
        QCOMPARE(std::get<SlotAddition>(*change).slot.minute, 30);

        parts.queue.additionDone(entry->sequence, Parts::slotAt(u"slot_2"_s, Qt::Tuesday, 10, 30),
                                 2);
        QCOMPARE(parts.outbox.count(), 0);
        QCOMPARE(parts.plannedIds(), (QStringList {u"slot_1"_s, u"slot_2"_s}));
        QCOMPARE(parts.reference.slots().size(), 2);
        QCOMPARE(parts.reference.timezone(), u"Europe/Berlin"_s);
    }

    void aRemovalHidesTheSlotUntilTheServerHasRemovedIt()
    {
        Parts parts(newFile());
        QVERIFY(parts.queue.queueRemoval(u"slot_1"_s));
        QVERIFY(parts.plannedIds().isEmpty());
        QVERIFY(!parts.queue.queueRemoval(u"slot_1"_s)); // not queued twice
        QVERIFY(!parts.queue.queueRemoval(u"slot_unknown"_s));
        QCOMPARE(parts.outbox.count(), 1);
        const auto entry = parts.outbox.next();
        const auto change = SlotQueue::changeToSend(*entry);
        QVERIFY(change && std::holds_alternative<SlotRemoval>(*change));
        QCOMPARE(std::get<SlotRemoval>(*change).slotId, u"slot_1"_s);
        parts.queue.removalDone(entry->sequence, 2);
        QVERIFY(parts.reference.slots().isEmpty());
        QVERIFY(parts.plannedIds().isEmpty());
        QCOMPARE(parts.outbox.count(), 0);
    }

    void aRefusedRemovalBringsTheSlotBack()
    {
        Parts parts(newFile());
        parts.queue.queueRemoval(u"slot_1"_s);
        parts.queue.refused(parts.outbox.next()->sequence);
        QCOMPARE(parts.plannedIds(), QStringList {u"slot_1"_s});
        QCOMPARE(parts.outbox.count(), 0);
    }

    void removingASlotNotSentYetTakesItBackUnheard()
    {
        Parts parts(newFile());
        const QString local = parts.queue.queueAddition(Parts::slotAt({}, Qt::Friday, 18, 0));
        QVERIFY(parts.queue.queueRemoval(local));
        QCOMPARE(parts.outbox.count(), 0); // nothing for the server at all
        QCOMPARE(parts.plannedIds(), QStringList {u"slot_1"_s});
    }

    void removingASlotOnItsWayRemovesItOnceMade()
    {
        Parts parts(newFile());
        const QString local = parts.queue.queueAddition(Parts::slotAt({}, Qt::Friday, 18, 0));
        const qint64 adding = parts.outbox.next()->sequence;
        parts.outbox.recordAttempt(adding, WireRequest {"POST", u"/schedule/slots"_s, "{}"});
        QVERIFY(parts.queue.queueRemoval(local));
        QCOMPARE(parts.outbox.count(), 2);
        QCOMPARE(parts.plannedIds(), QStringList {u"slot_1"_s});
        // Nothing to send for a slot the server has not named yet.
        const auto removal = parts.outbox.entries({Kind::DeleteSlot}).constFirst();
        QCOMPARE(SlotQueue::changeToSend(removal), std::nullopt);

        parts.queue.additionDone(adding, Parts::slotAt(u"slot_7"_s, Qt::Friday, 18, 0), 2);
        QCOMPARE(parts.plannedIds(), QStringList {u"slot_1"_s}); // made, and still going
        const auto renamed = parts.outbox.next();
        QCOMPARE(renamed->kind, Kind::DeleteSlot);
        QCOMPARE(renamed->subject, u"slot_7"_s);
        QCOMPARE(std::get<SlotRemoval>(*SlotQueue::changeToSend(*renamed)).slotId, u"slot_7"_s);
    }

    void aRefusedAdditionTakesItsWaitingRemovalWithIt()
    {
        Parts parts(newFile());
        const QString local = parts.queue.queueAddition(Parts::slotAt({}, Qt::Monday, 9, 0));
        const qint64 adding = parts.outbox.next()->sequence;
        parts.outbox.recordAttempt(adding, WireRequest {"POST", u"/schedule/slots"_s, "{}"});
        parts.queue.queueRemoval(local);
        parts.queue.refused(adding);
        QCOMPARE(parts.outbox.count(), 0);
        QCOMPARE(parts.plannedIds(), QStringList {u"slot_1"_s});
    }

    void anAdditionReadBackBeforeItsAnswerShowsOnce()
    {
        Parts parts(newFile());
        const QString local = parts.queue.queueAddition(Parts::slotAt({}, Qt::Wednesday, 12, 15));
        const auto refreshWithTheServersCopy = [&parts] {
            parts.reference.putSlots(u"Europe/Berlin"_s,
                                     {Parts::slotAt(u"slot_1"_s, Qt::Monday, 9, 0),
                                      Parts::slotAt(u"slot_3"_s, Qt::Wednesday, 12, 15)},
                                     2);
        };
        // Not sent yet: a slot at that time is someone else's, and the server will say so.
        refreshWithTheServersCopy();
        QCOMPARE(parts.plannedIds(), (QStringList {u"slot_1"_s, u"slot_3"_s, local}));
        // Sent, and the server made it and a refresh read it before the answer arrived.
        parts.outbox.recordAttempt(parts.outbox.next()->sequence,
                                   WireRequest {"POST", u"/schedule/slots"_s, "{}"});
        QCOMPARE(parts.plannedIds(), (QStringList {u"slot_1"_s, u"slot_3"_s}));
    }

    void aRemovedAdditionReadBackStaysRemovedAndANewOneAtItsTimeShows()
    {
        Parts parts(newFile());
        const QString first = parts.queue.queueAddition(Parts::slotAt({}, Qt::Friday, 18, 0));
        parts.outbox.recordAttempt(parts.outbox.next()->sequence,
                                   WireRequest {"POST", u"/schedule/slots"_s, "{}"});
        QVERIFY(parts.queue.queueRemoval(first));
        const QString second = parts.queue.queueAddition(Parts::slotAt({}, Qt::Friday, 18, 0));
        // The server made the first; a refresh reads it while its answer is still to come.
        parts.reference.putSlots(u"Europe/Berlin"_s,
                                 {Parts::slotAt(u"slot_1"_s, Qt::Monday, 9, 0),
                                  Parts::slotAt(u"slot_4"_s, Qt::Friday, 18, 0)},
                                 2);
        QCOMPARE(parts.plannedIds(), (QStringList {u"slot_1"_s, second}));
    }
};

QTEST_GUILESS_MAIN(TestSlotQueue)
#include "tst_slotqueue.moc"
