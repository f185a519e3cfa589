#pragma once

#include <QWidget>

namespace slotline::gui {

class WeekView;

// The row of day names above the week calendar's columns, today's marked; it follows the
// view's columns and the model's week.
class WeekDayHeader : public QWidget
{
    Q_OBJECT

public:
    explicit WeekDayHeader(WeekView &view);

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    WeekView &m_view;
};

} // namespace slotline::gui
