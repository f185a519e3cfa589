#include "gui/calendar/weekgeometry.h"

#include <algorithm>
#include <cmath>

namespace slotline::gui {

WeekGeometry::WeekGeometry(int viewportWidth, int hourHeight, int axisWidth)
    : m_viewportWidth(viewportWidth)
    , m_hourHeight(std::max(1, hourHeight))
    , m_axisWidth(axisWidth)
{ }

double WeekGeometry::columnWidth() const
{
    return std::max(1.0, (m_viewportWidth - m_axisWidth) / 7.0);
}

QRect WeekGeometry::dayColumn(int day, int height) const
{
    // Rounded at both edges, so neighbouring columns share their border pixel exactly.
    const double width = columnWidth();
    const int left = m_axisWidth + int(std::round(day * width));
    const int right = m_axisWidth + int(std::round((day + 1) * width));
    return QRect(left, 0, right - left, height);
}

QRect WeekGeometry::slotRect(int day, int minuteOfDay) const
{
    const double width = columnWidth();
    const double left = m_axisWidth + day * width;
    const int height = std::max(4, MinutesPerStep * m_hourHeight / 60 - 1);
    return QRect(int(left) + 1, yOfMinute(minuteOfDay), int(width) - 2, height);
}

QRect WeekGeometry::postRect(int day, int minuteOfDay, int lane, int laneCount) const
{
    const double width = columnWidth();
    const double left = m_axisWidth + day * width;
    const int height = std::max(4, MinutesPerStep * m_hourHeight / 60 - 1);
    const double inner = width - SlotBand - 3;
    const double laneWidth = inner / std::max(1, laneCount);
    const int x = int(left + SlotBand + 1 + lane * laneWidth);
    return QRect(x, yOfMinute(minuteOfDay), std::max(3, int(laneWidth) - 1), height);
}

int WeekGeometry::minuteAt(int contentY) const
{
    const int minute = contentY * 60 / m_hourHeight;
    return std::clamp(minute / MinutesPerStep * MinutesPerStep, 0, MinutesPerDay - MinutesPerStep);
}

std::optional<int> WeekGeometry::dayAt(int x) const
{
    if (x < m_axisWidth)
        return std::nullopt;
    const int day = int((x - m_axisWidth) / columnWidth());
    return day >= 0 && day < 7 ? std::optional<int>(day) : std::nullopt;
}

} // namespace slotline::gui
