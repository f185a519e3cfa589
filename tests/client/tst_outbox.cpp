#include "client/localstoreschema.h"
#include "client/outbox.h"
#include "storage/database.h"

#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::client;
using namespace Qt::Literals::StringLiterals;

using Kind = Outbox::Entry::Kind;

namespace {

constexpr qint64 Noon = 1'800'000'000'000;

Outbox::Entry change(Kind kind, const QString &subject)
{
    Outbox::Entry entry;
    entry.kind = kind;
    entry.subject = subject;
    return entry;
}

Submission scheduledPost()
{
    Submission post;
    post.id = u"ps_1"_s;
    post.accountId = u"acc_1"_s;
    post.platform = Platform::Twitter;
    post.text = u"Before the move"_s;
    post.status = SubmissionStatus::Scheduled;
    post.scheduledAtMs = Noon;
    post.scheduleId = u"sch_1"_s;
    post.createdAtMs = Noon - 60'000;
    post.updatedAtMs = Noon - 60'000;
    return post;
}

} // namespace

class TestOutbox : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    int m_files = 0;
    QString m_file;
    std::unique_ptr<Database> m_database;

    void reopen()
    {
        m_database = std::make_unique<Database>();
        m_database->open(m_file, localStoreMigrations());
    }

private Q_SLOTS:
    void init()
    {
        m_file = m_directory.filePath(u"outbox-%1.db"_s.arg(++m_files));
        reopen();
    }

    void changesComeOutInTheOrderTheyWereMade()
    {
        Outbox outbox(*m_database);
        QCOMPARE(outbox.next(), std::nullopt);
        const qint64 first = outbox.append(change(Kind::SaveDraft, u"local-a"_s));
        const qint64 second = outbox.append(change(Kind::DeleteDraft, u"local-b"_s));
        QVERIFY(first > 0);
        QVERIFY(second > first);
        QCOMPARE(outbox.count(), 2);
        QCOMPARE(outbox.next()->sequence, first);
        QCOMPARE(outbox.next()->kind, Kind::SaveDraft);
        outbox.remove(first);
        QCOMPARE(outbox.next()->sequence, second);
        QCOMPARE(outbox.next()->subject, u"local-b"_s);
        outbox.remove(second);
        QCOMPARE(outbox.count(), 0);
    }

    void uploadsGoFirstAndKeepTheirFile()
    {
        Outbox outbox(*m_database);
        const qint64 save = outbox.append(change(Kind::SaveDraft, u"local-a"_s));
        Outbox::Entry upload = change(Kind::UploadMedia, u"slotline-media:1"_s);
        upload.upload
            = MediaUpload {QString(), u"/kept/1.png"_s, u"shop front.png"_s, u"image/png"_s, 2'048};
        const qint64 uploaded = outbox.append(upload);
        QVERIFY(uploaded > save);
        // Saves and publications may wait for their media; nothing waits for an upload.
        QCOMPARE(outbox.next()->sequence, uploaded);
        reopen();
        Outbox again(*m_database);
        const auto kept = again.next();
        QCOMPARE(kept->kind, Kind::UploadMedia);
        QVERIFY(kept->upload);
        QCOMPARE(*kept->upload, (MediaUpload {u"slotline-media:1"_s, u"/kept/1.png"_s,
                                              u"shop front.png"_s, u"image/png"_s, 2'048}));
        again.remove(uploaded);
        QCOMPARE(again.next()->sequence, save);
    }

    void anUploadsKeyIsRenewedWithWhatWasSent()
    {
        Outbox outbox(*m_database);
        Outbox::Entry upload = change(Kind::UploadMedia, u"slotline-media:2"_s);
        upload.upload = MediaUpload {QString(), u"/kept/2.mp4"_s, u"clip.mp4"_s, {}, 9};
        const qint64 sequence = outbox.append(upload);
        const QString first = outbox.find(sequence)->idempotencyKey;
        outbox.recordAttempt(sequence, WireRequest {"POST", u"/media/uploads"_s, "{}"});
        QVERIFY(outbox.find(sequence)->sent);
        outbox.renewKey(sequence);
        const auto renewed = outbox.find(sequence);
        QVERIFY(renewed->idempotencyKey.startsWith(u"slotline-"_s));
        QVERIFY(renewed->idempotencyKey != first);
        QVERIFY(!renewed->sent); // asked for anew, built again
        QCOMPARE(renewed->upload->name, u"clip.mp4"_s);
        QCOMPARE(renewed->renewals, 1);
        outbox.renewKey(sequence);
        QCOMPARE(outbox.find(sequence)->renewals, 2); // counted, so that it cannot go on for ever
    }

    void eachChangeHasAKeyOfItsOwnAndAKeyIsQueuedOnce()
    {
        Outbox outbox(*m_database);
        const qint64 a = outbox.append(change(Kind::SaveDraft, u"local-a"_s));
        const qint64 b = outbox.append(change(Kind::SaveDraft, u"local-a"_s));
        const QString keyA = outbox.find(a)->idempotencyKey;
        QVERIFY(keyA.startsWith(u"slotline-"_s));
        QVERIFY(keyA != outbox.find(b)->idempotencyKey);
        // A change queued again under the key it already has is not queued twice.
        Outbox::Entry again = change(Kind::SaveDraft, u"local-a"_s);
        again.idempotencyKey = keyA;
        QCOMPARE(outbox.append(again), 0);
        QCOMPARE(outbox.count(), 2);
    }

    void whatEachKindAsksForIsKept()
    {
        Outbox outbox(*m_database);
        Outbox::Entry publishing = change(Kind::PublishDraft, u"local-a"_s);
        publishing.publication = DraftPublication {u"acc_1"_s, u"page_1"_s, Noon, false};
        const qint64 published = outbox.append(publishing);
        Outbox::Entry nextSlot = change(Kind::PublishDraft, u"local-b"_s);
        nextSlot.publication = DraftPublication {u"acc_2"_s, {}, std::nullopt, true};
        const qint64 slotted = outbox.append(nextSlot);
        Outbox::Entry move = change(Kind::UpdateSchedule, u"sch_1"_s);
        move.moveToMs = Noon + 15 * 60'000;
        move.undo = scheduledPost();
        const qint64 moved = outbox.append(move);

        reopen(); // as after the app was closed
        Outbox again(*m_database);
        QCOMPARE(again.find(published)->publication, publishing.publication);
        QCOMPARE(again.find(slotted)->publication, nextSlot.publication);
        const auto found = again.find(moved);
        QCOMPARE(found->moveToMs, move.moveToMs);
        QVERIFY(found->undo);
        QCOMPARE(found->undo->text, u"Before the move"_s);
        QCOMPARE(found->undo->scheduledAtMs, Noon);
        QCOMPARE(found->undo->scheduleId, u"sch_1"_s);
        QVERIFY(!found->retracted);
        QVERIFY(!again.find(published)->undo);
    }

    void aSlotToAddIsKeptUnderItsSubjectAndARemovalCanBeRenamed()
    {
        Outbox outbox(*m_database);
        Outbox::Entry adding = change(Kind::AddSlot, u"local-slot-1"_s);
        WeeklySlot slot;
        slot.id = u"ignored"_s;
        slot.day = Qt::Sunday;
        slot.hour = 8;
        slot.minute = 5;
        slot.targets = {SlotTarget {Platform::Facebook, u"acc_1"_s, u"page_1"_s}};
        adding.slot = slot;
        const qint64 added = outbox.append(adding);
        const qint64 removal = outbox.append(change(Kind::DeleteSlot, u"local-slot-1"_s));
        reopen();
        Outbox again(*m_database);
        const auto found = again.find(added);
        QCOMPARE(found->kind, Kind::AddSlot);
        QVERIFY(found->slot);
        QCOMPARE(found->slot->id, u"local-slot-1"_s); // kept under the entry's subject
        QCOMPARE(found->slot->day, Qt::Sunday);
        QCOMPARE(found->slot->hour, 8);
        QCOMPARE(found->slot->minute, 5);
        QCOMPARE(found->slot->targets, slot.targets);
        QVERIFY(!again.find(removal)->slot);
        // The removal follows the slot to the id the server gave it; the addition does not.
        again.renameSubject(u"local-slot-1"_s, u"slot_9"_s, {Kind::DeleteSlot});
        QCOMPARE(again.find(removal)->subject, u"slot_9"_s);
        QCOMPARE(again.find(added)->subject, u"local-slot-1"_s);
        QCOMPARE(Outbox::kindName(Kind::AddSlot), u"add_slots"_s);
        QCOMPARE(Outbox::kindName(Kind::DeleteSlot), u"delete_slot"_s);
    }

    void theFirstRequestSentIsKeptByteForByte()
    {
        Outbox outbox(*m_database);
        const qint64 sequence = outbox.append(change(Kind::SaveDraft, u"local-a"_s));
        QVERIFY(outbox.hasUnsent(Kind::SaveDraft, u"local-a"_s));
        QCOMPARE(outbox.find(sequence)->sent, std::nullopt);
        QCOMPARE(outbox.find(sequence)->attempts, 0);
        const WireRequest request {"POST", u"/drafts"_s,
                                   QByteArrayLiteral("{\"text\":\"caf\xc3\xa9\"}")};
        outbox.recordAttempt(sequence, request);
        outbox.recordAttempt(sequence, request);
        reopen();
        Outbox again(*m_database);
        QCOMPARE(again.find(sequence)->sent, request);
        QCOMPARE(again.find(sequence)->attempts, 2);
        QVERIFY(!again.hasUnsent(Kind::SaveDraft, u"local-a"_s));
    }

    void aPublicationTakenBackStaysMarked()
    {
        Outbox outbox(*m_database);
        Outbox::Entry publishing = change(Kind::PublishDraft, u"local-a"_s);
        publishing.publication = DraftPublication {u"acc_1"_s, {}, Noon, false};
        const qint64 sequence = outbox.append(publishing);
        outbox.markRetracted(sequence);
        const auto found = outbox.find(sequence);
        QVERIFY(found->retracted);
        // What it asked for is still there: the post it makes is cancelled by its id.
        QCOMPARE(found->publication, publishing.publication);
    }

    void aSubjectsEntriesAreFoundAndRemovedByKind()
    {
        Outbox outbox(*m_database);
        const qint64 save = outbox.append(change(Kind::SaveDraft, u"local-a"_s));
        outbox.append(change(Kind::PublishDraft, u"local-a"_s));
        outbox.append(change(Kind::UpdateSchedule, u"sch_1"_s));
        outbox.recordAttempt(save, WireRequest {"POST", u"/drafts"_s, "{}"});
        const QList<Kind> draftKinds {Kind::SaveDraft, Kind::DeleteDraft, Kind::PublishDraft};
        QVERIFY(outbox.hasEntriesFor(u"local-a"_s, draftKinds));
        QVERIFY(!outbox.hasEntriesFor(u"sch_1"_s, draftKinds));
        QCOMPARE(outbox.entries({Kind::UpdateSchedule}).size(), 1);
        QCOMPARE(outbox.entries(draftKinds).size(), 2);
        // Only what was never sent: the save already on its way stays.
        outbox.removeFor(u"local-a"_s, draftKinds, true);
        QCOMPARE(outbox.entries(draftKinds).size(), 1);
        QCOMPARE(outbox.entries(draftKinds).first().sequence, save);
        outbox.removeFor(u"local-a"_s, draftKinds, false);
        QVERIFY(!outbox.hasEntriesFor(u"local-a"_s, draftKinds));
        QCOMPARE(outbox.count(), 1);
    }
};

QTEST_GUILESS_MAIN(TestOutbox)
#include "tst_outbox.moc"
