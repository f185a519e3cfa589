#include "gui/calendar/weekview.h"

#include "core/clock.h"
#include "core/platform.h"
#include "core/submissionstatus.h"
#include "gui/calendar/weekdayheader.h"
#include "gui/calendar/weekdroppainter.h"
#include "gui/calendar/weekmodel.h"
#include "gui/common/calendarmime.h"
#include "gui/common/itemcolors.h"
#include "gui/common/platformstyle.h"

#include <QAccessible>
#include <QApplication>
#include <QDrag>
#include <QDragMoveEvent>
#include <QLocale>
#include <QMimeData>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QTime>
#include <QTimer>

#include <algorithm>
#include <cmath>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

namespace {

constexpr int MinutesPerDay = WeekGeometry::MinutesPerDay;

} // namespace

WeekView::WeekView(QWidget *parent)
    : QAbstractItemView(parent)
    , m_header(new WeekDayHeader(*this))
{
    setSelectionMode(SingleSelection);
    setSelectionBehavior(SelectItems);
    setDragEnabled(true);
    setAcceptDrops(true);
    setDragDropMode(DragDrop);
    setDefaultDropAction(Qt::MoveAction);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setMouseTracking(true);
    setAutoScrollMargin(24);
    setEditTriggers(NoEditTriggers);
    setAccessibleName(tr("Week calendar"));
    m_axisWidth = fontMetrics().horizontalAdvance(timeLabel(23 * 60 + 59)) + 16;
    setViewportMargins(0, m_header->sizeHint().height(), 0, 0);
    // The line at the current time moves, and at midnight today becomes another column.
    auto *minutes = new QTimer(this);
    minutes->setInterval(30'000);
    connect(minutes, &QTimer::timeout, this, [this] {
        viewport()->update();
        m_header->update();
    });
    minutes->start();
}

WeekView::~WeekView() = default;

void WeekView::setModel(QAbstractItemModel *model)
{
    m_week = qobject_cast<WeekModel *>(model);
    Q_ASSERT_X(m_week || !model, "WeekView::setModel", "the week calendar paints a WeekModel");
    QAbstractItemView::setModel(model);
    m_cardsDirty = true;
    if (m_week) {
        // After the rows have gone or moved, too: between "about to" and done, Qt asks for
        // rectangles (the current index moves) and the cache would be rebuilt from the
        // rows as they were.
        const auto stale = [this] {
            m_cardsDirty = true;
            viewport()->update();
        };
        connect(m_week, &QAbstractItemModel::rowsMoved, this, stale);
        connect(m_week, &QAbstractItemModel::rowsRemoved, this, stale);
        connect(m_week, &QAbstractItemModel::modelReset, this, stale);
        connect(m_week, &QAbstractItemModel::layoutChanged, this, stale);
        connect(m_week, &WeekModel::rangeChanged, this, [this] {
            m_cardsDirty = true;
            m_header->update();
            viewport()->update();
        });
    }
    updateGeometries();
}

void WeekView::setEditor(const ScheduleEditor *editor)
{
    m_editor = editor;
}

void WeekView::setClock(const Clock *clock)
{
    m_clock = clock;
    viewport()->update();
}

void WeekView::setDefaultTarget(const ScheduleEditor::Target &target, const QString &name)
{
    m_defaultTarget = target;
    m_defaultTargetName = name;
}

void WeekView::setSlotEditing(bool on)
{
    m_slotEditing = on;
    if (on) {
        // The cursor starts at the top of what is shown, on today if it is shown.
        const int top = (verticalOffset() * 60 / m_hourHeight + MinutesPerStep - 1) / MinutesPerStep
                        * MinutesPerStep;
        m_timeCursor = {std::max(0, todayColumn()), std::min(top, MinutesPerDay - MinutesPerStep)};
    }
    viewport()->setCursor(on ? Qt::CrossCursor : Qt::ArrowCursor);
    viewport()->update();
}

void WeekView::setHourHeight(int pixels)
{
    const int clamped = std::clamp(pixels, MinHourHeight, MaxHourHeight);
    if (clamped == m_hourHeight)
        return;
    // The minute at the middle stays where it is.
    const double middle = (verticalOffset() + viewport()->height() / 2.0) / m_hourHeight;
    m_hourHeight = clamped;
    updateGeometries();
    verticalScrollBar()->setValue(int(middle * m_hourHeight - viewport()->height() / 2.0));
    viewport()->update();
}

void WeekView::scrollToMinute(int minuteOfDay)
{
    verticalScrollBar()->setValue(minuteOfDay * m_hourHeight / 60);
}

WeekGeometry WeekView::geometry() const
{
    return WeekGeometry(viewport()->width(), m_hourHeight, m_axisWidth);
}

QRect WeekView::dayColumnRect(int day) const
{
    return geometry().dayColumn(day, viewport()->height());
}

QPoint WeekView::pointAt(int day, int minuteOfDay) const
{
    const QRect column = dayColumnRect(day);
    // One pixel into the minute's row, so the point is within that minute, not on the
    // line above it.
    return QPoint(column.center().x(), geometry().yOfMinute(minuteOfDay) - verticalOffset() + 1);
}

QString WeekView::timeLabel(int minuteOfDay) const
{
    return WeekGridPainter::timeLabel(minuteOfDay);
}

// --- the cards -----------------------------------------------------------------------------

void WeekView::rebuildCards()
{
    std::vector<Card> previous;
    previous.swap(m_cards);
    m_cardOfRow.clear();
    if (!model())
        return;
    m_cards = WeekCard::readAll(*model(), rootIndex(), previous);
    m_cardOfRow = QList<int>(model()->rowCount(rootIndex()), -1);
    for (size_t i = 0; i < m_cards.size(); ++i)
        m_cardOfRow[m_cards[i].row] = int(i);
    m_cardsDirty = false;
}

const std::vector<WeekView::Card> &WeekView::cards() const
{
    if (m_cardsDirty)
        const_cast<WeekView *>(this)->rebuildCards();
    return m_cards;
}

QRect WeekView::contentRect(const Card &card) const
{
    const WeekGeometry layout = geometry();
    return card.slot ? layout.slotRect(card.day, card.minuteOfDay)
                     : layout.postRect(card.day, card.minuteOfDay, card.lane, card.laneCount);
}

QModelIndex WeekView::indexOfCard(int card) const
{
    if (card < 0 || !model())
        return {};
    return model()->index(cards()[size_t(card)].row, 0, rootIndex());
}

int WeekView::cardAt(const QPoint &point, bool postsOnly) const
{
    const QPoint content = point + QPoint(0, verticalOffset());
    const std::vector<Card> &all = cards();
    for (int i = int(all.size()) - 1; i >= 0; --i) {
        const Card &card = all[size_t(i)];
        if (card.slot && postsOnly)
            break; // slots come first
        if (contentRect(card).contains(content))
            return i;
    }
    return -1;
}

QRect WeekView::visualRect(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != model())
        return {};
    const std::vector<Card> &all = cards();
    const int card = m_cardOfRow.value(index.row(), -1);
    if (card < 0 || size_t(card) >= all.size())
        return {};
    return contentRect(all[size_t(card)]).translated(0, -verticalOffset());
}

