#include "client/apiclient.h"
#include "client/connectivity.h"
#include "client/localstore.h"
#include "client/slotqueue.h"
#include "client/syncengine.h"
#include "client/writerequests.h"
#include "core/isotime.h"
#include "core/localmedia.h"
#include "storage/accountrepository.h"
#include "support/droppingproxy.h"
#include "support/jsontext.h"
#include "support/reusableport.h"
#include "support/testserver.h"

#include <QBuffer>
#include <QDateTime>
#include <QDir>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::test;
using namespace slotline::client;

namespace {

// One desktop app: its store, client, connectivity and sync engine, against a server.
struct App
{
    App(const QString &storeFile, quint16 port, const QString &apiKey)
    {
        store.open(storeFile);
        client.setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)));
        client.setApiKey(apiKey);
    }

    LocalStore store;
    ApiClient client;
    Connectivity connectivity {client};
    SyncEngine sync {client, store, connectivity};
};

QByteArray imageBytes(const char *format, const QColor &color)
{
    QImage image(QSize(12, 12), QImage::Format_RGB32);
    image.fill(color);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, format);
    return bytes;
}

// A file as MediaIntake keeps it: a copy in the store's media folder.
MediaUpload keptCopy(const LocalStore &store, const QString &name, const QByteArray &bytes,
                     const QString &contentType)
{
    QDir().mkpath(store.mediaFolder());
    MediaUpload upload;
    upload.filePath = QDir(store.mediaFolder()).filePath(name);
    upload.name = name;
    upload.contentType = contentType;
    upload.size = bytes.size();
    QFile file(upload.filePath);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(upload.filePath));
    return upload;
}

} // namespace

class TestSyncEngine : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    int m_stores = 0;

    QString newStoreFile()
    {
        return m_directory.filePath(QStringLiteral("store-%1.db").arg(++m_stores));
    }

    // The app sees no server where it looks (a port nothing listens on).
    static bool isOffline(App &app)
    {
        app.connectivity.checkNow();
        return QTest::qWaitFor(
            [&app] { return app.connectivity.state() == Connectivity::State::Offline; });
    }

    // The app is pointed at `server`, finds it, and sends all that waited.
    static bool syncsWhenReached(App &app, const TestServer &server)
    {
        QSignalSpy synced(&app.sync, &SyncEngine::synced);
        app.client.setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.port())));
        app.connectivity.checkNow();
        return QTest::qWaitFor([&synced] { return !synced.isEmpty(); }, 15'000);
    }

    static QJsonArray serverDrafts(TestServer &server, const Tenant &tenant)
    {
        return server.post(QStringLiteral("/tools/list_drafts"), tenant, {}).items();
    }

    // Brings `app` online, waits for the sync that coming online starts (the accounts, the
    // credits, one failure check on `checked`), then has the server fail a post made now by
    // the app's clock (it looks for failures of the last two weeks by it).
    static bool failAPostAfterStartup(TestServer &server, const Tenant &tenant, App &app,
                                      QSignalSpy &checked)
    {
        QSignalSpy refreshed(&app.sync, &SyncEngine::referenceRefreshed);
        app.connectivity.checkNow();
        if (!QTest::qWaitFor([&] {
                return app.connectivity.state() == Connectivity::State::Online
                       && checked.size() == 1 && refreshed.size() == 1;
            }))
            return false;
        server.clock().setNowMs(QDateTime::currentMSecsSinceEpoch());
        const HttpResult created
            = server.createPost(tenant, tenant.twitterAccountId, QStringLiteral("twitter"),
                                QStringLiteral("Please [sandbox:fail]"));
        return created.status == 201
               && server.waitForStatus(
                   tenant, created.json().value(QStringLiteral("postSubmissionId")).toString(),
                   QStringLiteral("failed"));
    }

