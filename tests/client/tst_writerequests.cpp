#include "client/writerequests.h"

#include <QTest>

using namespace slotline;
using namespace slotline::client;
using namespace Qt::Literals::StringLiterals;

// The bytes of each write: the outbox keeps them for a retry, and the server compares them
// under an Idempotency-Key, so the same change must always encode the same.
class TestWriteRequests : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aNewDraftCarriesItsClientIdAndASavedOneItsRevision()
    {
        Draft draft;
        draft.clientId = u"local-1"_s;
        draft.text = u"Hello"_s;
        draft.platforms = {Platform::Twitter, Platform::LinkedIn};
        const WireRequest created = writerequests::saveDraft(draft, std::nullopt);
        QCOMPARE(created.method, QByteArray("POST"));
        QCOMPARE(created.path, u"/tools/save_draft"_s);
        QCOMPARE(created.body,
                 QByteArray("{\"clientId\":\"local-1\",\"mediaUrls\":[],"
                            "\"platforms\":[\"twitter\",\"linkedin\"],\"text\":\"Hello\"}"));

        draft.id = u"drf_1"_s;
        const WireRequest saved = writerequests::saveDraft(draft, 3);
        QCOMPARE(saved.body,
                 QByteArray("{\"baseRevision\":3,\"draftId\":\"drf_1\",\"mediaUrls\":[],"
                            "\"platforms\":[\"twitter\",\"linkedin\"],\"text\":\"Hello\"}"));
    }

    void aMoveAndACancelGoToTheSchedule()
    {
        const qint64 at = 1'767'261'600'000; // 2026-01-01T10:00:00Z
        const WireRequest move = writerequests::of(ScheduleMove {u"sch 1/2"_s, at});
        QCOMPARE(move.method, QByteArray("PATCH"));
        QCOMPARE(move.path, u"/schedules/sch%201%2F2"_s); // an id is one path segment
        QCOMPARE(move.body, QByteArray("{\"scheduledTime\":\"2026-01-01T10:00:00.000Z\"}"));

        const WireRequest cancel = writerequests::of(ScheduleCancellation {u"sch_1"_s});
        QCOMPARE(cancel.method, QByteArray("DELETE"));
        QCOMPARE(cancel.path, u"/schedules/sch_1"_s);
        QVERIFY(cancel.body.isEmpty());
    }

    void aPublicationSaysWhereAndWhen()
    {
        DraftPublication now {u"acc_1"_s, {}, std::nullopt, false};
        QCOMPARE(writerequests::of(DraftPublishing {u"drf_1"_s, now}).body,
                 QByteArray("{\"accountId\":\"acc_1\",\"draftId\":\"drf_1\"}"));
        DraftPublication nextSlot {u"acc_1"_s, u"page_9"_s, std::nullopt, true};
        const WireRequest request = writerequests::publishDraft(u"drf_1"_s, nextSlot);
        QCOMPARE(request.path, u"/tools/publish_draft"_s);
        QCOMPARE(request.body, QByteArray("{\"accountId\":\"acc_1\",\"draftId\":\"drf_1\","
                                          "\"pageId\":\"page_9\",\"useNextFreeSlot\":true}"));
    }

    void slotsAccountsAndMediaAreEncodedHereToo()
    {
        WeeklySlot slot;
        slot.day = Qt::Tuesday;
        slot.hour = 9;
        slot.minute = 30;
        slot.targets = {SlotTarget {Platform::Twitter, {}, {}}};
        const WireRequest slots = writerequests::addSlots({slot}, true);
        QCOMPARE(slots.path, u"/schedule/slots"_s);
        // A target without an account is every account of its platform: null, not "".
        QCOMPARE(slots.body, QByteArray("{\"replace\":true,\"slots\":[{\"day\":\"tuesday\","
                                        "\"hour\":9,\"minute\":30,\"selectedTargets\":"
                                        "[{\"accountId\":null,\"platform\":\"twitter\"}]}]}"));
        QCOMPARE(writerequests::deleteSlot(u"slot_1"_s).method, QByteArray("DELETE"));
        QCOMPARE(writerequests::connectAccount(Platform::Twitter, {}).body,
                 QByteArray("{\"platform\":\"x\"}"));
        QCOMPARE(writerequests::fetchMedia(QUrl(u"https://example.com/a b.png"_s)).body,
                 QByteArray("{\"url\":\"https://example.com/a%20b.png\"}"));
        QCOMPARE(writerequests::createUploadUrl(u"a.png"_s, {}, 10).body,
                 QByteArray("{\"filename\":\"a.png\",\"size\":10}"));
    }

    void aSlotChangeFromTheOutboxIsTheSameRequestAsTheTypedCall()
    {
        WeeklySlot slot;
        slot.id = u"local-slot-1"_s; // the app's own: never sent
        slot.day = Qt::Friday;
        slot.hour = 17;
        slot.minute = 45;
        slot.targets = {SlotTarget {Platform::LinkedIn, u"acc_1"_s, u"page_1"_s}};
        const WireRequest added = writerequests::of(SlotAddition {slot});
        QCOMPARE(added, writerequests::addSlots({slot}, false));
        QVERIFY(!added.body.contains("local-slot-1"));
        QCOMPARE(added.body,
                 QByteArray("{\"slots\":[{\"day\":\"friday\",\"hour\":17,\"minute\":45,"
                            "\"selectedTargets\":[{\"accountId\":\"acc_1\",\"platform\":"
                            "\"linkedin\",\"subaccountId\":\"page_1\"}]}]}"));
        const WireRequest removed = writerequests::of(SlotRemoval {u"slot_a/b"_s});
        QCOMPARE(removed.method, QByteArray("DELETE"));
        QCOMPARE(removed.path, u"/schedule/slots/slot_a%2Fb"_s);
        QVERIFY(removed.body.isEmpty());
    }

    void anUploadFromTheOutboxAsksForItsAddress()
    {
        MediaUpload upload;
        upload.reference = u"slotline-media:abc"_s; // the app's own: never sent
        upload.filePath = u"/home/me/.local/share/Slotline/store-media/abc.png"_s;
        upload.name = u"shop front.png"_s;
        upload.contentType = u"image/png"_s;
        upload.size = 2'048;
        const WireRequest request = writerequests::of(MediaUploading {upload});
        QCOMPARE(request,
                 writerequests::createUploadUrl(u"shop front.png"_s, u"image/png"_s, 2'048));
        QCOMPARE(request.body, QByteArray("{\"contentType\":\"image/png\",\"filename\":"
                                          "\"shop front.png\",\"size\":2048}"));
        QVERIFY(!request.body.contains("slotline-media"));
        QVERIFY(!request.body.contains(".local"));
    }

    void theSameChangeIsTheSameBytes()
    {
        NewPost post;
        post.accountId = u"acc_1"_s;
        post.text = u"Twice"_s;
        post.mediaUrls = {u"https://example.com/a.png"_s};
        QCOMPARE(writerequests::createPost(post), writerequests::createPost(post));
        QCOMPARE(writerequests::createPost(post).body,
                 QByteArray("{\"post\":{\"accountId\":\"acc_1\",\"content\":{\"mediaUrls\":"
                            "[\"https://example.com/a.png\"],\"platform\":\"linkedin\","
                            "\"text\":\"Twice\"}}}"));
    }
};

QTEST_GUILESS_MAIN(TestWriteRequests)
#include "tst_writerequests.moc"
