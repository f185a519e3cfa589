#pragma once

#include "gui/calendar/weekcard.h"

#include <QList>
#include <QModelIndex>

#include <vector>

class QAbstractItemModel;

namespace slotline::gui {

// The week's cards, read from the model when first asked for after a change, and the card
// of each model row. A change marks them stale rather than reading them at once: Qt sends
// several signals for one change, and asks for rectangles in between.
class WeekCardCache
{
public:
    void invalidate() { m_stale = true; }
    // The cards of the rows under `root`, as WeekCard::readAll makes them.
    const std::vector<WeekCard> &cards(const QAbstractItemModel *model, const QModelIndex &root);
    // The card of a model row among cards(); nullptr for a row it has none for.
    const WeekCard *cardOfRow(const QAbstractItemModel *model, const QModelIndex &root, int row);

private:
    std::vector<WeekCard> m_cards;
    QList<int> m_cardOfRow; // a model row's index in m_cards, -1 for none
    bool m_stale = true;
};

} // namespace slotline::gui
