#pragma once

#include <QJsonArray>
#include <QString>

#include <optional>

namespace slotline::pagecursor {

// A cursor is the position after the last item of a page (the values of the sort key),
// bound to the list it came from so a cursor of one list is refused by another.
QString encode(QStringView listName, const QJsonArray &position);

std::optional<QJsonArray> decode(QStringView listName, QStringView cursor);

} // namespace slotline::pagecursor