void WeekView::scrollTo(const QModelIndex &index, ScrollHint hint)
{
    const QRect rect = visualRect(index);
    if (rect.isNull())
        return;
    const int margin = m_hourHeight / 2;
    if (hint == PositionAtCenter)
        verticalScrollBar()->setValue(verticalOffset() + rect.center().y()
                                      - viewport()->height() / 2);
    else if (rect.top() < margin)
        verticalScrollBar()->setValue(verticalOffset() + rect.top() - margin);
    else if (rect.bottom() > viewport()->height() - margin)
        verticalScrollBar()->setValue(verticalOffset() + rect.bottom() - viewport()->height()
                                      + margin);
}

QModelIndex WeekView::indexAt(const QPoint &point) const
{
    return indexOfCard(cardAt(point, false));
}

int WeekView::horizontalOffset() const
{
    return 0;
}

int WeekView::verticalOffset() const
{
    return verticalScrollBar()->value();
}

bool WeekView::isIndexHidden(const QModelIndex &) const
{
    return false;
}

void WeekView::setSelection(const QRect &rect, QItemSelectionModel::SelectionFlags command)
{
    const QRect content = rect.normalized().translated(0, verticalOffset());
    QItemSelection selection;
    const std::vector<Card> &all = cards();
    for (auto card = all.crbegin(); card != all.crend(); ++card) {
        if (!card->slot && contentRect(*card).intersects(content)) {
            const QModelIndex index = model()->index(card->row, 0, rootIndex());
            selection.select(index, index);
            break; // one post: the calendar selects single items
        }
    }
    selectionModel()->select(selection, command);
}

