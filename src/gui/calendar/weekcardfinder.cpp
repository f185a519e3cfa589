#include "gui/calendar/weekcardfinder.h"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <tuple>

namespace slotline::gui {

WeekCardFinder::WeekCardFinder(const std::vector<WeekCard> &cards, const WeekGeometry &geometry)
    : m_cards(cards)
    , m_geometry(geometry)
{ }

QRect WeekCardFinder::rectOf(const WeekCard &card, const WeekGeometry &geometry)
{
    return card.slot ? geometry.slotRect(card.day, card.minuteOfDay)
                     : geometry.postRect(card.day, card.minuteOfDay, card.lane, card.laneCount);
}

const WeekCard *WeekCardFinder::cardAt(const QPoint &point, bool postsOnly) const
{
    // Backwards: posts come after the slots they are painted over.
    for (auto card = m_cards.crbegin(); card != m_cards.crend(); ++card) {
        if (card->slot && postsOnly)
            break;
        if (rectOf(*card, m_geometry).contains(point))
            return &*card;
    }
    return nullptr;
}

const WeekCard *WeekCardFinder::slotForDrop(int day, int y,
                                            const std::optional<QString> &postAccountId) const
{
    for (const WeekCard &card : m_cards) {
        if (!card.slot)
            break;
        if (postAccountId && !card.accountId.isEmpty() && card.accountId != *postAccountId)
            continue;
        const QRect rect = rectOf(card, m_geometry);
        if (card.day == day && rect.contains(QPoint(rect.center().x(), y)))
            return &card;
    }
    return nullptr;
}

const WeekCard *WeekCardFinder::slotInQuarter(int day, int minuteOfDay) const
{
    const int quarter = minuteOfDay / WeekGeometry::MinutesPerStep;
    for (const WeekCard &card : m_cards) {
        if (!card.slot)
            break;
        if (card.day == day && card.minuteOfDay / WeekGeometry::MinutesPerStep == quarter)
            return &card;
    }
    return nullptr;
}

std::optional<qint64> WeekCardFinder::nearestFreeSlot(qint64 fromMs, const QString &accountId,
                                                      int direction) const
{
    std::optional<qint64> best;
    for (const WeekCard &card : m_cards) {
        if (!card.slot)
            break;
        if (card.taken || (!card.accountId.isEmpty() && card.accountId != accountId))
            continue;
        const bool thatWay = direction > 0 ? card.startMs > fromMs : card.startMs < fromMs;
        const bool nearer = !best || (direction > 0 ? card.startMs < *best : card.startMs > *best);
        if (thatWay && nearer)
            best = card.startMs;
    }
    return best;
}

std::vector<const WeekCard *> WeekCardFinder::postsInReadingOrder() const
{
    std::vector<const WeekCard *> posts;
    for (const WeekCard &card : m_cards) {
        if (!card.slot)
            posts.push_back(&card);
    }
    std::sort(posts.begin(), posts.end(), [](const WeekCard *a, const WeekCard *b) {
        return std::tie(a->day, a->minuteOfDay, a->lane)
               < std::tie(b->day, b->minuteOfDay, b->lane);
    });
    return posts;
}

const WeekCard *WeekCardFinder::postAfterStep(int row, Step step, int topMinute,
                                              int pageMinutes) const
{
    const std::vector<const WeekCard *> posts = postsInReadingOrder();
    if (posts.empty())
        return nullptr;
    const auto at = std::find_if(posts.cbegin(), posts.cend(),
                                 [row](const WeekCard *card) { return card->row == row; });
    if (at == posts.cend()) {
        const auto first = std::find_if(posts.cbegin(), posts.cend(), [topMinute](auto *card) {
            return card->minuteOfDay >= topMinute;
        });
        return first != posts.cend() ? *first : posts.front();
    }
    const WeekCard *here = *at;
    // The post nearest in time to `minuteOfDay` on `day`, if it has any.
    const auto nearestOn = [&posts](int day, int minuteOfDay) -> const WeekCard * {
        const WeekCard *nearest = nullptr;
        for (const WeekCard *card : posts) {
            if (card->day == day
                && (!nearest
                    || std::abs(card->minuteOfDay - minuteOfDay)
                           < std::abs(nearest->minuteOfDay - minuteOfDay)))
                nearest = card;
        }
        return nearest;
    };
    switch (step) {
    case Step::Previous: return at == posts.cbegin() ? here : *std::prev(at);
    case Step::Next: return std::next(at) == posts.cend() ? here : *std::next(at);
    case Step::First: return posts.front();
    case Step::Last: return posts.back();
    case Step::DayBefore:
    case Step::DayAfter: {
        // On the closest day that has posts that way.
        const int way = step == Step::DayBefore ? -1 : 1;
        for (int day = here->day + way; day >= 0 && day < 7; day += way) {
            if (const WeekCard *nearest = nearestOn(day, here->minuteOfDay))
                return nearest;
        }
        return here;
    }
    case Step::PageUp:
    case Step::PageDown: {
        const int target = here->minuteOfDay + (step == Step::PageUp ? -pageMinutes : pageMinutes);
        const WeekCard *nearest = nearestOn(here->day, target);
        // Ties stay where they are.
        return std::abs(here->minuteOfDay - target) <= std::abs(nearest->minuteOfDay - target)
                   ? here
                   : nearest;
    }
    }
    return here;
}

} // namespace slotline::gui
