#include "client/apiresults.h"
#include "client/drafttable.h"
#include "client/localstoreschema.h"
#include "client/postcache.h"
#include "client/referencecache.h"
#include "client/schedulingqueue.h"
#include "storage/database.h"

#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::client;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 HourMs = 3'600'000;

// The queue with the parts it works on, over one database.
struct Parts
{
    explicit Parts(const QString &file)
    {
        database.open(file, localStoreMigrations());
        Account account;
        account.id = u"acc_x"_s;
        account.platform = Platform::Twitter;
        reference.putAccounts({account}, 1);
    }

    Database database;
    Outbox outbox {database};
    DraftTable drafts {database};
    PostCache posts {database};
    ReferenceCache reference {database};
    SchedulingQueue queue {database, outbox, drafts, posts, reference};
};

Submission scheduled(const QString &id, qint64 atMs)
{
    Submission post;
    post.id = id;
    post.scheduleId = u"sch_"_s + id;
    post.accountId = u"acc_x"_s;
    post.platform = Platform::Twitter;
    post.status = SubmissionStatus::Scheduled;
    post.scheduledAtMs = atMs;
    return post;
}

} // namespace

class TestSchedulingQueue : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    int m_files = 0;

    QString newFile() { return m_directory.filePath(u"queue-%1.db"_s.arg(++m_files)); }

private Q_SLOTS:
    void theSamePublicationAskedTwiceIsQueuedOnce()
    {
        Parts parts(newFile());
        const DraftPublication at {u"acc_x"_s, {}, 5 * HourMs, false};
        const qint64 first = parts.queue.queuePublication(u"local_1"_s, at);
        QCOMPARE(parts.queue.queuePublication(u"local_1"_s, at), first);
        QVERIFY(parts.queue.isPublicationQueued(u"local_1"_s, at));
        DraftPublication later = at;
        later.scheduledAtMs = 6 * HourMs;
        QVERIFY(parts.queue.queuePublication(u"local_1"_s, later) != first);
        QCOMPARE(parts.queue.queuedPublications(u"local_1"_s).size(), 2);
        // Each with a key of its own, derived from what is asked: asked again, the same.
        const QList<Outbox::Entry> entries = parts.queue.pendingScheduling();
        QVERIFY(entries.at(0).idempotencyKey != entries.at(1).idempotencyKey);
    }

    void aPublicationOnItsWayCanOnlyBeRetracted()
    {
        Parts parts(newFile());
        const DraftPublication now {u"acc_x"_s, {}, std::nullopt, false};
        const qint64 unsent = parts.queue.queuePublication(u"local_1"_s, now);
        QVERIFY(parts.queue.withdrawPublication(unsent));
        QVERIFY(parts.queue.pendingScheduling().isEmpty());

        const qint64 sent = parts.queue.queuePublication(u"local_1"_s, now);
        parts.outbox.recordAttempt(sent, WireRequest {"POST", u"/tools/publish_draft"_s, "{}"});
        QVERIFY(!parts.queue.withdrawPublication(sent)); // the server may have it
        QVERIFY(parts.queue.retractPublication(sent));
        QVERIFY(SchedulingQueue::isRetracted(*parts.outbox.find(sent)));
        QVERIFY(parts.queue.queuedPublications(u"local_1"_s).isEmpty());
    }

    void aMoveShowsAtOnceAndARefusalPutsThePostBack()
    {
        Parts parts(newFile());
        const Submission post = scheduled(u"p1"_s, 2 * HourMs);
        parts.posts.put(post);
        parts.queue.queueMove(post, 4 * HourMs);
        QCOMPARE(parts.posts.find(u"p1"_s)->scheduledAtMs, std::optional<qint64>(4 * HourMs));
        QVERIFY(parts.queue.isPending(post.scheduleId));
        parts.queue.schedulingRefused(parts.queue.pendingScheduling().first().sequence);
        QCOMPARE(parts.posts.find(u"p1"_s)->scheduledAtMs, std::optional<qint64>(2 * HourMs));
        QVERIFY(!parts.queue.isPending(post.scheduleId));
    }

    void aPublicationDoneIsShownAndKeptWithItsDraft()
    {
        Parts parts(newFile());
        LocalDraft draft;
        draft.localId = u"local_1"_s;
        draft.text = u"Out soon"_s;
        draft.platforms = {Platform::Twitter};
        parts.drafts.insert(draft);
        const qint64 sequence
            = parts.queue.queuePublication(u"local_1"_s, {u"acc_x"_s, {}, 3 * HourMs, false});
        parts.queue.publicationDone(sequence, {u"ps_1"_s, u"scheduled"_s, 3 * HourMs, u"sch_1"_s},
                                    HourMs);
        QVERIFY(parts.queue.pendingScheduling().isEmpty());
        const auto shown = parts.posts.find(u"ps_1"_s);
        QVERIFY(shown);
        QCOMPARE(shown->text, u"Out soon"_s);
        QCOMPARE(shown->scheduleId, u"sch_1"_s);
        QCOMPARE(parts.posts.ofDraft(u"local_1"_s).size(), 1);
    }

    void aRetractedPublicationIsCancelledOnceMade()
    {
        Parts parts(newFile());
        LocalDraft draft;
        draft.localId = u"local_1"_s;
        draft.text = u"Never mind"_s;
        parts.drafts.insert(draft);
        const qint64 sequence
            = parts.queue.queuePublication(u"local_1"_s, {u"acc_x"_s, {}, 3 * HourMs, false});
        parts.outbox.recordAttempt(sequence, WireRequest {"POST", u"/tools/publish_draft"_s, "{}"});
        QVERIFY(parts.queue.retractPublication(sequence));
        parts.queue.publicationDone(sequence, {u"ps_1"_s, u"scheduled"_s, 3 * HourMs, u"sch_1"_s},
                                    HourMs);
        const QList<Outbox::Entry> waiting = parts.queue.pendingScheduling();
        QCOMPARE(waiting.size(), 1);
        QVERIFY(waiting.first().kind == Outbox::Entry::Kind::CancelSchedule);
        QCOMPARE(waiting.first().subject, u"sch_1"_s);
        QVERIFY(parts.posts.find(u"ps_1"_s)->status == SubmissionStatus::Cancelled);
    }
};

QTEST_GUILESS_MAIN(TestSchedulingQueue)
#include "tst_schedulingqueue.moc"