QRegion WeekView::visualRegionForSelection(const QItemSelection &selection) const
{
    QRegion region;
    for (const QModelIndex &index : selection.indexes())
        region += visualRect(index).adjusted(-2, -2, 2, 2);
    return region;
}

void WeekView::updateGeometries()
{
    const int header = m_header->sizeHint().height();
    setViewportMargins(0, header, 0, 0);
    const QRect area = viewport()->geometry();
    m_header->setGeometry(area.left(), area.top() - header, area.width(), header);
    verticalScrollBar()->setRange(0,
                                  std::max(0, geometry().contentHeight() - viewport()->height()));
    verticalScrollBar()->setPageStep(viewport()->height());
    verticalScrollBar()->setSingleStep(m_hourHeight / 4);
    QAbstractItemView::updateGeometries();
}

void WeekView::resizeEvent(QResizeEvent *event)
{
    QAbstractItemView::resizeEvent(event);
    updateGeometries();
}

void WeekView::dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                           const QList<int> &roles)
{
    // Not QAbstractItemView's, which asks for each changed row's rectangle: with the cache
    // rebuilt for each, a change of every row (another zone) cost the square of the rows.
    Q_UNUSED(topLeft);
    Q_UNUSED(bottomRight);
    Q_UNUSED(roles);
    m_cardsDirty = true;
    viewport()->update();
}

void WeekView::rowsInserted(const QModelIndex &parent, int start, int end)
{
    m_cardsDirty = true;
    QAbstractItemView::rowsInserted(parent, start, end);
    viewport()->update();
}

void WeekView::rowsAboutToBeRemoved(const QModelIndex &parent, int start, int end)
{
    m_cardsDirty = true;
    QAbstractItemView::rowsAboutToBeRemoved(parent, start, end);
    viewport()->update();
}

void WeekView::reset()
{
    m_cardsDirty = true;
    QAbstractItemView::reset();
    m_header->update();
}

// --- painting ------------------------------------------------------------------------------

qint64 WeekView::nowMs() const
{
    return m_clock ? m_clock->nowMs() : QDateTime::currentMSecsSinceEpoch();
}

int WeekView::todayColumn() const
{
    if (!m_week || !m_week->firstDay().isValid())
        return -1;
    const qint64 now = nowMs();
    const QDate today = QDateTime::fromMSecsSinceEpoch(now).toTimeZone(m_week->timeZone()).date();
    const qint64 column = m_week->firstDay().daysTo(today);
    return column >= 0 && column < 7 ? int(column) : -1;
}

WeekGridFrame WeekView::gridFrame() const
{
    WeekGridFrame frame {geometry(),  viewport()->size(), verticalOffset(), m_hourHeight,
                         m_axisWidth, todayColumn(),      std::nullopt,     false};
    const qint64 now = nowMs();
    if (frame.todayColumn >= 0) {
        const QTime time
            = QDateTime::fromMSecsSinceEpoch(now).toTimeZone(m_week->timeZone()).time();
        frame.nowMinute = time.hour() * 60 + time.minute();
    }
    frame.weekOver = (m_week ? m_week->range().second : 0) <= now;
    return frame;
}

