#include "client/session.h"
#include "client/writerequests.h"
#include "core/isotime.h"
#include "gui/calendar/scheduleeditor.h"
#include "support/manualclock.h"
#include "support/reusableport.h"
#include "support/testserver.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace slotline;
using namespace slotline::test;
using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 HourMs = 3'600'000;

} // namespace

// The calendar's one path for changes: a move is checked, queued, sent, and can be undone
// and redone, each step reaching the server.
class TestScheduleEditor : public QObject
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
        { }

        QString tenantKey()
        {
            tenant = server.addTenant(u"Plan"_s);
            return tenant.apiKey;
        }

        // A post scheduled on the server, read into the store as the calendar would.
        QString schedule(const QString &text, qint64 atMs)
        {
            const HttpResult created
                = server.createPost(tenant, tenant.linkedinAccountId, u"linkedin"_s, text,
                                    QJsonObject {{u"scheduledTime"_s, isotime::format(atMs)}});
            const QString id = created.json().value(u"postSubmissionId"_s).toString();
            QSignalSpy loaded(&session.sync(), &client::SyncEngine::postsLoaded);
            session.sync().loadPosts(server.clock().nowMs() - HourMs,
                                     server.clock().nowMs() + 48 * HourMs);
            if (!loaded.wait(10'000))
                qFatal("the posts were not loaded");
            return id;
        }

        // Started, with the accounts known (drafts are scheduled for one of them).
        void start()
        {
            session.start();
            QTRY_COMPARE_WITH_TIMEOUT(session.store().reference().accounts().size(), 3, 10'000);
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
    };

    QString newStoreFile() { return m_directory.filePath(u"store-%1.sqlite"_s.arg(++m_stores)); }

private Q_SLOTS:
    void aMoveReachesTheServerAndCanBeUndoneAndRedone()
    {
        Fixture app(newStoreFile());
        app.session.start();
        const qint64 now = app.server.clock().nowMs();
        const QString id = app.schedule(u"Launch\nwith details"_s, now + 2 * HourMs);

        QVERIFY(app.editor.movePost(id, now + 5 * HourMs));
        QCOMPARE(app.undoStack.count(), 1);
        QVERIFY(app.undoStack.text(0).startsWith(u"Move “Launch” to"_s));
        QCOMPARE(app.session.store().posts().find(id)->scheduledAtMs, now + 5 * HourMs); // at once
        QTRY_COMPARE(app.serverTime(id), isotime::format(now + 5 * HourMs));

        app.undoStack.undo();
        QTRY_COMPARE(app.serverTime(id), isotime::format(now + 2 * HourMs));
        QCOMPARE(app.session.store().posts().find(id)->scheduledAtMs, now + 2 * HourMs);
        app.undoStack.redo();
        QTRY_COMPARE(app.serverTime(id), isotime::format(now + 5 * HourMs));
        QTRY_COMPARE(app.session.store().pendingChanges(), 0);
    }

    void movingToTheSameTimeChangesNothing()
    {
        Fixture app(newStoreFile());
        app.session.start();
        const qint64 at = app.server.clock().nowMs() + 3 * HourMs;
        const QString id = app.schedule(u"Stay"_s, at);
        QVERIFY(app.editor.movePost(id, at));
        QCOMPARE(app.undoStack.count(), 0);
        QCOMPARE(app.session.store().pendingChanges(), 0);
    }

    void whatCannotBeDoneIsRefusedWithAReason_data()
    {
        QTest::addColumn<qint64>("offsetMs");
        QTest::addColumn<QString>("reason");
        QTest::newRow("into the past") << -HourMs << u"past"_s;
        QTest::newRow("now") << qint64(0) << u"past"_s;
        QTest::newRow("three years ahead") << 3 * 366 * 24 * HourMs << u"two years"_s;
    }

    void whatCannotBeDoneIsRefusedWithAReason()
    {
        QFETCH(qint64, offsetMs);
        QFETCH(QString, reason);
        Fixture app(newStoreFile());
        app.session.start();
        const qint64 now = app.server.clock().nowMs();
        const QString id = app.schedule(u"Refused"_s, now + 2 * HourMs);
        QSignalSpy refused(&app.editor, &ScheduleEditor::refused);
        QVERIFY(!app.editor.movePost(id, now + offsetMs));
        QCOMPARE(refused.size(), 1);
        QVERIFY2(refused.first().first().toString().contains(reason),
                 qPrintable(refused.first().first().toString()));
        QCOMPARE(app.undoStack.count(), 0);
        QCOMPARE(app.session.store().pendingChanges(), 0);
        QCOMPARE(app.serverTime(id), isotime::format(now + 2 * HourMs));
    }

    void aMoveTheServerRefusesLaterPutsThePostBackAndSaysWhy()
    {
        const quint16 port = reusablePort();
        QTemporaryDir data;
        auto server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        const Tenant tenant = server->addTenant(u"Late"_s);
        const qint64 now = server->clock().nowMs();
        const HttpResult created = server->createPost(
            tenant, tenant.linkedinAccountId, u"linkedin"_s, u"Moved too late"_s,
            QJsonObject {{u"scheduledTime"_s, isotime::format(now + 3 * HourMs)}});
        const QString id = created.json().value(u"postSubmissionId"_s).toString();

        ManualClock clock(now);
        QUndoStack undoStack;
        client::Session session(QUrl(u"http://127.0.0.1:%1"_s.arg(port)), tenant.apiKey,
                                newStoreFile());
        ScheduleEditor editor(session, undoStack, clock);
        session.start();
        QSignalSpy loaded(&session.sync(), &client::SyncEngine::postsLoaded);
        session.sync().loadPosts(now, now + 24 * HourMs);
        QVERIFY(loaded.wait(10'000));

        // Offline, the post is moved to in an hour: fine now ...
        server.reset();
        session.connectivity().checkNow();
        QTRY_COMPARE(session.connectivity().state(), client::Connectivity::State::Offline);
        QVERIFY(editor.movePost(id, now + HourMs));
        QCOMPARE(session.store().posts().find(id)->scheduledAtMs, now + HourMs);

        // ... but the server comes back two hours later, when that time has passed.
        QSignalSpy refused(&editor, &ScheduleEditor::refused);
        server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        server->clock().setNowMs(now + 2 * HourMs);
        QTRY_COMPARE_WITH_TIMEOUT(refused.size(), 1, 15'000);
        QVERIFY2(refused.first().first().toString().startsWith(
                     u"The server did not change “Moved too late”"_s),
                 qPrintable(refused.first().first().toString()));
        QCOMPARE(session.store().posts().find(id)->scheduledAtMs, now + 3 * HourMs); // back
        QCOMPARE(server->submission(tenant, id).value(u"scheduledTime"_s).toString(),
                 isotime::format(now + 3 * HourMs));
    }

    void aDraftScheduledReachesTheServerAndUndoCancelsItsPost()
    {
        Fixture app(newStoreFile());
        app.start();
        const qint64 now = app.server.clock().nowMs();
        const QString draft = app.session.store().createDraft(u"Roastery tour\nSaturday"_s,
                                                              {Platform::LinkedIn}, {}, now);
        QSignalSpy published(&app.session.sync(), &client::SyncEngine::published);
        QVERIFY(
            app.editor.scheduleDraft(draft, {app.tenant.linkedinAccountId, {}}, now + 3 * HourMs));
        QCOMPARE(app.undoStack.count(), 1);
        QVERIFY2(app.undoStack.text(0).startsWith(u"Schedule “Roastery tour” at"_s),
                 qPrintable(app.undoStack.text(0)));
        QTRY_COMPARE(published.size(), 1);
        const QString first = published.first().at(2).value<client::PostCreated>().postSubmissionId;
        QCOMPARE(app.serverScheduled().values(u"Roastery tour\nSaturday"_s),
                 QStringList {isotime::format(now + 3 * HourMs)});
        // Shown at once, before the week is read again.
        QCOMPARE(app.session.store().posts().find(first)->scheduledAtMs, now + 3 * HourMs);
        QVERIFY(app.session.store().draft(draft)); // the draft stays

        app.undoStack.undo();
        QTRY_VERIFY(app.serverScheduled().isEmpty());
        QCOMPARE(app.server.submission(app.tenant, first).value(u"status"_s).toString(),
                 u"cancelled"_s);
        app.undoStack.redo();
        QTRY_COMPARE(published.size(), 2);
        QTRY_COMPARE(app.serverScheduled().values(u"Roastery tour\nSaturday"_s),
                     QStringList {isotime::format(now + 3 * HourMs)});
        QTRY_COMPARE(app.session.store().pendingChanges(), 0);
    }

    void aDraftScheduledAgainForTheSameAccountIsAskedAboutFirst()
    {
        Fixture app(newStoreFile());
        app.start();
        const qint64 now = app.server.clock().nowMs();
        const QString draft = app.session.store().createDraft(u"Twice?"_s, {}, {}, now);
        QSignalSpy published(&app.session.sync(), &client::SyncEngine::published);
        QSignalSpy asked(&app.editor, &ScheduleEditor::againAsked);
        const ScheduleEditor::Target linkedin {app.tenant.linkedinAccountId, {}};
        QVERIFY(app.editor.scheduleDraft(draft, linkedin, now + 3 * HourMs));
        QCOMPARE(asked.size(), 0);
        QTRY_COMPARE(published.size(), 1);

        // Dropped again for the same account: nothing is scheduled until the user says so.
        QVERIFY(app.editor.scheduleDraft(draft, linkedin, now + 5 * HourMs));
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.first().at(0).toString(), draft);
        QCOMPARE(app.undoStack.count(), 1);
        QCOMPARE(app.session.store().pendingChanges(), 0);
        QCOMPARE(app.serverScheduled().values(u"Twice?"_s).size(), 1);
        // Another account is another place: no question.
        QVERIFY(
            app.editor.scheduleDraft(draft, {app.tenant.twitterAccountId, {}}, now + 5 * HourMs));
        QCOMPARE(asked.size(), 1);
        QTRY_COMPARE(published.size(), 2);
        // Said yes to, it is scheduled again.
        QVERIFY(app.editor.scheduleDraft(draft, linkedin, now + 5 * HourMs, true));
        QTRY_COMPARE(published.size(), 3);
        QCOMPARE(app.serverScheduled().values(u"Twice?"_s).size(), 3);

        // Once its posts there are cancelled, it went nowhere there: no question.
        app.undoStack.undo(); // the second LinkedIn one
        app.undoStack.undo(); // X
        app.undoStack.undo(); // the first LinkedIn one
        QTRY_VERIFY(app.serverScheduled().isEmpty());
        QTRY_COMPARE(app.session.store().pendingChanges(), 0);
        QVERIFY(app.editor.scheduleDraft(draft, linkedin, now + 6 * HourMs));
        QCOMPARE(asked.size(), 1);
        QTRY_COMPARE(published.size(), 4);
    }

    void undoingADraftScheduledOfflineTakesItBackUnsent()
    {
        Fixture app(newStoreFile());
        // Never started: nothing is sent; the accounts are known from an earlier session.
        const qint64 now = app.server.clock().nowMs();
        Account x;
        x.id = app.tenant.twitterAccountId;
        x.platform = Platform::Twitter;
        x.name = u"X"_s;
        app.session.store().putAccounts({x}, now);
        const QString draft
            = app.session.store().createDraft(u"Offline plan"_s, {Platform::Twitter}, {}, now);
        QVERIFY(app.editor.scheduleDraft(draft, {app.tenant.twitterAccountId, {}}, now + HourMs));
        QCOMPARE(app.session.store().pendingScheduling().size(), 1);
        app.undoStack.undo();
        QVERIFY(app.session.store().pendingScheduling().isEmpty());
        app.undoStack.redo();
        QCOMPARE(app.session.store().pendingScheduling().size(), 1);
        // Sent once the app is online: one post, no credit lost on the undone one.
        app.start();
        QTRY_COMPARE(app.serverScheduled().size(), 1);
        QTRY_COMPARE(app.session.store().pendingChanges(), 0);
    }

    void anUndoRightAfterTheDropLeavesNothingScheduled()
    {
        // Withdrawn if it was not sent yet, its post cancelled if it was: either way, and
        // whenever the answer comes, nothing stays scheduled.
        Fixture app(newStoreFile());
        app.start();
        const qint64 now = app.server.clock().nowMs();
        const QString draft
            = app.session.store().createDraft(u"In flight"_s, {Platform::LinkedIn}, {}, now);
        QTRY_COMPARE(app.session.store().pendingChanges(), 0); // the draft is on the server
        QSignalSpy published(&app.session.sync(), &client::SyncEngine::published);
        QVERIFY(app.editor.scheduleDraft(draft, {app.tenant.linkedinAccountId, {}}, now + HourMs));
        app.undoStack.undo();
        QTRY_COMPARE(app.session.store().pendingChanges(), 0);
        QVERIFY(app.serverScheduled().isEmpty());
        for (const QList<QVariant> &made : std::as_const(published)) {
            const QString id = made.at(2).value<client::PostCreated>().postSubmissionId;
            QCOMPARE(app.server.submission(app.tenant, id).value(u"status"_s).toString(),
                     u"cancelled"_s);
        }
    }

    void aPublicationUndoneOnItsWayIsCancelledAfterARestartToo()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(u"Restart"_s);
        const QUrl url(u"http://127.0.0.1:%1"_s.arg(server.port()));
        const QString storeFile = newStoreFile();
        const qint64 now = server.clock().nowMs();
        QString draft;
        {
            // The draft and the accounts, as an earlier session left them.
            client::Session session(url, tenant.apiKey, storeFile);
            session.start();
            QTRY_COMPARE_WITH_TIMEOUT(session.store().reference().accounts().size(), 3, 10'000);
            draft = session.store().createDraft(u"Gone with the app"_s, {Platform::LinkedIn}, {},
                                                now);
            QTRY_COMPARE(session.store().pendingChanges(), 0);
        }
        {
            // Not started: the publication queued and then sent as the sync engine sends it
            // (its attempt recorded first) ...
            QUndoStack undoStack;
            client::Session session(url, tenant.apiKey, storeFile);
            ScheduleEditor editor(session, undoStack, server.clock());
            QVERIFY(editor.scheduleDraft(draft, {tenant.linkedinAccountId, {}}, now + HourMs));
            const qint64 sequence = session.store().pendingScheduling().first().sequence;
            session.store().recordAttempt(
                sequence, client::writerequests::of(*session.store().changeToSend(sequence)));
            // ... and undone: it cannot be withdrawn (the server may have it): it is marked,
            undoStack.undo();
            QCOMPARE(session.store().pendingScheduling().size(), 1);
            QVERIFY(client::LocalStore::isRetracted(session.store().pendingScheduling().first()));
        } // and the app ends.

        // Back: sent again with its key, the post made, and cancelled at once.
        client::Session session(url, tenant.apiKey, storeFile);
        session.start();
        QTRY_COMPARE_WITH_TIMEOUT(session.store().pendingChanges(), 0, 10'000);
        QCOMPARE(server.get(u"/api/v2/posts?status=scheduled"_s, tenant).items().size(), 0);
        QCOMPARE(server.get(u"/api/v2/posts?status=cancelled"_s, tenant).items().size(), 1);
    }

    void draftsThatCannotBeScheduledAreRefusedWithAReason()
    {
        Fixture app(newStoreFile());
        const qint64 now = app.server.clock().nowMs();
        client::LocalStore &store = app.session.store();
        app.start();
        const QString forX = store.createDraft(u"Only for X"_s, {Platform::Twitter}, {}, now);
        const QString tooLong = store.createDraft(QString(300, u'a'), {}, {}, now);
        const QString empty = store.createDraft(u"  "_s, {}, {}, now);
        const ScheduleEditor::Target linkedin {app.tenant.linkedinAccountId, {}};
        const ScheduleEditor::Target x {app.tenant.twitterAccountId, {}};
        const struct
        {
            QString draft;
            ScheduleEditor::Target target;
            qint64 at;
            QString reason;
        } cases[] = {
            {forX, linkedin, now + HourMs, u"written for X"_s},
            {tooLong, x, now + HourMs, u"Too long for X"_s},
            {empty, x, now + HourMs, u"Write something"_s},
            {forX, x, now - HourMs, u"future"_s},
            {forX, {}, now + HourMs, u"Choose the account"_s},
            {u"nothing"_s, x, now + HourMs, u"no longer exists"_s},
        };
        QSignalSpy refused(&app.editor, &ScheduleEditor::refused);
        for (const auto &refusal : cases) {
            QVERIFY(!app.editor.scheduleDraft(refusal.draft, refusal.target, refusal.at));
            QVERIFY2(refused.last().first().toString().contains(refusal.reason),
                     qPrintable(refused.last().first().toString()));
        }
        QCOMPARE(refused.size(), int(std::size(cases)));
        QCOMPARE(app.undoStack.count(), 0);
        QVERIFY(store.pendingScheduling().isEmpty());
        // The same draft is fine for its own platform.
        QVERIFY(app.editor.scheduleDraft(forX, x, now + HourMs));
    }

    void aDraftOfMediaAloneIsScheduledAsTheServerTakesIt()
    {
        // The composer and the server take a post of media without text: so does a drop.
        Fixture app(newStoreFile());
        app.start();
        const qint64 now = app.server.clock().nowMs();
        const QString draft = app.session.store().createDraft(
            QString(), {Platform::Twitter}, {u"https://img.test/roastery.png"_s}, now);
        QSignalSpy published(&app.session.sync(), &client::SyncEngine::published);
        QSignalSpy refused(&app.editor, &ScheduleEditor::refused);
        QVERIFY(app.editor.scheduleDraft(draft, {app.tenant.twitterAccountId, {}}, now + HourMs));
        QCOMPARE(refused.size(), 0);
        QTRY_COMPARE(published.size(), 1);
        const QString id = published.first().at(2).value<client::PostCreated>().postSubmissionId;
        const QJsonObject post = app.server.submission(app.tenant, id);
        QCOMPARE(post.value(u"status"_s).toString(), u"scheduled"_s);
        QCOMPARE(post.value(u"text"_s).toString(), QString());
        QCOMPARE(post.value(u"mediaUrls"_s),
                 QJsonValue(QJsonArray {u"https://img.test/roastery.png"_s}));
    }

    void anAccountToReconnectTakesNoPostsARateLimitedOneDoes()
    {
        Fixture app(newStoreFile());
        const qint64 now = app.server.clock().nowMs();
        client::LocalStore &store = app.session.store();
        app.start();
        QList<Account> accounts = store.reference().accounts();
        for (Account &account : accounts) {
            if (account.id == app.tenant.twitterAccountId)
                account.status = AccountStatus::NeedsReconnect;
            if (account.id == app.tenant.linkedinAccountId) {
                account.status = AccountStatus::RateLimited;
                account.rateLimitedUntilMs = now + HourMs;
            }
        }
        store.putAccounts(accounts, now);
        const QString draft = store.createDraft(u"Hello"_s, {}, {}, now);
        QSignalSpy refused(&app.editor, &ScheduleEditor::refused);
        QVERIFY(!app.editor.scheduleDraft(draft, {app.tenant.twitterAccountId, {}}, now + HourMs));
        QVERIFY2(refused.last().first().toString().contains(u"needs to be connected again"_s),
                 qPrintable(refused.last().first().toString()));
        // Its post waits on the server until the platform takes posts again.
        QVERIFY(
            app.editor.scheduleDraft(draft, {app.tenant.linkedinAccountId, {}}, now + 2 * HourMs));
    }

    void unschedulingCancelsThePostKeepsADraftAndUndoSchedulesItAgain()
    {
        Fixture app(newStoreFile());
        app.start();
        const qint64 now = app.server.clock().nowMs();
        const QString id = app.schedule(u"Back to the drafts"_s, now + 4 * HourMs);
        QVERIFY(app.editor.unschedulePost(id));
        QVERIFY2(app.undoStack.text(0).startsWith(u"Unschedule “Back to the drafts”"_s),
                 qPrintable(app.undoStack.text(0)));
        QTRY_COMPARE(app.server.submission(app.tenant, id).value(u"status"_s).toString(),
                     u"cancelled"_s);
        const auto drafts = app.session.store().drafts();
        QCOMPARE(drafts.size(), 1);
        QCOMPARE(drafts.first().text, u"Back to the drafts"_s);
        QCOMPARE(drafts.first().platforms, QList<Platform> {Platform::LinkedIn});

        app.undoStack.undo(); // a new post at the same time
        QTRY_COMPARE(app.serverScheduled().values(u"Back to the drafts"_s),
                     QStringList {isotime::format(now + 4 * HourMs)});
        app.undoStack.redo(); // and that one cancelled again
        QTRY_VERIFY(app.serverScheduled().isEmpty());
        QCOMPARE(app.session.store().drafts().size(), 1); // the same draft all along
        QTRY_COMPARE(app.session.store().pendingChanges(), 0);
    }

    void unschedulingKeepsTheDraftThePostCameFrom()
    {
        Fixture app(newStoreFile());
        app.start();
        const qint64 now = app.server.clock().nowMs();
        const QString draft
            = app.session.store().createDraft(u"From a draft"_s, {Platform::LinkedIn}, {}, now);
        QSignalSpy published(&app.session.sync(), &client::SyncEngine::published);
        QVERIFY(app.editor.scheduleDraft(draft, {app.tenant.linkedinAccountId, {}}, now + HourMs));
        QTRY_COMPARE(published.size(), 1);
        const QString id = published.first().at(2).value<client::PostCreated>().postSubmissionId;
        QVERIFY(app.editor.unschedulePost(id));
        QTRY_VERIFY(app.serverScheduled().isEmpty());
        QCOMPARE(app.session.store().drafts().size(), 1);
        QCOMPARE(app.session.store().drafts().first().localId, draft);
        QVERIFY(!app.editor.unschedulePost(u"ps_unknown"_s));
    }

    void aPublishedPostIsNotMovable()
    {
        Fixture app(newStoreFile());
        app.session.start();
        const HttpResult created = app.server.createPost(app.tenant, app.tenant.twitterAccountId,
                                                         u"twitter"_s, u"Out already"_s);
        const QString id = created.json().value(u"postSubmissionId"_s).toString();
        QVERIFY(app.server.waitForStatus(app.tenant, id, u"published"_s));
        QSignalSpy loaded(&app.session.sync(), &client::SyncEngine::postsLoaded);
        const qint64 now = app.server.clock().nowMs();
        app.session.sync().loadPosts(now - HourMs, now + HourMs);
        QVERIFY(loaded.wait(10'000));
        QVERIFY(app.session.store().posts().find(id));
        const auto reason = app.editor.refusalToMove(id, now + 2 * HourMs);
        QVERIFY(reason);
        QVERIFY2(reason->contains(u"published"_s), qPrintable(*reason));
        QVERIFY(app.editor.refusalToMove(u"ps_unknown"_s, now + HourMs));
    }
};

QTEST_MAIN(TestScheduleEditor)
#include "tst_scheduleeditor.moc"
