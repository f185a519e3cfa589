#pragma once

#include "core/platform.h"

#include <QList>
#include <QPixmap>

namespace slotline::gui {

// The platforms' icons side by side in one pixmap, for a cell that can show a single
// decoration; a null pixmap for no platform. A view's delegate draws a QPixmap at its own
// size (a QIcon would be squeezed into the square icon size).
QPixmap platformStrip(const QList<Platform> &platforms, int iconSize = 16,
                      qreal devicePixelRatio = 1.0);

} // namespace slotline::gui
