#pragma once

#include <QString>

namespace slotline::gui {

// Slotline's own icons under the freedesktop names the app asks QIcon::fromTheme for
// (resources/icons/slotline). They stand in for names the desktop's theme lacks, and for the
// whole theme where there is none (a bare X session, the offscreen platform).
class IconTheme
{
public:
    static QString name();
    // Once, after the QGuiApplication exists and before the first icon is asked for.
    static void install();
};

} // namespace slotline::gui
