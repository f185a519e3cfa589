#include "gui/calendar/weeklanes.h"

#include <QTest>

using namespace slotline::gui;

class TestWeekLanes : public QObject
{
    Q_OBJECT

    struct Item
    {
        qint64 startMs = 0;
        int day = 0;
        bool post = true;
        int lane = -1;
        int laneCount = -1;
    };
    static constexpr qint64 Span = 15;

private Q_SLOTS:
    void overlappingPostsGoSideBySideAndShareTheirGroupsCount()
    {
        // Day 0: three overlapping (the third fits back into lane 0), then one alone.
        // A slot among them takes no lane. Day 1: two at the same time.
        std::vector<Item> items {{0, 0},  {5, 0},   {7, 0, false}, {15, 0},
                                 {40, 0}, {100, 1}, {100, 1}};
        weeklanes::assignByDay(
            items, [](const Item &item) { return item.post; }, Span);
        const std::vector<std::pair<int, int>> expected {{0, 2}, {1, 2}, {-1, -1}, {0, 2},
                                                         {0, 1}, {0, 2}, {1, 2}};
        for (size_t i = 0; i < items.size(); ++i) {
            QCOMPARE(items[i].lane, expected[i].first);
            QCOMPARE(items[i].laneCount, expected[i].second);
        }
    }
};

QTEST_GUILESS_MAIN(TestWeekLanes)
#include "tst_weeklanes.moc"
