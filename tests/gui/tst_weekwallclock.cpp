#include "gui/calendar/weekwallclock.h"

#include <QDateTime>
#include <QTest>

using namespace slotline::gui;

class TestWeekWallClock : public QObject
{
    Q_OBJECT

    static qint64 utc(const char *isoTime)
    {
        return QDateTime::fromString(QString::fromLatin1(isoTime), Qt::ISODate).toMSecsSinceEpoch();
    }

private Q_SLOTS:
    void placesInstantsAcrossASummerTimeChange()
    {
        // Berlin moves from +01:00 to +02:00 at 01:00 UTC on Sunday 29 March 2026.
        const QTimeZone berlin("Europe/Berlin");
        QVERIFY(berlin.isValid());
        const QDate monday(2026, 3, 23);
        const WeekWallClock clock(berlin, monday, utc("2026-03-21T00:00:00Z"),
                                  utc("2026-03-31T00:00:00Z"));
        const auto expect = [&](const char *instant, int day, int minuteOfDay) {
            const WeekWallClock::Place place = clock.placeOf(utc(instant));
            QCOMPARE(place.day, day);
            QCOMPARE(place.minuteOfDay, minuteOfDay);
        };
        expect("2026-03-22T23:00:00Z", 0, 0); // Monday, midnight in Berlin
        expect("2026-03-25T11:15:00Z", 2, 12 * 60 + 15);
        expect("2026-03-29T00:30:00Z", 6, 90); // 01:30, before the change
        expect("2026-03-29T01:30:00Z", 6, 3 * 60 + 30); // 03:30, after it
        expect("2026-03-29T21:59:00Z", 6, 23 * 60 + 59);
        // Outside the week: its first or last column.
        expect("2026-03-22T22:59:00Z", 0, 23 * 60 + 59);
        expect("2026-03-29T22:00:00Z", 6, 0);
    }

    void aZoneWithoutChangesKeepsItsOffset()
    {
        const WeekWallClock clock(QTimeZone(5 * 3600 + 1800), QDate(2026, 11, 23),
                                  utc("2026-11-20T00:00:00Z"), utc("2026-12-02T00:00:00Z"));
        QCOMPARE(clock.wallMs(utc("2026-11-25T10:00:00Z")), utc("2026-11-25T15:30:00Z"));
        QCOMPARE(clock.placeOf(utc("2026-11-25T10:00:00Z")).day, 2);
        QCOMPARE(clock.placeOf(utc("2026-11-25T10:00:00Z")).minuteOfDay, 15 * 60 + 30);
    }
};

QTEST_GUILESS_MAIN(TestWeekWallClock)
#include "tst_weekwallclock.moc"
