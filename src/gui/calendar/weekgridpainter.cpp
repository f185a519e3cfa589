#include "gui/calendar/weekgridpainter.h"

#include "gui/common/itemcolors.h"

#include <QLocale>
#include <QPainter>
#include <QTime>
#include <QWidget>

#include <algorithm>

namespace slotline::gui {

WeekGridPainter::WeekGridPainter(const QWidget &widget)
    : m_widget(widget)
{ }

QString WeekGridPainter::timeLabel(int minuteOfDay)
{
    return QLocale().toString(QTime(minuteOfDay / 60, minuteOfDay % 60), QLocale::ShortFormat);
}

void WeekGridPainter::paint(QPainter &painter, const QRect &exposed,
                            const WeekGridFrame &frame) const
{
    const QPalette &colors = m_widget.palette();
    const QFontMetrics metrics = m_widget.fontMetrics();
    const int width = frame.viewport.width();
    const int height = frame.viewport.height();
    const auto column = [&](int day) { return frame.geometry.dayColumn(day, height); };
    const QColor base = colors.color(QPalette::Base);
    const QColor line = ItemColors::mixed(base, colors.color(QPalette::Text), 0.12);
    const QColor faintLine = ItemColors::mixed(base, colors.color(QPalette::Text), 0.05);
    painter.fillRect(exposed, base);

    // Today's column, and the part of the week already past, shaded.
    const QColor past = ItemColors::mixed(base, colors.color(QPalette::Text), 0.04);
    const QColor todayTint = ItemColors::mixed(base, colors.color(QPalette::Highlight), 0.08);
    const int today = frame.todayColumn;
    for (int day = 0; day < 7; ++day) {
        if (day == today)
            painter.fillRect(column(day), todayTint);
        if (frame.weekOver || (today >= 0 && day < today))
            painter.fillRect(column(day), past);
    }
    int nowY = -1;
    if (today >= 0 && frame.nowMinute) {
        nowY = frame.geometry.yOfMinute(*frame.nowMinute) - frame.scrolledY;
        QRect before = column(today);
        before.setBottom(nowY);
        painter.fillRect(before, past);
    }

    // Hour and half-hour lines, and the hours on the axis.
    const int hourHeight = frame.hourHeight;
    const int firstHour = std::max(0, frame.scrolledY / hourHeight);
    const int lastHour = std::min(24, (frame.scrolledY + height) / hourHeight + 1);
    painter.setPen(colors.color(QPalette::PlaceholderText));
    for (int hour = firstHour; hour <= lastHour; ++hour) {
        const int y = hour * hourHeight - frame.scrolledY;
        painter.fillRect(QRect(frame.axisWidth, y, width - frame.axisWidth, 1), line);
        painter.fillRect(QRect(frame.axisWidth, y + hourHeight / 2, width - frame.axisWidth, 1),
                         faintLine);
        if (hour > 0 && hour < 24) {
            painter.drawText(
                QRect(0, y - metrics.height() / 2, frame.axisWidth - 8, metrics.height()),
                Qt::AlignRight | Qt::AlignVCenter, timeLabel(hour * 60));
        }
    }
    for (int day = 0; day < 7; ++day)
        painter.fillRect(QRect(column(day).left(), 0, 1, height), line);

    if (nowY >= 0) {
        const QRect todayColumn = column(today);
        const QColor red = ItemColors::error();
        painter.fillRect(QRect(todayColumn.left(), nowY - 1, todayColumn.width(), 2), red);
        painter.setPen(Qt::NoPen);
        painter.setBrush(red);
        painter.drawEllipse(QPoint(todayColumn.left(), nowY), 4, 4);
    }
}

} // namespace slotline::gui
