#include "client/session.h"
#include "core/isotime.h"
#include "gui/scheduleeditor.h"
#include "support/manualclock.h"
#include "support/reusableport.h"
#include "support/testserver.h"

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
        QCOMPARE(app.session.store().cachedPost(id)->scheduledAtMs, now + 5 * HourMs); // at once
        QTRY_COMPARE(app.serverTime(id), isotime::format(now + 5 * HourMs));

        app.undoStack.undo();
        QTRY_COMPARE(app.serverTime(id), isotime::format(now + 2 * HourMs));
        QCOMPARE(app.session.store().cachedPost(id)->scheduledAtMs, now + 2 * HourMs);
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
        QCOMPARE(session.store().cachedPost(id)->scheduledAtMs, now + HourMs);

        // ... but the server comes back two hours later, when that time has passed.
        QSignalSpy refused(&editor, &ScheduleEditor::refused);
        server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        server->clock().setNowMs(now + 2 * HourMs);
        QTRY_COMPARE_WITH_TIMEOUT(refused.size(), 1, 15'000);
        QVERIFY2(refused.first().first().toString().startsWith(
                     u"The server did not move “Moved too late”"_s),
                 qPrintable(refused.first().first().toString()));
        QCOMPARE(session.store().cachedPost(id)->scheduledAtMs, now + 3 * HourMs); // back
        QCOMPARE(server->submission(tenant, id).value(u"scheduledTime"_s).toString(),
                 isotime::format(now + 3 * HourMs));
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
        QVERIFY(app.session.store().cachedPost(id));
        const auto reason = app.editor.refusalToMove(id, now + 2 * HourMs);
        QVERIFY(reason);
        QVERIFY2(reason->contains(u"published"_s), qPrintable(*reason));
        QVERIFY(app.editor.refusalToMove(u"ps_unknown"_s, now + HourMs));
    }
};

QTEST_MAIN(TestScheduleEditor)
#include "tst_scheduleeditor.moc"
