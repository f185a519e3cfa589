#include "gui/common/firstline.h"

#include <QList>

namespace slotline::gui {

QString firstLine(const QString &text)
{
    for (const QStringView line : QStringView(text).split(u'\n')) {
        const QStringView trimmed = line.trimmed();
        if (!trimmed.isEmpty())
            return trimmed.toString();
    }
    return {};
}

} // namespace slotline::gui
