// Real drags with the mouse between the drafts list and the week calendar. They need a real
// X server with the xcb platform: there QDrag::exec runs a loop of its own that follows the
// mouse until the button is released, as it does for a user (under offscreen it returns at
// once). CTest runs this under xvfb-run (slotline_add_x11_test, tests/gui/CMakeLists.txt).
//
// With SLOTLINE_DRAG_SCREENSHOT set to a file name, the window is saved there while a
// draft is held over a slot (the ghost at the slot's time, the slot highlighted).
#include "client/mediapreviewloader.h"
#include "client/session.h"
#include "core/isotime.h"
#include "gui/calendar/calendarpanel.h"
#include "gui/calendar/weekmodel.h"
#include "gui/calendar/weekview.h"
#include "gui/drafts/draftlistmodel.h"
#include "gui/mainwindow.h"
#include "support/testserver.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QCursor>
#include <QDrag>
#include <QGuiApplication>
#include <QJsonArray>
#include <QScreen>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <vector>

using namespace slotline;
using namespace slotline::test;
using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;

namespace {

// The week shown: the app's clock stands at 08:00 on Monday 2 March 2026 in the project's zone.
const QDate Monday(2026, 3, 2);

QTimeZone projectZone()
{
    return QTimeZone("Europe/Berlin");
}

qint64 projectTime(QDate date, int hour, int minute)
{
    return QDateTime(date, QTime(hour, minute), projectZone()).toMSecsSinceEpoch();
}

// The app's window on a session with the server, as main.cpp puts it together.
struct Desktop
{
    Desktop(TestServer &server, const Tenant &tenant, const QString &storeFile)
        : session(QUrl(u"http://127.0.0.1:%1"_s.arg(server.port())), tenant.apiKey, storeFile)
        , window(session, previews, server.clock(), ConnectionChoice {})
    {
        window.resize(1400, 900);
        window.show();
        session.start();
    }

    QAbstractItemView &draftsView()
    {
        auto *view = window.findChild<QAbstractItemView *>(u"draftsView"_s);
        if (!view)
            qFatal("no drafts list");
        return *view;
    }
    WeekView &weekView() { return window.calendar().view(); }
    WeekModel &week() { return window.calendar().model(); }

    QModelIndex draftIndex(const QString &localId)
    {
        QAbstractItemModel *model = draftsView().model();
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex index = model->index(row, DraftListModel::DraftColumn);
            if (index.data(DraftListModel::LocalIdRole).toString() == localId)
                return index;
        }
        return {};
    }

    // The column of a date of the shown week (the week starts on the locale's first day).
    int column(QDate date) { return int(week().firstDay().daysTo(date)); }

    client::MediaPreviewLoader previews;
    client::Session session;
    MainWindow window;
};

// Moves the mouse through a drag while QDrag::exec runs its loop: each tick of a timer
// (what runs in that loop) sends the next mouse event. With a button down, QTest sends
// its mouse events straight to the widget (it moves the X pointer only without one); the
// xcb drag takes them from the application's event filter, finds the window under their
// global position on the X server and answers our own windows at once. On the release it
// drops where the last move was, so the path ends with a move to the release point.
class DragPath : public QObject
{
public:
    static constexpr int StepMs = 15;
    // Ticks after the last step that mean the drag did not end.
    static constexpr int OverrunTicks = 200;

    explicit DragPath(QAbstractItemView &source)
        : m_source(source)
    {
        m_timer.setInterval(StepMs);
        connect(&m_timer, &QTimer::timeout, this, &DragPath::tick);
    }

    // Moves in small steps over the widget (its coordinates), from `from` to `to`.
    void moveOver(QWidget &widget, QPoint from, QPoint to, int steps = 8)
    {
        for (int i = 0; i <= steps; ++i) {
            const QPoint at = from + (to - from) * i / steps;
            m_steps.push_back([&widget, at] { QTest::mouseMove(&widget, at); });
        }
    }
    void then(std::function<void()> step) { m_steps.push_back(std::move(step)); }
    void releaseOver(QWidget &widget, QPoint at)
    {
        m_steps.push_back([this, &widget, at] {
            // The cursor QDrag shows says whether the widget under it takes the drop.
            const QCursor *cursor = QGuiApplication::overrideCursor();
            m_cursorBeforeRelease = cursor ? cursor->shape() : Qt::ArrowCursor;
            QTest::mouseRelease(&widget, Qt::LeftButton, Qt::NoModifier, at);
        });
    }