void WeekView::paintDropPlan(QPainter &painter) const
{
    if (!m_dropPlan)
        return;
    const DropPlan &plan = *m_dropPlan;
    WeekDropGhost ghost;
    Card at;
    at.day = plan.day;
    at.minuteOfDay = plan.minuteOfDay;
    ghost.rect = contentRect(at).translated(0, -verticalOffset());
    // By id: the cards may have been made again since the plan was (a slot changed).
    const auto slotCard = std::find_if(cards().cbegin(), cards().cend(), [&plan](const Card &card) {
        return card.slot && card.id == plan.slotId && card.day == plan.day;
    });
    if (!plan.slotId.isEmpty() && slotCard != cards().cend())
        ghost.slot = contentRect(*slotCard).translated(0, -verticalOffset());
    // A draft says where it goes: the slot's account can differ from the one chosen.
    ghost.text = plan.draft && !plan.targetName.isEmpty()
                     ? tr("%1 · %2").arg(timeLabel(plan.minuteOfDay), plan.targetName)
                     : timeLabel(plan.minuteOfDay);
    ghost.refusal = plan.refusal;
    WeekDropPainter(*viewport()).paint(painter, ghost);
}

void WeekView::paintEvent(QPaintEvent *event)
{
    QPainter painter(viewport());
    m_gridPainter.paint(painter, event->rect(), gridFrame());
    painter.setRenderHint(QPainter::Antialiasing, true);
    const int offset = verticalOffset();
    const QRect visible = event->rect().translated(0, offset);
    const QModelIndex current = currentIndex();
    const QModelIndexList selected
        = selectionModel() ? selectionModel()->selectedIndexes() : QModelIndexList();
    const auto isSelected = [&](const Card &card) {
        return std::any_of(selected.cbegin(), selected.cend(),
                           [&](const QModelIndex &index) { return index.row() == card.row; });
    };
    for (const Card &card : cards()) {
        const QRect rect = contentRect(card);
        if (!rect.intersects(visible))
            continue;
        m_cardPainter.paint(painter, card, rect.translated(0, -offset),
                            !card.slot && isSelected(card));
    }
    if (hasFocus() && current.isValid() && !selectionModel()->isSelected(current)) {
        QRect rect = visualRect(current);
        painter.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DotLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(rect.adjusted(0, 0, -1, -1));
    }
    if (m_slotEditing && hasFocus()) {
        Card cell;
        cell.slot = true;
        cell.day = m_timeCursor.first;
        cell.minuteOfDay = m_timeCursor.second;
        QPen pen(palette().color(QPalette::Highlight), 2);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(contentRect(cell).translated(0, -offset));
    }
    paintDropPlan(painter);
}

// --- gestures ------------------------------------------------------------------------------

int WeekView::minuteAtY(int viewportY) const
{
    return geometry().minuteAt(viewportY + verticalOffset());
}

