#include "gui/calendar/weekview.h"

#include "core/clock.h"
#include "gui/calendar/weekdayheader.h"
#include "gui/calendar/weekdroppainter.h"
#include "gui/calendar/weekkeycommand.h"
#include "gui/calendar/weekmodel.h"

#include <QAccessible>
#include <QPainter>
#include <QScrollBar>
#include <QTimer>

#include <algorithm>

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
    m_planner.setModel(m_week);
    Q_ASSERT_X(m_week || !model, "WeekView::setModel", "the week calendar paints a WeekModel");
    QAbstractItemView::setModel(model);
    m_cards.invalidate();
    if (m_week) {
        // After the rows have gone or moved, too: between "about to" and done, Qt asks for
        // rectangles (the current index moves) and the cache would be rebuilt from the
        // rows as they were.
        const auto stale = [this] {
            m_cards.invalidate();
            viewport()->update();
        };
        connect(m_week, &QAbstractItemModel::rowsMoved, this, stale);
        connect(m_week, &QAbstractItemModel::rowsRemoved, this, stale);
        connect(m_week, &QAbstractItemModel::modelReset, this, stale);
        connect(m_week, &QAbstractItemModel::layoutChanged, this, stale);
        connect(m_week, &WeekModel::rangeChanged, this, [this] {
            m_cards.invalidate();
            m_header->update();
            viewport()->update();
        });
    }
    updateGeometries();
}

void WeekView::setEditor(const ScheduleEditor *editor)
{
    m_planner.setEditor(editor);
}

void WeekView::setClock(const Clock *clock)
{
    m_clock = clock;
    viewport()->update();
}

