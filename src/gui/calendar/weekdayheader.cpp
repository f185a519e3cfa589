#include "gui/calendar/weekdayheader.h"

#include "gui/calendar/weekdates.h"
#include "gui/calendar/weekmodel.h"
#include "gui/calendar/weekview.h"

#include <QLocale>
#include <QPainter>

namespace slotline::gui {

WeekDayHeader::WeekDayHeader(WeekView &view)
    : QWidget(&view)
    , m_view(view)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("Days of the week shown"));
}

QSize WeekDayHeader::sizeHint() const
{
    return QSize(200, fontMetrics().height() * 2 + 10);
}

void WeekDayHeader::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const QPalette &colors = palette();
    painter.fillRect(rect(), colors.color(QPalette::Window));
    const auto *week = qobject_cast<const WeekModel *>(m_view.model());
    if (!week || !week->firstDay().isValid())
        return;
    const QLocale locale;
    QFont bold = font();
    bold.setBold(true);
    // The view's columns are in its viewport, which this header spans exactly.
    for (int day = 0; day < 7; ++day) {
        const QRect column = m_view.dayColumnRect(day);
        const QRect cell(column.left(), 0, column.width(), height());
        const QDate date = week->firstDay().addDays(day);
        const bool isToday = day == m_view.todayColumn();
        if (isToday)
            painter.fillRect(cell, colors.color(QPalette::Highlight));
        painter.setPen(isToday ? colors.color(QPalette::HighlightedText)
                               : colors.color(QPalette::WindowText));
        painter.setFont(isToday ? bold : font());
        const QString name = locale.dayName(date.dayOfWeek(), QLocale::ShortFormat);
        const QString number = WeekDates::dayAndMonth(date, locale);
        painter.drawText(cell.adjusted(0, 4, 0, -height() / 2), Qt::AlignHCenter | Qt::AlignBottom,
                         name);
        painter.drawText(cell.adjusted(0, height() / 2, 0, -4), Qt::AlignHCenter | Qt::AlignTop,
                         number);
        painter.fillRect(QRect(cell.left(), 0, 1, height()), colors.color(QPalette::Mid));
    }
    painter.fillRect(QRect(0, height() - 1, width(), 1), colors.color(QPalette::Mid));
}

} // namespace slotline::gui