std::optional<WeekView::DropPlan> WeekView::planDrop(const QMimeData *mimeData,
                                                     const QPoint &point) const
{
    if (!mimeData || !m_week || !m_week->firstDay().isValid())
        return std::nullopt;
    DropPlan plan;
    if (mimeData->hasFormat(calendarmime::Draft)) {
        plan.draft = true;
        plan.id = QString::fromUtf8(mimeData->data(calendarmime::Draft));
    } else if (mimeData->hasFormat(calendarmime::Post)) {
        plan.id = QString::fromUtf8(mimeData->data(calendarmime::Post));
    } else {
        return std::nullopt;
    }
    const auto day = geometry().dayAt(point.x());
    if (!day)
        return std::nullopt;
    plan.day = *day;
    plan.minuteOfDay = minuteAtY(point.y());
    plan.atMs = m_week->instantAt(plan.day, plan.minuteOfDay);
    plan.target = m_defaultTarget;
    plan.targetName = m_defaultTargetName;
    // A post keeps its account: it snaps only to the slots that are for it.
    QString postAccount;
    if (!plan.draft) {
        if (const QModelIndex post = m_week->indexOfPost(plan.id); post.isValid())
            postAccount = post.data(WeekModel::AccountIdRole).toString();
    }
    // On a slot: exactly its time, and its account when it is for one.
    const QPoint content = point + QPoint(0, verticalOffset());
    const std::vector<Card> &all = cards();
    for (size_t i = 0; i < all.size() && all[i].slot; ++i) {
        if (!plan.draft && !all[i].accountId.isEmpty() && all[i].accountId != postAccount)
            continue;
        if (all[i].day == plan.day
            && contentRect(all[i]).contains(
                QPoint(contentRect(all[i]).center().x(), content.y()))) {
            plan.slotId = all[i].id;
            plan.minuteOfDay = all[i].minuteOfDay;
            plan.atMs = all[i].startMs;
            if (!all[i].accountId.isEmpty()) {
                plan.target = {all[i].accountId, all[i].pageId};
                plan.targetName = all[i].detail;
            }
            break;
        }
    }
    if (!m_editor)
        plan.refusal = tr("The calendar cannot change the plan here.");
    else if (plan.draft)
        plan.refusal = m_editor->refusalToSchedule(plan.id, plan.target, plan.atMs);
    else
        plan.refusal = m_editor->refusalToMove(plan.id, plan.atMs);
    return plan;
}

void WeekView::updateDropPlan(const QMimeData *mimeData, const QPoint &point)
{
    m_dropPlan = planDrop(mimeData, point);
    viewport()->update();
}

void WeekView::clearDropPlan()
{
    m_dropPlan.reset();
    m_dragData = nullptr;
    viewport()->update();
}

void WeekView::dragEnterEvent(QDragEnterEvent *event)
{
    const QMimeData *mimeData = event->mimeData();
    if (!mimeData->hasFormat(calendarmime::Draft) && !mimeData->hasFormat(calendarmime::Post)) {
        event->ignore();
        return;
    }
    setState(DraggingState);
    event->accept();
}

void WeekView::dragMoveEvent(QDragMoveEvent *event)
{
    m_dragData = event->mimeData();
    m_dragPoint = event->position().toPoint();
    updateDropPlan(m_dragData, m_dragPoint);
    const QRect area = viewport()->rect();
    if (m_dragPoint.y() - area.top() < autoScrollMargin()
        || area.bottom() - m_dragPoint.y() < autoScrollMargin())
        startAutoScroll();
    if (!m_dropPlan || m_dropPlan->refusal) {
        event->ignore(); // the ghost says why
        return;
    }
    event->setDropAction(m_dropPlan->draft ? Qt::CopyAction : Qt::MoveAction);
    event->accept();
}

void WeekView::dragLeaveEvent(QDragLeaveEvent *event)
{
    QAbstractItemView::dragLeaveEvent(event);
    setState(NoState);
    clearDropPlan();
}

void WeekView::dropEvent(QDropEvent *event)
{
    setState(NoState);
    stopAutoScroll();
    const auto plan = planDrop(event->mimeData(), event->position().toPoint());
    clearDropPlan();
    if (!plan || !m_editor) {
        event->ignore();
        return;
    }
    // Asked for even when the ghost said no: whoever performs it checks again and says why
    // it refuses where the person sees it.
    if (plan->draft)
        Q_EMIT draftDropped(plan->id, plan->target, plan->atMs);
    else
        Q_EMIT postMoveRequested(plan->id, plan->atMs);
    if (plan->refusal) {
        event->ignore();
        return;
    }
    event->setDropAction(plan->draft ? Qt::CopyAction : Qt::MoveAction);
    event->accept();
    if (!plan->draft) {
        const QModelIndex moved = m_week->indexOfPost(plan->id);
        if (moved.isValid())
            setCurrentIndex(moved);
    }
    setFocus(Qt::MouseFocusReason);
}

void WeekView::scrollContentsBy(int dx, int dy)
{
    QAbstractItemView::scrollContentsBy(dx, dy);
    if (m_dropPlan && m_dragData)
        updateDropPlan(m_dragData, m_dragPoint);
}

