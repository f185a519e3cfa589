#include "gui/calendar/weekkeycommand.h"

#include "gui/calendar/weekgeometry.h"

namespace slotline::gui {

namespace {

constexpr int Step = WeekGeometry::MinutesPerStep;
constexpr int Day = WeekGeometry::MinutesPerDay;

WeekKeyCommand slotEditingKey(int key)
{
    using Action = WeekKeyCommand::Action;
    switch (key) {
    case Qt::Key_Up: return {Action::MoveCellCursor, -Step, 0, 0};
    case Qt::Key_Down: return {Action::MoveCellCursor, Step, 0, 0};
    case Qt::Key_Left: return {Action::MoveCellCursor, 0, -1, 0};
    case Qt::Key_Right: return {Action::MoveCellCursor, 0, 1, 0};
    case Qt::Key_Space:
    case Qt::Key_Return:
    case Qt::Key_Enter: return {Action::ClickCell, 0, 0, 0};
    default: return {};
    }
}

WeekKeyCommand postKey(int key, Qt::KeyboardModifiers modifiers)
{
    using Action = WeekKeyCommand::Action;
    if (modifiers == (Qt::AltModifier | Qt::ShiftModifier)) {
        if (key == Qt::Key_Up)
            return {Action::MovePostToSlot, 0, 0, -1};
        if (key == Qt::Key_Down)
            return {Action::MovePostToSlot, 0, 0, 1};
    }
    // Alt+Shift+Left/Right move by a day as Alt alone does.
    if (modifiers == Qt::AltModifier || modifiers == (Qt::AltModifier | Qt::ShiftModifier)) {
        switch (key) {
        case Qt::Key_Up: return {Action::MovePost, -Step, 0, 0};
        case Qt::Key_Down: return {Action::MovePost, Step, 0, 0};
        case Qt::Key_Left: return {Action::MovePost, -Day, 0, 0};
        case Qt::Key_Right: return {Action::MovePost, Day, 0, 0};
        default: return {};
        }
    }
    if (modifiers == Qt::NoModifier) {
        switch (key) {
        case Qt::Key_Return:
        case Qt::Key_Enter: return {Action::OpenPost, 0, 0, 0};
        case Qt::Key_Delete:
        case Qt::Key_Backspace: return {Action::UnschedulePost, 0, 0, 0};
        default: return {};
        }
    }
    if (modifiers == Qt::ControlModifier) {
        if (key == Qt::Key_Plus || key == Qt::Key_Equal)
            return {Action::Zoom, 0, 0, 1};
        if (key == Qt::Key_Minus)
            return {Action::Zoom, 0, 0, -1};
    }
    return {};
}

} // namespace

WeekKeyCommand WeekKeyCommand::of(int key, Qt::KeyboardModifiers modifiers, bool slotEditing)
{
    if (slotEditing && !(modifiers & ~(Qt::KeypadModifier | Qt::ShiftModifier))) {
        if (const WeekKeyCommand command = slotEditingKey(key); command.action != Action::None)
            return command;
    }
    return postKey(key, modifiers & ~Qt::KeypadModifier);
}

} // namespace slotline::gui
