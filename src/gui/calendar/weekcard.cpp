#include "gui/calendar/weekcard.h"

#include "gui/calendar/weekmodel.h"

#include <QHash>

#include <algorithm>

namespace slotline::gui {

std::vector<WeekCard> WeekCard::readAll(const QAbstractItemModel &model, const QModelIndex &root,
                                        const std::vector<WeekCard> &previous)
{
    std::vector<WeekCard> cards;
    const int rows = model.rowCount(root);
    cards.reserve(size_t(rows));
    std::vector<WeekCard> posts;
    for (int row = 0; row < rows; ++row) {
        const QModelIndex index = model.index(row, 0, root);
        WeekCard card;
        card.row = row;
        card.slot = index.data(WeekModel::KindRole).toInt() == int(WeekModel::Kind::Slot);
        card.day = index.data(WeekModel::DayRole).toInt();
        card.minuteOfDay = index.data(WeekModel::MinuteOfDayRole).toInt();
        card.lane = index.data(WeekModel::LaneRole).toInt();
        card.laneCount = std::max(1, index.data(WeekModel::LaneCountRole).toInt());
        card.startMs = index.data(WeekModel::StartRole).toLongLong();
        card.platform = index.data(WeekModel::PlatformRole).toInt();
        card.accountId = index.data(WeekModel::AccountIdRole).toString();
        card.pageId = index.data(WeekModel::PageIdRole).toString();
        if (card.slot) {
            card.taken = index.data(WeekModel::TakenRole).toBool();
            card.pending = index.data(WeekModel::PendingRole).toBool();
            card.label = index.data(Qt::DisplayRole).toString();
            card.id = index.data(WeekModel::SlotIdRole).toString();
            card.detail = index.data(WeekModel::AccountNameRole).toString();
            cards.push_back(std::move(card));
        } else {
            card.status = index.data(WeekModel::StatusRole).toInt();
            card.pending = index.data(WeekModel::PendingRole).toBool();
            card.movable = index.data(WeekModel::MovableRole).toBool();
            card.id = index.data(WeekModel::SubmissionIdRole).toString();
            // The text first: in a narrow lane it is what tells posts apart (the icon
            // already says the platform).
            card.label = index.data(WeekModel::TitleRole).toString();
            card.detail = index.data(WeekModel::AccountNameRole).toString();
            posts.push_back(std::move(card));
        }
    }
    // Slots first: posts are painted over them, and found first under the mouse.
    for (WeekCard &post : posts)
        cards.push_back(std::move(post));
    // A card made again keeps the text the painter elided for it while its text is the same.
    QHash<QString, const WeekCard *> previousById;
    previousById.reserve(qsizetype(previous.size()));
    for (const WeekCard &card : previous) {
        if (card.elidedKind >= 0 && !card.id.isEmpty())
            previousById.insert(card.id, &card);
    }
    for (WeekCard &card : cards) {
        if (const WeekCard *before = card.id.isEmpty() ? nullptr : previousById.value(card.id))
            card.keepElisionOf(*before);
    }
    return cards;
}

} // namespace slotline::gui
