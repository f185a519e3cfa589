#include "gui/calendar/weekcardcache.h"

#include <QAbstractItemModel>

namespace slotline::gui {

const std::vector<WeekCard> &WeekCardCache::cards(const QAbstractItemModel *model,
                                                  const QModelIndex &root)
{
    if (!m_stale)
        return m_cards;
    std::vector<WeekCard> previous;
    previous.swap(m_cards);
    m_cardOfRow.clear();
    if (model) {
        m_cards = WeekCard::readAll(*model, root, previous);
        m_cardOfRow = QList<int>(model->rowCount(root), -1);
        for (size_t i = 0; i < m_cards.size(); ++i)
            m_cardOfRow[m_cards[i].row] = int(i);
    }
    m_stale = false;
    return m_cards;
}

const WeekCard *WeekCardCache::cardOfRow(const QAbstractItemModel *model, const QModelIndex &root,
                                         int row)
{
    const std::vector<WeekCard> &all = cards(model, root);
    const int card = m_cardOfRow.value(row, -1);
    return card >= 0 && size_t(card) < all.size() ? &all[size_t(card)] : nullptr;
}

} // namespace slotline::gui
