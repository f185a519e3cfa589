#pragma once

#include <QString>
#include <QUrl>

namespace slotline::gui {

// Which server the app talks to: the one it runs itself, or one somewhere else.
struct ConnectionChoice
{
    enum class Mode { Bundled, Remote };

    Mode mode = Mode::Bundled;
    QUrl baseUrl; // Remote only
    QString apiKey; // Remote only

    friend bool operator==(const ConnectionChoice &, const ConnectionChoice &) = default;
};

} // namespace slotline::gui
