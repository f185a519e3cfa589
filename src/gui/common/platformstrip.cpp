#include "gui/common/platformstrip.h"

#include "gui/common/platformstyle.h"

#include <QPainter>

namespace slotline::gui {

QPixmap platformStrip(const QList<Platform> &platforms, int iconSize, qreal devicePixelRatio)
{
    if (platforms.isEmpty() || iconSize <= 0)
        return {};
    const int gap = qMax(1, iconSize / 4);
    const int count = int(platforms.size());
    const QSize size(count * iconSize + (count - 1) * gap, iconSize);
    QPixmap strip(size * devicePixelRatio);
    strip.setDevicePixelRatio(devicePixelRatio);
    strip.fill(Qt::transparent);
    QPainter painter(&strip);
    for (int i = 0; i < count; ++i) {
        const QPixmap icon = PlatformStyle::icon(platforms.at(i))
                                 .pixmap(QSize(iconSize, iconSize), devicePixelRatio);
        painter.drawPixmap(QPoint(i * (iconSize + gap), 0), icon);
    }
    return strip;
}

} // namespace slotline::gui
