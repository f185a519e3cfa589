#include "gui/calendar/weekgeometry.h"

#include <QTest>

using namespace slotline::gui;

class TestWeekGeometry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void columnsTileTheWidthWithoutGapsOrOverlaps()
    {
        // 7 columns in 703 - 56 = 647 pixels: not a whole number each.
        const WeekGeometry layout(703, 88, 56);
        QCOMPARE(layout.dayColumn(0, 500).left(), 56);
        for (int day = 1; day < 7; ++day)
            QCOMPARE(layout.dayColumn(day, 500).left(), layout.dayColumn(day - 1, 500).right() + 1);
        QCOMPARE(layout.dayColumn(6, 500).right(), 702);
        QCOMPARE(layout.dayColumn(3, 500).height(), 500);
    }

    void minutesAndPixelsMeetInBothDirections()
    {
        const WeekGeometry layout(760, 88, 56);
        QCOMPARE(layout.contentHeight(), 24 * 88);
        QCOMPARE(layout.yOfMinute(9 * 60), 9 * 88);
        // Every quarter hour is found again from its own top and from just above its end.
        for (int minute = 0; minute < WeekGeometry::MinutesPerDay;
             minute += WeekGeometry::MinutesPerStep) {
            QCOMPARE(layout.minuteAt(layout.yOfMinute(minute)), minute);
            QCOMPARE(layout.minuteAt(layout.yOfMinute(minute + WeekGeometry::MinutesPerStep) - 1),
                     minute);
        }
        // Above midnight and past the day's end: the day's first and last quarter hour.
        QCOMPARE(layout.minuteAt(-40), 0);
        QCOMPARE(layout.minuteAt(layout.contentHeight() + 40), 23 * 60 + 45);
    }

    void daysUnderX()
    {
        const WeekGeometry layout(756, 88, 56); // columns of exactly 100
        QCOMPARE(layout.dayAt(55), std::nullopt); // the time axis
        QCOMPARE(layout.dayAt(56), 0);
        QCOMPARE(layout.dayAt(155), 0);
        QCOMPARE(layout.dayAt(156), 1);
        QCOMPARE(layout.dayAt(755), 6);
        QCOMPARE(layout.dayAt(756), std::nullopt);
    }

    void postsShareTheColumnRightOfTheSlotBand()
    {
        const WeekGeometry layout(756, 88, 56);
        const QRect slot = layout.slotRect(2, 9 * 60);
        QCOMPARE(slot.left(), 56 + 200 + 1);
        QCOMPARE(slot.width(), 98);
        QCOMPARE(slot.top(), 9 * 88);
        QCOMPARE(slot.height(), 15 * 88 / 60 - 1);
        // Three lanes: side by side, in order, inside the column, none over the band.
        QRect previous;
        for (int lane = 0; lane < 3; ++lane) {
            const QRect post = layout.postRect(2, 9 * 60, lane, 3);
            QVERIFY(post.left() > slot.left() + WeekGeometry::SlotBand - 1);
            QVERIFY(post.right() <= slot.right());
            QCOMPARE(post.top(), slot.top());
            if (lane > 0)
                QVERIFY(post.left() > previous.right());
            previous = post;
        }
        // However many lanes, a card stays wide and tall enough to hit.
        QVERIFY(layout.postRect(0, 0, 49, 50).width() >= 3);
        QVERIFY(WeekGeometry(756, 4, 56).slotRect(0, 0).height() >= 4);
    }
};

QTEST_GUILESS_MAIN(TestWeekGeometry)
#include "tst_weekgeometry.moc"