    // Presses on the source's viewport at `pressAt`, moves past the drag distance, and
    // returns once the drag has ended. False when it did not follow the whole path.
    bool run(QPoint pressAt)
    {
        QWidget *viewport = m_source.viewport();
        QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, pressAt);
        // The first move with the button down readies an item view to drag; a move past
        // the drag distance starts the drag, and QDrag::exec returns after the release.
        QTest::mouseMove(viewport, pressAt + QPoint(1, 1));
        m_timer.start();
        QTest::mouseMove(viewport, pressAt + QPoint(2 * QApplication::startDragDistance() + 2, 0));
        m_timer.stop();
        return failure().isEmpty();
    }

    QString failure() const
    {
        if (!m_dragRan)
            return u"no drag was running"_s;
        if (m_next < m_steps.size())
            return u"the drag ended after %1 of %2 steps"_s.arg(m_next).arg(m_steps.size());
        if (m_overrun > 0)
            return u"the release did not end the drag"_s;
        if (m_cursorBeforeRelease != Qt::DragCopyCursor
            && m_cursorBeforeRelease != Qt::DragMoveCursor)
            return u"the drop was refused (cursor shape %1)"_s.arg(int(m_cursorBeforeRelease));
        return {};
    }

private:
    void tick()
    {
        if (m_next == 0)
            m_dragRan = m_source.findChild<QDrag *>() != nullptr;
        if (m_next < m_steps.size()) {
            m_steps[m_next++]();
            return;
        }
        // Still in QDrag::exec's loop after the release: end it with Escape.
        if (++m_overrun == OverrunTicks)
            QTest::keyClick(m_source.window(), Qt::Key_Escape);
    }

    QAbstractItemView &m_source;
    QTimer m_timer;
    std::vector<std::function<void()>> m_steps;
    size_t m_next = 0;
    int m_overrun = 0;
    bool m_dragRan = false;
    Qt::CursorShape m_cursorBeforeRelease = Qt::ArrowCursor;
};

// In time order: "<account id> <ISO time in UTC>" sorts by its second part.
QStringList byTime(QStringList schedules)
{
    std::sort(schedules.begin(), schedules.end(), [](const QString &a, const QString &b) {
        return a.section(u' ', 1) < b.section(u' ', 1);
    });
    return schedules;
}

int slotRows(const WeekModel &week)
{
    int slots = 0;
    for (int row = 0; row < week.rowCount(); ++row) {
        if (week.index(row).data(WeekModel::KindRole).toInt() == int(WeekModel::Kind::Slot))
            ++slots;
    }
    return slots;
}

QModelIndex slotStartingAt(const WeekModel &week, qint64 atMs)
{
    for (int row = 0; row < week.rowCount(); ++row) {
        const QModelIndex index = week.index(row);
        if (index.data(WeekModel::KindRole).toInt() == int(WeekModel::Kind::Slot)
            && index.data(WeekModel::StartRole).toLongLong() == atMs)
            return index;
    }
    return {};
}

} // namespace

