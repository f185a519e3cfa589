#pragma once

#include "gui/scheduleeditor.h"

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
// slots and posts (no widget per item). It turns gestures into (item, time) and hands them
// to the ScheduleEditor, which performs them: a draft dropped on a time is scheduled there,
// a post dragged to another time or moved with Alt+arrows is moved, Delete takes it off the
// calendar. Drops snap to the quarter hour, or exactly to the slot they land on; while
// dragging, a ghost shows where it would go and why it cannot when it cannot.
//
// In slot editing mode a click on a time adds a weekly slot there and a click on a slot
// removes it (slotClicked / timeClicked; the panel writes them); from the keyboard, the
// arrows move a cell cursor and Space or Enter clicks it.
class WeekView : public QAbstractItemView
{
    Q_OBJECT

public:
    static constexpr int MinutesPerStep = 15;
    static constexpr int MinHourHeight = 48;
    static constexpr int MaxHourHeight = 240;

    explicit WeekView(QWidget *parent = nullptr);
    ~WeekView() override;

    // The model must be a WeekModel.
    void setModel(QAbstractItemModel *model) override;
    void setEditor(ScheduleEditor *editor);
    void setClock(const Clock *clock);
    // Where a dropped draft is scheduled when the slot under it names no single account.
    // `name` is how the ghost of a dragged draft names it.
    void setDefaultTarget(const ScheduleEditor::Target &target, const QString &name = {});
    ScheduleEditor::Target defaultTarget() const { return m_defaultTarget; }
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
    // What the view keeps of a row for painting; read again when the model changes.
    struct Card
    {
        int row = 0;
        bool slot = false;
        int day = 0;
        int minuteOfDay = 0;
        int lane = 0;
        int laneCount = 1;
        qint64 startMs = 0;
        int platform = -1;
        int status = 0;
        bool pending = false;
        bool taken = false;
        bool movable = false;
        QString label; // posts: the first line of the text; slots: "09:00 slot"
        QString detail; // posts: the account; slots: the one account they are for
        QString accountId;
        QString pageId;
        QString id; // submission id or slot id
        // The text paintCard elided last, laid out (shaping text is most of a card's paint),
        // kept while the same text is asked for at the same width in the same font.
        mutable QStaticText elided;
        mutable qreal elidedHeight = 0; // of its line, without leading
        mutable QFont elidedFont;
        mutable int elidedWidth = -1;
        mutable int elidedKind = -1;
    };

    // Where a drag would land, and whether it may.
    struct DropPlan
    {
        bool draft = false;
        QString id; // the draft's local id or the post's submission id
        int day = 0;
        int minuteOfDay = 0;
        qint64 atMs = 0;
        QString slotId; // the slot it snaps to
        ScheduleEditor::Target target;
        QString targetName;
        std::optional<QString> refusal;
    };

    void rebuildCards();
    const std::vector<Card> &cards() const;
    QRect contentRect(const Card &card) const; // content coordinates
    double columnWidth() const;
    int contentHeight() const { return 24 * m_hourHeight; }
    int minuteAtY(int viewportY) const;
    std::optional<int> dayAtX(int viewportX) const;
    int cardAt(const QPoint &point, bool postsOnly) const;
    QModelIndex indexOfCard(int card) const;
    qint64 nowMs() const;
    std::optional<DropPlan> planDrop(const QMimeData *mimeData, const QPoint &point) const;
    void updateDropPlan(const QMimeData *mimeData, const QPoint &point);
    void clearDropPlan();
    bool slotEditingKey(QKeyEvent *event);
    // Slot editing: the slot in that quarter hour is clicked, else the time.
    void clickCell(int day, int minuteOfDay);
    bool moveCurrentPost(int minutes);
    bool moveCurrentPostToSlot(int direction);
    QString currentPostId() const;
    QPixmap platformPixmap(int platform) const;
    void paintGrid(QPainter &painter, const QRect &exposed) const;
    void paintCard(QPainter &painter, const Card &card, const QRect &rect, bool selected) const;
    void paintDropPlan(QPainter &painter) const;
    QString timeLabel(int minuteOfDay) const;

    WeekModel *m_week = nullptr;
    QPointer<ScheduleEditor> m_editor;
    const Clock *m_clock = nullptr;
    WeekDayHeader *m_header = nullptr;
    ScheduleEditor::Target m_defaultTarget;
    QString m_defaultTargetName;
    QPoint m_pressPoint; // where the last press was: a dragged card is held there
    bool m_slotEditing = false;
    std::pair<int, int> m_timeCursor {0, 9 * 60}; // slot editing: the day and minute at hand
    int m_hourHeight = 88;
    int m_axisWidth = 56;
    mutable std::vector<Card> m_cards;
    mutable bool m_cardsDirty = true;
    mutable QList<int> m_cardOfRow; // a model row's card in m_cards
    mutable QHash<int, QPixmap> m_pixmaps;
    // Post cards' fills by colours, size and device pixel ratio (paintCard).
    mutable QHash<std::pair<quint64, quint64>, QPixmap> m_cardFills;
    std::optional<DropPlan> m_dropPlan;
    const QMimeData *m_dragData = nullptr;
    QPoint m_dragPoint;
};

} // namespace slotline::gui
