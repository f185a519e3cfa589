#include "server/access/slidingwindowlimiter.h"

#include <QTest>

using namespace slotline;

class TestSlidingWindowLimiter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void allowsExactlyTheLimitInAnyWindow()
    {
        SlidingWindowLimiter limiter(3, 60'000);
        const QString key = QStringLiteral("k");
        QCOMPARE(limiter.acquire(key, 0).remaining, 2);
        QCOMPARE(limiter.acquire(key, 10'000).remaining, 1);
        const auto third = limiter.acquire(key, 20'000);
        QVERIFY(third.allowed);
        QCOMPARE(third.remaining, 0);
        QCOMPARE(third.resetSeconds, 40); // the request at 0 leaves the window at 60 s

        const auto refused = limiter.acquire(key, 30'500);
        QVERIFY(!refused.allowed);
        QCOMPARE(refused.retryAfterSeconds, 30); // 29.5 s rounded up
        // A refused request is not counted: the wait does not grow.
        QCOMPARE(limiter.acquire(key, 59'999).retryAfterSeconds, 1);
        // At exactly 60 s the first request has left the window.
        const auto again = limiter.acquire(key, 60'000);
        QVERIFY(again.allowed);
        QCOMPARE(again.remaining, 0);
        QVERIFY(!limiter.acquire(key, 60'001).allowed);
        QCOMPARE(limiter.acquire(key, 60'001).retryAfterSeconds, 10);
    }

    void retryAfterIsNeverZero()
    {
        SlidingWindowLimiter limiter(1, 60'000);
        limiter.acquire(QStringLiteral("k"), 0);
        const auto refused = limiter.acquire(QStringLiteral("k"), 59'999);
        QVERIFY(!refused.allowed);
        QCOMPARE(refused.retryAfterSeconds, 1);
    }

    void keysAreIndependent()
    {
        SlidingWindowLimiter limiter(1, 60'000);
        QVERIFY(limiter.acquire(QStringLiteral("a"), 0).allowed);
        QVERIFY(!limiter.acquire(QStringLiteral("a"), 1).allowed);
        QVERIFY(limiter.acquire(QStringLiteral("b"), 1).allowed);
    }

    void peekCountsNothingAndRecordAlwaysCounts()
    {
        SlidingWindowLimiter limiter(2, 60'000);
        const QString key = QStringLiteral("address");
        QCOMPARE(limiter.peek(key, 0).remaining, 2);
        limiter.record(key, 0);
        limiter.record(key, 1000);
        limiter.record(key, 2000); // beyond the limit: still remembered
        const auto state = limiter.peek(key, 2000);
        QVERIFY(!state.allowed);
        QCOMPARE(state.retryAfterSeconds,
                 59); // the newest two are what counts: 1000 + 60000 - 2000
        QCOMPARE(limiter.peek(key, 61'000).remaining, 1);
    }

    void pruneForgetsIdleKeys()
    {
        SlidingWindowLimiter limiter(5, 60'000);
        for (int i = 0; i < 100; ++i)
            limiter.acquire(QString::number(i), i);
        QCOMPARE(limiter.trackedKeys(), 100);
        limiter.prune(60'050);
        QCOMPARE(limiter.trackedKeys(), 49);
        limiter.prune(200'000);
        QCOMPARE(limiter.trackedKeys(), 0);
    }
};

QTEST_GUILESS_MAIN(TestSlidingWindowLimiter)
#include "tst_slidingwindowlimiter.moc"
