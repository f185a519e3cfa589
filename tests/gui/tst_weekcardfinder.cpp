#include "gui/calendar/weekcardfinder.h"

#include <QTest>

using namespace slotline::gui;

namespace {

constexpr qint64 Hour = 3'600'000;

// Columns of exactly 100 pixels from x 56; an hour is 88 pixels tall.
const WeekGeometry Layout(756, 88, 56);

WeekCard slotCard(int row, int day, int minuteOfDay, const QString &accountId = {},
                  bool taken = false)
{
    WeekCard card;
    card.row = row;
    card.slot = true;
    card.day = day;
    card.minuteOfDay = minuteOfDay;
    card.startMs = day * 24 * Hour + minuteOfDay * 60'000;
    card.accountId = accountId;
    card.taken = taken;
    card.id = QStringLiteral("slot-%1").arg(row);
    return card;
}

WeekCard postCard(int row, int day, int minuteOfDay, int lane = 0, int laneCount = 1)
{
    WeekCard card;
    card.row = row;
    card.day = day;
    card.minuteOfDay = minuteOfDay;
    card.lane = lane;
    card.laneCount = laneCount;
    card.startMs = day * 24 * Hour + minuteOfDay * 60'000;
    card.id = QStringLiteral("post-%1").arg(row);
    return card;
}

int rowOf(const WeekCard *card)
{
    return card ? card->row : -1;
}

} // namespace

