#pragma once

#include <Qt>

namespace slotline::gui {

// What a key pressed in the week calendar asks for; the view does it. Reading the keys
// apart from doing them keeps the keyboard's map in one place, tested without a widget.
//
// Posts: Alt+Up/Down move the post at hand by a quarter hour, Alt+Left/Right by a day,
// Alt+Shift+Up/Down to the nearest free slot that way; Enter opens it, Delete takes it off
// the calendar. Ctrl+Plus and Ctrl+Minus zoom the time axis. In slot editing, the arrows
// (Shift allowed) move a cell cursor, and Space or Enter clicks the cell.
struct WeekKeyCommand
{
    enum class Action {
        None, // not the calendar's: the item view's own keys (arrows between posts) apply
        MovePost, // by `minutes`
        MovePostToSlot, // the nearest free one in `direction`
        OpenPost,
        UnschedulePost,
        Zoom, // in `direction`
        MoveCellCursor, // by `days` and `minutes`
        ClickCell,
    };

    Action action = Action::None;
    int minutes = 0;
    int days = 0;
    int direction = 0;

    static WeekKeyCommand of(int key, Qt::KeyboardModifiers modifiers, bool slotEditing);

    friend bool operator==(const WeekKeyCommand &, const WeekKeyCommand &) = default;
};

} // namespace slotline::gui
