// How long the week calendar takes to paint a busy week: 2,000 posts over 20 accounts and
// three platforms between 07:00 and 21:00 on quarter hours (several at the same time, so in
// lanes), and 15 weekly slots, in a 1400x900 window. It times, frame by frame:
//   - a full repaint of the viewport where the posts are densest (static),
//   - a sweep over the day, one scroll-bar step a frame, with a full repaint each (what a
//     drag's auto-scroll costs, since the drop ghost updates the whole viewport) and with
//     the update the view asks for itself when it scrolls (the report says how much of the
//     viewport that repaints: all of it, unless scrollContentsBy lets the backing store
//     move the pixels and only the uncovered strip is painted),
//   - the same over a week with slots only, the baseline,
//   - a post moved in the store (LocalStore::queueMove, which refreshes the model at once)
//     and the repaint that follows, which rebuilds the view's cards.
// The target is under 8 ms a frame for the paint.

#include "calendarbenchdata.h"
#include "client/localstore.h"
#include "core/submission.h"
#include "core/weeklyslot.h"
#include "fixedclock.h"
#include "gui/calendar/weekmodel.h"
#include "gui/calendar/weekview.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QPaintEvent>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimeZone>
#include <QWindow>

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 MinuteMs = 60'000;
constexpr qint64 DayMs = 24 * 60 * MinuteMs;
constexpr int AccountCount = 20;

// Counts the paint events a widget receives, and keeps the last one's rectangle: proof
// that a timed frame painted, and how much of the viewport it painted.
class PaintCounter final : public QObject
{
public:
    int paints = 0;
    QRect lastRect;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint) {
            ++paints;
            lastRect = static_cast<QPaintEvent *>(event)->rect();
        }
        return QObject::eventFilter(watched, event);
    }
};

struct Figures
{
    double median = 0;
    double p90 = 0;
    double max = 0;
};

Figures figuresOf(QList<qint64> nanoseconds)
{
    if (nanoseconds.isEmpty())
        return {};
    std::sort(nanoseconds.begin(), nanoseconds.end());
    const qsizetype count = nanoseconds.size();
    const qsizetype p90 = std::min(count - 1, qsizetype(std::ceil(0.9 * double(count))) - 1);
    return {double(nanoseconds[count / 2]) / 1e6, double(nanoseconds[p90]) / 1e6,
            double(nanoseconds.back()) / 1e6};
}

// One window of the calendar over its own store.
struct Calendar
{
    explicit Calendar(const QString &file)
    {
        store.open(file); // before the model, which reads it at once
        model = std::make_unique<gui::WeekModel>(store);
        view = std::make_unique<gui::WeekView>();
    }

    client::LocalStore store;
    std::unique_ptr<gui::WeekModel> model;
    std::unique_ptr<gui::WeekView> view; // destroyed before the model it paints
    PaintCounter paintCounter;
};

// Where each row's card is in the content (the whole day), as the view places it.
QList<QRect> contentRects(const gui::WeekView &view, const gui::WeekModel &model)
{
    QList<QRect> rects;
    const int offset = view.verticalScrollBar()->value();
    for (int row = 0; row < model.rowCount(); ++row)
        rects.append(view.visualRect(model.index(row)).translated(0, offset));
    return rects;
}

// The cards a repaint of the whole viewport paints at this scroll position.
int cardsInView(const QList<QRect> &rects, int offset, const QSize &viewport)
{
    const QRect visible(QPoint(0, offset), viewport);
    return int(std::count_if(rects.cbegin(), rects.cend(),
                             [&](const QRect &rect) { return rect.intersects(visible); }));
}

// A repaint that goes through the widget's repaint manager and backing store as an
// update() does, only at once (QWidget::repaint): the real paintEvent path, including the
// viewport's background fill and the clip to the dirty region. Rendering into a QImage
// with QWidget::render would skip the backing store and paint with other settings.
void repaintViewport(gui::WeekView &view)
{
    view.viewport()->repaint();
}

