#include "core/ids.h"
#include "core/jsonwriter.h"
#include "storage/accountrepository.h"
#include "storage/creditrepository.h"
#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/migrations.h"
#include "storage/postlistings.h"
#include "storage/projectrepository.h"
#include "storage/slotoccupancy.h"
#include "storage/statement.h"
#include "storage/submissionrepository.h"
#include "support/manualclock.h"

#include <QTemporaryDir>
#include <QTest>

using namespace slotline;

class TestSubmissionRepository : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    test::ManualClock m_clock;
    Database m_database;
    QString m_project;
    QString m_account;
    QString m_otherAccount;
    int m_databaseCount = 0;

    Submission make(std::optional<qint64> scheduledAt, const QString &account = {})
    {
        Submission submission;
        submission.id = ids::generate(IdKind::PostSubmission);
        submission.projectId = m_project;
        submission.accountId = account.isEmpty() ? m_account : account;
        submission.platform = Platform::Twitter;
        submission.text = QStringLiteral("hello");
        submission.mediaUrls = {QStringLiteral("https://img.test/a.png")};
        submission.status
            = scheduledAt ? SubmissionStatus::Scheduled : SubmissionStatus::InProgress;
        submission.scheduledAtMs = scheduledAt;
        if (scheduledAt)
            submission.scheduleId = ids::generate(IdKind::Schedule);
        submission.createdAtMs = m_clock.nowMs();
        submission.updatedAtMs = m_clock.nowMs();
        SubmissionRepository(m_database, m_clock)
            .insert(submission, scheduledAt.value_or(m_clock.nowMs()));
        return submission;
    }

    void comparePagesWithList(SubmissionRepository &submissions)
    {
        PostFilter scheduled;
        scheduled.statuses = {SubmissionStatus::Scheduled, SubmissionStatus::Failed};
        for (const PostFilter &filter : {PostFilter {}, scheduled}) {
            PageRequest page;
            page.limit = 2;
            int pages = 0;
            do {
                const Page<Submission> listed = submissions.list(m_project, filter, page);
                QByteArray listedJson;
                for (const Submission &submission : listed.items)
                    listedJson
                        += (listedJson.isEmpty() ? "" : ",") + JsonWriter::serialize(submission);
                JsonWriter written;
                written.beginArray();
                const QJsonArray nextAfter
                    = submissions.writePage(m_project, filter, page, written);
                QCOMPARE(written.endArray().take(), '[' + listedJson + ']');
                QCOMPARE(nextAfter, listed.nextAfter);
                page.after = listed.nextAfter;
                ++pages;
            } while (!page.after.isEmpty());
            QCOMPARE(pages, filter.statuses.isEmpty() ? 3 : 2);
        }
    }

    int postsWithoutListing()
    {
        Statement count(m_database, QStringLiteral("SELECT COUNT(*) FROM submissions WHERE "
                                                   "listing_json IS NULL"));
        count.exec();
        count.next();
        return int(count.integer(0));
    }

    // The listing kept for the post, and what it should be: the post as it is stored now.
    void checkListing(SubmissionRepository &submissions, const QString &id)
    {
        Statement listing(m_database, QStringLiteral("SELECT listing_json FROM submissions "
                                                     "WHERE id = ?"));
        listing.bind(id).exec();
        QVERIFY(listing.next());
        QVERIFY2(!listing.utf8(0).isNull(), qPrintable(id));
        QCOMPARE(listing.utf8(0).toByteArray(),
                 JsonWriter::serialize(*submissions.findAnyProject(id)));
    }

    qint64 postChanges()
    {
        Statement changes(m_database, QStringLiteral("SELECT posts FROM project_changes WHERE "
                                                     "project_id = ?"));
        changes.bind(m_project).exec();
        changes.next();
        return changes.integer(0);
    }

