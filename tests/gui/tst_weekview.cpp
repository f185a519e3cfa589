#include "client/session.h"
#include "core/isotime.h"
#include "gui/calendar/calendarpanel.h"
#include "gui/calendar/scheduleeditor.h"
#include "gui/calendar/weekmodel.h"
#include "gui/calendar/weekview.h"
#include "gui/common/calendarmime.h"
#include "gui/drafts/draftspanel.h"
#include "support/manualclock.h"
#include "support/testserver.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDropEvent>
#include <QJsonArray>
#include <QLabel>
#include <QMimeData>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>
#include <QUndoStack>

using namespace slotline;
using namespace slotline::test;
using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 MinuteMs = 60'000;
constexpr qint64 HourMs = 60 * MinuteMs;

// The server's clock starts on Monday 2026-03-02 at 09:00 UTC; the project is in UTC.
const QDate Monday(2026, 3, 2);

qint64 at(int day, int hour, int minute)
{
    return QDateTime(Monday.addDays(day), QTime(hour, minute), QTimeZone::utc())
        .toMSecsSinceEpoch();
}

} // namespace

// The week calendar's view: where it paints things, and what drops and keys become, checked
// against the server's schedules.
class TestWeekView : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    int m_stores = 0;

    struct Fixture
    {
        explicit Fixture(const QString &storeFile)
            : session(QUrl(u"http://127.0.0.1:%1"_s.arg(server.port())), tenantKey(), storeFile)
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

        QString tenantKey()
        {
            tenant = server.addTenant(u"Week"_s);
            QJsonArray slots;
            for (const char *day : {"monday", "tuesday", "wednesday", "thursday", "friday"})
                slots.append(QJsonObject {
                    {u"day"_s, QString::fromLatin1(day)}, {u"hour"_s, 10}, {u"minute"_s, 0}});
            slots.append(QJsonObject {
                {u"day"_s, u"tuesday"_s},
                {u"hour"_s, 11},
                {u"minute"_s, 0},
                {u"selectedTargets"_s,
                 QJsonArray {QJsonObject {{u"platform"_s, u"twitter"_s},
                                          {u"accountId"_s, tenant.twitterAccountId}}}}});
            server.post(u"/schedule/slots"_s, tenant, {{u"slots"_s, slots}});
            return tenant.apiKey;
        }

        // Started, the accounts and slots known and the week shown and read.
        void start()
        {
            session.start();
            QTRY_COMPARE_WITH_TIMEOUT(session.store().reference().accounts().size(), 3, 10'000);
            QTRY_COMPARE(session.store().reference().slots().size(), 6);
            model.setWeek(Monday);
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

        QString schedule(const QString &accountId, const QString &platform, const QString &text,
                         qint64 atMs)
        {
            const HttpResult created
                = server.createPost(tenant, accountId, platform, text,
                                    QJsonObject {{u"scheduledTime"_s, isotime::format(atMs)}});
            load();
            return created.json().value(u"postSubmissionId"_s).toString();
        }

        // The server's scheduled posts: text -> {account, time}.
        QHash<QString, std::pair<QString, QString>> serverScheduled()
        {
            QHash<QString, std::pair<QString, QString>> found;
            const HttpResult listed
                = server.get(u"/api/v2/posts?status=scheduled&limit=100"_s, tenant);
            for (const QJsonValue &item : listed.items()) {
                const QJsonObject post = item.toObject();
                found.insert(post.value(u"text"_s).toString(),
                             {post.value(u"accountId"_s).toString(),
                              post.value(u"scheduledTime"_s).toString()});
            }
            return found;
        }

        QString serverTime(const QString &submissionId)
        {
            return server.submission(tenant, submissionId).value(u"scheduledTime"_s).toString();
        }

        // A drag of `data` moved to `point` of the viewport: whether the view would take it.
        bool dragTo(QMimeData &data, QPoint point, Qt::DropActions actions)
        {
            QDragEnterEvent enter(point, actions, &data, Qt::LeftButton, Qt::NoModifier);
            QCoreApplication::sendEvent(view.viewport(), &enter);
            QDragMoveEvent move(point, actions, &data, Qt::LeftButton, Qt::NoModifier);
            QCoreApplication::sendEvent(view.viewport(), &move);
            return move.isAccepted();
        }

        bool drop(QMimeData &data, QPoint point, Qt::DropActions actions)
        {
            dragTo(data, point, actions);
            QDropEvent drop(point, actions, &data, Qt::LeftButton, Qt::NoModifier);
            QCoreApplication::sendEvent(view.viewport(), &drop);
            return drop.isAccepted();
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

    static std::unique_ptr<QMimeData> draftData(const QString &localId)
    {
        auto data = std::make_unique<QMimeData>();
        data->setData(calendarmime::Draft, localId.toUtf8());
        return data;
    }

    static std::unique_ptr<QMimeData> postData(const QString &submissionId)
    {
        auto data = std::make_unique<QMimeData>();
        data->setData(calendarmime::Post, submissionId.toUtf8());
        return data;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom)); // weeks from Monday
    }

    void cardsAndSlotsSitInTheirDayAndTime()
    {
        Fixture app(newStoreFile());
        app.start();
        const QString id = app.schedule(app.tenant.linkedinAccountId, u"linkedin"_s,
                                        u"Wednesday afternoon"_s, at(2, 14, 30));
        QTRY_VERIFY(app.model.indexOfPost(id).isValid());
        const QModelIndex post = app.model.indexOfPost(id);
        app.view.scrollTo(post);
        const QRect card = app.view.visualRect(post);
        QVERIFY(app.view.dayColumnRect(2).contains(card.center().x(), 0));
        QVERIFY(card.contains(app.view.pointAt(2, 14 * 60 + 30)));
        QCOMPARE(app.view.indexAt(card.center()), post);
        // A quarter hour later is another row of the axis: not the card.
        QVERIFY(!card.contains(app.view.pointAt(2, 14 * 60 + 45)));

        const QModelIndex slot = app.model.indexOfSlot(
            app.session.store().reference().slots().first().id); // Monday 10:00
        app.view.scrollToMinute(9 * 60);
        const QRect slotRect = app.view.visualRect(slot);
        QVERIFY(app.view.dayColumnRect(0).contains(slotRect.center().x(), 0));
        QCOMPARE(app.view.indexAt(app.view.pointAt(0, 10 * 60)), slot);
        QCOMPARE(app.view.indexAt(app.view.pointAt(0, 10 * 60 + 30)), QModelIndex());
        // Today (Monday, by the server's clock) is the first column.
        QCOMPARE(app.view.todayColumn(), 0);
    }

    void aDraftDroppedOnASlotIsScheduledAtItForTheSlotsAccount()
    {
        Fixture app(newStoreFile());
        app.start();
        const QString draft
            = app.session.store().createDraft(u"Tuesday on X"_s, {Platform::Twitter}, {}, 0);
        app.view.scrollToMinute(10 * 60);
        // Anywhere within the slot's quarter hour: Tuesday 11:00 is for X only.
        const auto data = draftData(draft);
        QSignalSpy refused(&app.editor, &ScheduleEditor::refused);
        const bool dropped = app.drop(*data, app.view.pointAt(1, 11 * 60 + 9), Qt::CopyAction);
        QVERIFY2(dropped, qPrintable(refused.value(0).value(0).toString()));
        QCOMPARE(app.undoStack.count(), 1);
        // Shown at once, pending.
        QTRY_COMPARE(app.serverScheduled().value(u"Tuesday on X"_s),
                     std::pair(app.tenant.twitterAccountId, isotime::format(at(1, 11, 0))));
        QTRY_VERIFY(app.model.rowCount() > 0);
    }

    void aDraftDroppedOnAFreeTimeSnapsToTheQuarterHour()
    {
        Fixture app(newStoreFile());
        app.start();
        const QString draft = app.session.store().createDraft(u"Afternoon on LinkedIn"_s,
                                                              {Platform::LinkedIn}, {}, 0);
        app.view.scrollToMinute(14 * 60);
        const auto data = draftData(draft);
        QVERIFY(app.drop(*data, app.view.pointAt(2, 15 * 60 + 37), Qt::CopyAction));
        QTRY_COMPARE(app.serverScheduled().value(u"Afternoon on LinkedIn"_s),
                     std::pair(app.tenant.linkedinAccountId, isotime::format(at(2, 15, 30))));
        // The new post is in the calendar where it was dropped.
        QTRY_VERIFY(app.view.indexAt(app.view.pointAt(2, 15 * 60 + 30)).isValid());
        app.undoStack.undo();
        QTRY_VERIFY(app.serverScheduled().isEmpty());
    }

    void dropsThatCannotBeAreRefusedAndSayWhy_data()
    {
        QTest::addColumn<int>("day");
        QTest::addColumn<int>("minuteOfDay");
        QTest::addColumn<QList<int>>("platforms");
        QTest::addColumn<QString>("reason");
        QTest::newRow("in the past")
            << 0 << 7 * 60 << QList<int> {int(Platform::LinkedIn)} << u"past"_s;
        QTest::newRow("on a slot for an account of another platform")
            << 1 << 11 * 60 << QList<int> {int(Platform::Facebook)} << u"written for Facebook"_s;
        QTest::newRow("for another platform than the account chosen")
            << 3 << 15 * 60 << QList<int> {int(Platform::Twitter)} << u"written for X"_s;
    }

    void dropsThatCannotBeAreRefusedAndSayWhy()
    {
        QFETCH(int, day);
        QFETCH(int, minuteOfDay);
        QFETCH(QList<int>, platforms);
        QFETCH(QString, reason);
        Fixture app(newStoreFile());
        app.start();
        QList<Platform> written;
        for (int platform : platforms)
            written.append(Platform(platform));
        const QString draft = app.session.store().createDraft(u"Not there"_s, written, {}, 0);
        app.view.scrollToMinute(std::max(0, minuteOfDay - 60));
        const auto data = draftData(draft);
        QVERIFY(!app.dragTo(*data, app.view.pointAt(day, minuteOfDay), Qt::CopyAction));
        QSignalSpy refused(&app.editor, &ScheduleEditor::refused);
        QVERIFY(!app.drop(*data, app.view.pointAt(day, minuteOfDay), Qt::CopyAction));
        QCOMPARE(refused.size(), 1);
        QVERIFY2(refused.first().first().toString().contains(reason),
                 qPrintable(refused.first().first().toString()));
        QCOMPARE(app.undoStack.count(), 0);
        QVERIFY(app.session.store().pendingScheduling().isEmpty());
    }

    void aPostDraggedToAnotherTimeIsMovedAndTheMoveCanBeUndone()
    {
        Fixture app(newStoreFile());
        app.start();
        const QString id
            = app.schedule(app.tenant.linkedinAccountId, u"linkedin"_s, u"Moving"_s, at(2, 14, 30));
        app.view.scrollToMinute(10 * 60);
        const auto data = postData(id);
        QSignalSpy refused(&app.editor, &ScheduleEditor::refused);
        const bool dropped = app.drop(*data, app.view.pointAt(3, 11 * 60 + 10), Qt::MoveAction);
        QVERIFY2(dropped, qPrintable(refused.value(0).value(0).toString()));
        QTRY_COMPARE(app.serverTime(id), isotime::format(at(3, 11, 0)));
        QCOMPARE(app.view.currentIndex(), app.model.indexOfPost(id)); // still selected
        app.undoStack.undo();
        QTRY_COMPARE(app.serverTime(id), isotime::format(at(2, 14, 30)));
        app.undoStack.redo();
        QTRY_COMPARE(app.serverTime(id), isotime::format(at(3, 11, 0)));
        // Onto a slot: exactly its time.
        const auto again = postData(id);
        QVERIFY(app.drop(*again, app.view.pointAt(4, 10 * 60 + 12), Qt::MoveAction));
        QTRY_COMPARE(app.serverTime(id), isotime::format(at(4, 10, 0)));
    }

    void aPostDroppedOnTheDraftsListBecomesADraftAgain()
    {
        Fixture app(newStoreFile());
        app.start();
        const QString id = app.schedule(app.tenant.twitterAccountId, u"twitter"_s,
                                        u"Not this week after all"_s, at(4, 16, 0));
        DraftsPanel drafts(app.session, app.undoStack, app.server.clock());
        connect(&drafts, &DraftsPanel::unscheduleRequested, &app.editor,
                &ScheduleEditor::unschedulePost);
        drafts.resize(400, 400);
        drafts.show();
        auto *list = drafts.findChild<QTreeView *>(u"draftsView"_s);
        QVERIFY(list);
        const auto data = postData(id);
        const QPoint point = list->viewport()->rect().center();
        QDragEnterEvent enter(point, Qt::MoveAction, data.get(), Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(list->viewport(), &enter);
        QVERIFY(enter.isAccepted());
        QDragMoveEvent move(point, Qt::MoveAction, data.get(), Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(list->viewport(), &move);
        QVERIFY(move.isAccepted());
        QDropEvent drop(point, Qt::MoveAction, data.get(), Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(list->viewport(), &drop);
        QVERIFY(drop.isAccepted());

        QTRY_COMPARE(app.server.submission(app.tenant, id).value(u"status"_s).toString(),
                     u"cancelled"_s);
        QTRY_COMPARE(list->model()->rowCount(), 1);
        QCOMPARE(list->model()->index(0, 0).data(Qt::DisplayRole).toString(),
                 u"Not this week after all"_s);
        QTRY_VERIFY(!app.model.indexOfPost(id).isValid()); // off the calendar
        app.undoStack.undo(); // scheduled again, a new post at the same time
        QTRY_COMPARE(app.serverScheduled().value(u"Not this week after all"_s),
                     std::pair(app.tenant.twitterAccountId, isotime::format(at(4, 16, 0))));
    }

    void theKeyboardSelectsMovesOpensAndUnschedules()
    {
        Fixture app(newStoreFile());
        app.start();
        const QString first
            = app.schedule(app.tenant.linkedinAccountId, u"linkedin"_s, u"First"_s, at(1, 12, 0));
        const QString second
            = app.schedule(app.tenant.linkedinAccountId, u"linkedin"_s, u"Second"_s, at(2, 12, 0));
        app.view.setFocus();
        QTest::keyClick(&app.view, Qt::Key_Home);
        QCOMPARE(app.view.currentIndex(), app.model.indexOfPost(first));
        // What a screen reader is told of the card at hand.
        QVERIFY2(app.view.accessibleDescription().endsWith(u"\n\nFirst"_s),
                 qPrintable(app.view.accessibleDescription()));
        QTest::keyClick(&app.view, Qt::Key_Right);
        QCOMPARE(app.view.currentIndex(), app.model.indexOfPost(second));
        QTest::keyClick(&app.view, Qt::Key_Left);
        QCOMPARE(app.view.currentIndex(), app.model.indexOfPost(first));

        QTest::keyClick(&app.view, Qt::Key_Down, Qt::AltModifier); // a quarter hour later
        QTRY_COMPARE(app.serverTime(first), isotime::format(at(1, 12, 15)));
        QCOMPARE(app.view.currentIndex(), app.model.indexOfPost(first));
        QTest::keyClick(&app.view, Qt::Key_Up, Qt::AltModifier | Qt::ShiftModifier); // a slot
        // The slots before are Tuesday 10:00 (for everyone) and 11:00 (for X only).
        QTRY_COMPARE(app.serverTime(first), isotime::format(at(1, 10, 0)));
        QTest::keyClick(&app.view, Qt::Key_Right, Qt::AltModifier); // a day later
        QTRY_COMPARE(app.serverTime(first), isotime::format(at(2, 10, 0)));
        app.undoStack.undo();
        QTRY_COMPARE(app.serverTime(first), isotime::format(at(1, 10, 0)));

        QSignalSpy opened(&app.view, &WeekView::openRequested);
        QTest::keyClick(&app.view, Qt::Key_Return);
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.first().first().toString(), first);

        QTest::keyClick(&app.view, Qt::Key_Delete);
        QTRY_COMPARE(app.server.submission(app.tenant, first).value(u"status"_s).toString(),
                     u"cancelled"_s);
        QCOMPARE(app.session.store().drafts().size(), 1);
        // Into the past is refused, and the post stays.
        QTest::keyClick(&app.view, Qt::Key_End);
        QCOMPARE(app.view.currentIndex(), app.model.indexOfPost(second));
        QSignalSpy refused(&app.editor, &ScheduleEditor::refused);
        for (int i = 0; i < 3; ++i)
            QTest::keyClick(&app.view, Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(refused.size(), 1); // Wednesday -> Tuesday -> Monday 12:00 -> (Sunday) refused
        QTRY_COMPARE(app.serverTime(second), isotime::format(at(0, 12, 0)));
    }

    void aPublicationWaitingOfflineShowsAsAPendingCard()
    {
        Fixture app(newStoreFile());
        // Never started: offline, with the accounts known from before.
        Account linkedin;
        linkedin.id = app.tenant.linkedinAccountId;
        linkedin.platform = Platform::LinkedIn;
        linkedin.name = u"Northwind"_s;
        app.session.store().putAccounts({linkedin}, 0);
        app.model.setWeek(Monday);
        const QString draft
            = app.session.store().createDraft(u"Queued"_s, {Platform::LinkedIn}, {}, 0);
        QVERIFY(app.editor.scheduleDraft(draft, {app.tenant.linkedinAccountId, {}}, at(3, 9, 0)));
        QModelIndex card;
        for (int row = 0; row < app.model.rowCount(); ++row) {
            if (app.model.index(row).data(WeekModel::PublicationRole).toLongLong() != 0)
                card = app.model.index(row);
        }
        QVERIFY(card.isValid());
        QCOMPARE(card.data(WeekModel::StartRole).toLongLong(), at(3, 9, 0));
        QVERIFY(card.data(WeekModel::PendingRole).toBool());
        QVERIFY(!card.data(WeekModel::MovableRole).toBool());
        QCOMPARE(card.data(WeekModel::TitleRole).toString(), u"Queued"_s);
    }

    void slotsAreAddedAndRemovedByClicksWhileEditingSlots()
    {
        Fixture app(newStoreFile());
        CalendarPanel panel(app.session, app.editor, app.server.clock());
        panel.resize(1200, 800);
        panel.show();
        app.session.start();
        QTRY_COMPARE_WITH_TIMEOUT(app.session.store().reference().slots().size(), 6, 10'000);
        WeekView &view = panel.view();
        panel.showWeekOf(Monday);
        auto *edit = panel.findChild<QToolButton *>(u"editSlotsButton"_s);
        QVERIFY(edit);
        edit->click();
        QVERIFY(view.isSlotEditing());
        panel.setTarget({app.tenant.facebookAccountId, {}});
        view.scrollToMinute(15 * 60);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.pointAt(3, 16 * 60 + 20));
        QTRY_COMPARE(app.session.store().reference().slots().size(), 7);
        WeeklySlot added;
        for (const WeeklySlot &slot : app.session.store().reference().slots()) {
            if (slot.day == Qt::Thursday && slot.hour == 16)
                added = slot;
        }
        QCOMPARE(added.minute, 15);
        QCOMPARE(added.targets.size(), 1);
        QCOMPARE(added.targets.first().accountId, app.tenant.facebookAccountId);
        QTRY_VERIFY(panel.model().indexOfSlot(added.id).isValid());

        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.pointAt(3, 16 * 60 + 15));
        QTRY_COMPARE(app.session.store().reference().slots().size(), 6);
        const HttpResult onServer = app.server.get(u"/api/v2/schedule/slots"_s, app.tenant);
        QCOMPARE(onServer.status, 200);
        QCOMPARE(onServer.items().size(), 6);

        // The same from the keyboard: the cursor starts on today at the top of the view.
        edit->click();
        edit->click();
        view.setFocus();
        QTest::keyClick(&view, Qt::Key_Right);
        QTest::keyClick(&view, Qt::Key_Right);
        QTest::keyClick(&view, Qt::Key_Down);
        QTest::keyClick(&view, Qt::Key_Down);
        QTest::keyClick(&view, Qt::Key_Space);
        QTRY_COMPARE(app.session.store().reference().slots().size(), 7);
        const auto slotAt = [&](Qt::DayOfWeek day, int hour, int minute) {
            for (const WeeklySlot &slot : app.session.store().reference().slots()) {
                if (slot.day == day && slot.hour == hour && slot.minute == minute)
                    return true;
            }
            return false;
        };
        QVERIFY(slotAt(Qt::Wednesday, 15, 30));
        QTRY_COMPARE(panel.model().rowCount(), 7);
        QTest::keyClick(&view, Qt::Key_Return);
        QTRY_COMPARE(app.session.store().reference().slots().size(), 6);
        QVERIFY(!slotAt(Qt::Wednesday, 15, 30));
    }

    // With no server, slots are edited as posts are: they show at once (a new one marked
    // as not sent yet), wait in the outbox, and a refusal later is said in words.
    void slotsAreEditedWithNoServerAndWaitInTheOutbox()
    {
        ManualClock clock;
        clock.setNowMs(at(0, 9, 0));
        QUndoStack undoStack;
        client::Session session(QUrl(u"http://127.0.0.1:9"_s), u"key"_s, newStoreFile());
        ScheduleEditor editor(session, undoStack, clock);
        Account account;
        account.id = u"acc_x"_s;
        account.platform = Platform::Twitter;
        account.name = u"Alice"_s;
        session.store().putAccounts({account}, 0);
        WeeklySlot monday;
        monday.id = u"slot_monday"_s;
        monday.day = Qt::Monday;
        monday.hour = 10;
        session.store().putSlots(u"UTC"_s, {monday}, 0);
        CalendarPanel panel(session, editor, clock);
        panel.resize(1200, 800);
        panel.show();
        panel.showWeekOf(Monday);
        QTRY_VERIFY(panel.model().indexOfSlot(u"slot_monday"_s).isValid());
        auto *edit = panel.findChild<QToolButton *>(u"editSlotsButton"_s);
        edit->click();
        panel.setTarget({account.id, {}});
        WeekView &view = panel.view();
        view.scrollToMinute(9 * 60);

        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.pointAt(2, 14 * 60 + 5));
        QTRY_COMPARE(session.store().plannedSlots().size(), 2);
        const WeeklySlot added = session.store().plannedSlots().last();
        QCOMPARE(added.day, Qt::Wednesday);
        QCOMPARE(added.hour, 14);
        QCOMPARE(added.minute, 0);
        QCOMPARE(added.targets,
                 (QList<SlotTarget> {SlotTarget {Platform::Twitter, u"acc_x"_s, {}}}));
        const QModelIndex shown = panel.model().indexOfSlot(added.id);
        QVERIFY(shown.isValid());
        QVERIFY(shown.data(WeekModel::PendingRole).toBool());
        QVERIFY(shown.data(Qt::ToolTipRole).toString().contains(u"Not on the server yet"_s));
        QVERIFY(!panel.model().indexOfSlot(u"slot_monday"_s).data(WeekModel::PendingRole).toBool());

        // The server's slot goes at once; its removal waits.
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.pointAt(0, 10 * 60 + 5));
        QTRY_VERIFY(!panel.model().indexOfSlot(u"slot_monday"_s).isValid());
        QCOMPARE(session.store().pendingChanges(), 2);
        auto *message = panel.findChild<QLabel *>(u"messageLabel"_s);
        QVERIFY2(!message->text().contains(u"reached"_s), qPrintable(message->text()));

        // What the server says when it refuses, in the panel's words.
        Q_EMIT session.sync().slotRefused(
            added, true,
            client::ApiError(client::ApiError::Kind::Conflict, u"A slot exists at that time."_s));
        QVERIFY2(message->text().startsWith(u"The slot on Wednesday at 14:00"_s)
                     && message->text().contains(u"was not added: "_s),
                 qPrintable(message->text()));
    }
};

QTEST_MAIN(TestWeekView)
#include "tst_weekview.moc"
