#include "gui/calendar/weekgridpainter.h"
#include "gui/common/itemcolors.h"

#include <QImage>
#include <QPainter>
#include <QTest>
#include <QWidget>

using namespace slotline::gui;

class TestWeekGridPainter : public QObject
{
    Q_OBJECT

    static QImage painted(const WeekGridFrame &frame)
    {
        QWidget widget;
        QImage image(frame.viewport, QImage::Format_RGB32);
        QPainter painter(&image);
        WeekGridPainter(widget).paint(painter, image.rect(), frame);
        return image;
    }

private Q_SLOTS:
    void shadesThePastAndDrawsNowInTodaysColumn()
    {
        const QSize viewport(800, 600);
        WeekGridFrame frame {
            WeekGeometry(viewport.width(), 48, 56), viewport, 0, 48, 56, 3, 600, false};
        const QImage image = painted(frame);
        const auto at = [&](int day, int y) {
            return image.pixelColor(frame.geometry.dayColumn(day, 600).center().x(), y);
        };
        const QColor future = at(5, 100);
        const QColor past = at(1, 100);
        QVERIFY(future != past);
        QCOMPARE(at(0, 100), past);
        // Now is 10:00, 480 pixels down at 48 a hour: a red line across today's column,
        // the part of today above it shaded like the past days, below it not.
        QCOMPARE(at(3, 480), ItemColors::error());
        QVERIFY(at(3, 300) != at(3, 540));
        QVERIFY(at(3, 540) != future); // today's tint
        QVERIFY(at(4, 480) != ItemColors::error());

        // Scrolled down by two hours, the line moves up with the content.
        frame.scrolledY = 96;
        QCOMPARE(painted(frame).pixelColor(frame.geometry.dayColumn(3, 600).center().x(), 384),
                 ItemColors::error());

        // A week that is over is all past, and has no now line.
        frame = WeekGridFrame {
            WeekGeometry(viewport.width(), 48, 56), viewport, 0, 48, 56, -1, std::nullopt, true};
        const QImage over = painted(frame);
        for (int day = 0; day < 7; ++day)
            QCOMPARE(over.pixelColor(frame.geometry.dayColumn(day, 600).center().x(), 100), past);
    }
};

QTEST_MAIN(TestWeekGridPainter)
#include "tst_weekgridpainter.moc"
