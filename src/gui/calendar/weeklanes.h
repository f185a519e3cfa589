#pragma once

#include <QtGlobal>

#include <algorithm>
#include <limits>
#include <vector>

namespace slotline::gui::weeklanes {

// Posts whose spans overlap go side by side: each takes the first lane free at its start,
// and all posts of a group of overlapping ones share that group's lane count. `posts`
// are the indexes of one day column's posts in `items`, by start; an item has `startMs`,
// `lane` and `laneCount`.
template<typename Items>
void assign(Items &items, const std::vector<size_t> &posts, qint64 spanMs)
{
    std::vector<qint64> laneEnds;
    size_t groupBegin = 0;
    qint64 groupEnd = std::numeric_limits<qint64>::min();
    const auto closeGroup = [&](size_t end) {
        for (size_t i = groupBegin; i < end; ++i)
            items[posts[i]].laneCount = int(laneEnds.size());
        laneEnds.clear();
        groupBegin = end;
    };
    for (size_t i = 0; i < posts.size(); ++i) {
        auto &item = items[posts[i]];
        if (i > groupBegin && item.startMs >= groupEnd)
            closeGroup(i);
        const auto free = std::find_if(laneEnds.begin(), laneEnds.end(),
                                       [&](qint64 end) { return end <= item.startMs; });
        const qint64 end = item.startMs + spanMs;
        if (free == laneEnds.end()) {
            item.lane = int(laneEnds.size());
            laneEnds.push_back(end);
        } else {
            item.lane = int(free - laneEnds.begin());
            *free = end;
        }
        groupEnd = std::max(groupEnd, end);
    }
    closeGroup(posts.size());
}

// The lanes of every day column: `items` sorted by start, each with a `day`; `isPost`
// tells the items that take a lane.
template<typename Items, typename IsPost>
void assignByDay(Items &items, IsPost isPost, qint64 spanMs)
{
    std::vector<size_t> dayPosts;
    int day = -1;
    for (size_t i = 0; i < items.size(); ++i) {
        if (!isPost(items[i]))
            continue;
        if (items[i].day != day) {
            assign(items, dayPosts, spanMs);
            dayPosts.clear();
            day = items[i].day;
        }
        dayPosts.push_back(i);
    }
    assign(items, dayPosts, spanMs);
}

} // namespace slotline::gui::weeklanes