private Q_SLOTS:
    void draftsWrittenOfflineSyncWhenTheServerComesBack()
    {
        const quint16 port = reusablePort();
        QTemporaryDir data;
        auto server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        const Tenant tenant = server->addTenant(QStringLiteral("A"));
        App app(newStoreFile(), port, tenant.apiKey);
        app.connectivity.checkNow();
        QTRY_COMPARE(app.connectivity.state(), Connectivity::State::Online);

        // The server stops; the user goes on writing.
        server.reset();
        app.connectivity.checkNow();
        QTRY_COMPARE(app.connectivity.state(), Connectivity::State::Offline);
        const QString first = app.store.createDraft(QStringLiteral("written on the train"),
                                                    {Platform::Twitter}, {}, 1'000);
        app.store.editDraft(first, QStringLiteral("written on the train, edited"),
                            {Platform::Twitter, Platform::LinkedIn}, {}, 2'000);
        const QString second = app.store.createDraft(QStringLiteral("second"), {}, {}, 3'000);
        const QString doomed = app.store.createDraft(QStringLiteral("never mind"), {}, {}, 4'000);
        app.store.deleteDraft(doomed); // never sent: simply gone
        QCOMPARE(app.store.drafts().size(), 2);
        QCOMPARE(app.store.draft(first)->state, LocalStore::SyncState::Pending);
        QCOMPARE(app.store.pendingChanges(), 2);

        // It starts again on its data, at the same address: the client notices by itself
        // and sends what waited.
        QSignalSpy synced(&app.sync, &SyncEngine::synced);
        server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        QTRY_VERIFY_WITH_TIMEOUT(!synced.isEmpty(), 15'000);
        QCOMPARE(app.store.pendingChanges(), 0);
        const QJsonArray onServer = serverDrafts(*server, tenant);
        QCOMPARE(onServer.size(), 2);
        const auto synced1 = app.store.draft(first);
        QCOMPARE(synced1->state, LocalStore::SyncState::Synced);
        QVERIFY(!synced1->serverId.isEmpty());
        QCOMPARE(synced1->baseRevision, 1); // the two local versions went as one save
        QCOMPARE(app.store.draft(second)->state, LocalStore::SyncState::Synced);
        bool found = false;
        for (const QJsonValue &draft : onServer) {
            if (draft.toObject().value(QStringLiteral("id")).toString() == synced1->serverId) {
                found = true;
                QCOMPARE(draft.toObject().value(QStringLiteral("text")).toString(),
                         QStringLiteral("written on the train, edited"));
                QCOMPARE(draft.toObject().value(QStringLiteral("platforms")).toArray().size(), 2);
            }
        }
        QVERIFY(found);
    }

    void theServerStoppingMidOutboxLosesNothing()
    {
        const quint16 port = reusablePort();
        QTemporaryDir data;
        auto server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        const Tenant tenant = server->addTenant(QStringLiteral("A"));
        App app(newStoreFile(), port, tenant.apiKey);
        app.connectivity.checkNow();
        QTRY_COMPARE(app.connectivity.state(), Connectivity::State::Online);
        // Ten drafts queued at once; the server stops the moment the first is through.
        int most = 0;
        const auto stopper
            = connect(&app.store, &LocalStore::outboxChanged, this, [&server, &most](int pending) {
                  most = std::max(most, pending);
                  if (most == 10 && pending == 9)
                      server.reset();
              });
        QStringList ids;
        for (int i = 0; i < 10; ++i)
            ids.append(app.store.createDraft(QStringLiteral("draft %1").arg(i), {}, {}, 1'000 + i));
        QTRY_COMPARE(app.connectivity.state(), Connectivity::State::Offline);
        disconnect(stopper);
        QCOMPARE(app.store.pendingChanges(), 9);
        QSignalSpy synced(&app.sync, &SyncEngine::synced);
        server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        QTRY_VERIFY_WITH_TIMEOUT(!synced.isEmpty(), 15'000);
        QCOMPARE(serverDrafts(*server, tenant).size(), 10); // each once
        for (const QString &id : std::as_const(ids))
            QCOMPARE(app.store.draft(id)->state, LocalStore::SyncState::Synced);
    }

    void aLostAnswerIsSentAgainWithoutADuplicate()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("A"));
        DroppingProxy proxy(server.port());
        App app(newStoreFile(), proxy.port(), tenant.apiKey);
        app.connectivity.checkNow();
        QTRY_COMPARE(app.connectivity.state(), Connectivity::State::Online);

        proxy.dropNextAnswer();
        QSignalSpy synced(&app.sync, &SyncEngine::synced);
        const QString localId = app.store.createDraft(QStringLiteral("once"), {}, {}, 1'000);
        // The server saved it, the answer was lost: the client is told nothing came back,
        // checks again, and sends the same request with the same key.
        QTRY_VERIFY_WITH_TIMEOUT(!synced.isEmpty(), 15'000);
        QCOMPARE(proxy.droppedAnswers(), 1);
        QCOMPARE(serverDrafts(server, tenant).size(), 1);
        QCOMPARE(app.store.draft(localId)->state, LocalStore::SyncState::Synced);
        QCOMPARE(app.store.drafts().size(), 1);
    }

    void aRetrySendsTheFirstRequestEvenAfterAnEdit()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("A"));
        App app(newStoreFile(), reusablePort(), tenant.apiKey);
        const QString localId = app.store.createDraft(QStringLiteral("first"), {}, {}, 1'000);
        // Its first save went out as the engine sends it and reached the server, whose
        // answer was lost.
        const auto entry = app.store.nextEntry();
        QVERIFY(entry);
        const WireRequest first = writerequests::of(*app.store.changeToSend(entry->sequence));
        app.store.recordAttempt(entry->sequence, first);
        QCOMPARE(server
                     .send(first.method, first.path, tenant,
                           QJsonDocument::fromJson(first.body).object(),
                           {{"Idempotency-Key", entry->idempotencyKey.toUtf8()}})
                     .status,
                 200);
        // Edited before the retry: the retry must still be the first save, byte for byte
        // (the server compares it under its key), and the edit a save of its own after it.
        QVERIFY(app.store.editDraft(localId, QStringLiteral("second"), {}, {}, 2'000));
        QCOMPARE(app.store.nextEntry()->sent, std::optional<WireRequest>(first));

        QSignalSpy refused(&app.sync, &SyncEngine::refused);
        QVERIFY(syncsWhenReached(app, server));
        QVERIFY(refused.isEmpty());
        const QJsonArray drafts = serverDrafts(server, tenant);
        QCOMPARE(drafts.size(), 1);
        QCOMPARE(drafts.first().toObject().value(QStringLiteral("text")).toString(),
                 QStringLiteral("second"));
        QCOMPARE(drafts.first().toObject().value(QStringLiteral("revision")).toInt(), 2);
        QCOMPARE(app.store.draft(localId)->state, LocalStore::SyncState::Synced);
    }

    void aChangeAnOlderAppSentIsRetriedWhereItWent()
    {
        const quint16 port = reusablePort();
        TestServer server(ServerConfig(), port);
        const Tenant tenant = server.addTenant(QStringLiteral("A"));
        const qint64 hour = 3'600'000;
        const qint64 firstAt = server.clock().nowMs() + 2 * hour;
        const qint64 movedAt = server.clock().nowMs() + 5 * hour;
        const HttpResult created = server.createPost(
            tenant, tenant.linkedinAccountId, QStringLiteral("linkedin"), QStringLiteral("moved"),
            QJsonObject {{QStringLiteral("scheduledTime"), isotime::format(firstAt)}});
        const QString scheduleId = created.json().value(QStringLiteral("scheduleId")).toString();
        QVERIFY(!scheduleId.isEmpty());

        // An app of the version before sent a move through the tool, and lost its answer.
        const QByteArray key = "slotline-older-move";
        const QJsonObject sent {{QStringLiteral("id"), scheduleId},
                                {QStringLiteral("scheduledTime"), isotime::format(movedAt)}};
        QCOMPARE(server
                     .send("POST", QStringLiteral("/tools/update_schedule"), tenant, sent,
                           {{"Idempotency-Key", key}})
                     .status,
                 200);
        // Its store, as that version left it: the entry, sent once, with its parameters.
        const QString storeFile = newStoreFile();
        {
            LocalStore fresh;
            fresh.open(storeFile);
        }
        {
            QSqlDatabase older
                = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("older"));
            older.setDatabaseName(storeFile);
            QVERIFY(older.open());
            QSqlQuery query(older);
            for (const QString &statement : {
                     QStringLiteral("ALTER TABLE outbox DROP COLUMN sent_method"),
                     QStringLiteral("ALTER TABLE outbox DROP COLUMN sent_path"),
                     QStringLiteral("ALTER TABLE outbox DROP COLUMN sent_body"),
                     QStringLiteral("ALTER TABLE outbox ADD COLUMN sent_parameters TEXT"),
                     QStringLiteral("PRAGMA user_version = 4"),
                 })
                QVERIFY2(query.exec(statement), qPrintable(query.lastError().text()));
            QVERIFY(query.prepare(QStringLiteral(
                "INSERT INTO outbox (kind, subject, payload, idempotency_key, sent_parameters, "
                "attempts) VALUES ('update_schedule', ?, ?, ?, ?, 1)")));
            query.addBindValue(scheduleId);
            query.addBindValue(QString::fromUtf8(
                QJsonDocument(
                    QJsonObject {{QStringLiteral("scheduledTime"), isotime::format(movedAt)}})
                    .toJson(QJsonDocument::Compact)));
            query.addBindValue(QString::fromLatin1(key));
            query.addBindValue(
                QString::fromUtf8(QJsonDocument(sent).toJson(QJsonDocument::Compact)));
            QVERIFY2(query.exec(), qPrintable(query.lastError().text()));
            older.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("older"));

        // This version opens it: the entry keeps the request as it went, and its retry
        // is answered from the server's record (sent anywhere else under the same key,
        // the server would refuse it as a reuse, and the move would be undone here).
        App app(storeFile, port, tenant.apiKey);
        const auto entry = app.store.nextEntry();
        QVERIFY(entry && entry->sent);
        QCOMPARE(entry->sent->method, QByteArray("POST"));
        QCOMPARE(entry->sent->path, QStringLiteral("/tools/update_schedule"));
        QCOMPARE(entry->sent->body, QJsonDocument(sent).toJson(QJsonDocument::Compact));
        QCOMPARE(entry->moveToMs, std::optional<qint64>(movedAt));
        QSignalSpy refusedScheduling(&app.sync, &SyncEngine::schedulingRefused);
        QSignalSpy synced(&app.sync, &SyncEngine::synced);
        app.connectivity.checkNow();
        QTRY_VERIFY_WITH_TIMEOUT(!synced.isEmpty(), 15'000);
        QVERIFY(refusedScheduling.isEmpty());
        QCOMPARE(app.store.pendingChanges(), 0);
        QCOMPARE(server.scheduledPosts(tenant).value(QStringLiteral("moved")),
                 isotime::format(movedAt));
    }

    void aDraftCreateSentAgainAfterTheServerForgotItsKeyIsMadeOnce()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Late"));
        // Written with no server to be seen.
        App app(newStoreFile(), reusablePort(), tenant.apiKey);
        const QString localId = app.store.createDraft(QStringLiteral("written once"), {}, {}, 1);
        app.connectivity.checkNow();
        QTRY_COMPARE(app.connectivity.state(), Connectivity::State::Offline);
        // Its create had reached the server once (the answer was lost), as the app sends
        // it; and a day and more went by, so the server no longer knows its key.
        const HttpResult first
            = server.post(QStringLiteral("/tools/save_draft"), tenant,
                          QJsonObject {{QStringLiteral("text"), QStringLiteral("written once")},
                                       {QStringLiteral("platforms"), QJsonArray()},
                                       {QStringLiteral("mediaUrls"), QJsonArray()},
                                       {QStringLiteral("clientId"), localId}});
        QCOMPARE(first.status, 200);
        server.clock().advanceMs(25LL * 3'600'000);

        QVERIFY(syncsWhenReached(app, server));
        const QJsonArray drafts = serverDrafts(server, tenant);
        QCOMPARE(drafts.size(), 1); // the draft the first create made, not a second one
        QCOMPARE(drafts.first().toObject().value(QStringLiteral("clientId")).toString(), localId);
        QCOMPARE(app.store.drafts().size(), 1);
        QCOMPARE(app.store.draft(localId)->state, LocalStore::SyncState::Synced);
        QCOMPARE(app.store.draft(localId)->serverId, first.json()
                                                         .value(QStringLiteral("draft"))
                                                         .toObject()
                                                         .value(QStringLiteral("id"))
                                                         .toString());
    }

    void theServersRecordOfADraftsPostsJoinsTheListHere()
    {
        // Published from another computer (or a script): this app learns it from the draft.
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Elsewhere"));
        App app(newStoreFile(), server.port(), tenant.apiKey);
        QSignalSpy synced(&app.sync, &SyncEngine::synced);
        const QString localId = app.store.createDraft(QStringLiteral("shared"), {}, {}, 1);
        app.connectivity.checkNow();
        QTRY_VERIFY_WITH_TIMEOUT(!synced.isEmpty(), 10'000);
        const QString draftId = app.store.draft(localId)->serverId;
        const HttpResult made
            = server.post(QStringLiteral("/tools/publish_draft"), tenant,
                          QJsonObject {{QStringLiteral("draftId"), draftId},
                                       {QStringLiteral("accountId"), tenant.twitterAccountId}});
        QCOMPARE(made.status, 200);
        QVERIFY(app.store.posts().ofDraft(localId).isEmpty());
        synced.clear();
        app.sync.syncNow();
        QTRY_VERIFY_WITH_TIMEOUT(!synced.isEmpty(), 10'000);
        const QList<Submission> posts = app.store.posts().ofDraft(localId);
        QCOMPARE(posts.size(), 1);
        QCOMPARE(posts.first().id,
                 made.json().value(QStringLiteral("postSubmissionId")).toString());
        QCOMPARE(posts.first().accountId, tenant.twitterAccountId);
        QCOMPARE(posts.first().platform, Platform::Twitter);
    }

    void aDraftEditedOnTwoClientsIsAConflictTheUserResolves_data()
    {
        QTest::addColumn<int>("resolution");
        QTest::newRow("keep mine") << int(LocalStore::Resolution::KeepMine);
        QTest::newRow("keep theirs") << int(LocalStore::Resolution::KeepTheirs);
        QTest::newRow("keep both") << int(LocalStore::Resolution::KeepBoth);
    }
    void aDraftEditedOnTwoClientsIsAConflictTheUserResolves()
    {
        QFETCH(int, resolution);
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("A"));
        App laptop(newStoreFile(), server.port(), tenant.apiKey);
        App phone(newStoreFile(), server.port(), tenant.apiKey);
        for (App *app : {&laptop, &phone}) {
            app->connectivity.checkNow();
            QTRY_COMPARE(app->connectivity.state(), Connectivity::State::Online);
        }
        QSignalSpy laptopSynced(&laptop.sync, &SyncEngine::synced);
        const QString onLaptop = laptop.store.createDraft(QStringLiteral("v1"), {}, {}, 1'000);
        QTRY_VERIFY(!laptopSynced.isEmpty());
        QSignalSpy phoneSynced(&phone.sync, &SyncEngine::synced);
        phone.sync.syncNow();
        QTRY_VERIFY(!phoneSynced.isEmpty());
        QCOMPARE(phone.store.drafts().size(), 1);
        const QString onPhone = phone.store.drafts().first().localId;
        QCOMPARE(phone.store.draft(onPhone)->text, QStringLiteral("v1"));

        // The laptop saves first; the phone's edit started from revision 1 too.
        laptopSynced.clear();
        laptop.store.editDraft(onLaptop, QStringLiteral("laptop's"), {}, {}, 2'000);
        QTRY_VERIFY(!laptopSynced.isEmpty());
        QSignalSpy conflicts(&phone.sync, &SyncEngine::conflict);
        phone.store.editDraft(onPhone, QStringLiteral("phone's"), {}, {}, 3'000);
        QTRY_COMPARE(conflicts.size(), 1);
        const auto conflicted = phone.store.draft(onPhone);
        QCOMPARE(conflicted->state, LocalStore::SyncState::Conflict);
        QCOMPARE(conflicted->text, QStringLiteral("phone's")); // nothing the user typed is lost
        QCOMPARE(conflicted->theirs->text, QStringLiteral("laptop's"));

        phoneSynced.clear();
        phone.store.resolveConflict(onPhone, LocalStore::Resolution(resolution), 4'000);
        phone.sync.syncNow();
        QTRY_VERIFY(!phoneSynced.isEmpty());
        QStringList texts;
        for (const QJsonValue &draft : serverDrafts(server, tenant))
            texts.append(draft.toObject().value(QStringLiteral("text")).toString());
        texts.sort();
        QStringList local;
        for (const auto &draft : phone.store.drafts()) {
            local.append(draft.text);
            QCOMPARE(draft.state, LocalStore::SyncState::Synced);
        }
        local.sort();
        switch (LocalStore::Resolution(resolution)) {
        case LocalStore::Resolution::KeepMine:
            QCOMPARE(texts, QStringList {QStringLiteral("phone's")});
            break;
        case LocalStore::Resolution::KeepTheirs:
            QCOMPARE(texts, QStringList {QStringLiteral("laptop's")});
            break;
        case LocalStore::Resolution::KeepBoth:
            QCOMPARE(texts, (QStringList {QStringLiteral("laptop's"), QStringLiteral("phone's")}));
            break;
        }
        QCOMPARE(local, texts);
    }

    void aDeletionAfterAConflictingSaveStillGoes()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("A"));
        const QJsonObject made = server
                                     .post(QStringLiteral("/tools/save_draft"), tenant,
                                           json("{'text': 'v1', 'platforms': []}"))
                                     .json()
                                     .value(QStringLiteral("draft"))
                                     .toObject();
        // The phone knows revision 1, then goes where there is no server.
        App phone(newStoreFile(), reusablePort(), tenant.apiKey);
        phone.store.mergeServerDrafts({*Draft::fromJson(made)});
        const QString localId = phone.store.drafts().first().localId;
        // Meanwhile another device saves revision 2.
        server.post(QStringLiteral("/tools/save_draft"), tenant,
                    QJsonObject {{QStringLiteral("draftId"), made.value(QStringLiteral("id"))},
                                 {QStringLiteral("text"), QStringLiteral("v2")},
                                 {QStringLiteral("platforms"), QJsonArray {}}});
        // The phone's edit went out once (its answer lost), then the user deleted it.
        phone.store.editDraft(localId, QStringLiteral("phone's"), {}, {}, 2'000);
        const qint64 sent = phone.store.nextEntry()->sequence;
        phone.store.recordAttempt(sent, writerequests::of(*phone.store.changeToSend(sent)));
        phone.store.deleteDraft(localId);
        QCOMPARE(phone.store.pendingChanges(), 2);

        QSignalSpy synced(&phone.sync, &SyncEngine::synced);
        phone.client.setBaseUrl(QUrl(server.http().baseUrl()));
        phone.connectivity.checkNow();
        QTRY_VERIFY_WITH_TIMEOUT(!synced.isEmpty(), 15'000);
        // The save met the conflict; the deletion still went.
        QCOMPARE(phone.store.pendingChanges(), 0);
        QVERIFY(phone.store.drafts().isEmpty());
        QCOMPARE(serverDrafts(server, tenant).size(), 0);
    }

    void aDraftDeletedElsewhereGoesHereOrComesBackIfEditedHere()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("A"));
        App app(newStoreFile(), server.port(), tenant.apiKey);
        app.connectivity.checkNow();
        QTRY_COMPARE(app.connectivity.state(), Connectivity::State::Online);
        QSignalSpy synced(&app.sync, &SyncEngine::synced);
        const QString untouched = app.store.createDraft(QStringLiteral("untouched"), {}, {}, 1);
        const QString edited = app.store.createDraft(QStringLiteral("edited here"), {}, {}, 2);
        QTRY_VERIFY(!synced.isEmpty());
        const QString untouchedId = app.store.draft(untouched)->serverId;
        const QString editedId = app.store.draft(edited)->serverId;
        for (const QString &id : {untouchedId, editedId})
            QCOMPARE(server
                         .post(QStringLiteral("/tools/delete_draft"), tenant,
                               QJsonObject {{QStringLiteral("draftId"), id}})
                         .status,
                     200);

        // The one edited here meets a 404: what was typed is kept as a new draft.
        QSignalSpy refused(&app.sync, &SyncEngine::refused);
        synced.clear();
        QVERIFY(app.store.editDraft(edited, QStringLiteral("edited here, again"), {}, {}, 3));
        QTRY_VERIFY(!synced.isEmpty());
        QCOMPARE(refused.size(), 1);
        // The other one is gone once the server confirms it is.
        QTRY_VERIFY(!app.store.draft(untouched));
        const auto kept = app.store.draft(edited);
        QVERIFY(kept);
        QCOMPARE(kept->state, LocalStore::SyncState::Synced);
        QVERIFY(kept->serverId != editedId);
        const QJsonArray onServer = serverDrafts(server, tenant);
        QCOMPARE(onServer.size(), 1);
        QCOMPARE(onServer.first().toObject().value(QStringLiteral("text")).toString(),
                 QStringLiteral("edited here, again"));
        QVERIFY(!app.store.editDraft(untouched, QStringLiteral("too late"), {}, {}, 4));
    }

    void whatIsTypedSurvivesTheAppBeingKilled()
    {
        const QString file = newStoreFile();
        QString localId;
        {
            LocalStore store;
            store.open(file);
            localId = store.createDraft(QStringLiteral("typed, then the app died"),
                                        {Platform::Facebook}, {QStringLiteral("https://x/a.png")},
                                        5'000);
        } // no shutdown, no sync: the store is simply gone
        LocalStore reopened;
        reopened.open(file);
        const auto draft = reopened.draft(localId);
        QVERIFY(draft);
        QCOMPARE(draft->text, QStringLiteral("typed, then the app died"));
        QCOMPARE(draft->platforms, QList<Platform> {Platform::Facebook});
        QCOMPARE(reopened.pendingChanges(), 1);
    }

    void aRefusedChangeIsDroppedAndSaysWhy()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("A"));
        App app(newStoreFile(), server.port(), tenant.apiKey);
        app.connectivity.checkNow();
        QTRY_COMPARE(app.connectivity.state(), Connectivity::State::Online);
        QSignalSpy refused(&app.sync, &SyncEngine::refused);
        QSignalSpy synced(&app.sync, &SyncEngine::synced);
        const QString localId = app.store.createDraft(
            QStringLiteral("bad media"), {}, {QStringLiteral("ftp://nowhere/x.png")}, 1'000);
        QTRY_COMPARE(refused.size(), 1);
        QTRY_VERIFY(!synced.isEmpty());
        const auto draft = app.store.draft(localId);
        QCOMPARE(draft->state, LocalStore::SyncState::Refused);
        QVERIFY2(draft->problem.contains(QStringLiteral("mediaUrls")), qPrintable(draft->problem));
        QCOMPARE(app.store.pendingChanges(), 0);
        // Put right by the user: the next edit goes through.
        synced.clear();
        app.store.editDraft(localId, QStringLiteral("good media"), {},
                            {QStringLiteral("https://x/a.png")}, 2'000);
        QTRY_VERIFY(!synced.isEmpty());
        QCOMPARE(app.store.draft(localId)->state, LocalStore::SyncState::Synced);
    }

    // A post that failed gave its credit back on the server: noticing the failure reads
    // the balance again, so the app does not show one credit fewer until the next sync.
    void aNewlyFailedPostRefreshesTheCredits()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Refund"));
        App app(newStoreFile(), server.port(), tenant.apiKey);
        QSignalSpy checked(&app.sync, &SyncEngine::failuresChecked);
        QVERIFY(failAPostAfterStartup(server, tenant, app, checked));
        const qint64 onServer = server.get(QStringLiteral("/api/v2/credits"), tenant)
                                    .json()
                                    .value(QStringLiteral("creditsRemaining"))
                                    .toInteger();
        // What the app showed while the post was out: one fewer.
        app.store.putCredits(CreditBalance {onServer - 1, 1, 0}, 1'000);
        app.sync.checkFailures();
        QTRY_COMPARE(checked.size(), 2);
        QTRY_COMPARE(app.store.reference().credits()->remaining, onServer);
        // Seen once, a failure costs no more reads of the balance.
        app.store.putCredits(CreditBalance {onServer - 1, 1, 0}, 2'000);
        app.sync.checkFailures();
        QTRY_COMPARE(checked.size(), 3);
        QTest::qWait(300);
        QCOMPARE(app.store.reference().credits()->remaining, onServer - 1);
    }

    // A post fails because its account came to need reconnecting: the failure that the app
    // notices brings the account's state with it, without waiting for a full sync.
    void aFailureBringsTheAccountsStateAlong()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Reconnect"));
        App app(newStoreFile(), server.port(), tenant.apiKey);
        QSignalSpy checked(&app.sync, &SyncEngine::failuresChecked);
        const auto stateOf = [&app, &tenant] {
            for (const Account &account : app.store.reference().accounts())
                if (account.id == tenant.twitterAccountId)
                    return slotline::toString(account.status);
            return QString();
        };
        QVERIFY(failAPostAfterStartup(server, tenant, app, checked));
        QCOMPARE(stateOf(), QStringLiteral("connected"));
        AccountRepository(server.database(), server.clock())
            .setStatus(tenant.twitterAccountId, AccountStatus::NeedsReconnect,
                       QStringLiteral("X refused the token"));
        app.sync.checkFailures();
        QTRY_COMPARE(stateOf(), QStringLiteral("needs_reconnect"));
    }

    void deletionsAndServerSideChangesFlowBothWays()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("A"));
        App app(newStoreFile(), server.port(), tenant.apiKey);
        app.connectivity.checkNow();
        QTRY_COMPARE(app.connectivity.state(), Connectivity::State::Online);
        QSignalSpy synced(&app.sync, &SyncEngine::synced);
        const QString keep = app.store.createDraft(QStringLiteral("keep"), {}, {}, 1'000);
        const QString drop = app.store.createDraft(QStringLiteral("drop"), {}, {}, 1'001);
        QTRY_VERIFY(!synced.isEmpty());
        QCOMPARE(serverDrafts(server, tenant).size(), 2);

        synced.clear();
        app.store.deleteDraft(drop);
        QTRY_VERIFY(!synced.isEmpty());
        QCOMPARE(serverDrafts(server, tenant).size(), 1);

        // Another client edits and adds on the server; this one picks it up.
        const QString keepServerId = app.store.draft(keep)->serverId;
        server.post(QStringLiteral("/tools/save_draft"), tenant,
                    QJsonObject {{QStringLiteral("draftId"), keepServerId},
                                 {QStringLiteral("text"), QStringLiteral("kept, edited elsewhere")},
                                 {QStringLiteral("platforms"), QJsonArray {}}});
        server.post(QStringLiteral("/tools/save_draft"), tenant,
                    QJsonObject {{QStringLiteral("text"), QStringLiteral("from elsewhere")},
                                 {QStringLiteral("platforms"), QJsonArray {}}});
        synced.clear();
        app.sync.syncNow();
        QTRY_VERIFY(!synced.isEmpty());
        QStringList texts;
        for (const auto &draft : app.store.drafts())
            texts.append(draft.text);
        texts.sort();
        QCOMPARE(texts, (QStringList {QStringLiteral("from elsewhere"),
                                      QStringLiteral("kept, edited elsewhere")}));
    }

    void theLastKnownStateOpensWithNoServer()
    {
        const QString file = newStoreFile();
        const qint64 weekStart = 1'795'132'800'000; // a Monday, 00:00 UTC
        {
            TestServer server;
            const Tenant tenant
                = server.addTenant(QStringLiteral("A"), QStringLiteral("Europe/Berlin"));
            server.clock().setNowMs(weekStart - 86'400'000);
            QCOMPARE(server
                         .post(QStringLiteral("/schedule/slots"), tenant,
                               QJsonObject {{QStringLiteral("slots"),
                                             QJsonArray {QJsonObject {
                                                 {QStringLiteral("day"), QStringLiteral("friday")},
                                                 {QStringLiteral("hour"), 9},
                                                 {QStringLiteral("minute"), 0}}}}})
                         .status,
                     201);
            QCOMPARE(server
                         .createPost(tenant, tenant.linkedinAccountId, QStringLiteral("linkedin"),
                                     QStringLiteral("Tuesday's"),
                                     QJsonObject {{QStringLiteral("scheduledTime"),
                                                   QStringLiteral("2026-11-24T10:00:00Z")}})
                         .status,
                     201);
            App app(file, server.port(), tenant.apiKey);
            QSignalSpy reference(&app.sync, &SyncEngine::referenceRefreshed);
            QSignalSpy posts(&app.sync, &SyncEngine::postsLoaded);
            app.sync.refreshReference();
            app.sync.loadPosts(weekStart, weekStart + 7 * 86'400'000);
            QTRY_VERIFY(!reference.isEmpty() && !posts.isEmpty());
        }
        // No server now, and a new start of the app.
        LocalStore store;
        store.open(file);
        QCOMPARE(store.reference().user()->projectName, QStringLiteral("A"));
        QCOMPARE(store.reference().accounts().size(), 3);
        const QList<Account> accounts = store.reference().accounts();
        const auto facebook
            = std::find_if(accounts.begin(), accounts.end(), [](const Account &account) {
                  return account.platform == Platform::Facebook;
              });
        QCOMPARE(store.reference().subaccounts(facebook->id).size(), 1);
        QCOMPARE(store.reference().slots().size(), 1);
        QCOMPARE(store.reference().slots().first().day, Qt::Friday);
        QCOMPARE(store.reference().timezone(), QStringLiteral("Europe/Berlin"));
        QCOMPARE(store.reference().credits()->remaining, 9); // 10, one held by the post
        const QList<Submission> week = store.posts().inRange(weekStart, weekStart + 7 * 86'400'000);
        QCOMPARE(week.size(), 1);
        QCOMPARE(week.first().text, QStringLiteral("Tuesday's"));
        // A later read of the range replaces it: a post gone from the server goes here too.
        store.replacePosts(weekStart, weekStart + 7 * 86'400'000, {});
        QVERIFY(store.posts().inRange(weekStart, weekStart + 7 * 86'400'000).isEmpty());
    }

    void schedulingOfflineIsQueuedAndPutRightOnRefusal()
    {
        const quint16 port = reusablePort();
        QTemporaryDir data;
        auto server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        const Tenant tenant = server->addTenant(QStringLiteral("A"));
        const qint64 now = server->clock().nowMs();
        const qint64 hour = 3'600'000;
        const auto schedule = [&](const QString &text, qint64 at) {
            const HttpResult created = server->createPost(
                tenant, tenant.linkedinAccountId, QStringLiteral("linkedin"), text,
                QJsonObject {{QStringLiteral("scheduledTime"), isotime::format(at)}});
            return created.json().value(QStringLiteral("scheduleId")).toString();
        };
        const QString keepId = schedule(QStringLiteral("moved into the past"), now + 2 * hour);
        const QString cancelId = schedule(QStringLiteral("cancelled"), now + 3 * hour);

        App app(newStoreFile(), port, tenant.apiKey);
        QSignalSpy synced(&app.sync, &SyncEngine::synced);
        QSignalSpy loaded(&app.sync, &SyncEngine::postsLoaded);
        const QString draft
            = app.store.createDraft(QStringLiteral("published from a draft"), {}, {}, 1);
        app.connectivity.checkNow();
        QTRY_VERIFY(!synced.isEmpty());
        app.sync.loadPosts(now, now + 24 * hour);
        QTRY_VERIFY(!loaded.isEmpty());
        QCOMPARE(app.store.posts().inRange(now, now + 24 * hour).size(), 2);

        server.reset();
        app.connectivity.checkNow();
        QTRY_COMPARE(app.connectivity.state(), Connectivity::State::Offline);
        Submission toMove;
        Submission toCancel;
        for (const Submission &post : app.store.posts().inRange(now, now + 24 * hour))
            (post.scheduleId == keepId ? toMove : toCancel) = post;
        app.store.queuePublication(
            draft, LocalStore::Publication {tenant.twitterAccountId, {}, now + 4 * hour, false});
        app.store.queueMove(toMove, now - hour); // the server will refuse a time in the past
        app.store.queueCancel(toCancel);
        QCOMPARE(app.store.pendingScheduling().size(), 3);
        QVERIFY(app.store.isPending(keepId));
        // Shown as asked for at once.
        const QList<Submission> shown = app.store.posts().inRange(now - 2 * hour, now + 24 * hour);
        for (const Submission &post : shown) {
            if (post.scheduleId == keepId)
                QCOMPARE(post.scheduledAtMs, now - hour);
            else
                QCOMPARE(toString(post.status), QStringLiteral("cancelled"));
        }

        QList<std::pair<QString, ApiError::Kind>> refused;
        connect(&app.sync, &SyncEngine::schedulingRefused, this,
                [&refused](const QString &subject, const ApiError &error) {
                    refused.append({subject, error.kind()});
                });
        QList<std::pair<QString, PostCreated>> published;
        connect(&app.sync, &SyncEngine::published, this,
                [&published](qint64, const QString &localId, const PostCreated &post) {
                    published.append({localId, post});
                });
        synced.clear();
        server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        QTRY_VERIFY_WITH_TIMEOUT(!synced.isEmpty(), 15'000);
        QCOMPARE(published.size(), 1);
        QCOMPARE(published.first().first, draft);
        QCOMPARE(published.first().second.status, QStringLiteral("scheduled"));
        QCOMPARE(published.first().second.scheduledAtMs, now + 4 * hour);
        QVERIFY(!published.first().second.scheduleId.isEmpty());
        QCOMPARE(refused.size(), 1);
        QCOMPARE(refused.first().first, keepId);
        QCOMPARE(refused.first().second, ApiError::Kind::Validation);
        QVERIFY(app.store.pendingScheduling().isEmpty());
        // The refused move is put back; the cancellation and the publication are in.
        for (const Submission &post : app.store.posts().inRange(now - 2 * hour, now + 24 * hour)) {
            if (post.scheduleId == keepId)
                QCOMPARE(post.scheduledAtMs, now + 2 * hour);
        }
        const QJsonObject kept
            = server->get(QStringLiteral("/api/v2/schedules/") + keepId, tenant).json();
        QCOMPARE(kept.value(QStringLiteral("scheduledAt")).toString(),
                 isotime::format(now + 2 * hour));
        QCOMPARE(server->get(QStringLiteral("/api/v2/schedules/") + cancelId, tenant).status, 404);
        const HttpResult posts
            = server->get(QStringLiteral("/api/v2/posts?status=scheduled"), tenant);
        QStringList texts;
        for (const QJsonValue &post : posts.items())
            texts.append(post.toObject().value(QStringLiteral("text")).toString());
        texts.sort();
        QCOMPARE(texts, (QStringList {QStringLiteral("moved into the past"),
                                      QStringLiteral("published from a draft")}));
    }
    void slotsChangedOfflineReachTheServerInOrderAndARefusalIsSaid()
    {
        const quint16 port = reusablePort();
        QTemporaryDir data;
        auto server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        const Tenant tenant = server->addTenant(QStringLiteral("Slots"));
        const auto slotAt = [&tenant](Qt::DayOfWeek day, int hour, int minute) {
            WeeklySlot slot;
            slot.day = day;
            slot.hour = hour;
            slot.minute = minute;
            slot.targets = {SlotTarget {Platform::Twitter, tenant.twitterAccountId, {}}};
            return slot;
        };
        const auto slotJson = [](const QString &day, int hour) {
            return QJsonObject {{QStringLiteral("day"), day},
                                {QStringLiteral("hour"), hour},
                                {QStringLiteral("minute"), 0}};
        };
        QVERIFY(server
                    ->post(QStringLiteral("/schedule/slots"), tenant,
                           QJsonObject {{QStringLiteral("replace"), true},
                                        {QStringLiteral("slots"),
                                         QJsonArray {slotJson(QStringLiteral("monday"), 9)}}})
                    .status
                == 201);

        App app(newStoreFile(), port, tenant.apiKey);
        QSignalSpy refreshed(&app.sync, &SyncEngine::referenceRefreshed);
        app.connectivity.checkNow();
        QTRY_VERIFY(!refreshed.isEmpty());
        QCOMPARE(app.store.plannedSlots().size(), 1);
        const QString mondayId = app.store.plannedSlots().constFirst().id;
        // Someone else takes Thursday 08:00 meanwhile; this app has not read it.
        QCOMPARE(server
                     ->post(QStringLiteral("/schedule/slots"), tenant,
                            QJsonObject {{QStringLiteral("slots"),
                                          QJsonArray {slotJson(QStringLiteral("thursday"), 8)}}})
                     .status,
                 201);

        server.reset();
        app.connectivity.checkNow();
        QTRY_COMPARE(app.connectivity.state(), Connectivity::State::Offline);
        const QString wednesday = app.store.queueSlotAddition(slotAt(Qt::Wednesday, 12, 15));
        const QString thursday = app.store.queueSlotAddition(slotAt(Qt::Thursday, 8, 0));
        const QString saturday = app.store.queueSlotAddition(slotAt(Qt::Saturday, 10, 0));
        QVERIFY(app.store.queueSlotRemoval(saturday)); // changed my mind: never sent
        QVERIFY(app.store.queueSlotRemoval(mondayId));
        QCOMPARE(app.store.pendingChanges(), 3);
        QStringList planned;
        for (const WeeklySlot &slot : app.store.plannedSlots())
            planned.append(slot.id);
        QCOMPARE(planned, (QStringList {wednesday, thursday}));

        QList<std::pair<WeeklySlot, bool>> refused;
        ApiError refusal(ApiError::Kind::Network, QString());
        connect(&app.sync, &SyncEngine::slotRefused, this,
                [&refused, &refusal](const WeeklySlot &slot, bool addition, const ApiError &error) {
                    refused.append({slot, addition});
                    refusal = error;
                });
        QSignalSpy synced(&app.sync, &SyncEngine::synced);
        server = std::make_unique<TestServer>(ServerConfig(), port, data.path());
        QTRY_VERIFY_WITH_TIMEOUT(!synced.isEmpty(), 15'000);
        QCOMPARE(app.store.pendingChanges(), 0);
        QCOMPARE(refused.size(), 1);
        QCOMPARE(refused.first().first.day, Qt::Thursday);
        QCOMPARE(refused.first().first.hour, 8);
        QVERIFY(refused.first().second);
        QCOMPARE(refusal.kind(), ApiError::Kind::Conflict);

        // The server has Thursday (the other client's) and Wednesday (this one's), once each.
        const QJsonArray onServer
            = server->get(QStringLiteral("/api/v2/schedule/slots"), tenant).items();
        QStringList times;
        for (const QJsonValue &slot : onServer) {
            times.append(slot.toObject().value(QStringLiteral("day")).toString() + u' '
                         + QString::number(slot.toObject().value(QStringLiteral("hour")).toInt()));
        }
        times.sort();
        QCOMPARE(times,
                 (QStringList {QStringLiteral("thursday 8"), QStringLiteral("wednesday 12")}));
        // Here, once read again: both, under the server's ids.
        app.sync.refreshReference();
        const auto plannedHere = [&app] {
            QStringList list;
            for (const WeeklySlot &slot : app.store.plannedSlots()) {
                list.append(QStringLiteral("%1 %2%3")
                                .arg(WeeklySlot::dayName(slot.day))
                                .arg(slot.hour)
                                .arg(SlotQueue::isPlannedHere(slot.id) ? QStringLiteral(" (here)")
                                                                       : QString()));
            }
            list.sort();
            return list;
        };
        QTRY_VERIFY(!app.sync.isRefreshing());
        QCOMPARE(plannedHere(),
                 (QStringList {QStringLiteral("thursday 8"), QStringLiteral("wednesday 12")}));
    }

    // A slot's addition whose answer was lost is sent again after the server forgot its
    // key: the server says the slot exists (its first attempt made it). That is this
    // slot, not a refusal, and the removal the user queued meanwhile removes it.
    void aSlotMadeByALostAttemptIsRecognisedAndItsRemovalGoes()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Lost slot"));
        App app(newStoreFile(), reusablePort(), tenant.apiKey); // nothing listens there yet
        QVERIFY(isOffline(app));
        WeeklySlot slot;
        slot.day = Qt::Thursday;
        slot.hour = 8;
        slot.targets = {SlotTarget {Platform::Twitter, tenant.twitterAccountId, {}}};
        const QString localId = app.store.queueSlotAddition(slot);
        // Its first attempt reached the server, which made the slot; the answer was lost,
        // and a day and more went by.
        const auto entry = app.store.nextEntry();
        QVERIFY(entry);
        const WireRequest request = writerequests::of(SlotAddition {slot});
        app.store.recordAttempt(entry->sequence, request);
        QCOMPARE(server
                     .post(QStringLiteral("/schedule/slots"), tenant,
                           QJsonDocument::fromJson(request.body).object())
                     .status,
                 201);
        server.clock().advanceMs(25LL * 3'600'000);
        QVERIFY(app.store.queueSlotRemoval(localId));
        QVERIFY(app.store.plannedSlots().isEmpty());

        QList<WeeklySlot> refused;
        connect(
            &app.sync, &SyncEngine::slotRefused, this,
            [&refused](const WeeklySlot &which, bool, const ApiError &) { refused.append(which); });
        QVERIFY(syncsWhenReached(app, server));
        QCOMPARE(app.store.pendingChanges(), 0);
        QVERIFY(refused.isEmpty());
        QCOMPARE(server.get(QStringLiteral("/api/v2/schedule/slots"), tenant).items().size(), 0);
    }

    void aFileAddedOfflineGoesUpBeforeItsDraftAndItsPost()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Pictures"));
        App app(newStoreFile(), reusablePort(), tenant.apiKey); // nothing listens there yet
        app.connectivity.checkNow();
        QTRY_COMPARE(app.connectivity.state(), Connectivity::State::Offline);

        // The draft's save is queued before the file: the upload still goes first, so the
        // save (built when it goes) and the publication carry the file's address.
        const QString draft = app.store.createDraft(QStringLiteral("Our new shop front"),
                                                    {Platform::Twitter}, {}, 1);
        const QByteArray png = imageBytes("png", Qt::darkCyan);
        const MediaUpload kept
            = keptCopy(app.store, QStringLiteral("shop.png"), png, QStringLiteral("image/png"));
        const QString reference = app.store.queueUpload(kept);
        QVERIFY(localmedia::isReference(reference));
        QVERIFY(app.store.upload(reference));
        QVERIFY(app.store.editDraft(draft, QStringLiteral("Our new shop front"),
                                    {Platform::Twitter}, {reference}, 2));
        const qint64 at = server.clock().nowMs() + 4 * 3'600'000;
        app.store.queuePublication(
            draft, LocalStore::Publication {tenant.twitterAccountId, {}, at, false});
        QCOMPARE(app.store.pendingChanges(), 3);

        QList<std::pair<QString, QString>> uploaded;
        connect(&app.sync, &SyncEngine::mediaUploaded, this,
                [&uploaded](const QString &which, const QString &url) {
                    uploaded.append({which, url});
                });
        QSignalSpy progress(&app.sync, &SyncEngine::uploadProgress);
        QSignalSpy published(&app.sync, &SyncEngine::published);
        QVERIFY(syncsWhenReached(app, server));

        QCOMPARE(app.store.pendingChanges(), 0);
        QCOMPARE(uploaded.size(), 1);
        QCOMPARE(uploaded.first().first, reference);
        const QString url = uploaded.first().second;
        QVERIFY2(url.startsWith(server.http().baseUrl() + QStringLiteral("/media/")),
                 qPrintable(url));
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.last().at(0).toString(), reference);
        QCOMPARE(server.http().get(QUrl(url).path()).body, png);
        QVERIFY(!QFile::exists(kept.filePath)); // the app's copy went with the upload
        QCOMPARE(app.store.draft(draft)->mediaUrls, QStringList {url});
        const QJsonArray drafts = serverDrafts(server, tenant);
        QCOMPARE(drafts.size(), 1);
        QCOMPARE(drafts.first().toObject().value(QStringLiteral("mediaUrls")).toArray(),
                 QJsonArray {url});
        QCOMPARE(published.size(), 1);
        const QJsonArray posts
            = server.get(QStringLiteral("/api/v2/posts?status=scheduled"), tenant).items();
        QCOMPARE(posts.size(), 1);
        QCOMPARE(posts.first().toObject().value(QStringLiteral("mediaUrls")).toArray(),
                 QJsonArray {url});
    }

    void aFileTheServerRefusesLeavesItsDraftAndHoldsBackItsPost()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Refused picture"));
        App app(newStoreFile(), reusablePort(), tenant.apiKey); // nothing listens there yet
        QVERIFY(isOffline(app));
        // A publication queued before the file was added goes as it was asked for.
        const QString draft = app.store.createDraft(QStringLiteral("See the scan"),
                                                    {Platform::Twitter, Platform::LinkedIn}, {}, 1);
        const qint64 at = server.clock().nowMs() + 3'600'000;
        app.store.queuePublication(
            draft, LocalStore::Publication {tenant.linkedinAccountId, {}, at, false});
        // An image, but of no type the server takes: only the server can say so.
        const MediaUpload kept
            = keptCopy(app.store, QStringLiteral("scan.bmp"), imageBytes("bmp", Qt::red), {});
        const QString reference = app.store.queueUpload(kept);
        QVERIFY(app.store.editDraft(draft, QStringLiteral("See the scan"),
                                    {Platform::Twitter, Platform::LinkedIn}, {reference}, 2));
        app.store.queuePublication(
            draft, LocalStore::Publication {tenant.twitterAccountId, {}, {}, false});

        QList<std::pair<QString, QString>> refusedUploads;
        connect(&app.sync, &SyncEngine::uploadRefused, this,
                [&refusedUploads](const QString &which, const QString &name, const ApiError &) {
                    refusedUploads.append({which, name});
                });
        QList<std::pair<QString, QString>> refusedPosts;
        connect(&app.sync, &SyncEngine::schedulingRefused, this,
                [&refusedPosts](const QString &subject, const ApiError &error) {
                    refusedPosts.append({subject, error.message()});
                });
        QVERIFY(syncsWhenReached(app, server));

        QCOMPARE(app.store.pendingChanges(), 0);
        QCOMPARE(refusedUploads.size(), 1);
        QCOMPARE(refusedUploads.first(), std::pair(reference, QStringLiteral("scan.bmp")));
        // A post without the picture it was made with is not the post the user made.
        QCOMPARE(refusedPosts.size(), 1);
        QCOMPARE(refusedPosts.first().first, draft);
        QVERIFY2(refusedPosts.first().second.contains(QStringLiteral("scan.bmp")),
                 qPrintable(refusedPosts.first().second));
        const QJsonArray posts = server.get(QStringLiteral("/api/v2/posts"), tenant).items();
        QCOMPARE(posts.size(), 1);
        QCOMPARE(posts.first().toObject().value(QStringLiteral("accountId")).toString(),
                 tenant.linkedinAccountId);
        // The draft stays, with its text and without the file, here and on the server.
        QCOMPARE(app.store.draft(draft)->mediaUrls, QStringList());
        const QJsonArray drafts = serverDrafts(server, tenant);
        QCOMPARE(drafts.size(), 1);
        QCOMPARE(drafts.first().toObject().value(QStringLiteral("text")).toString(),
                 QStringLiteral("See the scan"));
        QVERIFY(drafts.first().toObject().value(QStringLiteral("mediaUrls")).toArray().isEmpty());
        QVERIFY(!QFile::exists(kept.filePath));
    }

    void aDraftDeletedAndBroughtBackKeepsItsFile()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Undo"));
        App app(newStoreFile(), reusablePort(), tenant.apiKey); // nothing listens there yet
        QVERIFY(isOffline(app));
        const QByteArray png = imageBytes("png", Qt::darkMagenta);
        const QString reference = app.store.queueUpload(
            keptCopy(app.store, QStringLiteral("kept.png"), png, QStringLiteral("image/png")));
        const QString draft = app.store.createDraft(QStringLiteral("Deleted by mistake"),
                                                    {Platform::Twitter}, {reference}, 1);
        // Deleted, then the deletion undone (a draft made again of what it said).
        app.store.deleteDraft(draft);
        QVERIFY(app.store.upload(reference));
        const QString again = app.store.createDraft(QStringLiteral("Deleted by mistake"),
                                                    {Platform::Twitter}, {reference}, 2);
        QVERIFY(!app.store.hasLostMedia(again));
        app.store.queuePublication(
            again, LocalStore::Publication {tenant.twitterAccountId, {}, {}, false});

        QSignalSpy refused(&app.sync, &SyncEngine::schedulingRefused);
        QVERIFY(syncsWhenReached(app, server));
        QCOMPARE(app.store.pendingChanges(), 0);
        QVERIFY(refused.isEmpty());
        const QStringList media = app.store.draft(again)->mediaUrls;
        QCOMPARE(media.size(), 1);
        QVERIFY(media.first().startsWith(QStringLiteral("http")));
        const QJsonArray posts = server.get(QStringLiteral("/api/v2/posts"), tenant).items();
        QCOMPARE(posts.size(), 1);
        QCOMPARE(posts.first().toObject().value(QStringLiteral("mediaUrls")).toArray(),
                 QJsonArray {media.first()});
    }

    void aPostWithAFileNothingWillUploadIsNotMade()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Lost file"));
        App app(newStoreFile(), reusablePort(), tenant.apiKey); // nothing listens there yet
        QVERIFY(isOffline(app));
        // A reference whose upload is gone (the store lost it, whatever the cause).
        const QString lost = localmedia::newReference();
        const QString draft = app.store.createDraft(QStringLiteral("With a lost picture"),
                                                    {Platform::Twitter}, {lost}, 1);
        QVERIFY(app.store.hasLostMedia(draft));
        app.store.queuePublication(
            draft, LocalStore::Publication {tenant.twitterAccountId, {}, {}, false});

        QList<std::pair<QString, QString>> refused;
        connect(&app.sync, &SyncEngine::schedulingRefused, this,
                [&refused](const QString &subject, const ApiError &error) {
                    refused.append({subject, error.message()});
                });
        QVERIFY(syncsWhenReached(app, server));
        QCOMPARE(refused.size(), 1);
        QCOMPARE(refused.first().first, draft);
        QVERIFY2(refused.first().second.contains(QStringLiteral("add the file again")),
                 qPrintable(refused.first().second));
        QVERIFY(server.get(QStringLiteral("/api/v2/posts"), tenant).items().isEmpty());
        // The reference itself never reached the server.
        const QJsonArray drafts = serverDrafts(server, tenant);
        QCOMPARE(drafts.size(), 1);
        QVERIFY(drafts.first().toObject().value(QStringLiteral("mediaUrls")).toArray().isEmpty());
    }

    void anUploadWhoseAnswerWasLostIsNotSentTwice_data()
    {
        QTest::addColumn<bool>("fileWentUp");
        QTest::addColumn<qint64>("minutesLater");
        QTest::addColumn<bool>("sameAddress");
        QTest::newRow("the file went up, retried at once") << true << qint64(1) << true;
        QTest::newRow("the file went up, its address expired since") << true << qint64(20) << true;
        QTest::newRow("only the address came back, and it expired") << false << qint64(20) << false;
        QTest::newRow("only the address came back, still valid") << false << qint64(1) << true;
    }

    void anUploadWhoseAnswerWasLostIsNotSentTwice()
    {
        QFETCH(bool, fileWentUp);
        QFETCH(qint64, minutesLater);
        QFETCH(bool, sameAddress);
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Lost upload"));
        App app(newStoreFile(), reusablePort(), tenant.apiKey); // nothing listens there yet
        QVERIFY(isOffline(app));
        const QByteArray png = imageBytes("png", Qt::darkYellow);
        const MediaUpload kept
            = keptCopy(app.store, QStringLiteral("lost.png"), png, QStringLiteral("image/png"));
        const QString reference = app.store.queueUpload(kept);
        const QString draft = app.store.createDraft(QString(), {Platform::Twitter}, {reference}, 1);

        // The first attempt reached the server; its answers never came back.
        const auto entry = app.store.nextEntry();
        QVERIFY(entry);
        QCOMPARE(entry->kind, LocalStore::OutboxEntry::Kind::UploadMedia);
        const WireRequest request = writerequests::of(MediaUploading {*entry->upload});
        app.store.recordAttempt(entry->sequence, request);
        ApiClient firstAttempt;
        firstAttempt.setBaseUrl(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.port())));
        firstAttempt.setApiKey(tenant.apiKey);
        std::optional<ApiResult<UploadTicket>> ticket;
        firstAttempt.send<UploadTicket>(request, entry->idempotencyKey, this,
                                        [&ticket](const auto &result) { ticket.emplace(result); });
        QTRY_VERIFY(ticket.has_value());
        QVERIFY(ticket->ok());
        if (fileWentUp) {
            std::optional<ApiResult<MediaItem>> item;
            firstAttempt.uploadFile(ticket->value(), kept.filePath, this,
                                    [&item](const auto &result) { item.emplace(result); });
            QTRY_VERIFY(item.has_value());
            QVERIFY(item->ok());
        }
        server.clock().advanceMs(minutesLater * 60'000);

        QList<QString> uploaded;
        connect(&app.sync, &SyncEngine::mediaUploaded, this,
                [&uploaded](const QString &, const QString &url) { uploaded.append(url); });
        QVERIFY(syncsWhenReached(app, server));

        QCOMPARE(app.store.pendingChanges(), 0);
        QCOMPARE(uploaded.size(), 1);
        QCOMPARE(uploaded.first() == ticket->value().publicUrl, sameAddress);
        QCOMPARE(server.http().get(QUrl(uploaded.first()).path()).body, png);
        QCOMPARE(app.store.draft(draft)->mediaUrls, QStringList {uploaded.first()});
        const QJsonArray drafts = serverDrafts(server, tenant);
        QCOMPARE(drafts.size(), 1);
        QCOMPARE(drafts.first().toObject().value(QStringLiteral("mediaUrls")).toArray(),
                 QJsonArray {uploaded.first()});
    }

    void aPublicationsKeyFollowsTheActionAndTheDraftKeepsWhereItWent()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Keys"));
        App app(newStoreFile(), server.port(), tenant.apiKey);
        QSignalSpy synced(&app.sync, &SyncEngine::synced);
        const QString draft = app.store.createDraft(QStringLiteral("Said once"), {}, {}, 1);
        const LocalStore::Publication toX {tenant.twitterAccountId, {}, std::nullopt, false};
        const LocalStore::Publication toLinkedIn {
            tenant.linkedinAccountId, {}, std::nullopt, false};
        const auto keyOf = [&](qint64 sequence) {
            for (const LocalStore::OutboxEntry &entry : app.store.pendingScheduling()) {
                if (entry.sequence == sequence)
                    return entry.idempotencyKey;
            }
            return QString();
        };

        // Asked for twice while it waits: one entry. Taken back and asked for again before
        // anything went out: the same key, so a server that got the first one (an answer
        // lost on the way) replays it instead of posting again.
        const qint64 first = app.store.queuePublication(draft, toX);
        QCOMPARE(app.store.queuePublication(draft, toX), first);
        const QString key = keyOf(first);
        QVERIFY(key.startsWith(QStringLiteral("slotline-publish-")));
        QVERIFY(app.store.withdrawPublication(first));
        const qint64 again = app.store.queuePublication(draft, toX);
        QVERIFY(again != first);
        QCOMPARE(keyOf(again), key);
        // Another account is another action.
        const qint64 other = app.store.queuePublication(draft, toLinkedIn);
        QVERIFY(keyOf(other) != key);
        QCOMPARE(app.store.queuedPublications(draft).size(), 2);

        app.connectivity.checkNow();
        QTRY_VERIFY_WITH_TIMEOUT(!synced.isEmpty() && app.store.pendingChanges() == 0, 10'000);
        QCOMPARE(server.get(QStringLiteral("/api/v2/posts"), tenant).items().size(), 2);
        // The draft keeps where it went.
        const QList<Submission> made = app.store.posts().ofDraft(draft);
        QCOMPARE(made.size(), 2);
        QStringList accounts {made.at(0).accountId, made.at(1).accountId};
        accounts.sort();
        QStringList expected {tenant.twitterAccountId, tenant.linkedinAccountId};
        expected.sort();
        QCOMPARE(accounts, expected);
        QVERIFY(app.store.queuedPublications(draft).isEmpty());

        // Asked for again once it went there (knowingly, after the app asked): a key of its
        // own, and a second post.
        const qint64 second = app.store.queuePublication(draft, toX);
        QVERIFY(!keyOf(second).isEmpty());
        QVERIFY(keyOf(second) != key);
        synced.clear();
        QTRY_VERIFY_WITH_TIMEOUT(app.store.pendingChanges() == 0, 10'000);
        QTRY_COMPARE(server.get(QStringLiteral("/api/v2/posts"), tenant).items().size(), 3);
        QCOMPARE(app.store.posts().ofDraft(draft).size(), 3);

        // What became of the posts follows the lists read later.
        for (const Submission &post : app.store.posts().ofDraft(draft))
            QVERIFY(server.waitForStatus(tenant, post.id, QStringLiteral("published")));
        const qint64 now = server.clock().nowMs();
        app.sync.loadPosts(now - 3'600'000, now + 3'600'000);
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (const Submission &post : app.store.posts().ofDraft(draft)) {
                    if (post.status != SubmissionStatus::Published)
                        return false;
                }
                return true;
            }(),
            10'000);
        // Deleted, the draft's account of its posts goes too (the posts stay).
        app.store.deleteDraft(draft);
        QTRY_VERIFY_WITH_TIMEOUT(app.store.pendingChanges() == 0, 10'000);
        QVERIFY(app.store.posts().ofDraft(draft).isEmpty());
        QCOMPARE(server.get(QStringLiteral("/api/v2/posts"), tenant).items().size(), 3);
    }

    // A sync with nothing new costs one read (what changed), not the user, the accounts,
    // each account's pages, the slots and the credits; a change is read, and only it.
    void aSyncReadsOnlyWhatChanged()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Quiet"));
        App app(newStoreFile(), server.port(), tenant.apiKey);
        QSignalSpy refreshed(&app.sync, &SyncEngine::referenceRefreshed);
        QSignalSpy checked(&app.sync, &SyncEngine::failuresChecked);
        // Coming online reads everything once, and checks for failed posts.
        app.sync.refreshReference();
        QTRY_VERIFY_WITH_TIMEOUT(
            !refreshed.isEmpty() && !checked.isEmpty() && !app.sync.isRefreshing(), 10'000);
        QVERIFY(!app.store.reference().accounts().isEmpty());

        QSignalSpy answers(&app.client, &ApiClient::serverAnswered);
        refreshed.clear();
        answers.clear();
        app.sync.refreshReference();
        QVERIFY(refreshed.wait(10'000));
        QCOMPARE(answers.size(), 1);

        QCOMPARE(server
                     .post(QStringLiteral("/schedule/slots"), tenant,
                           QJsonObject {{QStringLiteral("slots"),
                                         QJsonArray {QJsonObject {
                                             {QStringLiteral("day"), QStringLiteral("monday")},
                                             {QStringLiteral("hour"), 9},
                                             {QStringLiteral("minute"), 0}}}}})
                     .status,
                 201);
        answers.clear();
        app.sync.refreshReference();
        QVERIFY(refreshed.wait(10'000));
        QCOMPARE(answers.size(), 2);
        QCOMPARE(app.store.reference().slots().size(), 1);
    }

    // An account's state changed on the server without any post failing (its token
    // refused during a look-up, say): the periodic check brings it along.
    void anAccountsNewStateArrivesWithoutAFailure()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Watched"));
        App app(newStoreFile(), server.port(), tenant.apiKey);
        QSignalSpy refreshed(&app.sync, &SyncEngine::referenceRefreshed);
        app.sync.refreshReference();
        QTRY_VERIFY_WITH_TIMEOUT(!refreshed.isEmpty() && !app.sync.isRefreshing(), 10'000);
        const auto stateOf = [&app](const QString &id) {
            for (const Account &account : app.store.reference().accounts()) {
                if (account.id == id)
                    return account.status;
            }
            return AccountStatus::Disconnected;
        };
        QVERIFY(stateOf(tenant.twitterAccountId) == AccountStatus::Connected);

        AccountRepository(server.database(), server.clock())
            .setStatus(tenant.twitterAccountId, AccountStatus::NeedsReconnect,
                       QStringLiteral("The token was revoked."));
        app.sync.setFailureCheckIntervalMs(100);
        QTRY_VERIFY_WITH_TIMEOUT(stateOf(tenant.twitterAccountId) == AccountStatus::NeedsReconnect,
                                 10'000);
    }
};

QTEST_GUILESS_MAIN(TestSyncEngine)
#include "tst_syncengine.moc"
