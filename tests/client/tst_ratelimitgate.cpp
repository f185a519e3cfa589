#include "client/ratelimitgate.h"

#include <QTest>

using slotline::client::RateClass;
using slotline::client::RateLimitGate;

class TestRateLimitGate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void openUntilTheHeadersSayOtherwise()
    {
        RateLimitGate gate;
        QCOMPARE(gate.waitMs(RateClass::Write, 0), 0);
        QCOMPARE(gate.quota(RateClass::Write).limit, -1);
        gate.noteSent(RateClass::Write); // nothing known: nothing to count down
        QCOMPARE(gate.quota(RateClass::Write).remaining, -1);
    }

    void nothingLeftWaitsForTheWindowToMove()
    {
        RateLimitGate gate;
        gate.noteHeaders(RateClass::Write, 30, 1, 12, 1'000);
        QCOMPARE(gate.waitMs(RateClass::Write, 1'000), 0);
        gate.noteSent(RateClass::Write);
        QCOMPARE(gate.quota(RateClass::Write).remaining, 0);
        QCOMPARE(gate.waitMs(RateClass::Write, 1'000), 12'000);
        QCOMPARE(gate.waitMs(RateClass::Write, 10'000), 3'000);
        // The window frees one request at a time: one goes, the rest wait for its answer.
        QCOMPARE(gate.waitMs(RateClass::Write, 13'000), 0);
        gate.noteSent(RateClass::Write);
        QVERIFY(gate.isAwaitingAnswer(RateClass::Write));
        QCOMPARE(gate.waitMs(RateClass::Write, 13'000), 0); // no wait to show anyone
        gate.noteHeaders(RateClass::Write, 30, 2, 40, 13'100);
        QVERIFY(!gate.isAwaitingAnswer(RateClass::Write));
        // An answer that never came does not hold the class for ever.
        gate.noteHeaders(RateClass::Write, 30, 0, 0, 14'000);
        gate.noteSent(RateClass::Write);
        QVERIFY(gate.isAwaitingAnswer(RateClass::Write));
        gate.noteNoAnswer(RateClass::Write);
        QVERIFY(!gate.isAwaitingAnswer(RateClass::Write));
        // The other class is not affected.
        QCOMPARE(gate.waitMs(RateClass::Read, 1'000), 0);
    }

    void aRefusalClosesTheClassForItsRetryAfter()
    {
        RateLimitGate gate;
        gate.noteRefused(RateClass::Read, 7, 5'000);
        QCOMPARE(gate.waitMs(RateClass::Read, 5'000), 7'000);
        QCOMPARE(gate.waitMs(RateClass::Read, 11'999), 1);
        QCOMPARE(gate.waitMs(RateClass::Read, 12'000), 0);
        // A shorter one later does not reopen it early; at least a second, always.
        gate.noteRefused(RateClass::Read, 7, 5'000);
        gate.noteRefused(RateClass::Read, 0, 5'000);
        QCOMPARE(gate.waitMs(RateClass::Read, 5'000), 7'000);
        QCOMPARE(gate.waitMs(RateClass::Write, 5'000), 0);
    }
};

QTEST_GUILESS_MAIN(TestRateLimitGate)
#include "tst_ratelimitgate.moc"
