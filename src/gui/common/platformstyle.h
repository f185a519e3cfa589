#pragma once

#include "core/platform.h"

#include <QColor>
#include <QIcon>

namespace slotline::gui {

// How a platform looks wherever the app shows one: its icon (drawn for Slotline, in
// resources/icons/platforms) and its colour for cards, counters and chips.
class PlatformStyle
{
public:
    static QIcon icon(Platform platform);
    static QColor color(Platform platform);
};

} // namespace slotline::gui
