#include "gui/calendar/weekmodel.h"
#include "gui/calendar/weekview.h"
#include "gui/common/calendarmime.h"

#include <QDrag>
#include <QDragMoveEvent>
#include <QMimeData>

#include <algorithm>

// The week calendar's drag and drop: a post dragged from it, a draft or a post dropped on
// it. Where a drop would land and whether it may is WeekDropPlanner's; this is the view's
// side, its ghost while dragging and the request it emits when dropped.

namespace slotline::gui {

std::optional<WeekDropPlan> WeekView::planDrop(const QMimeData *mimeData, const QPoint &point) const
{
    return m_planner.plan(mimeData, point + QPoint(0, verticalOffset()), geometry(), finder());
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
    if (!plan || !m_planner.editor()) {
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
    if (const Card *card = m_cards.cardOfRow(model(), rootIndex(), index.row()))
        drag->setPixmap(m_cardPainter.dragPicture(*card, rect.size()));
    // Held where it was grabbed.
    const QPoint grabbed = m_pressPoint - rect.topLeft();
    drag->setHotSpot(QPoint(std::clamp(grabbed.x(), 0, rect.width()),
                            std::clamp(grabbed.y(), 0, rect.height())));
    // Not QAbstractItemView's: a move must not remove the row, the editor moves the post.
    drag->exec(Qt::MoveAction, Qt::MoveAction);
}

} // namespace slotline::gui
