#include "core/localmedia.h"
#include "core/postrules.h"

#include <QTest>

using namespace slotline;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 Now = 1'800'000'000'000;
constexpr qint64 HourMs = 3'600'000;

Submission scheduledPost(qint64 atMs)
{
    Submission post;
    post.id = u"ps_1"_s;
    post.scheduleId = u"sch_1"_s;
    post.status = SubmissionStatus::Scheduled;
    post.scheduledAtMs = atMs;
    return post;
}

} // namespace

class TestPostRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void mediaWithoutTextIsAPost()
    {
        // The server, the composer and the calendar all take it: one rule for all three.
        QVERIFY(
            PostRules::checkContent(Platform::Twitter, u"  "_s, {u"https://example.com/a.png"_s})
                .isEmpty());
        const auto empty = PostRules::checkContent(Platform::Twitter, u" \n "_s, {});
        QCOMPARE(empty.size(), 1);
        QCOMPARE(empty.first().kind, ContentViolation::Kind::Empty);
    }

    void contentProblemsComeInOrderWithTheirFigures()
    {
        const QStringList media {u"https://example.com/1.png"_s, u"ftp://example.com/2.png"_s,
                                 u"https://example.com/3.png"_s, u"https://example.com/4.png"_s,
                                 u"not a url"_s};
        const auto found = PostRules::checkContent(Platform::Twitter, QString(281, u'a'), media);
        using Kind = ContentViolation::Kind;
        const QList<ContentViolation> expected {{Kind::TextTooLong, 281, 280},
                                                {Kind::TooManyMedia, 5, 4},
                                                {Kind::MediaNotAWebAddress, 1, 0},
                                                {Kind::MediaNotAWebAddress, 4, 0}};
        QCOMPARE(found, expected);
        // LinkedIn counts code points and allows 3,000.
        QVERIFY(PostRules::checkContent(Platform::LinkedIn, QString(3000, u'a'), {}).isEmpty());
    }

    void aMediumWaitingForItsUploadCountsButOnlyInTheApp()
    {
        const QString waiting = localmedia::newReference();
        QVERIFY(localmedia::isReference(waiting));
        QVERIFY(!localmedia::isReference(u"slotline-media:"_s));
        QVERIFY(!localmedia::isReference(u"https://example.com/slotline-media:1"_s));
        QCOMPARE(localmedia::withoutReferences({u"https://example.com/a.png"_s, waiting}),
                 QStringList {u"https://example.com/a.png"_s});

        using Kind = ContentViolation::Kind;
        const QStringList media {waiting, u"https://example.com/2.png"_s,
                                 u"https://example.com/3.png"_s, u"https://example.com/4.png"_s,
                                 u"https://example.com/5.png"_s};
        // The app: it stands for a medium, so it counts toward the limit and is no error.
        const auto inApp = PostRules::checkContent(Platform::Twitter, u"Hi"_s, media,
                                                   PostRules::MediaAddresses::WebOrWaitingUpload);
        QCOMPARE(inApp, (QList<ContentViolation> {{Kind::TooManyMedia, 5, 4}}));
        // A post of nothing but a waiting medium is not empty.
        QVERIFY(PostRules::checkContent(Platform::Twitter, QString(), {waiting},
                                        PostRules::MediaAddresses::WebOrWaitingUpload)
                    .isEmpty());
        // The server: it is no web address.
        const auto onServer = PostRules::checkContent(Platform::Twitter, u"Hi"_s, {waiting});
        QCOMPARE(onServer, (QList<ContentViolation> {{Kind::MediaNotAWebAddress, 0, 0}}));
    }

    void timesInThePastOrTooFarAheadAreRefused()
    {
        QCOMPARE(PostRules::checkTime(Now, Now), TimeViolation::InThePast);
        QCOMPARE(PostRules::checkTime(Now + 1, Now), std::nullopt);
        // A request may be a little late; a person choosing in the app may not.
        QCOMPARE(PostRules::checkTime(Now - 30'000, Now, PostRules::RequestLatenessMs),
                 std::nullopt);
        QCOMPARE(PostRules::checkTime(Now - 61'000, Now, PostRules::RequestLatenessMs),
                 TimeViolation::InThePast);
        QCOMPARE(PostRules::checkTime(Now + PostRules::FurthestAheadMs, Now), std::nullopt);
        QCOMPARE(PostRules::checkTime(Now + PostRules::FurthestAheadMs + 1, Now),
                 TimeViolation::TooFarAhead);
    }

    void aRateLimitedAccountMayPublish()
    {
        QVERIFY(PostRules::mayPublish(AccountStatus::Connected));
        QVERIFY(PostRules::mayPublish(AccountStatus::RateLimited));
        QCOMPARE(PostRules::refusalToPublish(AccountStatus::NeedsReconnect),
                 PublishRefusal::NeedsReconnect);
        QCOMPARE(PostRules::refusalToPublish(AccountStatus::Disconnected),
                 PublishRefusal::Disconnected);
    }

    void onlyAnUnclaimedScheduledPostChanges()
    {
        QVERIFY(PostRules::isChangeable(scheduledPost(Now + HourMs)));
        QVERIFY(PostRules::isChangeable(scheduledPost(Now + HourMs), Now));
        // Due: the server still takes a change until the dispatcher claims it; the app
        // does not offer one.
        QVERIFY(PostRules::isChangeable(scheduledPost(Now - 1)));
        QCOMPARE(PostRules::refusalToChange(scheduledPost(Now), Now), ChangeRefusal::Due);

        Submission claimed = scheduledPost(Now + HourMs);
        claimed.claimToken = u"claim"_s;
        QCOMPARE(PostRules::refusalToChange(claimed), ChangeRefusal::NotScheduled);
        Submission unsynced = scheduledPost(Now + HourMs);
        unsynced.scheduleId.clear();
        QCOMPARE(PostRules::refusalToChange(unsynced), ChangeRefusal::NotScheduled);
        for (const SubmissionStatus status :
             {SubmissionStatus::InProgress, SubmissionStatus::Published, SubmissionStatus::Failed,
              SubmissionStatus::Cancelled}) {
            Submission post = scheduledPost(Now + HourMs);
            post.status = status;
            QCOMPARE(PostRules::refusalToChange(post, Now), ChangeRefusal::NotScheduled);
        }
    }

    void occupancyAndOutcome()
    {
        for (const SubmissionStatus status :
             {SubmissionStatus::Scheduled, SubmissionStatus::InProgress,
              SubmissionStatus::Published, SubmissionStatus::Failed, SubmissionStatus::Cancelled}) {
            Submission post = scheduledPost(Now);
            post.status = status;
            const bool occupies
                = status != SubmissionStatus::Failed && status != SubmissionStatus::Cancelled;
            QCOMPARE(PostRules::occupiesItsMinute(post), occupies);
            post.scheduledAtMs.reset();
            QVERIFY(!PostRules::occupiesItsMinute(post)); // published now: no slot's minute
        }
        QVERIFY(PostRules::awaitsOutcome(SubmissionStatus::InProgress, std::nullopt, Now));
        QVERIFY(PostRules::awaitsOutcome(SubmissionStatus::Scheduled, Now, Now));
        QVERIFY(!PostRules::awaitsOutcome(SubmissionStatus::Scheduled, Now + 1, Now));
        QVERIFY(!PostRules::awaitsOutcome(SubmissionStatus::Published, Now - 1, Now));
    }
};

QTEST_GUILESS_MAIN(TestPostRules)
#include "tst_postrules.moc"
