#include "client/session.h"
#include "core/isotime.h"
#include "gui/calendar/calendarpanel.h"
#include "gui/calendar/scheduleeditor.h"
#include "gui/calendar/weekmodel.h"
#include "gui/calendar/weekview.h"
#include "storage/statement.h"
#include "support/manualclock.h"
#include "support/testserver.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QLabel>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include <algorithm>
#include <memory>

using namespace slotline;
using namespace slotline::test;
using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 MinuteMs = 60'000;
constexpr qint64 HourMs = 60 * MinuteMs;

// The server's clock starts on Monday 2026-03-02 at 09:00 UTC.
const QDate Monday(2026, 3, 2);

qint64 utcAt(QDate date, int hour, int minute)
{
    return QDateTime(date, QTime(hour, minute), QTimeZone::utc()).toMSecsSinceEpoch();
}

qint64 at(int day, int hour, int minute)
{
    return utcAt(Monday.addDays(day), hour, minute);
}

ServerConfig withWritesPerMinute(int writes)
{
    ServerConfig config;
    config.writesPerMinute = writes;
    return config;
}

} // namespace

// Sequences of gestures, undo and redo, server answers and restarts: the calendar's
// history must end where the user left it, on the server as on the screen.
class TestCalendarHistory : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    int m_stores = 0;

    struct Fixture
    {
        Fixture(const QString &storeFile, const ServerConfig &config = ServerConfig(),
                const QString &zoneName = u"UTC"_s, bool weekdaySlots = true)
            : server(config)
            , session(QUrl(u"http://127.0.0.1:%1"_s.arg(server.port())),
                      tenantKey(zoneName, weekdaySlots), storeFile)
            , editor(session, undoStack, server.clock())
            , model(session.store())
            , tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal)
        {
            model.setClock(&server.clock());
            view.setModel(&model);
            editor.follow(view);
            view.setClock(&server.clock());
            view.resize(1100, 800);
            view.show();
        }

        QString tenantKey(const QString &zoneName, bool weekdaySlots)
        {
            tenant = server.addTenant(u"History"_s, zoneName);
            if (weekdaySlots) {
                QJsonArray slots;
                for (const char *day : {"monday", "tuesday", "wednesday", "thursday", "friday"})
                    slots.append(QJsonObject {
                        {u"day"_s, QString::fromLatin1(day)}, {u"hour"_s, 10}, {u"minute"_s, 0}});
                server.post(u"/schedule/slots"_s, tenant, {{u"slots"_s, slots}});
            }
            return tenant.apiKey;
        }

        void start(QDate firstDay = Monday)
        {
            session.start();
            QTRY_COMPARE_WITH_TIMEOUT(session.store().reference().accounts().size(), 3, 10'000);
            model.setWeek(firstDay);
            load();
            view.setDefaultTarget({tenant.linkedinAccountId, {}});
        }

        void load()
        {
            QSignalSpy loaded(&session.sync(), &client::SyncEngine::postsLoaded);
            const auto [since, until] = model.range();
            session.sync().loadPosts(since, until);
            QVERIFY(loaded.wait(10'000));
        }

        QString schedule(const QString &text, qint64 atMs)
        {
            const HttpResult created
                = server.createPost(tenant, tenant.linkedinAccountId, u"linkedin"_s, text,
                                    QJsonObject {{u"scheduledTime"_s, isotime::format(atMs)}});
            load();
            return created.json().value(u"postSubmissionId"_s).toString();
        }

        QMultiHash<QString, QString> serverScheduled() { return server.scheduledPosts(tenant); }

        QString serverTime(const QString &submissionId)
        {
            return server.submission(tenant, submissionId).value(u"scheduledTime"_s).toString();
        }

        TestServer server;
        Tenant tenant;
        QUndoStack undoStack;
        client::Session session;
        ScheduleEditor editor;
        WeekModel model;
        QAbstractItemModelTester tester;
        WeekView view;
    };

    QString newStoreFile() { return m_directory.filePath(u"store-%1.sqlite"_s.arg(++m_stores)); }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom));
    }

    // Drop a draft, move its post, undo both, redo both: the redone move must move the
    // post the redone drop made, not the cancelled one.
    void redoingADropAndItsMoveEndsWhereTheMoveWent()
    {
        Fixture app(newStoreFile(), ServerConfig(), u"UTC"_s, false);
        app.start();
        const qint64 now = app.server.clock().nowMs();
        const QString draft
            = app.session.store().createDraft(u"Redo me"_s, {Platform::LinkedIn}, {}, now);
        QTRY_COMPARE(app.session.store().pendingChanges(), 0);
        QSignalSpy published(&app.session.sync(), &client::SyncEngine::published);
        QSignalSpy refused(&app.editor, &ScheduleEditor::refused);
        QVERIFY(
            app.editor.scheduleDraft(draft, {app.tenant.linkedinAccountId, {}}, now + 3 * HourMs));
        QTRY_COMPARE(published.size(), 1);
        const QString first = published.first().at(2).value<client::PostCreated>().postSubmissionId;
        QVERIFY(app.editor.movePost(first, now + 5 * HourMs));
        QTRY_COMPARE(app.serverTime(first), isotime::format(now + 5 * HourMs));

        app.undoStack.undo(); // the move
        QTRY_COMPARE(app.serverTime(first), isotime::format(now + 3 * HourMs));
        app.undoStack.undo(); // the drop
        QTRY_VERIFY(app.serverScheduled().isEmpty());
        app.undoStack.redo(); // the drop: a new post
        QTRY_COMPARE(published.size(), 2);
        app.undoStack.redo(); // the move
        QTRY_COMPARE(app.session.store().pendingChanges(), 0);
        // The outbox is through: one read of the server's plan is enough (reads are limited).
        QCOMPARE(app.serverScheduled().values(u"Redo me"_s),
                 QStringList {isotime::format(now + 5 * HourMs)});
        QCOMPARE(refused.size(), 0);
    }

    // Move a post, unschedule it, undo both: the post made again by the first undo must go
    // back to where it was before the move.
    void undoingAnUnscheduleAndAnEarlierMoveRestoresTheTime()
    {
        Fixture app(newStoreFile(), ServerConfig(), u"UTC"_s, false);
        app.start();
        const qint64 now = app.server.clock().nowMs();
        const QString id = app.schedule(u"Back and forth"_s, now + 3 * HourMs);
        QSignalSpy refused(&app.editor, &ScheduleEditor::refused);
        QVERIFY(app.editor.movePost(id, now + 5 * HourMs));
        QTRY_COMPARE(app.serverTime(id), isotime::format(now + 5 * HourMs));
        QVERIFY(app.editor.unschedulePost(id));
        QTRY_VERIFY(app.serverScheduled().isEmpty());
        app.undoStack.undo(); // scheduled again at 5 h, as a new post
        QTRY_COMPARE(app.serverScheduled().values(u"Back and forth"_s),
                     QStringList {isotime::format(now + 5 * HourMs)});
        app.undoStack.undo(); // the move: back to 3 h
        QTRY_COMPARE(app.session.store().pendingChanges(), 0);
        QCOMPARE(app.serverScheduled().values(u"Back and forth"_s),
                 QStringList {isotime::format(now + 3 * HourMs)});
        QCOMPARE(refused.size(), 0);
    }

    // The current post is taken off the calendar with Delete: the view's cards must follow
    // the rows that are left.
    void afterDeletingTheCurrentPostTheCardsAreThoseOfTheModel()
    {
        Fixture app(newStoreFile());
        app.start();
        const QString tuesday = app.schedule(u"Tuesday"_s, at(1, 14, 0));
        const QString wednesday = app.schedule(u"Wednesday"_s, at(2, 14, 0));
        app.view.scrollToMinute(12 * 60);
        app.view.setFocus();
        QTest::keyClick(&app.view, Qt::Key_Home);
        QCOMPARE(app.view.currentIndex(), app.model.indexOfPost(tuesday));
        QTest::keyClick(&app.view, Qt::Key_Delete);
        QTRY_VERIFY(!app.model.indexOfPost(tuesday).isValid());
        QTRY_COMPARE(app.session.store().pendingChanges(), 0);

        // Wednesday's card is where Wednesday's post is, and is that post.
        const QModelIndex post = app.model.indexOfPost(wednesday);
        QVERIFY(post.isValid());
        QCOMPARE(app.view.indexAt(app.view.pointAt(2, 14 * 60)), post);
        QVERIFY(app.view.visualRect(post).contains(app.view.pointAt(2, 14 * 60)));
        // Nothing is left where Tuesday's post was.
        QCOMPARE(app.view.indexAt(app.view.pointAt(1, 14 * 60)), QModelIndex());
    }

    // While writes wait (rate limit), the week is read again: the card stays where it was
    // moved to, and undoing the move brings it back on the server.
    void aWeekReadWhileAMoveWaitsLosesNeitherTheMoveNorItsUndo()
    {
        Fixture app(newStoreFile(), withWritesPerMinute(2), u"UTC"_s, false);
        app.start();
        const QString id = app.schedule(u"Patient"_s, at(2, 14, 0)); // write 1
        app.schedule(u"Filler"_s, at(3, 14, 0)); // write 2: no writes left this minute
        QVERIFY(app.editor.movePost(id, at(2, 16, 0)));
        QCOMPARE(app.model.indexOfPost(id).data(WeekModel::StartRole).toLongLong(), at(2, 16, 0));
        QVERIFY(app.model.indexOfPost(id).data(WeekModel::PendingRole).toBool());

        app.load(); // as the due timer, referenceRefreshed or the Posts tab would
        QCOMPARE(app.model.indexOfPost(id).data(WeekModel::StartRole).toLongLong(), at(2, 16, 0));

        app.undoStack.undo();
        // What the outbox will send last for this post is the time before the move.
        const QString scheduleId = app.session.store().posts().find(id)->scheduleId;
        std::optional<qint64> lastQueued;
        for (const auto &entry : app.session.store().pendingScheduling()) {
            if (entry.subject == scheduleId)
                lastQueued = entry.moveToMs;
        }
        QCOMPARE(lastQueued, std::optional<qint64>(at(2, 14, 0)));
    }

    // A drop that could not go out yet (rate limited) is undone, and the app is closed: the
    // undone post must not be published when the app comes back.
    void anUndoneDropStaysUndoneWhenItCouldNotBeSentAndTheAppRestarts()
    {
        const QString storeFile = newStoreFile();
        TestServer server(withWritesPerMinute(1));
        const Tenant tenant = server.addTenant(u"Restart"_s);
        const QUrl url(u"http://127.0.0.1:%1"_s.arg(server.port()));
        const qint64 now = server.clock().nowMs();
        int waitingAfterUndo = -1;
        {
            QUndoStack undoStack;
            client::Session session(url, tenant.apiKey, storeFile);
            ScheduleEditor editor(session, undoStack, server.clock());
            WeekModel model(session.store());
            model.setClock(&server.clock());
            session.start();
            QTRY_COMPARE_WITH_TIMEOUT(session.store().reference().accounts().size(), 3, 10'000);
            model.setWeek(Monday);
            const QString draft
                = session.store().createDraft(u"Never mind"_s, {Platform::LinkedIn}, {}, now);
            QTRY_COMPARE(session.store().pendingChanges(), 0); // save_draft: the one write
            QVERIFY(editor.scheduleDraft(draft, {tenant.linkedinAccountId, {}}, now + 3 * HourMs));
            undoStack.undo();
            // Undone: no card waits for it any more.
            waitingAfterUndo = 0;
            for (int row = 0; row < model.rowCount(); ++row)
                waitingAfterUndo
                    += model.index(row).data(WeekModel::PublicationRole).toLongLong() != 0;
        } // the app is closed

        QCOMPARE(waitingAfterUndo, 0);

        // Back, the publication goes out if it was on its way when undone (one write a
        // minute), and its post is cancelled as the next write the server lets through;
        // withdrawn before it went, it never goes.
        client::Session session(url, tenant.apiKey, storeFile);
        server.clock().advanceMs(2 * MinuteMs);
        session.start();
        const auto publicationsWaiting = [&session] {
            const auto entries = session.store().pendingScheduling();
            return std::count_if(entries.cbegin(), entries.cend(), [](const auto &entry) {
                return entry.kind == client::LocalStore::OutboxEntry::Kind::PublishDraft;
            });
        };
        QTRY_COMPARE_WITH_TIMEOUT(publicationsWaiting(), 0, 10'000);
        QStringList cancelling;
        for (const auto &entry : session.store().pendingScheduling()) {
            if (entry.kind == client::LocalStore::OutboxEntry::Kind::CancelSchedule)
                cancelling.append(entry.subject);
        }
        const HttpResult listed = server.get(u"/api/v2/posts?status=scheduled&limit=100"_s, tenant);
        for (const QJsonValue &post : listed.items()) {
            const QString schedule = post.toObject().value(u"scheduleId"_s).toString();
            QVERIFY2(cancelling.contains(schedule),
                     qPrintable(u"%1 is scheduled and nothing cancels it"_s.arg(schedule)));
        }
    }

    // In a week that starts on Sunday (the US), Alt+Right from Saturday crosses into the
    // next week and the change to daylight saving time: 09:00 stays 09:00.
    void altRightFromTheLastDayKeepsTheWallClockAcrossDaylightSaving()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        const auto restore = qScopeGuard(
            [] { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom)); });
        Fixture app(newStoreFile(), ServerConfig(), u"America/New_York"_s, false);
        const QDate sunday = WeekModel::weekStarting(Monday, QLocale().firstDayOfWeek());
        QCOMPARE(sunday, QDate(2026, 3, 1));
        app.start(sunday);
        QTRY_COMPARE(app.model.timeZone().id(), QByteArray("America/New_York"));
        // Saturday 7 March 09:00 EST = 14:00 UTC; Sunday 8 March 09:00 EDT = 13:00 UTC.
        const QString id = app.schedule(u"Saturday morning"_s, utcAt(QDate(2026, 3, 7), 14, 0));
        QTRY_VERIFY(app.model.indexOfPost(id).isValid());
        QCOMPARE(app.model.indexOfPost(id).data(WeekModel::MinuteOfDayRole).toInt(), 9 * 60);
        app.view.setFocus();
        QTest::keyClick(&app.view, Qt::Key_Home);
        QCOMPARE(app.view.currentIndex(), app.model.indexOfPost(id));
        QTest::keyClick(&app.view, Qt::Key_Right, Qt::AltModifier);
        QTRY_COMPARE(app.session.store().pendingChanges(), 0);
        QCOMPARE(app.serverTime(id), isotime::format(utcAt(QDate(2026, 3, 8), 13, 0)));
    }

    // In slot editing, a click on a post that covers a slot is a click on that slot, not a
    // request to add a second slot at the same day and time (409 slot_exists).
    void aClickOnAPostOverASlotWhileEditingSlotsDoesNotAddASecondSlot()
    {
        Fixture app(newStoreFile());
        CalendarPanel panel(app.session, app.editor, app.server.clock());
        panel.resize(1200, 800);
        panel.show();
        app.session.start();
        QTRY_COMPARE_WITH_TIMEOUT(app.session.store().reference().slots().size(), 5, 10'000);
        panel.showWeekOf(Monday);
        const HttpResult created = app.server.createPost(
            app.tenant, app.tenant.linkedinAccountId, u"linkedin"_s, u"On the slot"_s,
            QJsonObject {{u"scheduledTime"_s, isotime::format(at(1, 10, 0))}});
        const QString id = created.json().value(u"postSubmissionId"_s).toString();
        panel.reload();
        QTRY_VERIFY(panel.model().indexOfPost(id).isValid());
        auto *edit = panel.findChild<QToolButton *>(u"editSlotsButton"_s);
        edit->click();
        WeekView &view = panel.view();
        view.scrollToMinute(9 * 60);
        const QRect card = view.visualRect(panel.model().indexOfPost(id));
        auto *message = panel.findChild<QLabel *>(u"messageLabel"_s);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, card.center());
        QTRY_VERIFY_WITH_TIMEOUT(message->text().contains(u"not added"_s)
                                     || app.session.store().reference().slots().size() != 5,
                                 5'000);
        QVERIFY2(!message->text().contains(u"not added"_s), qPrintable(message->text()));
    }

    // A busy week shown in the project's zone, then in this computer's: every row changes
    // its day and minute at once (the view once rebuilt its cards for each of them).
    void switchingTheZoneOfABusyWeekMovesEveryCard()
    {
        qputenv("TZ", "Asia/Tokyo");
        const auto restore = qScopeGuard([] { qunsetenv("TZ"); });
        QVERIFY(QTimeZone::systemTimeZone().id() != QByteArray("UTC"));
        ManualClock clock;
        QUndoStack undoStack;
        client::Session session(QUrl(u"http://127.0.0.1:9"_s), u"key"_s, newStoreFile());
        ScheduleEditor editor(session, undoStack, clock);
        session.store().putSlots(u"UTC"_s, {}, 0);
        QList<Account> accounts;
        for (const Platform platform :
             {Platform::LinkedIn, Platform::Twitter, Platform::Facebook}) {
            Account account;
            account.id = u"acc_"_s + platforms::toString(platform);
            account.platform = platform;
            account.name = platforms::displayName(platform);
            accounts.append(account);
        }
        session.store().putAccounts(accounts, 0);
        QList<Submission> posts;
        constexpr int Posts = 500;
        for (int i = 0; i < Posts; ++i) {
            Submission post;
            post.id = u"ps_%1"_s.arg(i);
            post.accountId = accounts.at(i % 3).id;
            post.platform = accounts.at(i % 3).platform;
            post.text = u"Post %1"_s.arg(i);
            post.scheduledAtMs = at(0, 0, 0) + qint64(i) * 7 * 24 * HourMs / Posts;
            post.scheduleId = u"sch_%1"_s.arg(i);
            posts.append(post);
        }
        session.store().replacePosts(at(-7, 0, 0), at(14, 0, 0), posts);
        CalendarPanel panel(session, editor, clock);
        panel.resize(1200, 800);
        panel.show();
        panel.showWeekOf(Monday);
        QCOMPARE(panel.model().rowCount(), Posts);
        auto *zones = panel.findChild<QComboBox *>(u"zoneCombo"_s);
        QVERIFY(zones);
        zones->setCurrentIndex(1); // this computer's
        QCOMPARE(panel.model().timeZone().id(), QByteArray("Asia/Tokyo"));
        // Every card follows its row: the first post (Monday 00:00 UTC) is at 09:00 in Tokyo.
        const QModelIndex first = panel.model().indexOfPost(u"ps_0"_s);
        QCOMPARE(first.data(WeekModel::MinuteOfDayRole).toInt(), 9 * 60);
        QVERIFY(panel.view().visualRect(first).isValid());
    }
};

QTEST_MAIN(TestCalendarHistory)
#include "tst_calendarhistory.moc"