private Q_SLOTS:
    void init()
    {
        // A new file for every test and every row of its data.
        m_database.open(
            m_directory.filePath(QStringLiteral("%1-%2.db")
                                     .arg(QString::fromLatin1(QTest::currentTestFunction()))
                                     .arg(++m_databaseCount)));
        m_project = ProjectRepository(m_database, m_clock)
                        .create(NewProject {
                            QStringLiteral("P"), QStringLiteral("UTC"), {}, QStringLiteral("O")})
                        .id;
        AccountRepository accounts(m_database, m_clock);
        m_account = accounts
                        .add(NewAccount {m_project,
                                         Platform::Twitter,
                                         QStringLiteral("X"),
                                         QStringLiteral("x"),
                                         {},
                                         QStringLiteral("sandbox")})
                        .id;
        m_otherAccount = accounts
                             .add(NewAccount {m_project,
                                              Platform::Twitter,
                                              QStringLiteral("Y"),
                                              QStringLiteral("y"),
                                              {},
                                              QStringLiteral("sandbox")})
                             .id;
    }
    void cleanup() { m_database.close(); }

    void roundTrip()
    {
        const Submission created = make(m_clock.nowMs() + 60'000);
        const auto read = SubmissionRepository(m_database, m_clock).find(m_project, created.id);
        QVERIFY(read);
        QCOMPARE(read->text, created.text);
        QCOMPARE(read->mediaUrls, created.mediaUrls);
        QCOMPARE(read->scheduledAtMs, created.scheduledAtMs);
        QCOMPARE(read->scheduleId, created.scheduleId);
        QVERIFY(read->status == SubmissionStatus::Scheduled);
        QVERIFY(!read->target);
        QVERIFY(!SubmissionRepository(m_database, m_clock)
                     .find(QStringLiteral("prj_other"), created.id));
        QCOMPARE(SubmissionRepository(m_database, m_clock)
                     .findBySchedule(m_project, created.scheduleId)
                     ->id,
                 created.id);
    }

    void editsOnlyWhileScheduledAndUnclaimed()
    {
        SubmissionRepository submissions(m_database, m_clock);
        const Submission post = make(m_clock.nowMs() + 60'000);
        QVERIFY(
            submissions.editContent(post.id, QString(), std::nullopt)); // empty text is a change
        QCOMPARE(submissions.find(m_project, post.id)->text, QString());
        QCOMPARE(submissions.find(m_project, post.id)->mediaUrls, post.mediaUrls); // kept
        QVERIFY(submissions.editContent(post.id, std::nullopt, QStringList {}));
        QVERIFY(submissions.find(m_project, post.id)->mediaUrls.isEmpty());
        QVERIFY(submissions.reschedule(post.id, m_clock.nowMs() + 120'000));
        QCOMPARE(submissions.find(m_project, post.id)->scheduledAtMs, m_clock.nowMs() + 120'000);

        m_clock.advanceMs(120'000);
        QCOMPARE(submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t1")).size(), 1);
        QVERIFY(!submissions.reschedule(post.id, m_clock.nowMs() + 60'000));
        QVERIFY(!submissions.editContent(post.id, QStringLiteral("late"), std::nullopt));
        QVERIFY(!submissions.cancel(post.id));
    }

    void claimsAreExclusiveAndResultsNeedTheClaim()
    {
        SubmissionRepository submissions(m_database, m_clock);
        const Submission now = make(std::nullopt);
        const Submission later = make(m_clock.nowMs() + 10'000);
        QCOMPARE(submissions.nextDueAt(), m_clock.nowMs());

        const QList<Submission> first
            = submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t1"));
        QCOMPARE(first.size(), 1);
        QCOMPARE(first.first().id, now.id);
        QCOMPARE(first.first().attempts, 1);
        QVERIFY(submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t2"))
                    .isEmpty()); // claimed already
        QCOMPARE(submissions.nextDueAt(), later.scheduledAtMs);
        QCOMPARE(submissions.claimed().size(), 1);

        QVERIFY(
            !submissions.markPublished(now.id, QStringLiteral("wrong"), QStringLiteral("u"), 1));
        QVERIFY(submissions.markRetry(now.id, QStringLiteral("t1"), m_clock.nowMs() + 5,
                                      QStringLiteral("timeout")));
        QVERIFY(!submissions.markRetry(now.id, QStringLiteral("t1"), 0, QString())); // claim gone
        QVERIFY(submissions.claimed().isEmpty());
        m_clock.advanceMs(5);
        const QList<Submission> again
            = submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t3"));
        QCOMPARE(again.size(), 1);
        QCOMPARE(again.first().attempts, 2);
        QCOMPARE(again.first().errorMessage, QStringLiteral("timeout"));
        QVERIFY(submissions.markPublished(now.id, QStringLiteral("t3"),
                                          QStringLiteral("https://p/1"), m_clock.nowMs()));
        const Submission published = *submissions.find(m_project, now.id);
        QVERIFY(published.status == SubmissionStatus::Published);
        QCOMPARE(published.publicUrl, QStringLiteral("https://p/1"));
        QVERIFY(published.errorMessage.isEmpty());
        QVERIFY(
            !submissions.markFailed(now.id, QStringLiteral("t3"), QStringLiteral("late"))); // final

        m_clock.advanceMs(10'000);
        const QList<Submission> scheduled
            = submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t4"));
        QCOMPARE(scheduled.size(), 1);
        QVERIFY(scheduled.first().status == SubmissionStatus::InProgress);
        QVERIFY(submissions.markFailed(later.id, QStringLiteral("t4"), QStringLiteral("refused")));
        QVERIFY(submissions.find(m_project, later.id)->status == SubmissionStatus::Failed);
        QVERIFY(!submissions.nextDueAt());
    }

    void anAccountHoldsAtMostItsShareOfClaims()
    {
        SubmissionRepository submissions(m_database, m_clock);
        const qint64 now = m_clock.nowMs();
        QStringList first;
        for (int i = 0; i < 6; ++i) {
            m_clock.advanceMs(1);
            first.append(make(now - 60'000 + i).id);
        }
        const Submission other = make(now - 1'000, m_otherAccount);
        m_clock.advanceMs(1'000);
        QCOMPARE(submissions.overdue(m_clock.nowMs()).count, 7);
        QCOMPARE(*submissions.overdue(m_clock.nowMs()).oldestDueAtMs, now - 60'000);

        // The first account's oldest two, in the order they were due, and the other account's
        // one, though the first account has more due before it.
        const ClaimBound bound {{QStringLiteral("sandbox")}, 2};
        QList<Submission> claimed
            = submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t1"), bound);
        QStringList ids;
        for (const Submission &submission : std::as_const(claimed))
            ids.append(submission.id);
        QCOMPARE(ids, (QStringList {first.at(0), first.at(1), other.id}));
        QCOMPARE(submissions.overdue(m_clock.nowMs()).count, 4);

        // Claims already out count: nothing more until one comes back.
        QVERIFY(submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t2"), bound).isEmpty());
        QVERIFY(submissions.markPublished(first.at(0), QStringLiteral("t1"), {}, m_clock.nowMs()));
        claimed = submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t3"), bound);
        QCOMPARE(claimed.size(), 1);
        QCOMPARE(claimed.first().id, first.at(2));
        QVERIFY(!submissions.overdue(m_clock.nowMs() - 120'000).oldestDueAtMs);

        // Accounts of other connectors are not bounded.
        QCOMPARE(
            submissions
                .claimDue(m_clock.nowMs(), 10, QStringLiteral("t4"), {{QStringLiteral("x")}, 2})
                .size(),
            3);
    }

    void aBacklogLongerThanAPageIsSkippedPast()
    {
        SubmissionRepository submissions(m_database, m_clock);
        const qint64 now = m_clock.nowMs();
        for (int i = 0; i < 150; ++i)
            make(now - 60'000 + i);
        const Submission other = make(now - 1'000, m_otherAccount);
        m_clock.advanceMs(1'000);
        const QList<Submission> claimed = submissions.claimDue(
            m_clock.nowMs(), 10, QStringLiteral("t1"), {{QStringLiteral("sandbox")}, 2});
        QCOMPARE(claimed.size(), 3);
        QCOMPARE(claimed.last().id, other.id);
        QCOMPARE(submissions.overdue(m_clock.nowMs()).count, 148);
    }

    void aFailureThePlatformMayHaveKeepsWhereToCheck()
    {
        SubmissionRepository submissions(m_database, m_clock);
        const Submission lost = make(std::nullopt);
        const Submission refused = make(std::nullopt);
        const Submission retried = make(std::nullopt);
        QCOMPARE(submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t1")).size(), 3);
        const QString where = QStringLiteral("https://x.com/someone");
        QVERIFY(
            submissions.markFailed(lost.id, QStringLiteral("t1"), QStringLiteral("lost"), where));
        QVERIFY(submissions.markFailed(refused.id, QStringLiteral("t1"), QStringLiteral("no")));
        QCOMPARE(submissions.find(m_project, lost.id)->checkUrl, where);
        QVERIFY(submissions.find(m_project, refused.id)->checkUrl.isEmpty());

        // Only a failure says where to check: an attempt that goes on, or ends published,
        // leaves nothing of an earlier one's address.
        const auto setCheckUrl = [this, &where](const QString &id) {
            Statement(m_database,
                      QStringLiteral("UPDATE submissions SET check_url = ? WHERE id = ?"))
                .bind(where)
                .bind(id)
                .exec();
        };
        setCheckUrl(retried.id);
        QVERIFY(submissions.markRetry(retried.id, QStringLiteral("t1"), m_clock.nowMs(),
                                      QStringLiteral("timeout")));
        QVERIFY(submissions.find(m_project, retried.id)->checkUrl.isEmpty());
        QCOMPARE(submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t2")).size(), 1);
        setCheckUrl(retried.id);
        QVERIFY(submissions.markDeferred(retried.id, QStringLiteral("t2"), m_clock.nowMs(),
                                         QStringLiteral("rate limit")));
        QVERIFY(submissions.find(m_project, retried.id)->checkUrl.isEmpty());
        QCOMPARE(submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t3")).size(), 1);
        setCheckUrl(retried.id);
        QVERIFY(submissions.markPublished(retried.id, QStringLiteral("t3"),
                                          QStringLiteral("https://x.com/someone/status/1"),
                                          m_clock.nowMs()));
        QVERIFY(submissions.find(m_project, retried.id)->checkUrl.isEmpty());
    }

    void occupancyIsPerAccountAndMinute()
    {
        SubmissionRepository submissions(m_database, m_clock);
        const qint64 nine = m_clock.nowMs() + 3'600'000;
        make(nine + 30'000); // within nine's minute
        const Submission cancelled = make(nine + 120'000);
        QVERIFY(submissions.cancel(cancelled.id));
        make(nine + 180'000, m_otherAccount);

        const QList<qint64> instants {nine, nine + 60'000, nine + 120'000, nine + 180'000};
        QCOMPARE(
            SlotOccupancy(m_database).taken(OccupancyScope {m_project, m_account, {}}, instants),
            (QList<bool> {true, false, false, false}));
        QCOMPARE(SlotOccupancy(m_database)
                     .taken(OccupancyScope {m_project, m_otherAccount, {}}, instants),
                 (QList<bool> {false, false, false, true}));
        QCOMPARE(SlotOccupancy(m_database)
                     .taken(OccupancyScope {m_project, {}, Platform::Twitter}, instants),
                 (QList<bool> {true, false, false, true}));
        QCOMPARE(SlotOccupancy(m_database)
                     .taken(OccupancyScope {m_project, {}, Platform::LinkedIn}, instants),
                 (QList<bool> {false, false, false, false}));
        QCOMPARE(SlotOccupancy(m_database)
                     .taken(OccupancyScope {QStringLiteral("prj_other"), {}, {}}, instants),
                 (QList<bool> {false, false, false, false}));
    }

    void aPostPublishedNowHoldsTheMinuteItWasMadeIn()
    {
        SubmissionRepository submissions(m_database, m_clock);
        const qint64 nine = m_clock.nowMs() + 3'600'000;
        m_clock.advanceMs(3'600'000 + 20'000);
        const Submission now = make(std::nullopt); // no scheduled time: made at 09:00:20
        const QList<qint64> instants {nine - 60'000, nine, nine + 60'000};
        const OccupancyScope scopes[]
            = {{m_project, m_account, {}}, {m_project, {}, Platform::Twitter}, {m_project, {}, {}}};
        for (const OccupancyScope &scope : scopes) {
            QCOMPARE(SlotOccupancy(m_database).takenAmongPosts(scope, instants),
                     (QList<bool> {false, true, false}));
            QCOMPARE(SlotOccupancy(m_database).takenByProbes(scope, instants),
                     (QList<bool> {false, true, false}));
        }
        QCOMPARE(SlotOccupancy(m_database)
                     .taken(OccupancyScope {m_project, m_otherAccount, {}}, instants),
                 (QList<bool> {false, false, false}));

        QCOMPARE(submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t")).size(), 1);
        QVERIFY(submissions.markFailed(now.id, QStringLiteral("t"), QStringLiteral("refused")));
        QCOMPARE(
            SlotOccupancy(m_database).taken(OccupancyScope {m_project, m_account, {}}, instants),
            (QList<bool> {false, false, false}));
    }

    void readingPostsAndProbingGiveTheSameAnswer_data()
    {
        QTest::addColumn<int>("postsBetween"); // posts at other minutes between the instants
        QTest::newRow("few: the posts are read") << 1;
        QTest::newRow("many: the instants probe") << 40;
    }

    void readingPostsAndProbingGiveTheSameAnswer()
    {
        QFETCH(int, postsBetween);
        SubmissionRepository submissions(m_database, m_clock);
        const qint64 base = m_clock.nowMs() + 3'600'000;
        QList<qint64> instants;
        for (int i = 0; i < 6; ++i)
            instants.append(base + i * 3'600'000);
        make(instants[1]);
        make(instants[2] + 59'999); // the last millisecond of its minute
        make(instants[3] + 60'000); // the next minute: not taken
        make(instants[4] - 1); // the minute before: not taken
        const Submission cancelled = make(instants[5]);
        QVERIFY(submissions.cancel(cancelled.id));
        for (int i = 0; i < postsBetween; ++i)
            make(instants[0] + 120'000 + i * 60'000);

        const QList<bool> expected {false, true, true, false, false, false};
        const OccupancyScope scopes[]
            = {{m_project, m_account, {}}, {m_project, {}, Platform::Twitter}, {m_project, {}, {}}};
        for (const OccupancyScope &scope : scopes) {
            const auto read = SlotOccupancy(m_database).takenAmongPosts(scope, instants);
            QCOMPARE(read.has_value(), postsBetween < 10); // a few: up to 4 per instant, and 16
            if (read)
                QCOMPARE(*read, expected);
            QCOMPARE(SlotOccupancy(m_database).takenByProbes(scope, instants), expected);
            QCOMPARE(SlotOccupancy(m_database).taken(scope, instants), expected);
        }
        QCOMPARE(SlotOccupancy(m_database)
                     .takenAmongPosts(OccupancyScope {m_project, {}, Platform::LinkedIn}, instants),
                 QList<bool>(instants.size(), false));
    }

    void aVersionTwoDatabaseLearnsWhichPostsHoldTheirSlots()
    {
        SubmissionRepository submissions(m_database, m_clock);
        const qint64 nine = m_clock.nowMs() + 3'600'000;
        const Submission kept = make(nine);
        const Submission cancelled = make(nine + 60'000);
        QVERIFY(submissions.cancel(cancelled.id));
        const Submission failed = make(nine + 120'000);
        m_clock.advanceMs(3'600'000 + 120'000);
        QCOMPARE(submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t")).size(), 2);
        QVERIFY(submissions.markFailed(failed.id, QStringLiteral("t"), QStringLiteral("no")));

        // Back to the schema as version 2 left it.
        for (const char *sql :
             {"DROP TRIGGER submissions_listing_stale",
              "DROP TRIGGER project_changes_added",
              "DROP TRIGGER project_changes_project",
              "DROP TRIGGER project_changes_owner",
              "DROP TRIGGER project_changes_credits",
              "DROP TRIGGER project_changes_accounts_added",
              "DROP TRIGGER project_changes_accounts_changed",
              "DROP TRIGGER project_changes_accounts_removed",
              "DROP TRIGGER project_changes_weekly_slots_added",
              "DROP TRIGGER project_changes_weekly_slots_changed",
              "DROP TRIGGER project_changes_weekly_slots_removed",
              "DROP TRIGGER project_changes_submissions_added",
              "DROP TRIGGER project_changes_submissions_changed",
              "DROP TRIGGER project_changes_submissions_removed",
              "DROP TRIGGER project_changes_drafts_added",
              "DROP TRIGGER project_changes_drafts_changed",
              "DROP TRIGGER project_changes_drafts_removed",
              "DROP TRIGGER project_changes_subaccounts_added",
              "DROP TRIGGER project_changes_subaccounts_changed",
              "DROP TRIGGER project_changes_subaccounts_removed",
              "DROP TABLE project_changes",
              "DROP INDEX submissions_listing_missing",
              "ALTER TABLE submissions DROP COLUMN listing_json",
              "ALTER TABLE submissions DROP COLUMN error_code",
              "ALTER TABLE submissions DROP COLUMN check_url",
              "DROP TABLE publish_attempts",
              "DROP TABLE oauth_states",
              "DROP TABLE credentials",
              "DROP TABLE platform_apps",
              "ALTER TABLE submissions DROP COLUMN platform_post_id",
              "DROP INDEX subaccounts_external",
              "ALTER TABLE subaccounts DROP COLUMN external_id",
              "DROP INDEX accounts_external",
              "ALTER TABLE accounts DROP COLUMN external_id",
              "ALTER TABLE accounts DROP COLUMN status_reason",
              "ALTER TABLE accounts DROP COLUMN rate_limited_until",
              "ALTER TABLE accounts DROP COLUMN status",
              "ALTER TABLE accounts RENAME COLUMN status_before_v8 TO status",
              "DROP TABLE media",
              "DROP TABLE server_secrets",
              "DROP TABLE drafts",
              "DROP INDEX submissions_draft",
              "ALTER TABLE submissions DROP COLUMN draft_id",
              "DROP TRIGGER submissions_holds_slot_inserted",
              "DROP TRIGGER submissions_holds_slot_updated",
              "DROP INDEX submissions_platform_time",
              "DROP INDEX submissions_account_time",
              "DROP INDEX submissions_schedules",
              "DROP INDEX submissions_project_sort",
              "ALTER TABLE submissions DROP COLUMN holds_slot",
              "CREATE INDEX submissions_project_sort ON submissions(project_id, sort_at, id)",
              "CREATE INDEX submissions_account_time ON submissions(account_id, scheduled_at) "
              "WHERE scheduled_at IS NOT NULL",
              "CREATE INDEX submissions_schedules ON submissions(project_id, scheduled_at, id) "
              "WHERE schedule_id IS NOT NULL",
              "PRAGMA user_version = 2"})
            Statement(m_database, QString::fromLatin1(sql)).exec();
        const QString file = m_database.filePath();
        m_database.close();
        m_database.open(file);
        QCOMPARE(m_database.schemaVersion(), Migrations::latestVersion());

        const auto holdsSlot = [&](const QString &id) {
            Statement query(m_database,
                            QStringLiteral("SELECT holds_slot FROM submissions WHERE id = ?"));
            query.bind(id).exec();
            return query.next() ? query.integer(0) : -1;
        };
        QCOMPARE(holdsSlot(kept.id), 1); // in progress
        QCOMPARE(holdsSlot(cancelled.id), 0);
        QCOMPARE(holdsSlot(failed.id), 0);
        QCOMPARE(SlotOccupancy(m_database)
                     .taken(OccupancyScope {m_project, m_account, {}},
                            {nine, nine + 60'000, nine + 120'000}),
                 (QList<bool> {true, false, false}));

        // A change that forgets holds_slot is refused, whoever makes it.
        try {
            Statement(m_database,
                      QStringLiteral("UPDATE submissions SET status = 'failed' WHERE id = ?"))
                .bind(kept.id)
                .exec();
            QFAIL("expected DatabaseError");
        } catch (const DatabaseError &error) {
            QVERIFY2(error.message().contains(QStringLiteral("holds_slot")),
                     qPrintable(error.message()));
        }
        QCOMPARE(holdsSlot(kept.id), 1);
    }

    void listFiltersAndPagesByPostTime()
    {
        SubmissionRepository submissions(m_database, m_clock);
        QStringList order;
        for (int i = 0; i < 5; ++i)
            order.append(make(m_clock.nowMs() + (5 - i) * 60'000).id); // later first
        std::reverse(order.begin(), order.end());
        const Submission now = make(std::nullopt); // its time is its creation: earliest
        order.prepend(now.id);

        PageRequest page;
        page.limit = 4;
        QStringList seen;
        do {
            const Page<Submission> result = submissions.list(m_project, PostFilter {}, page);
            for (const Submission &submission : result.items)
                seen.append(submission.id);
            page.after = result.nextAfter;
        } while (!page.after.isEmpty());
        QCOMPARE(seen, order);

        PostFilter inProgress;
        inProgress.statuses = {SubmissionStatus::InProgress};
        QCOMPARE(submissions.list(m_project, inProgress, PageRequest {}).items.size(), 1);
        PostFilter window;
        window.sinceMs = m_clock.nowMs() + 120'000;
        window.untilMs = m_clock.nowMs() + 240'000;
        QCOMPARE(submissions.list(m_project, window, PageRequest {}).items.size(), 2);
        QCOMPARE(submissions.listSchedules(m_project, std::nullopt, std::nullopt, PageRequest {})
                     .items.size(),
                 5);
    }

    void writePageWritesWhatListReads()
    {
        // Pages are written from the posts' listings, or from the stored text of posts
        // whose listing a change cleared; either way every field must come out as
        // Submission::writeJson() writes it, whatever the text holds.
        const QString awkward = QStringLiteral("\"Quotes\", a \\ and a\nline, \t tab, ")
                                + QChar(0x01) + QStringLiteral(" café ☕ 👩‍👩‍👧 ")
                                + QChar(0xfeff)
                                + QStringLiteral(" and a long tail of plain text to copy");
        Submission withTarget = make(m_clock.nowMs() + 60'000);
        Submission published = make(std::nullopt, m_otherAccount);
        Submission failed = make(m_clock.nowMs() + 120'000);
        make(m_clock.nowMs() + 180'000);
        Submission plain = make(m_clock.nowMs() + 240'000);
        const QString facebookPage
            = AccountRepository(m_database, m_clock)
                  .addSubaccount(m_account, QStringLiteral("A page"), QStringLiteral("page"))
                  .id;
        Statement(m_database,
                  QStringLiteral("UPDATE submissions SET target_type = 'page', subaccount_id = "
                                 "?, text = ? WHERE id = ?"))
            .bind(facebookPage)
            .bind(awkward)
            .bind(withTarget.id)
            .exec();
        Statement(m_database,
                  QStringLiteral("UPDATE submissions SET target_type = 'profile', media_urls = "
                                 "'[]', text = '', draft_id = 'drf_source' WHERE id = ?"))
            .bind(plain.id)
            .exec();
        Statement(m_database,
                  QStringLiteral("UPDATE submissions SET status = 'published', published_at = "
                                 "?, public_url = 'https://x.test/1?a=\"b\"' WHERE id = ?"))
            .bind(m_clock.nowMs() + 5)
            .bind(published.id)
            .exec();
        Statement(
            m_database,
            QStringLiteral(
                "UPDATE submissions SET status = 'failed', holds_slot = 0, error_message = ?, "
                "check_url = 'https://x.com/someone' WHERE id = ?"))
            .bind(awkward)
            .bind(failed.id)
            .exec();

        SubmissionRepository submissions(m_database, m_clock);
        // The changes above were made by hand: the trigger cleared their listings.
        QCOMPARE(postsWithoutListing(), 4);
        for (const bool rendered : {false, true}) {
            if (rendered) {
                PostListings(m_database).refreshAll();
                QCOMPARE(postsWithoutListing(), 0);
            }
            comparePagesWithList(submissions);
        }
    }

    void everyChangeRendersThePostsListingAgain()
    {
        SubmissionRepository submissions(m_database, m_clock);
        // Inserted with its listing, written from the bytes stored.
        Submission full;
        full.id = ids::generate(IdKind::PostSubmission);
        full.projectId = m_project;
        full.accountId = m_account;
        full.platform = Platform::Facebook;
        full.text = QStringLiteral("\"Quoted\" \\ line\nbreak, ") + QChar(0x01)
                    + QStringLiteral(" café 👩‍👩‍👧 ") + QChar(0xfeff);
        full.mediaUrls = {QStringLiteral("https://img.test/a.png?x=\"1\""),
                          QStringLiteral("https://img.test/b.mp4")};
        full.target = PostTarget {QStringLiteral("page"), QString()};
        full.status = SubmissionStatus::Scheduled;
        full.scheduledAtMs = m_clock.nowMs() + 30'000;
        full.scheduleId = ids::generate(IdKind::Schedule);
        full.createdAtMs = m_clock.nowMs();
        full.updatedAtMs = m_clock.nowMs();
        full.draftId = QStringLiteral("drf_from");
        submissions.insert(full, *full.scheduledAtMs);
        checkListing(submissions, full.id);
        Submission bare = full;
        bare.id = ids::generate(IdKind::PostSubmission);
        bare.text = QString();
        bare.mediaUrls = {};
        bare.target = PostTarget {QString(), QStringLiteral("ignored without a type")};
        bare.status = SubmissionStatus::InProgress;
        bare.scheduledAtMs.reset();
        bare.scheduleId.clear();
        bare.draftId.clear();
        submissions.insert(bare, m_clock.nowMs() + 3'600'000);
        checkListing(submissions, bare.id);

        const Submission moved = make(m_clock.nowMs() + 60'000);
        checkListing(submissions, moved.id);
        m_clock.advanceMs(1'000);
        QVERIFY(submissions.reschedule(moved.id, m_clock.nowMs() + 120'000));
        checkListing(submissions, moved.id);
        QVERIFY(submissions.editContent(moved.id, QStringLiteral("edited"), QStringList {}));
        checkListing(submissions, moved.id);
        const Submission cancelled = make(m_clock.nowMs() + 180'000);
        QVERIFY(submissions.cancel(cancelled.id));
        checkListing(submissions, cancelled.id);

        // The dispatcher's side: claims, then each kind of result.
        QStringList due;
        for (int i = 0; i < 4; ++i)
            due.append(make(std::nullopt).id);
        m_clock.advanceMs(1'000);
        const QList<Submission> claimed
            = submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t"));
        QCOMPARE(claimed.size(), 4);
        for (const QString &id : std::as_const(due))
            checkListing(submissions, id);
        m_clock.advanceMs(1'000);
        const qint64 now = m_clock.nowMs();
        QVERIFY(submissions.markPublished(due[0], QStringLiteral("t"),
                                          QStringLiteral("https://x.test/1"), now,
                                          QStringLiteral("1")));
        QVERIFY(submissions.markRetry(due[1], QStringLiteral("t"), now + 60'000,
                                      QStringLiteral("try again")));
        QVERIFY(submissions.markFailed(due[2], QStringLiteral("t"), QStringLiteral("refused"),
                                       QStringLiteral("https://x.com/someone"),
                                       QStringLiteral("platform_refused")));
        QVERIFY(submissions.markDeferred(due[3], QStringLiteral("t"), now + 60'000,
                                         QStringLiteral("rate limited")));
        for (const QString &id : std::as_const(due))
            checkListing(submissions, id);
        QCOMPARE(postsWithoutListing(), 0);
    }

    void aChangeMadeElsewhereClearsTheListingAndCountsOnce()
    {
        SubmissionRepository submissions(m_database, m_clock);
        const Submission post = make(m_clock.nowMs() + 60'000);
        const qint64 before = postChanges();
        Statement(m_database,
                  QStringLiteral("UPDATE submissions SET text = 'by hand' WHERE id = ?"))
            .bind(post.id)
            .exec();
        QCOMPARE(postsWithoutListing(), 1);
        QCOMPARE(postChanges(), before + 1);
        PostListings(m_database).refresh({post.id});
        QCOMPARE(postsWithoutListing(), 0);
        QCOMPARE(postChanges(), before + 1); // rendering a listing is no change of the posts
        checkListing(submissions, post.id);
        QVERIFY(submissions.findAnyProject(post.id)->text == u"by hand");
        // A column the listing does not show leaves it as it is.
        Statement(m_database,
                  QStringLiteral("UPDATE submissions SET attempts = attempts + 1 WHERE id = ?"))
            .bind(post.id)
            .exec();
        QCOMPARE(postsWithoutListing(), 0);
        QCOMPARE(postChanges(), before + 2);
    }

    void aPostKeepsTheDraftItWasMadeFrom()
    {
        Submission fromDraft;
        fromDraft.id = ids::generate(IdKind::PostSubmission);
        fromDraft.projectId = m_project;
        fromDraft.accountId = m_account;
        fromDraft.platform = Platform::Twitter;
        fromDraft.status = SubmissionStatus::InProgress;
        fromDraft.createdAtMs = m_clock.nowMs();
        fromDraft.updatedAtMs = m_clock.nowMs();
        fromDraft.draftId = QStringLiteral("drf_origin");
        SubmissionRepository submissions(m_database, m_clock);
        submissions.insert(fromDraft, m_clock.nowMs());
        const Submission plain = make(std::nullopt);
        QCOMPARE(submissions.find(m_project, fromDraft.id)->draftId, QStringLiteral("drf_origin"));
        QVERIFY(submissions.find(m_project, plain.id)->draftId.isNull());
        // The dispatcher's claim reads the same columns.
        const QList<Submission> claimed
            = submissions.claimDue(m_clock.nowMs(), 10, QStringLiteral("t"));
        QCOMPARE(claimed.size(), 2);
        for (const Submission &post : claimed)
            QCOMPARE(post.draftId, post.id == fromDraft.id ? fromDraft.draftId : QString());
    }

    void publicationsAreEachDraftsMostRecentPostsOldestFirst()
    {
        SubmissionRepository submissions(m_database, m_clock);
        const auto post = [&](const QString &draftId, const QString &projectId,
                              std::optional<qint64> scheduledAt) {
            Submission submission;
            submission.id = ids::generate(IdKind::PostSubmission);
            submission.projectId = projectId;
            submission.accountId = m_account;
            submission.platform = Platform::Twitter;
            submission.status
                = scheduledAt ? SubmissionStatus::Scheduled : SubmissionStatus::InProgress;
            submission.scheduledAtMs = scheduledAt;
            if (scheduledAt)
                submission.scheduleId = ids::generate(IdKind::Schedule);
            submission.createdAtMs = m_clock.nowMs();
            submission.updatedAtMs = m_clock.nowMs();
            submission.draftId = draftId;
            submissions.insert(submission, scheduledAt.value_or(m_clock.nowMs()));
            m_clock.advanceMs(1'000);
            return submission;
        };
        QStringList busy;
        for (int i = 0; i < Draft::MaxPublications + 3; ++i)
            busy.append(post(QStringLiteral("drf_busy"), m_project, std::nullopt).id);
        const qint64 at = m_clock.nowMs() + 3'600'000;
        const Submission scheduled = post(QStringLiteral("drf_quiet"), m_project, at);
        const Submission cancelled = post(QStringLiteral("drf_quiet"), m_project, at + 60'000);
        QVERIFY(submissions.cancel(cancelled.id));
        const QString page
            = AccountRepository(m_database, m_clock)
                  .addSubaccount(m_account, QStringLiteral("A page"), QStringLiteral("page"))
                  .id;
        Statement(m_database, QStringLiteral("UPDATE submissions SET target_type = 'twitter', "
                                             "subaccount_id = ? WHERE id = ?"))
            .bind(page)
            .bind(cancelled.id)
            .exec();
        make(std::nullopt); // from no draft
        const QString otherProject
            = ProjectRepository(m_database, m_clock)
                  .create(NewProject {
                      QStringLiteral("Q"), QStringLiteral("UTC"), {}, QStringLiteral("O")})
                  .id;
        post(QStringLiteral("drf_quiet"), otherProject, std::nullopt); // same id, not ours

        const auto found = submissions.publications(
            m_project,
            {QStringLiteral("drf_busy"), QStringLiteral("drf_quiet"), QStringLiteral("drf_none")},
            Draft::MaxPublications);
        QCOMPARE(found.size(), 2);
        QVERIFY(!found.contains(QStringLiteral("drf_none")));
        QStringList busyIds;
        for (const Draft::Publication &publication : found.value(QStringLiteral("drf_busy")))
            busyIds.append(publication.postSubmissionId);
        QCOMPARE(busyIds, busy.mid(3)); // the 50 most recent, oldest first

        const QList<Draft::Publication> quiet = found.value(QStringLiteral("drf_quiet"));
        QCOMPARE(quiet.size(), 2);
        QCOMPARE(quiet[0].postSubmissionId, scheduled.id);
        QCOMPARE(quiet[0].accountId, m_account);
        QVERIFY(quiet[0].platform == Platform::Twitter);
        QVERIFY(quiet[0].status == SubmissionStatus::Scheduled);
        QCOMPARE(quiet[0].scheduledAtMs, std::optional<qint64>(at));
        QVERIFY(quiet[0].pageId.isEmpty());
        QCOMPARE(quiet[0].createdAtMs, scheduled.createdAtMs);
        QVERIFY(!quiet[0].publishedAtMs);
        QVERIFY(quiet[1].status == SubmissionStatus::Cancelled);
        QCOMPARE(quiet[1].pageId, page);

        QVERIFY(submissions.publications(m_project, {}, Draft::MaxPublications).isEmpty());
        QCOMPARE(submissions.publications(m_project, {QStringLiteral("drf_busy")}, 2)
                     .value(QStringLiteral("drf_busy"))
                     .size(),
                 2);
    }

    void creditsMoveWithTheirLedger()
    {
        CreditRepository credits(m_database, m_clock);
        credits.grant(m_project, 2, {});
        QVERIFY(credits.reserve(m_project, QStringLiteral("ps_1")));
        QVERIFY(credits.reserve(m_project, QStringLiteral("ps_2")));
        QVERIFY(!credits.reserve(m_project, QStringLiteral("ps_3"))); // none left
        credits.charge(m_project, QStringLiteral("ps_1"));
        credits.release(m_project, QStringLiteral("ps_2"));
        const CreditBalance balance = *credits.balance(m_project);
        QCOMPARE(balance.remaining, 1);
        QCOMPARE(balance.reserved, 0);
        QCOMPARE(balance.used, 1);
        Statement ledger(
            m_database,
            QStringLiteral("SELECT kind, submission_id FROM credit_events ORDER BY seq"));
        ledger.exec();
        QStringList entries;
        while (ledger.next())
            entries.append(ledger.text(0) + u' ' + ledger.text(1));
        QCOMPARE(entries,
                 (QStringList {QStringLiteral("grant "), QStringLiteral("reserve ps_1"),
                               QStringLiteral("reserve ps_2"), QStringLiteral("charge ps_1"),
                               QStringLiteral("release ps_2")}));
    }
};

QTEST_GUILESS_MAIN(TestSubmissionRepository)
#include "tst_submissionrepository.moc"
