#include "core/isotime.h"
#include "core/nextfreeslot.h"

#include <QSet>
#include <QTest>

using namespace slotline;

namespace {

qint64 at(const char *iso)
{
    return *isotime::parseOptional(QString::fromLatin1(iso));
}

WeeklySlot slot(const char *id, Qt::DayOfWeek day, int hour, int minute,
                QList<SlotTarget> targets = {})
{
    return WeeklySlot {QString::fromLatin1(id), day, hour, minute, targets};
}

NextFreeSlot::OccupancyCheck takenAt(QSet<qint64> taken, int *calls = nullptr)
{
    return [taken, calls](const QList<qint64> &instants) {
        if (calls)
            ++*calls;
        QList<bool> result;
        for (const qint64 instant : instants)
            result.append(taken.contains(instant));
        return result;
    };
}

const NextFreeSlot::OccupancyCheck nothingTaken = takenAt({});

QString found(const std::optional<SlotOccurrence> &occurrence)
{
    return occurrence ? occurrence->slotId + u' ' + isotime::format(occurrence->atMs)
                      : QStringLiteral("none");
}

} // namespace

class TestNextFreeSlot : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void firstOccurrenceAfter()
    {
        const SlotCalendar utc(QTimeZone::utc());
        const QList<WeeklySlot> slots {slot("mon9", Qt::Monday, 9, 0),
                                       slot("wed14", Qt::Wednesday, 14, 30)};
        // 2026-03-02 is a Monday.
        QCOMPARE(
            found(NextFreeSlot::find(slots, {}, at("2026-03-01T12:00:00Z"), utc, nothingTaken)),
            QStringLiteral("mon9 2026-03-02T09:00:00.000Z"));
        QCOMPARE(
            found(NextFreeSlot::find(slots, {}, at("2026-03-02T09:00:00Z"), utc, nothingTaken)),
            QStringLiteral("wed14 2026-03-04T14:30:00.000Z")); // strictly after
        QCOMPARE(
            found(NextFreeSlot::find(slots, {}, at("2026-03-05T00:00:00Z"), utc, nothingTaken)),
            QStringLiteral("mon9 2026-03-09T09:00:00.000Z"));
    }

    void wallClockInTheProjectsZone()
    {
        const SlotCalendar berlin(QTimeZone("Europe/Berlin"));
        const QList<WeeklySlot> slots {slot("mon9", Qt::Monday, 9, 0)};
        // 09:00 in Berlin is 08:00 UTC in winter and 07:00 UTC in summer.
        QCOMPARE(
            found(NextFreeSlot::find(slots, {}, at("2026-03-01T00:00:00Z"), berlin, nothingTaken)),
            QStringLiteral("mon9 2026-03-02T08:00:00.000Z"));
        QCOMPARE(
            found(NextFreeSlot::find(slots, {}, at("2026-06-01T00:00:00Z"), berlin, nothingTaken)),
            QStringLiteral("mon9 2026-06-01T07:00:00.000Z"));
        // Early Monday in Berlin is still Sunday in UTC.
        const QList<WeeklySlot> early {slot("mon0030", Qt::Monday, 0, 30)};
        QCOMPARE(
            found(NextFreeSlot::find(early, {}, at("2026-03-01T20:00:00Z"), berlin, nothingTaken)),
            QStringLiteral("mon0030 2026-03-01T23:30:00.000Z"));
    }

    void springForwardGapSlotsHappenAfterTheJump()
    {
        // Berlin, 2026-03-29 (Sunday): 02:00 CET jumps to 03:00 CEST (01:00 UTC).
        const SlotCalendar berlin(QTimeZone("Europe/Berlin"));
        const QList<WeeklySlot> slots {slot("gap", Qt::Sunday, 2, 30),
                                       slot("after", Qt::Sunday, 3, 15)};
        const auto first
            = NextFreeSlot::find(slots, {}, at("2026-03-28T12:00:00Z"), berlin, nothingTaken);
        QCOMPARE(found(first), QStringLiteral("after 2026-03-29T01:15:00.000Z")); // 03:15 CEST
        const auto second = NextFreeSlot::find(slots, {}, first->atMs, berlin, nothingTaken);
        QCOMPARE(found(second),
                 QStringLiteral("gap 2026-03-29T01:30:00.000Z")); // 02:30 read as CET: 03:30 CEST
        const auto third = NextFreeSlot::find(slots, {}, second->atMs, berlin, nothingTaken);
        QCOMPARE(
            found(third),
            QStringLiteral("gap 2026-04-05T00:30:00.000Z")); // a normal week: 02:30 first again

        // A slot in the gap and one at the time it lands on are offered once.
        const QList<WeeklySlot> clash {slot("gap", Qt::Sunday, 2, 30),
                                       slot("real", Qt::Sunday, 3, 30)};
        const auto once
            = NextFreeSlot::find(clash, {}, at("2026-03-29T01:00:00Z"), berlin, nothingTaken);
        QCOMPARE(found(once), QStringLiteral("real 2026-03-29T01:30:00.000Z"));
        QCOMPARE(found(NextFreeSlot::find(clash, {}, once->atMs, berlin, nothingTaken)),
                 QStringLiteral("gap 2026-04-05T00:30:00.000Z"));
    }

    void fallBackOverlapSlotsHappenOnceTheFirstTime()
    {
        // New York, 2026-11-01 (Sunday): 02:00 EDT falls back to 01:00 EST, so 01:30 is
        // 05:30 UTC and again 06:30 UTC.
        const SlotCalendar newYork(QTimeZone("America/New_York"));
        const QList<WeeklySlot> slots {slot("early", Qt::Sunday, 1, 30)};
        const auto first
            = NextFreeSlot::find(slots, {}, at("2026-10-31T12:00:00Z"), newYork, nothingTaken);
        QCOMPARE(found(first), QStringLiteral("early 2026-11-01T05:30:00.000Z"));
        QCOMPARE(found(NextFreeSlot::find(slots, {}, first->atMs, newYork, nothingTaken)),
                 QStringLiteral("early 2026-11-08T06:30:00.000Z")); // not the second 01:30

        // The New York spring-forward gap too: 2026-03-08, 02:00 EST jumps to 03:00 EDT.
        const QList<WeeklySlot> gap {slot("gap", Qt::Sunday, 2, 30)};
        QCOMPARE(
            found(NextFreeSlot::find(gap, {}, at("2026-03-07T12:00:00Z"), newYork, nothingTaken)),
            QStringLiteral("gap 2026-03-08T07:30:00.000Z")); // 03:30 EDT
    }

    void aGapEndingAtMidnightHidesNoSlotOfTheNextDay()
    {
        // Nuuk, 2026-03-28 (Saturday): 23:00 at -02 jumps to Sunday 00:00 at -01 (01:00 UTC).
        // Saturday 23:30 is read at -02 (01:30 UTC), after Sunday 00:15 (01:15 UTC).
        const SlotCalendar nuuk(QTimeZone("America/Nuuk"));
        const QList<WeeklySlot> slots {slot("sat2330", Qt::Saturday, 23, 30),
                                       slot("sun0015", Qt::Sunday, 0, 15)};
        const auto first
            = NextFreeSlot::find(slots, {}, at("2026-03-28T12:00:00Z"), nuuk, nothingTaken);
        QCOMPARE(found(first), QStringLiteral("sun0015 2026-03-29T01:15:00.000Z"));
        QCOMPARE(found(NextFreeSlot::find(slots, {}, first->atMs, nuuk, nothingTaken)),
                 QStringLiteral("sat2330 2026-03-29T01:30:00.000Z"));
        // Taken, the earlier one is not offered; the gap slot is.
        QCOMPARE(found(NextFreeSlot::find(slots, {}, at("2026-03-28T12:00:00Z"), nuuk,
                                          takenAt({first->atMs}))),
                 QStringLiteral("sat2330 2026-03-29T01:30:00.000Z"));
    }

    void aSlotOnASkippedDayIsOfferedAsTheSlotTheClocksShow()
    {
        // Apia skipped Friday 2011-12-30: Thursday 24:00 at -10 became Saturday 00:00 at +14.
        // Friday 10:00, read at -10, is the instant Saturday 10:00 really happens.
        const SlotCalendar apia(QTimeZone("Pacific/Apia"));
        const QList<WeeklySlot> slots {slot("fri10", Qt::Friday, 10, 0),
                                       slot("sat10", Qt::Saturday, 10, 0)};
        const auto once
            = NextFreeSlot::find(slots, {}, at("2011-12-28T00:00:00Z"), apia, nothingTaken);
        QCOMPARE(found(once), QStringLiteral("sat10 2011-12-30T20:00:00.000Z"));
        QCOMPARE(found(NextFreeSlot::find(slots, {}, once->atMs, apia, nothingTaken)),
                 QStringLiteral("fri10 2012-01-05T20:00:00.000Z"));
    }

    void takenOccurrencesAreSkipped()
    {
        const SlotCalendar utc(QTimeZone::utc());
        const QList<WeeklySlot> slots {slot("mon9", Qt::Monday, 9, 0),
                                       slot("mon10", Qt::Monday, 10, 0)};
        const QSet<qint64> taken {at("2026-03-02T09:00:00Z"), at("2026-03-02T10:00:00Z")};
        QCOMPARE(
            found(NextFreeSlot::find(slots, {}, at("2026-03-01T00:00:00Z"), utc, takenAt(taken))),
            QStringLiteral("mon9 2026-03-09T09:00:00.000Z"));
    }

    void searchesTwentySixWeeksAtMostInChunks()
    {
        const SlotCalendar utc(QTimeZone::utc());
        QList<WeeklySlot> slots;
        for (int hour = 0; hour < 24; ++hour)
            slots.append(
                slot(QStringLiteral("h%1").arg(hour).toLatin1().constData(), Qt::Tuesday, hour, 0));
        // Everything taken: the search gives up after 26 weeks.
        QList<qsizetype> chunks;
        qint64 previous = 0;
        const auto none = NextFreeSlot::find(
            slots, {}, at("2026-03-01T00:00:00Z"), utc, [&](const QList<qint64> &instants) {
                chunks.append(instants.size());
                for (qint64 instant : instants) {
                    [&] { QVERIFY(instant > previous); }(); // ascending, never twice
                    previous = instant;
                }
                return QList<bool>(instants.size(), true);
            });
        QVERIFY(!none);
        // Every occurrence of the 26 weeks once, in chunks that double up to the largest.
        QList<qsizetype> expected;
        for (qsizetype size = NextFreeSlot::FirstChunkSize, left = 26 * 24; left > 0;
             size = std::min<qsizetype>(2 * size, NextFreeSlot::LargestChunkSize)) {
            expected.append(std::min(size, left));
            left -= expected.last();
        }
        QCOMPARE(chunks, expected);
        QCOMPARE(chunks.first(), qsizetype(NextFreeSlot::FirstChunkSize));
        QVERIFY(chunks.contains(NextFreeSlot::LargestChunkSize));

        // Free only in the 26th week: found.
        const qint64 start = at("2026-03-01T00:00:00Z");
        const qint64 week26 = at("2026-08-25T00:00:00Z"); // a Tuesday, 25 weeks and 2 days later
        const auto late
            = NextFreeSlot::find(slots, {}, start, utc, [week26](const QList<qint64> &instants) {
                  QList<bool> result;
                  for (const qint64 instant : instants)
                      result.append(instant < week26);
                  return result;
              });
        QCOMPARE(found(late), QStringLiteral("h0 2026-08-25T00:00:00.000Z"));
        // Free only beyond 26 weeks: not found.
        const qint64 beyond = at("2026-09-01T00:00:00Z");
        QVERIFY(!NextFreeSlot::find(slots, {}, start, utc, [beyond](const QList<qint64> &instants) {
            QList<bool> result;
            for (const qint64 instant : instants)
                result.append(instant < beyond);
            return result;
        }));
    }

    void selectedTargets_data()
    {
        QTest::addColumn<QString>("accountId");
        QTest::addColumn<int>("platform");
        QTest::addColumn<QString>("subaccountId");
        QTest::addColumn<QString>("expected");
        // Slots: any (mon 8), twitter (mon 9), account acc_b (mon 10), page sub_p of acc_f (mon
        // 11).
        QTest::newRow("twitter account") << "acc_t" << int(Platform::Twitter) << ""
                                         << "any";
        QTest::newRow("linkedin account, any taken") << "acc_l" << int(Platform::LinkedIn) << ""
                                                     << "none-but-any";
        QTest::newRow("the named account") << "acc_b" << int(Platform::LinkedIn) << ""
                                           << "account";
        QTest::newRow("the page") << "acc_f" << int(Platform::Facebook) << "sub_p"
                                  << "page";
        QTest::newRow("the account without its page") << "acc_f" << int(Platform::Facebook) << ""
                                                      << "none-but-any";
    }
    void selectedTargets()
    {
        QFETCH(QString, accountId);
        QFETCH(int, platform);
        QFETCH(QString, subaccountId);
        QFETCH(QString, expected);
        const SlotCalendar utc(QTimeZone::utc());
        const QList<WeeklySlot> slots {
            slot("any", Qt::Monday, 8, 0),
            slot("twitter", Qt::Monday, 9, 0, {SlotTarget {Platform::Twitter, {}, {}}}),
            slot("account", Qt::Monday, 10, 0,
                 {SlotTarget {Platform::LinkedIn, QStringLiteral("acc_b"), {}}}),
            slot("page", Qt::Monday, 11, 0,
                 {SlotTarget {Platform::Facebook, QStringLiteral("acc_f"),
                              QStringLiteral("sub_p")}}),
        };
        const SlotQuery query {accountId, Platform(platform), subaccountId};
        // The open slot ("any") is taken this week, so each query shows which others apply.
        const auto occurrence = NextFreeSlot::find(slots, query, at("2026-03-01T00:00:00Z"), utc,
                                                   takenAt({at("2026-03-02T08:00:00Z")}));
        QVERIFY(occurrence);
        if (expected == u"none-but-any")
            QCOMPARE(found(occurrence), QStringLiteral("any 2026-03-09T08:00:00.000Z"));
        else if (expected == u"any")
            QCOMPARE(occurrence->slotId, QStringLiteral("twitter"));
        else
            QCOMPARE(occurrence->slotId, expected);
    }

    void noApplicableSlot()
    {
        const SlotCalendar utc(QTimeZone::utc());
        QVERIFY(!NextFreeSlot::find({}, {}, at("2026-03-01T00:00:00Z"), utc, nothingTaken));
        const QList<WeeklySlot> twitterOnly {
            slot("t", Qt::Monday, 9, 0, {SlotTarget {Platform::Twitter, {}, {}}})};
        QVERIFY(!NextFreeSlot::find(twitterOnly,
                                    SlotQuery {QStringLiteral("acc_l"), Platform::LinkedIn, {}},
                                    at("2026-03-01T00:00:00Z"), utc, nothingTaken));
    }
};

QTEST_GUILESS_MAIN(TestNextFreeSlot)
#include "tst_nextfreeslot.moc"
