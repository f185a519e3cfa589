#pragma once

#include <QColor>

namespace slotline::gui {

// The few text colours the models give through Qt::ForegroundRole, in one place so every
// list greys out and warns alike.
class ItemColors
{
public:
    // Greyed out: revoked, disconnected, empty, cancelled (the palette's disabled text).
    static QColor muted();
    static QColor success();
    static QColor busy();
    static QColor warning();
    static QColor error();

    // `a` with `amountOfB` (0 to 1) of `b` in it: tints of the palette's own colours.
    static QColor mixed(const QColor &a, const QColor &b, double amountOfB);
};

} // namespace slotline::gui
