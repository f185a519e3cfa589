#pragma once

#include "gui/calendar/weekcard.h"
#include "gui/calendar/weekgeometry.h"

#include <QPoint>
#include <QRect>
#include <QString>

#include <optional>
#include <vector>

namespace slotline::gui {

// Finds the cards of a week that a click, a drop or a key is about: arithmetic on the cards
// and the geometry, so the view only asks, and the answers are tested without a widget.
// Points are in content coordinates (y 0 is midnight).
class WeekCardFinder
{
public:
    // Steps of the keyboard between posts, in the order of reading the calendar: by day,
    // then time, then lane.
    enum class Step { Previous, Next, First, Last, DayBefore, DayAfter, PageUp, PageDown };

    WeekCardFinder(const std::vector<WeekCard> &cards, const WeekGeometry &geometry);

    // Where a card is painted: a slot spans its column, a post its lane.
    static QRect rectOf(const WeekCard &card, const WeekGeometry &geometry);
    // The card on top at a point: a post over the slot it covers. `postsOnly` skips slots.
    const WeekCard *cardAt(const QPoint &point, bool postsOnly) const;
    // The slot a drop at `y` on `day` snaps to: one that spans that height. A post snaps
    // only to slots for its own account or for all (`postAccountId`); a draft (nullopt) to
    // any.
    const WeekCard *slotForDrop(int day, int y, const std::optional<QString> &postAccountId) const;
    // The slot in the quarter hour of `minuteOfDay`, even under a post's card.
    const WeekCard *slotInQuarter(int day, int minuteOfDay) const;
    // The start of the nearest free slot after `fromMs` (direction > 0) or before it, for
    // `accountId` or for all.
    std::optional<qint64> nearestFreeSlot(qint64 fromMs, const QString &accountId,
                                          int direction) const;
    // The post a step leads to from the post of model row `row`: itself at either end.
    // From no post's row, the first post at or after `topMinute`. `pageMinutes` is how far
    // a page steps. nullptr when the week has no posts.
    const WeekCard *postAfterStep(int row, Step step, int topMinute, int pageMinutes) const;

private:
    std::vector<const WeekCard *> postsInReadingOrder() const;

    const std::vector<WeekCard> &m_cards;
    WeekGeometry m_geometry;
};

} // namespace slotline::gui
