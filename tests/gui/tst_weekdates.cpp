// The week calendar's dates in the locale's order: day first in British English, month
// first in American English, across months and years.
#include "gui/calendar/weekdates.h"

#include <QTest>

using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;

class TestWeekDates : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void headerDays_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("expected");
        QTest::newRow("British") << u"en_GB"_s << u"3 Nov"_s;
        QTest::newRow("American") << u"en_US"_s << u"Nov 3"_s;
    }

    void headerDays()
    {
        QFETCH(QString, locale);
        QFETCH(QString, expected);
        QCOMPARE(WeekDates::dayAndMonth(QDate(2026, 11, 3), QLocale(locale)), expected);
    }

    void ranges_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QDate>("first");
        QTest::addColumn<QString>("expected");
        const QDate inOneMonth(2026, 11, 2);
        const QDate overTwoMonths(2026, 10, 26);
        const QDate overTwoYears(2025, 12, 29);
        QTest::newRow("British, one month") << u"en_GB"_s << inOneMonth << u"2 – 8 November 2026"_s;
        QTest::newRow("British, two months")
            << u"en_GB"_s << overTwoMonths << u"26 Oct – 1 Nov 2026"_s;
        QTest::newRow("British, two years")
            << u"en_GB"_s << overTwoYears << u"29 Dec 2025 – 4 Jan 2026"_s;
        QTest::newRow("American, one month")
            << u"en_US"_s << inOneMonth << u"November 2 – 8, 2026"_s;
        QTest::newRow("American, two months")
            << u"en_US"_s << overTwoMonths << u"Oct 26 – Nov 1, 2026"_s;
        QTest::newRow("American, two years")
            << u"en_US"_s << overTwoYears << u"Dec 29, 2025 – Jan 4, 2026"_s;
    }

    void ranges()
    {
        QFETCH(QString, locale);
        QFETCH(QDate, first);
        QFETCH(QString, expected);
        QCOMPARE(WeekDates::range(first, first.addDays(6), QLocale(locale)), expected);
    }
};

QTEST_GUILESS_MAIN(TestWeekDates)
#include "tst_weekdates.moc"
