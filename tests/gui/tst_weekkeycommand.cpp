#include "gui/calendar/weekkeycommand.h"

#include <QTest>

using namespace slotline::gui;

using Action = WeekKeyCommand::Action;

namespace {

WeekKeyCommand of(int key, Qt::KeyboardModifiers modifiers = Qt::NoModifier,
                  bool slotEditing = false)
{
    return WeekKeyCommand::of(key, modifiers, slotEditing);
}

} // namespace

class TestWeekKeyCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void altMovesThePostByAQuarterHourOrADay()
    {
        QCOMPARE(of(Qt::Key_Up, Qt::AltModifier), (WeekKeyCommand {Action::MovePost, -15, 0, 0}));
        QCOMPARE(of(Qt::Key_Down, Qt::AltModifier), (WeekKeyCommand {Action::MovePost, 15, 0, 0}));
        QCOMPARE(of(Qt::Key_Left, Qt::AltModifier),
                 (WeekKeyCommand {Action::MovePost, -24 * 60, 0, 0}));
        QCOMPARE(of(Qt::Key_Right, Qt::AltModifier | Qt::KeypadModifier),
                 (WeekKeyCommand {Action::MovePost, 24 * 60, 0, 0}));
    }

    void altShiftMovesToTheNearestFreeSlot()
    {
        const auto altShift = Qt::AltModifier | Qt::ShiftModifier;
        QCOMPARE(of(Qt::Key_Up, altShift), (WeekKeyCommand {Action::MovePostToSlot, 0, 0, -1}));
        QCOMPARE(of(Qt::Key_Down, altShift), (WeekKeyCommand {Action::MovePostToSlot, 0, 0, 1}));
        // Sideways there is no slot to look for: a day, as with Alt alone.
        QCOMPARE(of(Qt::Key_Right, altShift).minutes, 24 * 60);
    }

    void enterOpensAndDeleteUnschedules()
    {
        QCOMPARE(of(Qt::Key_Return).action, Action::OpenPost);
        QCOMPARE(of(Qt::Key_Enter, Qt::KeypadModifier).action, Action::OpenPost);
        QCOMPARE(of(Qt::Key_Delete).action, Action::UnschedulePost);
        QCOMPARE(of(Qt::Key_Backspace).action, Action::UnschedulePost);
        QCOMPARE(of(Qt::Key_Delete, Qt::ControlModifier).action, Action::None);
    }

    void controlPlusAndMinusZoom()
    {
        QCOMPARE(of(Qt::Key_Plus, Qt::ControlModifier), (WeekKeyCommand {Action::Zoom, 0, 0, 1}));
        QCOMPARE(of(Qt::Key_Equal, Qt::ControlModifier).direction, 1);
        QCOMPARE(of(Qt::Key_Minus, Qt::ControlModifier), (WeekKeyCommand {Action::Zoom, 0, 0, -1}));
    }

    void plainArrowsAreLeftToTheItemView()
    {
        // They step between posts (moveCursor), so the calendar takes none of them.
        for (const int key : {Qt::Key_Up, Qt::Key_Down, Qt::Key_Left, Qt::Key_Right, Qt::Key_Home})
            QCOMPARE(of(key).action, Action::None);
        QCOMPARE(of(Qt::Key_Space).action, Action::None);
        QCOMPARE(of(Qt::Key_Up, Qt::ControlModifier).action, Action::None);
    }

    void slotEditingMovesACellCursorAndClicksIt()
    {
        QCOMPARE(of(Qt::Key_Up, Qt::NoModifier, true),
                 (WeekKeyCommand {Action::MoveCellCursor, -15, 0, 0}));
        QCOMPARE(of(Qt::Key_Down, Qt::ShiftModifier, true),
                 (WeekKeyCommand {Action::MoveCellCursor, 15, 0, 0}));
        QCOMPARE(of(Qt::Key_Left, Qt::KeypadModifier, true),
                 (WeekKeyCommand {Action::MoveCellCursor, 0, -1, 0}));
        QCOMPARE(of(Qt::Key_Right, Qt::NoModifier, true),
                 (WeekKeyCommand {Action::MoveCellCursor, 0, 1, 0}));
        for (const int key : {Qt::Key_Space, Qt::Key_Return, Qt::Key_Enter})
            QCOMPARE(of(key, Qt::NoModifier, true).action, Action::ClickCell);
        // Other keys keep their meaning: a post can still be moved while editing slots.
        QCOMPARE(of(Qt::Key_Up, Qt::AltModifier, true).action, Action::MovePost);
        QCOMPARE(of(Qt::Key_Delete, Qt::NoModifier, true).action, Action::UnschedulePost);
    }
};

QTEST_GUILESS_MAIN(TestWeekKeyCommand)
#include "tst_weekkeycommand.moc"
