#include "gui/calendar/weekdroppainter.h"

#include "gui/common/itemcolors.h"

#include <QPainter>
#include <QWidget>

#include <algorithm>

namespace slotline::gui {

WeekDropPainter::WeekDropPainter(const QWidget &widget)
    : m_widget(widget)
{ }

void WeekDropPainter::paint(QPainter &painter, const WeekDropGhost &ghost) const
{
    const QPalette &colors = m_widget.palette();
    const QFontMetrics metrics = m_widget.fontMetrics();
    if (ghost.slot) {
        QPen pen(colors.color(QPalette::Highlight));
        pen.setWidth(3);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(ghost.slot->adjusted(-1, -1, 1, 1), 3, 3);
    }
    const QRect &rect = ghost.rect;
    const QColor tone = ghost.refusal ? ItemColors::error() : colors.color(QPalette::Highlight);
    painter.setOpacity(0.75);
    painter.setPen(QPen(tone, 2, Qt::DashLine));
    painter.setBrush(ItemColors::mixed(colors.color(QPalette::Base), tone, 0.25));
    painter.drawRoundedRect(rect, 3, 3);
    painter.setOpacity(1.0);
    painter.setPen(colors.color(QPalette::Text));
    painter.drawText(rect.adjusted(6, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter,
                     metrics.elidedText(ghost.text, Qt::ElideRight, rect.width() - 10));
    if (!ghost.refusal)
        return;
    // Why not, beside the ghost, where the eye is.
    const int width = std::min(m_widget.width() - 8, 320);
    QRect box
        = metrics.boundingRect(QRect(0, 0, width - 12, 400), Qt::TextWordWrap, *ghost.refusal);
    box.adjust(-6, -4, 6, 4);
    box.moveTopLeft(
        QPoint(std::clamp(rect.left(), 4, m_widget.width() - box.width() - 4), rect.bottom() + 4));
    if (box.bottom() > m_widget.height())
        box.moveBottom(rect.top() - 4);
    painter.setPen(ItemColors::error());
    painter.setBrush(colors.color(QPalette::ToolTipBase));
    painter.drawRoundedRect(box, 4, 4);
    painter.setPen(colors.color(QPalette::ToolTipText));
    painter.drawText(box.adjusted(6, 4, -6, -4), Qt::TextWordWrap, *ghost.refusal);
}

} // namespace slotline::gui
