#include "gui/common/platformstyle.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

QIcon PlatformStyle::icon(Platform platform)
{
    switch (platform) {
    case Platform::LinkedIn: return QIcon(u":/icons/platforms/linkedin.svg"_s);
    case Platform::Facebook: return QIcon(u":/icons/platforms/facebook.svg"_s);
    case Platform::Twitter: return QIcon(u":/icons/platforms/twitter.svg"_s);
    }
    return {};
}

QColor PlatformStyle::color(Platform platform)
{
    switch (platform) {
    case Platform::LinkedIn: return QColor(0x0a, 0x66, 0xc2);
    case Platform::Facebook: return QColor(0x18, 0x77, 0xf2);
    case Platform::Twitter: return QColor(0x14, 0x17, 0x1a);
    }
    return {};
}

} // namespace slotline::gui
