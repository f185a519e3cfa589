#pragma once

#include "storage/statement.h"

#include <QJsonArray>
#include <QList>
#include <QString>
#include <QVariantList>

namespace slotline {

// Keyset paging: `after` is the sort key of the last item already seen (empty for the
// first page). Pages stay stable while rows are added, unlike OFFSET.
struct PageRequest
{
    int limit = 50;
    QJsonArray after;

    enum class Order { Ascending, Descending };

    bool hasCursor(int keyParts) const { return after.size() == keyParts; }

    // Ends a query whose WHERE clause is open, for a list sorted by (sortColumn, id):
    // the rows past the cursor, in that order, one more than the limit (collectPage).
    void appendTo(QString &sql, QVariantList &binds, QLatin1StringView sortColumn,
                  Order order) const;
};

template<typename T>
struct Page
{
    QList<T> items;
    QJsonArray nextAfter; // empty on the last page
};

// Reads a query that selected `limit + 1` rows: the extra row only tells that another
// page exists, and the page's last item's sort key becomes the cursor.
template<typename T, typename ReadRow, typename SortKey>
Page<T> collectPage(Statement &query, int limit, ReadRow readRow, SortKey sortKey)
{
    Page<T> page;
    while (query.next()) {
        if (page.items.size() == limit) {
            page.nextAfter = sortKey(page.items.constLast());
            break;
        }
        page.items.append(readRow(query));
    }
    return page;
}

} // namespace slotline
