#include "storage/page.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

void PageRequest::appendTo(QString &sql, QVariantList &binds, QLatin1StringView sortColumn,
                           Order order) const
{
    const bool descending = order == Order::Descending;
    if (hasCursor(2)) {
        sql += "AND ("_L1 + sortColumn + (descending ? ", id) < (?, ?) "_L1 : ", id) > (?, ?) "_L1);
        binds << after.at(0).toInteger() << after.at(1).toString();
    }
    sql += "ORDER BY "_L1 + sortColumn
           + (descending ? " DESC, id DESC LIMIT ?"_L1 : ", id LIMIT ?"_L1);
    binds << limit + 1;
}

} // namespace slotline
