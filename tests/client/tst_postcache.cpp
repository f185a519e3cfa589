#include "client/localstoreschema.h"
#include "client/postcache.h"
#include "storage/database.h"

#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::client;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 HourMs = 3'600'000;

Submission scheduledPost(const QString &id, qint64 atMs)
{
    Submission post;
    post.id = id;
    post.scheduleId = u"sch_"_s + id;
    post.accountId = u"acc_1"_s;
    post.platform = Platform::LinkedIn;
    post.text = u"Post "_s + id;
    post.status = SubmissionStatus::Scheduled;
    post.scheduledAtMs = atMs;
    post.createdAtMs = 1;
    post.updatedAtMs = 1;
    return post;
}

} // namespace

class TestPostCache : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    int m_files = 0;
    std::unique_ptr<Database> m_database;

private Q_SLOTS:
    void init()
    {
        m_database = std::make_unique<Database>();
        m_database->open(m_directory.filePath(u"cache-%1.db"_s.arg(++m_files)),
                         localStoreMigrations());
    }

    void aRangeIsReplacedWholeAndOthersStay()
    {
        PostCache cache(*m_database);
        cache.put(scheduledPost(u"outside"_s, 30 * HourMs));
        cache.replaceRange(0, 24 * HourMs,
                           {scheduledPost(u"a"_s, 2 * HourMs), scheduledPost(u"b"_s, HourMs)}, {});
        cache.replaceRange(0, 24 * HourMs, {scheduledPost(u"b"_s, HourMs)}, {});
        const QList<Submission> day = cache.inRange(0, 24 * HourMs);
        QCOMPARE(day.size(), 1);
        QCOMPARE(day.first().id, u"b"_s);
        QVERIFY(cache.find(u"outside"_s));
        QVERIFY(!cache.find(u"a"_s)); // gone from the server's list, gone here
    }

    void waitingChangesAreShownOverTheServersList()
    {
        PostCache cache(*m_database);
        Outbox::Entry move;
        move.kind = Outbox::Entry::Kind::UpdateSchedule;
        move.subject = u"sch_moved"_s;
        move.moveToMs = 5 * HourMs;
        Outbox::Entry laterMove = move;
        laterMove.moveToMs = 7 * HourMs; // the latest one counts
        Outbox::Entry cancel;
        cancel.kind = Outbox::Entry::Kind::CancelSchedule;
        cancel.subject = u"sch_cancelled"_s;
        cache.replaceRange(0, 24 * HourMs,
                           {scheduledPost(u"moved"_s, HourMs),
                            scheduledPost(u"cancelled"_s, HourMs),
                            scheduledPost(u"kept"_s, HourMs)},
                           {move, cancel, laterMove});
        QCOMPARE(cache.find(u"moved"_s)->scheduledAtMs, std::optional<qint64>(7 * HourMs));
        QVERIFY(cache.find(u"cancelled"_s)->status == SubmissionStatus::Cancelled);
        QCOMPARE(cache.find(u"kept"_s)->scheduledAtMs, std::optional<qint64>(HourMs));
        // A post already published is as the server says, whatever waits for it.
        Submission published = scheduledPost(u"moved"_s, HourMs);
        published.status = SubmissionStatus::Published;
        cache.replaceRange(0, 24 * HourMs, {published}, {move});
        QCOMPARE(cache.find(u"moved"_s)->scheduledAtMs, std::optional<qint64>(HourMs));
    }

    void failedPostsComeLatestFirst()
    {
        PostCache cache(*m_database);
        for (const auto &[id, at] :
             {std::pair {u"early"_s, HourMs}, {u"late"_s, 9 * HourMs}, {u"fine"_s, 5 * HourMs}}) {
            Submission post = scheduledPost(id, at);
            post.status = id == u"fine" ? SubmissionStatus::Published : SubmissionStatus::Failed;
            cache.put(post);
        }
        const QList<Submission> failed = cache.failed();
        QCOMPARE(failed.size(), 2);
        QCOMPARE(failed.at(0).id, u"late"_s);
        QCOMPARE(failed.at(1).id, u"early"_s);
    }

    void aDraftsRecordFollowsItsPosts()
    {
        PostCache cache(*m_database);
        Submission post = scheduledPost(u"p1"_s, HourMs);
        cache.recordForDraft(u"local-1"_s, post);
        cache.recordForDraft(u"local-2"_s, scheduledPost(u"p2"_s, HourMs));
        post.status = SubmissionStatus::Published;
        post.publicUrl = u"https://x.com/a/status/1"_s;
        cache.put(post); // read again from the server: the draft sees what became of it
        QCOMPARE(cache.ofDraft(u"local-1"_s).size(), 1);
        QVERIFY(cache.ofDraft(u"local-1"_s).first().status == SubmissionStatus::Published);
        QCOMPARE(cache.ofDrafts().size(), 2);
        cache.forgetDraft(u"local-1"_s);
        QVERIFY(cache.ofDraft(u"local-1"_s).isEmpty());
        QVERIFY(cache.find(u"p1"_s)); // the post itself stays
    }
};

QTEST_GUILESS_MAIN(TestPostCache)
#include "tst_postcache.moc"