void WeekView::startDrag(Qt::DropActions)
{
    const QModelIndex index = currentIndex();
    if (!index.isValid() || !(model()->flags(index) & Qt::ItemIsDragEnabled))
        return;
    QMimeData *dragged = model()->mimeData({index});
    if (!dragged)
        return;
    auto *drag = new QDrag(this);
    drag->setMimeData(dragged);
    const QRect rect = visualRect(index);
    QPixmap picture(rect.size() * devicePixelRatioF());
    picture.setDevicePixelRatio(devicePixelRatioF());
    picture.fill(Qt::transparent);
    {
        QPainter painter(&picture);
        painter.setRenderHint(QPainter::Antialiasing, true);
        painter.setOpacity(0.85);
        for (const Card &card : cards()) {
            if (card.row == index.row())
                m_cardPainter.paint(painter, card, QRect(QPoint(0, 0), rect.size()), false);
        }
    }
    drag->setPixmap(picture);
    // Held where it was grabbed.
    const QPoint grabbed = m_pressPoint - rect.topLeft();
    drag->setHotSpot(QPoint(std::clamp(grabbed.x(), 0, rect.width()),
                            std::clamp(grabbed.y(), 0, rect.height())));
    // Not QAbstractItemView's: a move must not remove the row, the editor moves the post.
    drag->exec(Qt::MoveAction, Qt::MoveAction);
}

void WeekView::mousePressEvent(QMouseEvent *event)
{
    m_pressPoint = event->position().toPoint();
    if (m_slotEditing && event->button() == Qt::LeftButton) {
        const QPoint point = event->position().toPoint();
        setFocus(Qt::MouseFocusReason);
        if (const auto day = geometry().dayAt(point.x())) {
            m_timeCursor = {*day, minuteAtY(point.y())};
            clickCell(*day, m_timeCursor.second);
        }
        event->accept();
        return;
    }
    QAbstractItemView::mousePressEvent(event);
}

void WeekView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (m_slotEditing)
        return;
    const QModelIndex index = indexAt(event->position().toPoint());
    if (index.isValid() && index.data(WeekModel::KindRole).toInt() == int(WeekModel::Kind::Post)) {
        const QString id = index.data(WeekModel::SubmissionIdRole).toString();
        if (!id.isEmpty())
            Q_EMIT openRequested(id);
        return;
    }
    QAbstractItemView::mouseDoubleClickEvent(event);
}

void WeekView::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        // Zoom the time axis.
        const int steps = event->angleDelta().y() / 120;
        if (steps != 0)
            setHourHeight(m_hourHeight + steps * 16);
        event->accept();
        return;
    }
    QAbstractItemView::wheelEvent(event);
}

QString WeekView::currentPostId() const
{
    const QModelIndex index = currentIndex();
    if (!index.isValid() || index.data(WeekModel::KindRole).toInt() != int(WeekModel::Kind::Post))
        return {};
    return index.data(WeekModel::SubmissionIdRole).toString();
}

bool WeekView::moveCurrentPost(int minutes)
{
    const QString id = currentPostId();
    if (id.isEmpty() || !m_editor)
        return false;
    const qint64 from = currentIndex().data(WeekModel::StartRole).toLongLong();
    // Calendar days keep their wall-clock time across a change of daylight saving time.
    const int day = currentIndex().data(WeekModel::DayRole).toInt();
    const int minuteOfDay = currentIndex().data(WeekModel::MinuteOfDayRole).toInt();
    qint64 to = from + qint64(minutes) * 60'000;
    if (minutes % MinutesPerDay == 0) // also past the week's edges
        to = m_week->instantAt(day + minutes / MinutesPerDay, minuteOfDay);
    Q_EMIT postMoveRequested(id, to);
    return showIfAt(id, to);
}

bool WeekView::showIfAt(const QString &submissionId, qint64 atMs)
{
    // Moved (the model follows the store at once): the post stays in sight.
    const QModelIndex post = m_week->indexOfPost(submissionId);
    if (!post.isValid() || post.data(WeekModel::StartRole).toLongLong() != atMs)
        return false;
    scrollTo(post);
    return true;
}

