#pragma once

#include <QString>

namespace slotline::gui {

// How a post or draft is named in lists, the calendar and messages: its first line that
// has something on it, trimmed (a text may begin with an empty line).
QString firstLine(const QString &text);

} // namespace slotline::gui
