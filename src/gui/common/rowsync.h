#pragma once

#include <QModelIndex>
#include <QSet>
#include <QString>

#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

namespace slotline::gui {

// A model's begin/end calls for one list of rows (the children of one parent), so that
// syncRows() can announce each step while it changes the list.
struct RowNotifier
{
    std::function<void(int first, int last)> beginRemove;
    std::function<void()> endRemove;
    std::function<void(int first, int last)> beginInsert;
    std::function<void()> endInsert;
    // Moves the row `from` up to `to` (always to < from).
    std::function<void(int from, int to)> beginMove;
    std::function<void()> endMove;
};

// Turns `rows` into `fresh`, rows matched by `keyOf` (unique within each list), with
// removals, moves and insertions only: the rows that stay keep their persistent indexes,
// so views keep their selection, current item and expansion where a reset would lose
// them. `update(row, current, fresh)` is called for each row that stays, once it is in
// place, to take the fresh values and report what changed (dataChanged).
template<typename Row, typename KeyOf, typename Update>
void syncRows(std::vector<Row> &rows, std::vector<Row> fresh, KeyOf keyOf, Update update,
              const RowNotifier &notify)
{
    // A key twice would have no single place: the first one counts.
    QSet<QString> freshKeys;
    freshKeys.reserve(qsizetype(fresh.size()));
    fresh.erase(std::remove_if(fresh.begin(), fresh.end(),
                               [&](const Row &row) {
                                   const QString key = keyOf(row);
                                   if (freshKeys.contains(key))
                                       return true;
                                   freshKeys.insert(key);
                                   return false;
                               }),
                fresh.end());

    // Removals first, a run of neighbours at a time, from the end so rows do not shift.
    for (int last = int(rows.size()) - 1; last >= 0; --last) {
        if (freshKeys.contains(keyOf(rows[size_t(last)])))
            continue;
        int first = last;
        while (first > 0 && !freshKeys.contains(keyOf(rows[size_t(first - 1)])))
            --first;
        notify.beginRemove(first, last);
        rows.erase(rows.begin() + first, rows.begin() + last + 1);
        notify.endRemove();
        last = first;
    }

    QSet<QString> currentKeys;
    currentKeys.reserve(qsizetype(rows.size()));
    for (const Row &row : rows)
        currentKeys.insert(keyOf(row));

    // Now every current row is in `fresh`: walk it, bringing each row to its place.
    for (size_t position = 0; position < fresh.size(); ++position) {
        const QString key = keyOf(fresh[position]);
        if (!currentKeys.contains(key)) {
            // A run of new rows goes in as one insertion.
            size_t end = position + 1;
            while (end < fresh.size() && !currentKeys.contains(keyOf(fresh[end])))
                ++end;
            notify.beginInsert(int(position), int(end - 1));
            rows.insert(rows.begin() + qsizetype(position),
                        std::make_move_iterator(fresh.begin() + qsizetype(position)),
                        std::make_move_iterator(fresh.begin() + qsizetype(end)));
            notify.endInsert();
            position = end - 1;
            continue;
        }
        if (keyOf(rows[position]) != key) {
            const auto found = std::find_if(rows.begin() + qsizetype(position) + 1, rows.end(),
                                            [&](const Row &row) { return keyOf(row) == key; });
            const int from = int(found - rows.begin());
            notify.beginMove(from, int(position));
            std::rotate(rows.begin() + qsizetype(position), found, found + 1);
            notify.endMove();
        }
        update(int(position), rows[position], std::move(fresh[position]));
    }
}

// A model base that hands syncRows() its own begin/end calls for the children of
// `parent` (the top level by default): the notifications are protected members, so only
// the model itself can give them out.
template<typename Model>
class RowSyncing : public Model
{
public:
    using Model::Model;

protected:
    RowNotifier rowNotifier(const QModelIndex &parent = {})
    {
        return RowNotifier {
            [this, parent](int first, int last) { this->beginRemoveRows(parent, first, last); },
            [this] { this->endRemoveRows(); },
            [this, parent](int first, int last) { this->beginInsertRows(parent, first, last); },
            [this] { this->endInsertRows(); },
            [this, parent](int from, int to) {
                this->beginMoveRows(parent, from, from, parent, to);
            },
            [this] { this->endMoveRows(); },
        };
    }
};

} // namespace slotline::gui