class TestCalendarDrag : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    int m_stores = 0;

    QString newStoreFile() { return m_directory.filePath(u"store-%1.sqlite"_s.arg(++m_stores)); }

    // A project in Berlin with weekday slots for every account at 09:00 and 12:30, one for
    // LinkedIn only on Tuesday at 10:40, and two scheduled posts: on Wednesday at 11:00
    // (X) and on Thursday at 09:00 (LinkedIn, in that slot).
    struct Project
    {
        static constexpr int SlotCount = 11;

        Project()
        {
            server.clock().setNowMs(projectTime(Monday, 8, 0));
            tenant = server.addTenant(u"Northwind Coffee"_s, u"Europe/Berlin"_s);
            QJsonArray slots;
            for (const QString &day :
                 {u"monday"_s, u"tuesday"_s, u"wednesday"_s, u"thursday"_s, u"friday"_s}) {
                slots.append(QJsonObject {{u"day"_s, day}, {u"hour"_s, 9}, {u"minute"_s, 0}});
                slots.append(QJsonObject {{u"day"_s, day}, {u"hour"_s, 12}, {u"minute"_s, 30}});
            }
            slots.append(QJsonObject {
                {u"day"_s, u"tuesday"_s},
                {u"hour"_s, 10},
                {u"minute"_s, 40},
                {u"selectedTargets"_s,
                 QJsonArray {QJsonObject {{u"platform"_s, u"linkedin"_s},
                                          {u"accountId"_s, tenant.linkedinAccountId}}}}});
            if (server.post(u"/schedule/slots"_s, tenant, {{u"slots"_s, slots}}).status != 201)
                qFatal("the slots were not added");
            wednesdayPost = schedule(tenant.twitterAccountId, u"twitter"_s,
                                     u"Happy hour: two flat whites for one, 3 to 5 pm."_s,
                                     projectTime(Monday.addDays(2), 11, 0));
            schedule(tenant.linkedinAccountId, u"linkedin"_s,
                     u"How we source our single-origin beans."_s,
                     projectTime(Monday.addDays(3), 9, 0));
        }

        // The app and the test's checks read with the same key, as often as they like.
        static ServerConfig unlimited()
        {
            ServerConfig config;
            config.readsPerMinute = 1'000'000;
            config.writesPerMinute = 1'000'000;
            return config;
        }

        QString schedule(const QString &accountId, const QString &platform, const QString &text,
                         qint64 atMs)
        {
            const HttpResult created
                = server.createPost(tenant, accountId, platform, text,
                                    QJsonObject {{u"scheduledTime"_s, isotime::format(atMs)}});
            if (created.status != 201)
                qFatal("the post was not scheduled");
            return created.json().value(u"postSubmissionId"_s).toString();
        }

        // What the server has scheduled, in time order: "<account id> <time>".
        QStringList schedules()
        {
            QStringList found;
            for (const QJsonValue &item : server.get(u"/api/v2/schedules"_s, tenant).items()) {
                const QJsonObject schedule = item.toObject();
                found.append(schedule.value(u"account"_s).toObject().value(u"id"_s).toString()
                             + u' ' + schedule.value(u"scheduledAt"_s).toString());
            }
            return found;
        }

        TestServer server {unlimited()};
        Tenant tenant;
        QString wednesdayPost;
    };

    // The window on the project, its week read, the calendar scrolled to 08:30.
    static bool ready(Desktop &desktop, Project &project)
    {
        if (!QTest::qWaitForWindowExposed(&desktop.window))
            return false;
        desktop.window.activateWindow();
        auto *tabs = desktop.window.findChild<QTabWidget *>(u"centralTabs"_s);
        if (!tabs)
            return false;
        tabs->setCurrentWidget(&desktop.window.calendar());
        WeekModel &week = desktop.week();
        const bool loaded = QTest::qWaitFor(
            [&] {
                return week.timeZone().id() == projectZone().id() && week.firstDay().isValid()
                       && slotRows(week) == Project::SlotCount
                       && week.indexOfPost(project.wednesdayPost).isValid()
                       && week.indexOfPost(project.wednesdayPost)
                              .data(WeekModel::MovableRole)
                              .toBool()
                       && desktop.window.findChild<QComboBox *>(u"targetCombo"_s)->count() > 3;
            },
            15'000);
        desktop.weekView().scrollToMinute(8 * 60 + 30);
        return loaded;
    }

    // Where a drag may go: on the X screen (the window can be wider), and away from the
    // margins where the calendar scrolls on its own.
    static bool wellInside(WeekView &view, QPoint point)
    {
        const int margin = view.autoScrollMargin() + 4;
        return view.viewport()->rect().adjusted(0, margin, 0, -margin).contains(point)
               && view.screen()->geometry().contains(view.viewport()->mapToGlobal(point));
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Elsewhere (offscreen) QDrag::exec returns at once and nothing would be proved:
        // CTest runs this under xvfb-run with the xcb platform.
        if (QGuiApplication::platformName() != u"xcb"_s)
            QFAIL("Real drag and drop needs an X server: run under xvfb-run with "
                  "QT_QPA_PLATFORM=xcb");
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(u"SlotlineTests"_s);
        QApplication::setApplicationName(u"tst_calendardrag"_s);
        // The X pointer away from the windows: the drags follow the test's mouse events only.
        const QRect screen = QGuiApplication::primaryScreen()->geometry();
        QCursor::setPos(screen.bottomRight() - QPoint(2, 2));
    }

    void aDraftDroppedOnASlotIsScheduledAtTheSlotsTime_data()
    {
        QTest::addColumn<int>("weekday"); // 1 = Monday
        QTest::addColumn<int>("slotMinute");
        QTest::addColumn<bool>("slotOfLinkedIn"); // else for every account
        // Ten minutes into the slot, whose time is no quarter hour: exactly its time, for its
        // account, not the one chosen in the panel.
        QTest::newRow("a slot for one account") << 2 << 10 * 60 + 40 << true;
        // A slot for every account: the account chosen in the panel.
        QTest::newRow("a slot for every account") << 5 << 12 * 60 + 30 << false;
    }

    void aDraftDroppedOnASlotIsScheduledAtTheSlotsTime()
    {
        QFETCH(int, weekday);
        QFETCH(int, slotMinute);
        QFETCH(bool, slotOfLinkedIn);
        Project project;
        Desktop desktop(project.server, project.tenant, newStoreFile());
        QVERIFY(ready(desktop, project));
        const QStringList before = project.schedules();
        QCOMPARE(before.size(), 2);

        const QString draft = desktop.session.store().createDraft(
            u"Spring menu tasting on Friday, with the roasters."_s, {}, {},
            project.server.clock().nowMs());
        desktop.window.calendar().setTarget({project.tenant.twitterAccountId, {}});
        QTRY_VERIFY(desktop.draftIndex(draft).isValid());

        const QDate date = Monday.addDays(weekday - 1);
        const qint64 slotTime = projectTime(date, slotMinute / 60, slotMinute % 60);
        WeekView &view = desktop.weekView();
        const int column = desktop.column(date);
        const QModelIndex slot = slotStartingAt(desktop.week(), slotTime);
        QVERIFY(slot.isValid());
        QVERIFY(!slot.data(WeekModel::TakenRole).toBool());
        QCOMPARE(slot.data(WeekModel::AccountIdRole).toString(),
                 slotOfLinkedIn ? project.tenant.linkedinAccountId : QString());
        QCOMPARE(slot.data(WeekModel::DayRole).toInt(), column);
        // Ten minutes into the slot (pointAt is half a step below the minute it is given).
        const QPoint onSlot = view.pointAt(column, slotMinute + 10 - WeekView::MinutesPerStep / 2);
        QVERIFY(view.visualRect(slot).contains(onSlot));
        QVERIFY(wellInside(view, onSlot));

        QAbstractItemView &drafts = desktop.draftsView();
        const QPoint pressAt = drafts.visualRect(desktop.draftIndex(draft)).center();
        // Into the calendar away from the slot, then to it.
        const QPoint enterAt = view.pointAt(std::max(0, column - 1), 13 * 60);
        QVERIFY(wellInside(view, enterAt));
        DragPath path(drafts);
        path.moveOver(*view.viewport(), enterAt, onSlot);
        const QString screenshot = qEnvironmentVariable("SLOTLINE_DRAG_SCREENSHOT");
        const bool takeScreenshot = !screenshot.isEmpty() && slotOfLinkedIn;
        bool saved = false;
        if (takeScreenshot)
            path.then([&] { saved = desktop.window.grab().save(screenshot); });
        path.releaseOver(*view.viewport(), onSlot);
        QVERIFY2(path.run(pressAt), qPrintable(path.failure()));
        if (takeScreenshot)
            QVERIFY2(saved, qPrintable(screenshot));

        const QString account
            = slotOfLinkedIn ? project.tenant.linkedinAccountId : project.tenant.twitterAccountId;
        const QStringList expected
            = byTime(before + QStringList {account + u' ' + isotime::format(slotTime)});
        QTRY_COMPARE_WITH_TIMEOUT(byTime(project.schedules()), expected, 15'000);
        // The draft stays; the post shows in the calendar and takes the slot.
        QVERIFY(desktop.session.store().draft(draft));
        QTRY_VERIFY(slotStartingAt(desktop.week(), slotTime).data(WeekModel::TakenRole).toBool());
    }

    void aPostDraggedToAnotherTimeMovesToTheQuarterHour()
    {
        Project project;
        Desktop desktop(project.server, project.tenant, newStoreFile());
        QVERIFY(ready(desktop, project));
        WeekView &view = desktop.weekView();
        const QModelIndex post = desktop.week().indexOfPost(project.wednesdayPost);
        const QPoint pressAt = view.visualRect(post).center();
        QVERIFY(wellInside(view, pressAt));

        // Thursday, seven and a half minutes into 13:15, no slot near: the quarter hour.
        const QDate thursday = Monday.addDays(3);
        const QPoint dropAt = view.pointAt(desktop.column(thursday), 13 * 60 + 15);
        QCOMPARE(view.indexAt(dropAt), QModelIndex());
        QVERIFY(wellInside(view, dropAt));
        const qint64 newTime = projectTime(thursday, 13, 15);

        DragPath path(view);
        path.moveOver(*view.viewport(), pressAt, dropAt, 12);
        path.releaseOver(*view.viewport(), dropAt);
        QVERIFY2(path.run(pressAt), qPrintable(path.failure()));

        QTRY_COMPARE_WITH_TIMEOUT(project.server.submission(project.tenant, project.wednesdayPost)
                                      .value(u"scheduledTime"_s)
                                      .toString(),
                                  isotime::format(newTime), 15'000);
        QCOMPARE(project.schedules(),
                 (QStringList {project.tenant.linkedinAccountId + u' '
                                   + isotime::format(projectTime(thursday, 9, 0)),
                               project.tenant.twitterAccountId + u' ' + isotime::format(newTime)}));
        // The card is where it was dropped, and still the current one.
        const QModelIndex moved = desktop.week().indexOfPost(project.wednesdayPost);
        QCOMPARE(moved.data(WeekModel::StartRole).toLongLong(), newTime);
        QCOMPARE(view.currentIndex(), moved);
    }

    void aPostDraggedOntoTheDraftsListIsUnscheduledAndKeptAsADraft()
    {
        Project project;
        Desktop desktop(project.server, project.tenant, newStoreFile());
        QVERIFY(ready(desktop, project));
        QVERIFY(desktop.session.store().drafts().isEmpty());
        WeekView &view = desktop.weekView();
        const QPoint pressAt
            = view.visualRect(desktop.week().indexOfPost(project.wednesdayPost)).center();
        QVERIFY(wellInside(view, pressAt));
        // The list is empty: anywhere in it.
        QAbstractItemView &drafts = desktop.draftsView();
        const QPoint dropAt = drafts.viewport()->rect().center();
        QVERIFY(drafts.screen()->geometry().contains(drafts.viewport()->mapToGlobal(dropAt)));

        DragPath path(view);
        path.moveOver(*view.viewport(), pressAt, pressAt - QPoint(pressAt.x() / 2, 0), 4);
        path.moveOver(*drafts.viewport(), dropAt + QPoint(0, 60), dropAt, 4);
        path.releaseOver(*drafts.viewport(), dropAt);
        QVERIFY2(path.run(pressAt), qPrintable(path.failure()));

        QTRY_COMPARE_WITH_TIMEOUT(project.server.submission(project.tenant, project.wednesdayPost)
                                      .value(u"status"_s)
                                      .toString(),
                                  u"cancelled"_s, 15'000);
        QCOMPARE(project.schedules(),
                 QStringList {project.tenant.linkedinAccountId + u' '
                              + isotime::format(projectTime(Monday.addDays(3), 9, 0))});
        const QList<client::LocalStore::LocalDraft> kept = desktop.session.store().drafts();
        QCOMPARE(kept.size(), 1);
        QCOMPARE(kept.first().text, u"Happy hour: two flat whites for one, 3 to 5 pm."_s);
        QCOMPARE(kept.first().platforms, QList<Platform> {Platform::Twitter});
        QTRY_VERIFY(!desktop.week().indexOfPost(project.wednesdayPost).isValid());
    }
};

QTEST_MAIN(TestCalendarDrag)
#include "tst_calendardrag.moc"