// The update a scroll leaves behind, delivered now instead of by the event loop: the
// repaint manager posts it to the window as an UpdateRequest.
void deliverUpdates()
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateRequest);
}

QList<qint64> timeFrames(int frames, const std::function<void()> &before,
                         const std::function<void()> &frame)
{
    QList<qint64> nanoseconds;
    nanoseconds.reserve(frames);
    for (int i = 0; i < frames; ++i) {
        if (before)
            before();
        QElapsedTimer timer;
        timer.start();
        frame();
        nanoseconds.append(timer.nsecsElapsed());
    }
    return nanoseconds;
}

// One scroll-bar step a frame, down the day and back up again.
class Sweep
{
public:
    explicit Sweep(QScrollBar &bar)
        : m_bar(bar)
    { }
    void start() { m_bar.setValue(m_bar.minimum()); }
    void step()
    {
        if ((m_down && m_bar.value() >= m_bar.maximum())
            || (!m_down && m_bar.value() <= m_bar.minimum()))
            m_down = !m_down;
        m_bar.triggerAction(m_down ? QAbstractSlider::SliderSingleStepAdd
                                   : QAbstractSlider::SliderSingleStepSub);
    }

private:
    QScrollBar &m_bar;
    bool m_down = true;
};

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(u"Times the week calendar's paint over a busy week."_s);
    parser.addHelpOption();
    parser.addOption({u"posts"_s, u"Posts in the week."_s, u"n"_s, u"2000"_s});
    parser.addOption({u"frames"_s, u"Timed frames of each kind."_s, u"n"_s, u"200"_s});
    parser.addOption({u"width"_s, u"Window width."_s, u"pixels"_s, u"1400"_s});
    parser.addOption({u"height"_s, u"Window height."_s, u"pixels"_s, u"900"_s});
    parser.addOption({u"hour-height"_s, u"Pixels an hour (zoom), 48 to 240."_s, u"pixels"_s});
    parser.addOption(
        {u"grab"_s, u"Save the busy view where it is densest to this PNG file."_s, u"file"_s});
    parser.process(app);
    const int postCount = std::max(1, parser.value(u"posts"_s).toInt());
    const int frames = std::max(1, parser.value(u"frames"_s).toInt());
    const QSize windowSize(std::max(400, parser.value(u"width"_s).toInt()),
                           std::max(300, parser.value(u"height"_s).toInt()));
    QTextStream out(stdout);

    QTemporaryDir directory;
    if (!directory.isValid()) {
        out << "cannot create a temporary directory\n";
        return 2;
    }

    const QTimeZone berlin("Europe/Berlin");
    const QDate monday(2026, 3, 2);
    const qint64 weekStart = QDateTime(monday, QTime(0, 0), berlin).toMSecsSinceEpoch();
    // Tuesday morning: Monday is past (published, some failed), the rest is to come.
    const bench::FixedClock clock(
        QDateTime(monday.addDays(1), QTime(10, 0), berlin).toMSecsSinceEpoch());
    const QList<Account> accounts = bench::calendarBenchAccounts(AccountCount);
    const QList<WeeklySlot> slots = bench::calendarBenchSlots(accounts);

    // The busy week, and the same week with slots only.
    Calendar busy(directory.filePath(u"busy.sqlite"_s));
    Calendar empty(directory.filePath(u"empty.sqlite"_s));
    for (Calendar *calendar : {&busy, &empty}) {
        calendar->store.putAccounts(accounts, weekStart);
        calendar->store.putSlots(u"Europe/Berlin"_s, slots, weekStart);
    }
    const QList<Submission> posts
        = bench::calendarBenchPosts(postCount, weekStart, clock.nowMs(), accounts);
    busy.store.replacePosts(weekStart - DayMs, weekStart + 8 * DayMs, posts);

    for (Calendar *calendar : {&busy, &empty}) {
        calendar->model->setClock(&clock);
        calendar->model->setTimeZone(berlin);
        calendar->model->setWeek(monday);
        calendar->view->setModel(calendar->model.get());
        calendar->view->setClock(&clock);
        calendar->view->resize(windowSize);
        if (parser.isSet(u"hour-height"_s))
            calendar->view->setHourHeight(parser.value(u"hour-height"_s).toInt());
        calendar->view->viewport()->installEventFilter(&calendar->paintCounter);
        calendar->view->show();
    }
    // Painting needs the windows exposed; the offscreen platform exposes them at once,
    // through the event queue.
    const QDeadlineTimer exposure(10'000);
    while (!(busy.view->windowHandle()->isExposed() && empty.view->windowHandle()->isExposed())
           && !exposure.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    deliverUpdates();

    QStringList failures;
    const QSize viewportSize = busy.view->viewport()->size();
    QScrollBar &busyBar = *busy.view->verticalScrollBar();

    // The densest scroll position: the one whose viewport holds the most cards.
    const QList<QRect> busyRects = contentRects(*busy.view, *busy.model);
    int densest = 0;
    int densestCards = -1;
    for (int offset = busyBar.minimum(); offset <= busyBar.maximum();
         offset += busyBar.singleStep()) {
        const int cards = cardsInView(busyRects, offset, viewportSize);
        if (cards > densestCards) {
            densest = offset;
            densestCards = cards;
        }
    }
    const QList<QRect> emptyRects = contentRects(*empty.view, *empty.model);

    // Checks that each timed frame of a kind reached the viewport's paintEvent.
    const auto checkPainted
        = [&](const Calendar &calendar, int before, int expected, const QString &what) {
              const int painted = calendar.paintCounter.paints - before;
              if (painted < expected)
                  failures.append(
                      u"%1: %2 paint events for %3 frames"_s.arg(what).arg(painted).arg(expected));
          };
    const auto staticFrames = [&](Calendar &calendar, int offset) {
        calendar.view->verticalScrollBar()->setValue(offset);
        deliverUpdates();
        for (int warmUp = 0; warmUp < 3; ++warmUp)
            repaintViewport(*calendar.view);
        const int before = calendar.paintCounter.paints;
        const QList<qint64> times
            = timeFrames(frames, {}, [&] { repaintViewport(*calendar.view); });
        checkPainted(calendar, before, frames, u"static"_s);
        return figuresOf(times);
    };
    // Scroll a step and repaint all of the viewport, or deliver the update the view asked
    // for (the height it painted is kept for the report).
    struct SweepResult
    {
        Figures figures;
        int minCards = 0;
        int maxCards = 0;
        double medianCards = 0;
        int stripHeight = 0;
    };
    const auto sweepFrames = [&](Calendar &calendar, const QList<QRect> &rects, bool full,
                                 const QString &what) {
        Sweep sweep(*calendar.view->verticalScrollBar());
        sweep.start();
        deliverUpdates();
        repaintViewport(*calendar.view);
        QList<int> cards;
        QList<int> strips;
        const int before = calendar.paintCounter.paints;
        const QList<qint64> times = timeFrames(frames, {}, [&] {
            sweep.step();
            if (full)
                repaintViewport(*calendar.view);
            else
                deliverUpdates();
        });
        checkPainted(calendar, before, frames, what);
        // Once more, untimed, for what the frames showed (the same steps).
        sweep.start();
        deliverUpdates();
        Sweep again(*calendar.view->verticalScrollBar());
        for (int i = 0; i < frames; ++i) {
            again.step();
            cards.append(cardsInView(rects, calendar.view->verticalScrollBar()->value(),
                                     calendar.view->viewport()->size()));
            if (!full) {
                deliverUpdates();
                strips.append(calendar.paintCounter.lastRect.height());
            }
        }
        std::sort(cards.begin(), cards.end());
        std::sort(strips.begin(), strips.end());
        SweepResult result;
        result.figures = figuresOf(times);
        result.minCards = cards.front();
        result.maxCards = cards.back();
        result.medianCards = cards[cards.size() / 2];
        result.stripHeight = strips.isEmpty() ? viewportSize.height() : strips[strips.size() / 2];
        return result;
    };

    const Figures busyStatic = staticFrames(busy, densest);
    const Figures emptyStatic = staticFrames(empty, densest);
    const int emptyCards = cardsInView(emptyRects, densest, viewportSize);
    const SweepResult busyScrollFull = sweepFrames(busy, busyRects, true, u"busy sweep"_s);
    const SweepResult emptyScrollFull = sweepFrames(empty, emptyRects, true, u"empty sweep"_s);
    const SweepResult busyScroll = sweepFrames(busy, busyRects, false, u"busy scroll"_s);
    const SweepResult emptyScroll = sweepFrames(empty, emptyRects, false, u"empty scroll"_s);

    // A post moved in the store: the model refreshes at once (postsChanged, outboxChanged),
    // the view marks its cards stale, and the next repaint rebuilds them. The post goes a
    // quarter of an hour later and back, frame after frame, in view where it is busiest.
    busyBar.setValue(densest);
    deliverUpdates();
    QString movedId;
    qint64 movedFrom = 0;
    for (const Submission &post : posts) {
        const QRect rect = busy.view->visualRect(busy.model->indexOfPost(post.id));
        if (post.status == SubmissionStatus::Scheduled && post.scheduledAtMs
            && *post.scheduledAtMs > clock.nowMs() + DayMs
            && rect.intersects(QRect(QPoint(0, 0), viewportSize).adjusted(0, 0, 0, -100))) {
            movedId = post.id;
            movedFrom = *post.scheduledAtMs;
            break;
        }
    }
    QList<qint64> storeAndModel;
    QList<qint64> cardRebuilds;
    QList<qint64> viewFrames;
    QList<qint64> wholeFrames;
    if (movedId.isEmpty()) {
        failures.append(u"no scheduled post in view to move"_s);
    } else {
        const int before = busy.paintCounter.paints;
        for (int i = 0; i < frames; ++i) {
            const qint64 to = movedFrom + (i % 2 == 0 ? 15 * MinuteMs : 0);
            const auto post = busy.store.posts().find(movedId);
            if (!post) {
                failures.append(u"the moved post left the store"_s);
                break;
            }
            QElapsedTimer timer;
            timer.start();
            busy.store.queueMove(*post, to);
            const qint64 moved = timer.nsecsElapsed();
            // The first use of the cards after the change rebuilds them: here, not in
            // paintEvent, so that the two are timed apart.
            busy.view->visualRect(busy.model->index(0));
            const qint64 rebuilt = timer.nsecsElapsed();
            repaintViewport(*busy.view);
            const qint64 whole = timer.nsecsElapsed();
            storeAndModel.append(moved);
            cardRebuilds.append(rebuilt - moved);
            viewFrames.append(whole - moved);
            wholeFrames.append(whole);
            // The view shows the post at its new time: its cards were rebuilt.
            const QTime wallClock = QDateTime::fromMSecsSinceEpoch(to, berlin).time();
            const int expectedTop
                = (wallClock.hour() * 60 + wallClock.minute()) * busy.view->hourHeight() / 60;
            const QRect shown = busy.view->visualRect(busy.model->indexOfPost(movedId));
            if (shown.top() + busyBar.value() != expectedTop)
                failures.append(u"frame %1: the moved post is at y %2, not %3"_s.arg(i)
                                    .arg(shown.top() + busyBar.value())
                                    .arg(expectedTop));
        }
        checkPainted(busy, before, int(viewFrames.size()), u"model changed"_s);
    }
    // The busy view where it is densest, the moved post pending in it, and one post selected.
    if (const QString grabFile = parser.value(u"grab"_s); !grabFile.isEmpty()) {
        busyBar.setValue(densest);
        for (const Submission &post : posts) {
            const QModelIndex index = busy.model->indexOfPost(post.id);
            if (post.id != movedId
                && busy.view->visualRect(index).intersects(
                    QRect(QPoint(0, 0), viewportSize).adjusted(0, 100, 0, -100))) {
                busy.view->setCurrentIndex(index);
                break;
            }
        }
        if (!busy.view->viewport()->grab().save(grabFile))
            failures.append(u"cannot save %1"_s.arg(grabFile));
    }
    const Figures moveStore = figuresOf(storeAndModel);
    const Figures moveCards = figuresOf(cardRebuilds);
    const Figures moveView = figuresOf(viewFrames);
    const Figures moveWhole = figuresOf(wholeFrames);

    // The report.
    const auto print = [&](const char *name, const Figures &figures) {
        out << "  " << qSetFieldWidth(44) << Qt::left << name << qSetFieldWidth(0)
            << QString::number(figures.median, 'f', 2) << " / "
            << QString::number(figures.p90, 'f', 2) << " / " << QString::number(figures.max, 'f', 2)
            << "\n";
    };
    const auto verdict = [&](const Figures &figures) {
        return u"median %1, p90 %2"_s.arg(figures.median < 8 ? u"under 8 ms"_s : u"OVER 8 ms"_s,
                                          figures.p90 < 8 ? u"under 8 ms"_s : u"OVER 8 ms"_s);
    };
    const int hourHeight = busy.view->hourHeight();
    out << "week view: " << postCount << " posts in the week, " << slots.size() << " weekly slots, "
        << AccountCount << " accounts; window " << windowSize.width() << "x" << windowSize.height()
        << ", viewport " << viewportSize.width() << "x" << viewportSize.height() << ", "
        << hourHeight << " px an hour; " << frames << " frames each; platform "
        << QGuiApplication::platformName() << "\n";
    out << "densest view from " << QTime(0, 0).addSecs(densest * 3600 / hourHeight).toString()
        << ": " << densestCards << " cards painted (empty week: " << emptyCards << ")\n";
    out << "ms a frame:                                   median / p90 / max\n";
    print("(a) busy, static full repaint", busyStatic);
    print("(c) empty, static full repaint", emptyStatic);
    print("(b) busy, scroll a step + full repaint", busyScrollFull.figures);
    print("(c) empty, scroll a step + full repaint", emptyScrollFull.figures);
    print("(b) busy, scroll a step, the view's update", busyScroll.figures);
    print("(c) empty, scroll a step, the view's update", emptyScroll.figures);
    print("(d) post moved: store + model refresh", moveStore);
    print("(d) post moved: view, cards rebuilt", moveCards);
    print("(d) post moved: view, cards + repaint", moveView);
    print("(d) post moved: whole frame", moveWhole);
    out << "cards painted while sweeping: " << busyScrollFull.minCards << " to "
        << busyScrollFull.maxCards << " (median " << busyScrollFull.medianCards
        << "); the view's update after a step paints " << busyScroll.stripHeight << " of "
        << viewportSize.height() << " px in height\n";
    out << "ratios busy/empty (medians): static " << busyStatic.median / emptyStatic.median
        << ", scroll + full repaint "
        << busyScrollFull.figures.median / emptyScrollFull.figures.median
        << ", scroll with the view's update "
        << busyScroll.figures.median / emptyScroll.figures.median << "\n";
    out << "target 8 ms a frame: (a) " << verdict(busyStatic) << "; (b) full "
        << verdict(busyScrollFull.figures) << "; (b) the view's update "
        << verdict(busyScroll.figures) << "; (d) view " << verdict(moveView) << "\n";

    // Correctness, not time: the busy week painted cards, every frame reached paintEvent,
    // and a moved post was drawn where it went.
    if (densestCards <= 0)
        failures.append(u"no card in view in the busy week"_s);
    if (busy.model->rowCount() != postCount + slots.size()
        || empty.model->rowCount() != slots.size())
        failures.append(u"unexpected rows: %1 and %2"_s.arg(busy.model->rowCount())
                            .arg(empty.model->rowCount()));
    for (const QString &failure : std::as_const(failures))
        out << "FAILED: " << failure << "\n";
    return failures.isEmpty() ? 0 : 1;
}
