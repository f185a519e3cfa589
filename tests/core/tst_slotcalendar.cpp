#include "core/slotcalendar.h"

#include <QDateTime>
#include <QTest>

using namespace slotline;

namespace {

// The calendar's rules computed the slow, obvious way, straight from QTimeZone: the
// oracle the fast calendar must agree with everywhere.
int offsetMs(const QTimeZone &zone, qint64 ms)
{
    return zone.offsetFromUtc(QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC)) * 1000;
}

qint64 obviousInstant(const QTimeZone &zone, QDate date, int hour, int minute)
{
    constexpr qint64 Day = 24 * 60 * 60 * 1000;
    const qint64 wall = QDateTime(date, QTime(hour, minute), Qt::UTC).toMSecsSinceEpoch();
    const qint64 before = offsetMs(zone, wall - Day - Day / 12);
    const qint64 after = offsetMs(zone, wall + Day + Day / 12);
    const bool beforeHolds = offsetMs(zone, wall - before) == before;
    const bool afterHolds = offsetMs(zone, wall - after) == after;
    if (beforeHolds && afterHolds)
        return std::min(wall - before, wall - after);
    if (afterHolds && !beforeHolds)
        return wall - after;
    return wall - before;
}

qint64 utcMs(const char *iso)
{
    return QDateTime::fromString(QString::fromLatin1(iso), Qt::ISODate).toMSecsSinceEpoch();
}

} // namespace

class TestSlotCalendar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decidedCases_data()
    {
        QTest::addColumn<QByteArray>("zone");
        QTest::addColumn<QDate>("date");
        QTest::addColumn<QTime>("wallClock");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("Berlin winter") << QByteArray("Europe/Berlin") << QDate(2026, 1, 5)
                                       << QTime(9, 0) << utcMs("2026-01-05T08:00:00Z");
        QTest::newRow("Berlin summer") << QByteArray("Europe/Berlin") << QDate(2026, 7, 6)
                                       << QTime(9, 0) << utcMs("2026-07-06T07:00:00Z");
        // 02:00 jumps to 03:00: 02:30 is read with the offset before, landing at 03:30.
        QTest::newRow("Berlin gap") << QByteArray("Europe/Berlin") << QDate(2026, 3, 29)
                                    << QTime(2, 30) << utcMs("2026-03-29T01:30:00Z");
        // 03:00 falls back to 02:00: 02:30 happens twice, the first time counts.
        QTest::newRow("Berlin overlap") << QByteArray("Europe/Berlin") << QDate(2026, 10, 25)
                                        << QTime(2, 30) << utcMs("2026-10-25T00:30:00Z");
        QTest::newRow("New York overlap") << QByteArray("America/New_York") << QDate(2026, 11, 1)
                                          << QTime(1, 30) << utcMs("2026-11-01T05:30:00Z");
        // Lord Howe moves by half an hour.
        QTest::newRow("Lord Howe gap") << QByteArray("Australia/Lord_Howe") << QDate(2026, 10, 4)
                                       << QTime(2, 15) << utcMs("2026-10-03T15:45:00Z");
        // Samoa skipped 30 December 2011 altogether.
        QTest::newRow("Apia skipped day") << QByteArray("Pacific/Apia") << QDate(2011, 12, 30)
                                          << QTime(9, 0) << utcMs("2011-12-30T19:00:00Z");
        QTest::newRow("Kolkata") << QByteArray("Asia/Kolkata") << QDate(2026, 3, 29) << QTime(9, 0)
                                 << utcMs("2026-03-29T03:30:00Z");
        QTest::newRow("UTC") << QByteArray("UTC") << QDate(2026, 3, 29) << QTime(9, 0)
                             << utcMs("2026-03-29T09:00:00Z");
    }

    void decidedCases()
    {
        QFETCH(QByteArray, zone);
        QFETCH(QDate, date);
        QFETCH(QTime, wallClock);
        QFETCH(qint64, expected);
        const QTimeZone timeZone(zone);
        QVERIFY(timeZone.isValid());
        const SlotCalendar calendar(timeZone);
        QCOMPARE(calendar.instantOf(date, wallClock.hour(), wallClock.minute()), expected);
        QCOMPARE(obviousInstant(timeZone, date, wallClock.hour(), wallClock.minute()), expected);
    }

    void agreesWithTheObviousComputationEverywhere_data()
    {
        QTest::addColumn<QByteArray>("zone");
        for (const char *zone :
             {"Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia",
              "America/Sao_Paulo", "Africa/Casablanca", "Asia/Tehran", "Pacific/Chatham", "UTC"})
            QTest::newRow(zone) << QByteArray(zone);
    }

    void agreesWithTheObviousComputationEverywhere()
    {
        QFETCH(QByteArray, zone);
        const QTimeZone timeZone(zone);
        QVERIFY(timeZone.isValid());
        const SlotCalendar calendar(timeZone);
        // Forwards through years with several rule changes, then jumping back, as searches
        // from different starting points do; every half hour of a few days around each
        // transition, and a few times of every other day.
        int compared = 0;
        for (const auto &[from, to] : {std::pair {QDate(2010, 1, 1), QDate(2013, 1, 1)},
                                       std::pair {QDate(2025, 1, 1), QDate(2028, 1, 1)},
                                       std::pair {QDate(2011, 6, 1), QDate(2012, 6, 1)}}) {
            for (QDate date = from; date < to; date = date.addDays(1)) {
                const qint64 noon = QDateTime(date, QTime(12, 0), Qt::UTC).toMSecsSinceEpoch();
                const bool nearTransition = offsetMs(timeZone, noon - 36 * 3'600'000)
                                            != offsetMs(timeZone, noon + 36 * 3'600'000);
                for (int minutes = 0; minutes < 24 * 60; minutes += nearTransition ? 15 : 390) {
                    const int hour = minutes / 60;
                    const int minute = minutes % 60;
                    const qint64 instant = calendar.instantOf(date, hour, minute);
                    QCOMPARE(instant, obviousInstant(timeZone, date, hour, minute));
                    QCOMPARE(calendar.localDate(instant),
                             QDateTime::fromMSecsSinceEpoch(instant, timeZone).date());
                    ++compared;
                }
            }
        }
        QVERIFY(compared > 3000);
    }
};

QTEST_GUILESS_MAIN(TestSlotCalendar)
#include "tst_slotcalendar.moc"