class TestWeekCardFinder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aPostIsFoundOverTheSlotItCovers()
    {
        // Slots first, as WeekCard::readAll makes them.
        const std::vector<WeekCard> cards {slotCard(0, 1, 9 * 60), postCard(1, 1, 9 * 60)};
        const WeekCardFinder finder(cards, Layout);
        const QRect post = WeekCardFinder::rectOf(cards[1], Layout);
        const QRect slot = WeekCardFinder::rectOf(cards[0], Layout);
        QCOMPARE(rowOf(finder.cardAt(post.center(), false)), 1);
        // The slot band left of the posts still finds the slot, unless only posts count.
        const QPoint band(slot.left() + 1, slot.center().y());
        QVERIFY(!post.contains(band));
        QCOMPARE(rowOf(finder.cardAt(band, false)), 0);
        QCOMPARE(finder.cardAt(band, true), nullptr);
        QCOMPARE(finder.cardAt(QPoint(post.center().x(), Layout.yOfMinute(12 * 60)), false),
                 nullptr);
    }

    void aDropSnapsToTheSlotUnderItThatIsForThePostsAccount()
    {
        const std::vector<WeekCard> cards {slotCard(0, 2, 10 * 60, QStringLiteral("acc-b")),
                                           slotCard(1, 2, 10 * 60),
                                           slotCard(2, 3, 10 * 60, QStringLiteral("acc-a"))};
        const WeekCardFinder finder(cards, Layout);
        const int y = Layout.yOfMinute(10 * 60) + 5;
        // A draft takes the first slot there, whoever it is for.
        QCOMPARE(rowOf(finder.slotForDrop(2, y, std::nullopt)), 0);
        // A post of another account skips it for the slot for all.
        QCOMPARE(rowOf(finder.slotForDrop(2, y, QStringLiteral("acc-a"))), 1);
        QCOMPARE(rowOf(finder.slotForDrop(3, y, QStringLiteral("acc-a"))), 2);
        QCOMPARE(finder.slotForDrop(3, y, QStringLiteral("acc-b")), nullptr);
        // Above the slot, or on a day without one: no snap.
        QCOMPARE(finder.slotForDrop(2, Layout.yOfMinute(10 * 60) - 2, std::nullopt), nullptr);
        QCOMPARE(finder.slotForDrop(4, y, std::nullopt), nullptr);
    }

    void aClickFindsTheSlotOfItsQuarterHour()
    {
        const std::vector<WeekCard> cards {slotCard(0, 0, 9 * 60 + 5), postCard(1, 0, 9 * 60)};
        const WeekCardFinder finder(cards, Layout);
        QCOMPARE(rowOf(finder.slotInQuarter(0, 9 * 60)), 0);
        QCOMPARE(rowOf(finder.slotInQuarter(0, 9 * 60 + 14)), 0);
        QCOMPARE(finder.slotInQuarter(0, 9 * 60 + 15), nullptr);
        QCOMPARE(finder.slotInQuarter(1, 9 * 60), nullptr);
    }

    void theNearestFreeSlotIsForTheAccountOrForAll()
    {
        const std::vector<WeekCard> cards {
            slotCard(0, 0, 8 * 60),
            slotCard(1, 0, 10 * 60, QStringLiteral("acc-b")), // another account's
            slotCard(2, 0, 11 * 60, {}, true), // taken
            slotCard(3, 0, 12 * 60, QStringLiteral("acc-a")),
            slotCard(4, 0, 15 * 60),
        };
        const WeekCardFinder finder(cards, Layout);
        const qint64 nine = 9 * Hour;
        QCOMPARE(finder.nearestFreeSlot(nine, QStringLiteral("acc-a"), 1), 12 * Hour);
        QCOMPARE(finder.nearestFreeSlot(nine, QStringLiteral("acc-a"), -1), 8 * Hour);
        QCOMPARE(finder.nearestFreeSlot(12 * Hour, QStringLiteral("acc-a"), 1), 15 * Hour);
        QCOMPARE(finder.nearestFreeSlot(15 * Hour, QStringLiteral("acc-a"), 1), std::nullopt);
        QCOMPARE(finder.nearestFreeSlot(8 * Hour, QStringLiteral("acc-b"), -1), std::nullopt);
    }

    void theKeyboardStepsThroughPostsInReadingOrder()
    {
        // Stored out of order on purpose: reading order is by day, time, then lane.
        const std::vector<WeekCard> cards {
            slotCard(0, 0, 8 * 60),       postCard(1, 2, 9 * 60, 1, 2), postCard(2, 0, 14 * 60),
            postCard(3, 2, 9 * 60, 0, 2), postCard(4, 0, 9 * 60),       postCard(5, 4, 13 * 60),
        };
        const WeekCardFinder finder(cards, Layout);
        using Step = WeekCardFinder::Step;
        const auto step
            = [&](int row, Step how) { return rowOf(finder.postAfterStep(row, how, 0, 4 * 60)); };
        QCOMPARE(step(4, Step::Next), 2);
        QCOMPARE(step(2, Step::Next), 3);
        QCOMPARE(step(3, Step::Next), 1);
        QCOMPARE(step(3, Step::Previous), 2);
        // At either end it stays.
        QCOMPARE(step(4, Step::Previous), 4);
        QCOMPARE(step(5, Step::Next), 5);
        QCOMPARE(step(1, Step::First), 4);
        QCOMPARE(step(1, Step::Last), 5);
        // Days: the nearest in time on the closest day that has posts, skipping empty days.
        QCOMPARE(step(2, Step::DayAfter), 3);
        QCOMPARE(step(3, Step::DayAfter), 5);
        QCOMPARE(step(5, Step::DayBefore), 3);
        QCOMPARE(step(5, Step::DayAfter), 5);
        // A page (four hours here) lands on the post nearest that time the same day.
        QCOMPARE(step(4, Step::PageDown), 2);
        QCOMPARE(step(2, Step::PageUp), 4);
        QCOMPARE(step(3, Step::PageDown), 3);
        // From no post: the first at or after the top of what is shown, else the first.
        QCOMPARE(rowOf(finder.postAfterStep(-1, Step::Next, 10 * 60, 60)), 2);
        QCOMPARE(rowOf(finder.postAfterStep(0, Step::Next, 20 * 60, 60)), 4);
    }

    void aWeekWithoutPostsHasNoStep()
    {
        const std::vector<WeekCard> cards {slotCard(0, 0, 8 * 60)};
        const WeekCardFinder finder(cards, Layout);
        QCOMPARE(finder.postAfterStep(0, WeekCardFinder::Step::Next, 0, 60), nullptr);
    }
};

QTEST_GUILESS_MAIN(TestWeekCardFinder)
#include "tst_weekcardfinder.moc"
