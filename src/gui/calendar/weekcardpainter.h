#pragma once

#include "gui/calendar/weekcard.h"

#include <QHash>
#include <QPixmap>

#include <utility>

class QPainter;
class QRect;
class QSize;
class QWidget;

namespace slotline::gui {

// Paints the week calendar's cards in a widget's palette and font: a slot (dashed while
// free), a post in its platform's colour with its icon, its state's mark and its text.
class WeekCardPainter
{
public:
    explicit WeekCardPainter(const QWidget &widget);

    void paint(QPainter &painter, const WeekCard &card, const QRect &rect, bool selected) const;
    // The dotted outline of the card at hand when it is not selected.
    void paintFocus(QPainter &painter, const QRect &rect) const;
    // Slot editing: the cell the keyboard is on.
    void paintCellCursor(QPainter &painter, const QRect &rect) const;
    // What the pointer carries while the card is dragged: the card, see-through, `size` big.
    QPixmap dragPicture(const WeekCard &card, const QSize &size) const;

private:
    void paintSlot(QPainter &painter, const WeekCard &card, const QRect &rect) const;
    void paintFill(QPainter &painter, const QRect &rect, const QColor &fill,
                   const QColor &platform) const;
    QPixmap platformPixmap(int platform) const;

    const QWidget &m_widget;
    mutable QHash<int, QPixmap> m_pixmaps;
    // Post cards' fills by colours, size and device pixel ratio.
    mutable QHash<std::pair<quint64, quint64>, QPixmap> m_cardFills;
};

} // namespace slotline::gui
