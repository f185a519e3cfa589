#include "gui/common/itemcolors.h"

#include <QGuiApplication>
#include <QPalette>

namespace slotline::gui {

QColor ItemColors::muted()
{
    return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
}

// Dark enough to read on a light base and still distinct on a dark one.
QColor ItemColors::success()
{
    return QColor(0x2e, 0x7d, 0x32);
}

QColor ItemColors::busy()
{
    return QColor(0x15, 0x65, 0xc0);
}

QColor ItemColors::warning()
{
    return QColor(0xb2, 0x6a, 0x00);
}

QColor ItemColors::error()
{
    return QColor(0xc6, 0x28, 0x28);
}

QColor ItemColors::mixed(const QColor &a, const QColor &b, double amountOfB)
{
    return QColor::fromRgbF(float(a.redF() * (1 - amountOfB) + b.redF() * amountOfB),
                            float(a.greenF() * (1 - amountOfB) + b.greenF() * amountOfB),
                            float(a.blueF() * (1 - amountOfB) + b.blueF() * amountOfB));
}

} // namespace slotline::gui
