#include "gui/common/icontheme.h"

#include <QIcon>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

QString IconTheme::name()
{
    return u"slotline"_s;
}

void IconTheme::install()
{
    // The theme is embedded under :/icons/slotline, and ":/icons" is one of Qt's theme
    // search paths unless someone replaced them.
    QStringList paths = QIcon::themeSearchPaths();
    if (!paths.contains(u":/icons"_s)) {
        paths.append(u":/icons"_s);
        QIcon::setThemeSearchPaths(paths);
    }
    QIcon::setFallbackThemeName(name());
    // Without a theme at all Qt never reaches the fallback: ours becomes the theme.
    if (QIcon::themeName().isEmpty())
        QIcon::setThemeName(name());
}

} // namespace slotline::gui
