#pragma once

#include "gui/calendar/scheduleeditor.h"

#include <QScopedPointer>
#include <QTimer>
#include <QWidget>

#include <optional>

QT_BEGIN_NAMESPACE
class QAction;
QT_END_NAMESPACE

namespace Ui {
class CalendarPanel;
}

namespace slotline {
class Clock;
struct WeeklySlot;
} // namespace slotline

namespace slotline::client {
class ApiError;
class Session;
} // namespace slotline::client

namespace slotline::gui {

class WeekModel;
class WeekView;

// The week calendar's tab: the week shown (previous / today / next / a date), the account
// drafts are scheduled for, the zone the times are read in, slot editing, and the view.
// It keeps the shown week's posts read from the server; the view and the ScheduleEditor do
// the planning.
class CalendarPanel : public QWidget
{
    Q_OBJECT

public:
    // How long a refusal or a note stays above the calendar.
    static constexpr int MessageMs = 12'000;
    // While the week has a post due or publishing, it is read again this often.
    static constexpr int DueRefreshMs = 10'000;

    CalendarPanel(client::Session &session, ScheduleEditor &editor, const Clock &clock,
                  QWidget *parent = nullptr);
    ~CalendarPanel() override;

    WeekView &view() { return *m_view; }
    WeekModel &model() { return *m_model; }
    QAction *previousWeekAction() const { return m_previousAction; }
    QAction *nextWeekAction() const { return m_nextAction; }
    QAction *todayAction() const { return m_todayAction; }

    void showWeekOf(QDate date);
    // The account (or page) drafts are scheduled for; kept per server by the window.
    ScheduleEditor::Target target() const;
    void setTarget(const ScheduleEditor::Target &target);
    void setAccountFilter(const std::optional<QStringList> &accountIds);
    // Schedules the draft in the next free slot of the chosen account.
    void scheduleInNextFreeSlot(const QString &draftLocalId);
    // A message above the calendar (a refusal when `problem`).
    void showMessage(const QString &text, bool problem);
    // Reads the shown week's posts again.
    void reload();

Q_SIGNALS:
    void openPostRequested(const QString &submissionId);

private:
    void fillTargets();
    void fillZones();
    void zoneChosen();
    void targetChosen();
    void showSlotEditingHelp();
    void weekChanged();
    void checkDue();
    void addSlotAt(int day, int minuteOfDay);
    void removeSlot(const QString &slotId);
    void showSlotRefused(const WeeklySlot &slot, bool addition, const client::ApiError &error);
    static QString slotTimeText(const WeeklySlot &slot);
    QDate today() const;
    // The draft went to that target before: asks, and schedules it only if told to.
    void askScheduleAgain(const QString &draftLocalId, const client::DraftPublication &publication);

    QScopedPointer<Ui::CalendarPanel> m_ui;
    client::Session &m_session;
    ScheduleEditor &m_editor;
    const Clock &m_clock;
    WeekModel *m_model = nullptr;
    WeekView *m_view = nullptr;
    QAction *m_previousAction = nullptr;
    QAction *m_nextAction = nullptr;
    QAction *m_todayAction = nullptr;
    QAction *m_editSlotsAction = nullptr;
    QTimer m_messageTimer;
    QTimer m_dueTimer; // while a post is due or publishing
    QTimer m_nextDueTimer; // until the next post is due
    QTimer m_checkDue; // checkDue() once after a burst of model changes
    bool m_askedAgain = false; // the last scheduling asked first instead
};

} // namespace slotline::gui