void WeekView::setDefaultTarget(const ScheduleEditor::Target &target, const QString &name)
{
    m_planner.setDefaultTarget(target, name);
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

const std::vector<WeekView::Card> &WeekView::cards() const
{
    return m_cards.cards(model(), rootIndex());
}

WeekCardFinder WeekView::finder() const
{
    return WeekCardFinder(cards(), geometry());
}

QRect WeekView::contentRect(const Card &card) const
{
    return WeekCardFinder::rectOf(card, geometry());
}

QModelIndex WeekView::indexOfCard(const Card *card) const
{
    if (!card || !model())
        return {};
    return model()->index(card->row, 0, rootIndex());
}

QRect WeekView::visualRect(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != model())
        return {};
    const Card *card = m_cards.cardOfRow(model(), rootIndex(), index.row());
    return card ? contentRect(*card).translated(0, -verticalOffset()) : QRect();
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
    return indexOfCard(finder().cardAt(point + QPoint(0, verticalOffset()), false));
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
    const WeekGeometry layout = geometry();
    QItemSelection selection;
    const std::vector<Card> &all = cards();
    for (auto card = all.crbegin(); card != all.crend(); ++card) {
        if (!card->slot && WeekCardFinder::rectOf(*card, layout).intersects(content)) {
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
    m_cards.invalidate();
    viewport()->update();
}

void WeekView::rowsInserted(const QModelIndex &parent, int start, int end)
{
    m_cards.invalidate();
    QAbstractItemView::rowsInserted(parent, start, end);
    viewport()->update();
}

void WeekView::rowsAboutToBeRemoved(const QModelIndex &parent, int start, int end)
{
    m_cards.invalidate();
    QAbstractItemView::rowsAboutToBeRemoved(parent, start, end);
    viewport()->update();
}

void WeekView::reset()
{
    m_cards.invalidate();
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
    const auto now = m_week ? m_week->placeInWeek(nowMs()) : std::nullopt;
    return now ? now->first : -1;
}

WeekGridFrame WeekView::gridFrame() const
{
    const qint64 now = nowMs();
    const auto today = m_week ? m_week->placeInWeek(now) : std::nullopt;
    return {geometry(),
            viewport()->size(),
            verticalOffset(),
            m_hourHeight,
            m_axisWidth,
            today ? today->first : -1,
            today ? std::optional(today->second) : std::nullopt,
            (m_week ? m_week->range().second : 0) <= now};
}

void WeekView::paintEvent(QPaintEvent *event)
{
    QPainter painter(viewport());
    m_gridPainter.paint(painter, event->rect(), gridFrame());
    painter.setRenderHint(QPainter::Antialiasing, true);
    const int offset = verticalOffset();
    const WeekGeometry layout = geometry(); // once, not once a card
    const QRect visible = event->rect().translated(0, offset);
    const QModelIndex current = currentIndex();
    const QModelIndexList selected
        = selectionModel() ? selectionModel()->selectedIndexes() : QModelIndexList();
    const auto isSelected = [&](const Card &card) {
        return std::any_of(selected.cbegin(), selected.cend(),
                           [&](const QModelIndex &index) { return index.row() == card.row; });
    };
    for (const Card &card : cards()) {
        const QRect rect = WeekCardFinder::rectOf(card, layout);
        if (!rect.intersects(visible))
            continue;
        m_cardPainter.paint(painter, card, rect.translated(0, -offset),
                            !card.slot && isSelected(card));
    }
    if (hasFocus() && current.isValid() && !selectionModel()->isSelected(current))
        m_cardPainter.paintFocus(painter, visualRect(current));
    if (m_slotEditing && hasFocus()) {
        const QRect cell = layout.slotRect(m_timeCursor.first, m_timeCursor.second);
        m_cardPainter.paintCellCursor(painter, cell.translated(0, -offset));
    }
    if (m_dropPlan) {
        WeekDropGhost ghost = WeekDropPlanner::ghostOf(*m_dropPlan, layout, cards());
        ghost.rect.translate(0, -offset);
        if (ghost.slot)
            ghost.slot->translate(0, -offset);
        WeekDropPainter(*viewport()).paint(painter, ghost);
    }
}

// --- gestures ------------------------------------------------------------------------------

void WeekView::mousePressEvent(QMouseEvent *event)
{
    m_pressPoint = event->position().toPoint();
    if (m_slotEditing && event->button() == Qt::LeftButton) {
        const QPoint point = event->position().toPoint();
        setFocus(Qt::MouseFocusReason);
        const WeekGeometry layout = geometry();
        if (const auto day = layout.dayAt(point.x())) {
            m_timeCursor = {*day, layout.minuteAt(point.y() + verticalOffset())};
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
    if (id.isEmpty() || !m_planner.editor())
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
    if (id.isEmpty() || !m_planner.editor())
        return true;
    const qint64 from = currentIndex().data(WeekModel::StartRole).toLongLong();
    const QString accountId = currentIndex().data(WeekModel::AccountIdRole).toString();
    const std::optional<qint64> to = finder().nearestFreeSlot(from, accountId, direction);
    if (!to) {
        Q_EMIT refused(direction > 0 ? tr("No free slot later this week.")
                                     : tr("No free slot earlier this week."));
        return true;
    }
    Q_EMIT postMoveRequested(id, *to);
    showIfAt(id, *to);
    return true;
}

void WeekView::clickCell(int day, int minuteOfDay)
{
    if (const Card *slot = finder().slotInQuarter(day, minuteOfDay))
        Q_EMIT slotClicked(slot->id);
    else
        Q_EMIT timeClicked(day, minuteOfDay);
}

void WeekView::moveCellCursor(int days, int minutes)
{
    m_timeCursor = {std::clamp(m_timeCursor.first + days, 0, 6),
                    std::clamp(m_timeCursor.second + minutes, 0, MinutesPerDay - MinutesPerStep)};
    const int top = m_timeCursor.second * m_hourHeight / 60;
    const int bottom = top + MinutesPerStep * m_hourHeight / 60;
    if (top < verticalOffset())
        verticalScrollBar()->setValue(top);
    else if (bottom > verticalOffset() + viewport()->height())
        verticalScrollBar()->setValue(bottom - viewport()->height());
    viewport()->update();
}

void WeekView::keyPressEvent(QKeyEvent *event)
{
    using Action = WeekKeyCommand::Action;
    const auto command = WeekKeyCommand::of(event->key(), event->modifiers(), m_slotEditing);
    const QString postId = currentPostId();
    switch (command.action) {
    case Action::MoveCellCursor: moveCellCursor(command.days, command.minutes); break;
    case Action::ClickCell: clickCell(m_timeCursor.first, m_timeCursor.second); break;
    case Action::MovePost: moveCurrentPost(command.minutes); break;
    case Action::MovePostToSlot: moveCurrentPostToSlot(command.direction); break;
    case Action::Zoom: setHourHeight(m_hourHeight + command.direction * 16); break;
    case Action::OpenPost:
        if (postId.isEmpty())
            return QAbstractItemView::keyPressEvent(event);
        Q_EMIT openRequested(postId);
        break;
    case Action::UnschedulePost:
        if (postId.isEmpty() || !m_planner.editor())
            return QAbstractItemView::keyPressEvent(event);
        Q_EMIT unscheduleRequested(postId);
        break;
    case Action::None: return QAbstractItemView::keyPressEvent(event);
    }
    event->accept();
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
    using Step = WeekCardFinder::Step;
    static const QHash<int, Step> steps {
        {MoveUp, Step::Previous},      {MovePrevious, Step::Previous}, {MoveDown, Step::Next},
        {MoveNext, Step::Next},        {MoveHome, Step::First},        {MoveEnd, Step::Last},
        {MoveLeft, Step::DayBefore},   {MoveRight, Step::DayAfter},    {MovePageUp, Step::PageUp},
        {MovePageDown, Step::PageDown}};
    const QModelIndex current = currentIndex();
    const int row = current.isValid() ? current.row() : -1;
    const int topMinute = verticalOffset() * 60 / m_hourHeight;
    const int pageMinutes = viewport()->height() * 60 / m_hourHeight;
    return indexOfCard(
        finder().postAfterStep(row, steps.value(cursorAction, Step::Next), topMinute, pageMinutes));
}

} // namespace slotline::gui
