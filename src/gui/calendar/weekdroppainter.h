#pragma once

#include <QRect>
#include <QString>

#include <optional>

class QPainter;
class QWidget;

namespace slotline::gui {

// Where a dragged post or draft would land, in viewport coordinates.
struct WeekDropGhost
{
    QRect rect; // at the time it would get
    std::optional<QRect> slot; // the slot it snaps to
    QString text; // the time, and for a draft where it goes
    std::optional<QString> refusal; // why it may not land there
};

// Paints a drop's ghost in a widget's palette and font: dashed at its time, the slot it
// snaps to outlined, and, when it may not land, why, beside it where the eye is.
class WeekDropPainter
{
public:
    explicit WeekDropPainter(const QWidget &widget);

    void paint(QPainter &painter, const WeekDropGhost &ghost) const;

private:
    const QWidget &m_widget;
};

} // namespace slotline::gui