bool WeekView::moveCurrentPostToSlot(int direction)
{
    const QString id = currentPostId();
    if (id.isEmpty() || !m_editor)
        return true;
    const qint64 from = currentIndex().data(WeekModel::StartRole).toLongLong();
    const QString accountId = currentIndex().data(WeekModel::AccountIdRole).toString();
    // The nearest free slot this way that is for the post's account (or for all).
    std::optional<qint64> best;
    for (const Card &card : cards()) {
        if (!card.slot)
            break;
        if (card.taken || (!card.accountId.isEmpty() && card.accountId != accountId))
            continue;
        if ((direction > 0 && card.startMs > from && (!best || card.startMs < *best))
            || (direction < 0 && card.startMs < from && (!best || card.startMs > *best)))
            best = card.startMs;
    }
    if (!best) {
        Q_EMIT refused(direction > 0 ? tr("No free slot later this week.")
                                     : tr("No free slot earlier this week."));
        return true;
    }
    Q_EMIT postMoveRequested(id, *best);
    showIfAt(id, *best);
    return true;
}

void WeekView::clickCell(int day, int minuteOfDay)
{
    // The slot of that quarter hour, even under a post's card.
    for (const Card &card : cards()) {
        if (!card.slot)
            break;
        if (card.day == day && card.minuteOfDay / MinutesPerStep == minuteOfDay / MinutesPerStep) {
            Q_EMIT slotClicked(card.id);
            return;
        }
    }
    Q_EMIT timeClicked(day, minuteOfDay);
}

bool WeekView::slotEditingKey(QKeyEvent *event)
{
    // The keyboard's way of clicking a time: arrows move a cell cursor, Space or Enter
    // adds a slot there or removes the one that is there.
    if (event->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier))
        return false;
    auto [day, minute] = m_timeCursor;
    switch (event->key()) {
    case Qt::Key_Up: minute -= MinutesPerStep; break;
    case Qt::Key_Down: minute += MinutesPerStep; break;
    case Qt::Key_Left: --day; break;
    case Qt::Key_Right: ++day; break;
    case Qt::Key_Space:
    case Qt::Key_Return:
    case Qt::Key_Enter: clickCell(day, minute); return true;
    default: return false;
    }
    m_timeCursor = {std::clamp(day, 0, 6), std::clamp(minute, 0, MinutesPerDay - MinutesPerStep)};
    const int top = m_timeCursor.second * m_hourHeight / 60;
    const int bottom = top + MinutesPerStep * m_hourHeight / 60;
    if (top < verticalOffset())
        verticalScrollBar()->setValue(top);
    else if (bottom > verticalOffset() + viewport()->height())
        verticalScrollBar()->setValue(bottom - viewport()->height());
    viewport()->update();
    return true;
}

void WeekView::keyPressEvent(QKeyEvent *event)
{
    if (m_slotEditing && slotEditingKey(event)) {
        event->accept();
        return;
    }
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~Qt::KeypadModifier;
    if (modifiers == Qt::AltModifier || modifiers == (Qt::AltModifier | Qt::ShiftModifier)) {
        const bool bySlot = modifiers & Qt::ShiftModifier;
        switch (event->key()) {
        case Qt::Key_Up:
            bySlot ? moveCurrentPostToSlot(-1) : moveCurrentPost(-MinutesPerStep);
            event->accept();
            return;
        case Qt::Key_Down:
            bySlot ? moveCurrentPostToSlot(1) : moveCurrentPost(MinutesPerStep);
            event->accept();
            return;
        case Qt::Key_Left:
            moveCurrentPost(-MinutesPerDay);
            event->accept();
            return;
        case Qt::Key_Right:
            moveCurrentPost(MinutesPerDay);
            event->accept();
            return;
        default: break;
        }
    }
    if (modifiers == Qt::NoModifier) {
        switch (event->key()) {
        case Qt::Key_Return:
        case Qt::Key_Enter:
            if (const QString id = currentPostId(); !id.isEmpty()) {
                Q_EMIT openRequested(id);
                event->accept();
                return;
            }
            break;
        case Qt::Key_Delete:
        case Qt::Key_Backspace:
            if (const QString id = currentPostId(); !id.isEmpty() && m_editor) {
                Q_EMIT unscheduleRequested(id);
                event->accept();
                return;
            }
            break;
        default: break;
        }
    }
    if (modifiers == Qt::ControlModifier
        && (event->key() == Qt::Key_Plus || event->key() == Qt::Key_Equal)) {
        setHourHeight(m_hourHeight + 16);
        return;
    }
    if (modifiers == Qt::ControlModifier && event->key() == Qt::Key_Minus) {
        setHourHeight(m_hourHeight - 16);
        return;
    }
    QAbstractItemView::keyPressEvent(event);
}

