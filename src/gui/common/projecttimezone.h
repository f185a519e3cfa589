#pragma once

#include <QTimeZone>

namespace slotline::client {
class LocalStore;
}

namespace slotline::gui {

// The one zone the app shows the plan in: the project's, as the server last said (with
// the slots, else with the user's profile); this computer's until the server has answered
// once. Every list, the composer and Settings ask here, so they never disagree.
class ProjectTimeZone
{
public:
    static QTimeZone of(const client::LocalStore &store);
    // Its IANA name, e.g. "Europe/Berlin".
    static QString nameOf(const client::LocalStore &store);
};

} // namespace slotline::gui
