#pragma once

#include <QRect>

#include <optional>

namespace slotline::gui {

// Where things are in the week calendar, as arithmetic on three numbers: the viewport's
// width, an hour's height and the time axis's width. Painting, hit-testing and dropping
// all ask it, so they agree, and it is tested without a widget. x is in viewport
// coordinates, y in content coordinates (0 is midnight) unless said otherwise.
class WeekGeometry
{
public:
    static constexpr int MinutesPerStep = 15;
    static constexpr int MinutesPerDay = 24 * 60;
    // The left part of a column where a slot stays visible under posts.
    static constexpr int SlotBand = 5;

    WeekGeometry(int viewportWidth, int hourHeight, int axisWidth);

    double columnWidth() const;
    // The day's column (0 is the week's first day), `height` tall from y 0.
    QRect dayColumn(int day, int height) const;
    int yOfMinute(int minuteOfDay) const { return minuteOfDay * m_hourHeight / 60; }
    int contentHeight() const { return 24 * m_hourHeight; }

    // A slot's card spans its column; a post's card its lane of the column right of the
    // slot band. Both are a quarter hour tall.
    QRect slotRect(int day, int minuteOfDay) const;
    QRect postRect(int day, int minuteOfDay, int lane, int laneCount) const;

    // The quarter hour under a content y, within the day.
    int minuteAt(int contentY) const;
    // The day under an x; none on the time axis or past the last column.
    std::optional<int> dayAt(int x) const;

private:
    int m_viewportWidth;
    int m_hourHeight;
    int m_axisWidth;
};

} // namespace slotline::gui
