#pragma once

#include "gui/calendar/scheduleeditor.h"
#include "gui/calendar/weekcard.h"
#include "gui/calendar/weekcardcache.h"
#include "gui/calendar/weekcardfinder.h"
#include "gui/calendar/weekcardpainter.h"
#include "gui/calendar/weekdropplanner.h"
#include "gui/calendar/weekgeometry.h"
#include "gui/calendar/weekgridpainter.h"

#include <QAbstractItemView>
#include <QHash>
#include <QPixmap>
#include <QPointer>
#include <QStaticText>

#include <optional>
#include <vector>

namespace slotline {
class Clock;
}

namespace slotline::gui {

class WeekDayHeader;
class WeekModel;

// The week calendar: seven day columns by a scrollable time axis, painting a WeekModel's
// slots and posts (no widget per item). It turns gestures into (item, time) and emits them;
// the ScheduleEditor performs them (ScheduleEditor::follow): a draft dropped on a time is
// scheduled there, a post dragged to another time or moved with Alt+arrows is moved, Delete
// takes it off the calendar. Drops snap to the quarter hour, or exactly to the slot they land on;
// while dragging, a ghost shows where it would go and why it cannot when it cannot.
//
// In slot editing mode a click on a time adds a weekly slot there and a click on a slot
// removes it (slotClicked / timeClicked; the panel writes them); from the keyboard, the
// arrows move a cell cursor and Space or Enter clicks it.
class WeekView : public QAbstractItemView
{
    Q_OBJECT

public:
    static constexpr int MinutesPerStep = WeekGeometry::MinutesPerStep;
    static constexpr int MinHourHeight = 48;
    static constexpr int MaxHourHeight = 240;

    explicit WeekView(QWidget *parent = nullptr);
    ~WeekView() override;

    // The model must be a WeekModel.
    void setModel(QAbstractItemModel *model) override;
    // Asked why a drop cannot be, to say so under the ghost; the view changes nothing
    // through it: what it is asked to do it emits, and ScheduleEditor::follow() performs.
    void setEditor(const ScheduleEditor *editor);
    void setClock(const Clock *clock);
    // Where a dropped draft is scheduled when the slot under it names no single account.
    // `name` is how the ghost of a dragged draft names it.
    void setDefaultTarget(const ScheduleEditor::Target &target, const QString &name = {});
    ScheduleEditor::Target defaultTarget() const { return m_planner.defaultTarget(); }
    void setSlotEditing(bool on);
    bool isSlotEditing() const { return m_slotEditing; }

    int hourHeight() const { return m_hourHeight; }
    void setHourHeight(int pixels);
    // Scrolls so that this minute of the day is near the top.
    void scrollToMinute(int minuteOfDay);

    // Geometry, for the header, tests and the benchmark: viewport coordinates. pointAt() is
    // in the middle of the day's column, at the top of the minute.
    QRect dayColumnRect(int day) const;
    QPoint pointAt(int day, int minuteOfDay) const;
    int timeAxisWidth() const { return m_axisWidth; }
    // The column of today in the shown week, by the view's clock; -1 when not shown.
    int todayColumn() const;

    QRect visualRect(const QModelIndex &index) const override;
    void scrollTo(const QModelIndex &index, ScrollHint hint = EnsureVisible) override;
    QModelIndex indexAt(const QPoint &point) const override;

Q_SIGNALS:
    // Enter or a double click on a post.
    void openRequested(const QString &submissionId);
    // A draft dropped on a time; a post dragged or moved by key to another time; Delete on
    // a post. The editor checks each again and says why when it refuses.
    void draftDropped(const QString &draftLocalId,
                      const slotline::gui::ScheduleEditor::Target &target, qint64 atMs);
    void postMoveRequested(const QString &submissionId, qint64 atMs);
    void unscheduleRequested(const QString &submissionId);
    // What the view itself cannot do ("No free slot later this week."), said as the
    // editor's refusals are.
    void refused(const QString &reason);
    // Slot editing: a click on a free time (its day and minute), or on a slot.
    void timeClicked(int day, int minuteOfDay);
    void slotClicked(const QString &slotId);

protected:
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    int horizontalOffset() const override;
    int verticalOffset() const override;
    bool isIndexHidden(const QModelIndex &index) const override;
    void setSelection(const QRect &rect, QItemSelectionModel::SelectionFlags command) override;
    QRegion visualRegionForSelection(const QItemSelection &selection) const override;
    void updateGeometries() override;
    void dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                     const QList<int> &roles = QList<int>()) override;
    void rowsInserted(const QModelIndex &parent, int start, int end) override;
    void rowsAboutToBeRemoved(const QModelIndex &parent, int start, int end) override;
    void reset() override;
    void currentChanged(const QModelIndex &current, const QModelIndex &previous) override;

    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void startDrag(Qt::DropActions supportedActions) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    using Card = WeekCard;

    const std::vector<Card> &cards() const;
    WeekGeometry geometry() const;
    QRect contentRect(const Card &card) const; // content coordinates
    WeekCardFinder finder() const;
    QModelIndex indexOfCard(const Card *card) const;
    qint64 nowMs() const;
    std::optional<WeekDropPlan> planDrop(const QMimeData *mimeData, const QPoint &point) const;
    void updateDropPlan(const QMimeData *mimeData, const QPoint &point);
    void clearDropPlan();
    void moveCellCursor(int days, int minutes);
    // Slot editing: the slot in that quarter hour is clicked, else the time.
    void clickCell(int day, int minuteOfDay);
    bool moveCurrentPost(int minutes);
    bool moveCurrentPostToSlot(int direction);
    // Whether the post now starts at `atMs`; scrolled to when it does.
    bool showIfAt(const QString &submissionId, qint64 atMs);
    QString currentPostId() const;
    WeekGridFrame gridFrame() const;
    QString timeLabel(int minuteOfDay) const;

    WeekModel *m_week = nullptr;
    const Clock *m_clock = nullptr;
    WeekDayHeader *m_header = nullptr;
    WeekDropPlanner m_planner;
    QPoint m_pressPoint; // where the last press was: a dragged card is held there
    bool m_slotEditing = false;
    std::pair<int, int> m_timeCursor {0, 9 * 60}; // slot editing: the day and minute at hand
    int m_hourHeight = 88;
    int m_axisWidth = 56;
    mutable WeekCardCache m_cards;
    WeekCardPainter m_cardPainter {*this};
    WeekGridPainter m_gridPainter {*this};
    std::optional<WeekDropPlan> m_dropPlan;
    const QMimeData *m_dragData = nullptr;
    QPoint m_dragPoint;
};

} // namespace slotline::gui