void WeekView::currentChanged(const QModelIndex &current, const QModelIndex &previous)
{
    QAbstractItemView::currentChanged(current, previous);
    // No widget per card: a screen reader learns of the card at hand from the view's
    // description, which is what its tooltip says.
    setAccessibleDescription(current.isValid() ? current.data(Qt::ToolTipRole).toString()
                                               : QString());
    QAccessibleEvent event(this, QAccessible::DescriptionChanged);
    QAccessible::updateAccessibility(&event);
}

QModelIndex WeekView::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers)
{
    const std::vector<Card> &all = cards();
    std::vector<const Card *> posts;
    for (const Card &card : all) {
        if (!card.slot)
            posts.push_back(&card);
    }
    if (posts.empty())
        return {};
    // By day, then time, then lane: the order of reading the calendar.
    std::sort(posts.begin(), posts.end(), [](const Card *a, const Card *b) {
        return std::tie(a->day, a->minuteOfDay, a->lane)
               < std::tie(b->day, b->minuteOfDay, b->lane);
    });
    const QModelIndex current = currentIndex();
    auto at = std::find_if(posts.cbegin(), posts.cend(),
                           [&](const Card *card) { return card->row == current.row(); });
    const auto indexOf
        = [this](const Card *card) { return model()->index(card->row, 0, rootIndex()); };
    if (!current.isValid() || at == posts.cend()) {
        // Start from the first post at or after the top of what is shown.
        const int top = verticalOffset() * 60 / m_hourHeight;
        for (const Card *card : posts) {
            if (card->minuteOfDay >= top)
                return indexOf(card);
        }
        return indexOf(posts.front());
    }
    const Card *here = *at;
    switch (cursorAction) {
    case MoveUp:
    case MovePrevious: return at == posts.cbegin() ? current : indexOf(*std::prev(at));
    case MoveDown:
    case MoveNext: return std::next(at) == posts.cend() ? current : indexOf(*std::next(at));
    case MoveHome: return indexOf(posts.front());
    case MoveEnd: return indexOf(posts.back());
    case MoveLeft:
    case MoveRight: {
        // The post nearest in time on the closest day that has posts that way.
        const int step = cursorAction == MoveLeft ? -1 : 1;
        for (int day = here->day + step; day >= 0 && day < 7; day += step) {
            const Card *nearest = nullptr;
            for (const Card *card : posts) {
                if (card->day == day
                    && (!nearest
                        || std::abs(card->minuteOfDay - here->minuteOfDay)
                               < std::abs(nearest->minuteOfDay - here->minuteOfDay)))
                    nearest = card;
            }
            if (nearest)
                return indexOf(nearest);
        }
        return current;
    }
    case MovePageUp:
    case MovePageDown: {
        const int minutes = viewport()->height() * 60 / m_hourHeight;
        const int target = here->minuteOfDay + (cursorAction == MovePageUp ? -minutes : minutes);
        const Card *nearest = here;
        for (const Card *card : posts) {
            if (card->day == here->day
                && std::abs(card->minuteOfDay - target) < std::abs(nearest->minuteOfDay - target))
                nearest = card;
        }
        return indexOf(nearest);
    }
    }
    return current;
}

} // namespace slotline::gui
