#pragma once

#include "gui/calendar/weekgeometry.h"

#include <QSize>

#include <optional>

class QPainter;
class QRect;
class QWidget;

namespace slotline::gui {

// What the week's grid shows at one moment: where the viewport is, and where now is.
struct WeekGridFrame
{
    WeekGeometry geometry;
    QSize viewport;
    int scrolledY = 0; // the content y at the viewport's top
    int hourHeight = 0;
    int axisWidth = 0;
    int todayColumn = -1; // -1: today is not in the week
    std::optional<int> nowMinute; // now's minute of the day, when today is in the week
    bool weekOver = false; // all of the week is past
};

// Paints the week calendar's background in a widget's palette and font: the columns,
// today's tint and what is past shaded, the hour lines and their labels, and the line
// where now is.
class WeekGridPainter
{
public:
    explicit WeekGridPainter(const QWidget &widget);

    void paint(QPainter &painter, const QRect &exposed, const WeekGridFrame &frame) const;

    // A minute of the day as the calendar writes times (the locale's short format).
    static QString timeLabel(int minuteOfDay);

private:
    const QWidget &m_widget;
};

} // namespace slotline::gui
