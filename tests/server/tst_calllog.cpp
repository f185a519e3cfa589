#include "core/ids.h"
#include "storage/calllogrepository.h"
#include "storage/statement.h"
#include "support/jsontext.h"
#include "support/rawhttpclient.h"
#include "support/testserver.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace slotline;
using namespace slotline::test;

namespace {

ServerConfig noTimedFlush()
{
    ServerConfig config;
    config.callLogFlushMs = 3'600'000; // only explicit flushes and full batches write
    return config;
}

qint64 storedCalls(TestServer &server)
{
    Statement count(server.database(), QStringLiteral("SELECT count(*) FROM call_log"));
    count.exec();
    count.next();
    return count.integer(0);
}

} // namespace

class TestCallLog : public QObject
{
    Q_OBJECT

private:
    static QJsonArray calls(TestServer &server, const Tenant &tenant, const QString &query = {})
    {
        const HttpResult result = server.http().get(
            QStringLiteral("/api/v2/project/api-keys/calls") + query, withKey(tenant.apiKey));
        if (result.status != 200)
            qWarning() << result.status << result.body;
        return result.items();
    }

private Q_SLOTS:
    // The connection that answers requests never checkpoints the write-ahead log (a
    // checkpoint syncs the files, and every request would wait): the call log's writer
    // does, after writing its records. What the requests wrote is then in the database
    // file, although it was far below SQLite's own threshold (1000 pages).
    void theWriterCheckpointsWhatRequestsWrote()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Checkpoint"));
        server.server().flushCallLog();
        const QString file = server.database().filePath();
        const qint64 before = QFileInfo(file).size();
        for (int i = 0; i < 8; ++i) {
            const QJsonObject draft {
                {QStringLiteral("text"), QString(QString(50'000, u'x') + QString::number(i))},
                {QStringLiteral("platforms"), QJsonArray {QStringLiteral("linkedin")}}};
            QCOMPARE(server.post(QStringLiteral("/tools/save_draft"), tenant, draft).status, 200);
        }
        server.server().flushCallLog();
        // 8 drafts of 50 kB: about 100 pages of the log, with the drafts' word index.
        QVERIFY2(QFileInfo(file).size() >= before + 300'000,
                 qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(QFileInfo(file).size())));
    }

    void everyOutcomeIsLoggedWithItsArguments()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Log"));
        const Headers key = withKey(tenant.apiKey);
        server.http().get(QStringLiteral("/api/v2/users/me"), key);
        server.clock().advanceMs(10);
        server.http().get(QStringLiteral("/api/v2/users/me/accounts/") + tenant.facebookAccountId
                              + QStringLiteral("/subaccounts?limit=5"),
                          key);
        server.clock().advanceMs(10);
        server.http().get(QStringLiteral("/api/v2/nothing"), key);
        server.clock().advanceMs(10);
        server.http().send("DELETE", QStringLiteral("/api/v2/credits"), key);
        server.clock().advanceMs(10);
        server.http().get(
            QStringLiteral("/api/v2/credits?token=s3cret&limit=") + QString(300, u'9'), key);
        server.clock().advanceMs(10);
        server.http().get(QStringLiteral("/api/v2/users/me"),
                          withKey(QStringLiteral("slk_unknownunknownunknown")));
        server.clock().advanceMs(10);

        const QJsonArray logged = calls(server, tenant);
        QCOMPARE(logged.size(), 5); // the 401 has no project: only in the server's own log
        const QJsonObject longQuery = logged[0].toObject();
        QCOMPARE(longQuery.value(QStringLiteral("status")).toInt(), 400);
        const QJsonObject query = longQuery.value(QStringLiteral("arguments"))
                                      .toObject()
                                      .value(QStringLiteral("query"))
                                      .toObject();
        QCOMPARE(query.value(QStringLiteral("token")).toString(), QStringLiteral("[redacted]"));
        QVERIFY(query.value(QStringLiteral("limit"))
                    .toString()
                    .endsWith(QStringLiteral("[100 more characters]")));

        const QJsonObject wrongMethod = logged[1].toObject();
        QCOMPARE(wrongMethod.value(QStringLiteral("method")).toString(), QStringLiteral("DELETE"));
        QCOMPARE(wrongMethod.value(QStringLiteral("status")).toInt(), 405);
        QCOMPARE(logged[2].toObject().value(QStringLiteral("status")).toInt(), 404);
        QCOMPARE(logged[2].toObject().value(QStringLiteral("path")).toString(),
                 QStringLiteral("/nothing"));

        const QJsonObject subaccounts = logged[3].toObject();
        QCOMPARE(subaccounts.value(QStringLiteral("path")).toString(),
                 QStringLiteral("/users/me/accounts/%1/subaccounts").arg(tenant.facebookAccountId));
        const QJsonObject arguments = subaccounts.value(QStringLiteral("arguments")).toObject();
        QCOMPARE(arguments.value(QStringLiteral("path"))
                     .toObject()
                     .value(QStringLiteral("id"))
                     .toString(),
                 tenant.facebookAccountId);
        QCOMPARE(arguments.value(QStringLiteral("query"))
                     .toObject()
                     .value(QStringLiteral("limit"))
                     .toString(),
                 QStringLiteral("5"));

        const QJsonObject first = logged[4].toObject();
        QCOMPARE(first.value(QStringLiteral("path")).toString(), QStringLiteral("/users/me"));
        QCOMPARE(first.value(QStringLiteral("status")).toInt(), 200);
        QCOMPARE(first.value(QStringLiteral("apiKeyId")).toString(), tenant.apiKeyId);
        QCOMPARE(first.value(QStringLiteral("at")).toString(),
                 QStringLiteral("2026-03-02T09:00:00.003Z"));
        QVERIFY(first.value(QStringLiteral("tool")).isNull());
        QVERIFY2(first.value(QStringLiteral("arguments")).toObject().isEmpty(),
                 QJsonDocument(first).toJson().constData());
        QVERIFY(first.value(QStringLiteral("durationMs")).toDouble() > 0);
    }

    // The query as the operation read it: "+" a space, "%2B" a plus sign.
    void theQueryIsLoggedAsItWasRead()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Log"));
        QCOMPARE(server.http()
                     .get(QStringLiteral("/api/v2/published-posts?query=launch+day%2B1"),
                          withKey(tenant.apiKey))
                     .status,
                 200);
        const QJsonArray logged
            = calls(server, tenant, QStringLiteral("?limit=1&until=2026-03-02T09:00:01Z"));
        QCOMPARE(logged.size(), 1);
        QCOMPARE(logged[0]
                     .toObject()
                     .value(QStringLiteral("arguments"))
                     .toObject()
                     .value(QStringLiteral("query"))
                     .toObject(),
                 (QJsonObject {{QStringLiteral("query"), QStringLiteral("launch day+1")}}));
    }

    void rateLimitedCallsAreLoggedToo()
    {
        ServerConfig config;
        config.readsPerMinute = 1;
        TestServer server(config);
        const Tenant tenant = server.addTenant(QStringLiteral("Log"));
        const auto [readerKey, readerKeyId]
            = server.addKey(tenant.projectId, QStringLiteral("reader"));
        server.http().get(QStringLiteral("/api/v2/credits"), withKey(tenant.apiKey));
        QCOMPARE(
            server.http().get(QStringLiteral("/api/v2/credits"), withKey(tenant.apiKey)).status,
            429);
        const HttpResult log = server.http().get(
            QStringLiteral("/api/v2/project/api-keys/calls?status=429"), withKey(readerKey));
        QCOMPARE(log.items().size(), 1);
        QCOMPARE(log.items().first().toObject().value(QStringLiteral("apiKeyId")).toString(),
                 tenant.apiKeyId);
    }

    // A call refused before its body was read still has the body it sent in the log.
    void refusedCallsKeepTheirBody_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("status");
        QTest::newRow("rate limited") << QByteArray("POST") << "/tools/save_draft" << 429;
        QTest::newRow("unknown tool") << QByteArray("POST") << "/tools/no_such_tool" << 404;
        QTest::newRow("unknown path") << QByteArray("POST") << "/nothing/here" << 404;
        QTest::newRow("method not allowed") << QByteArray("PUT") << "/posts" << 405;
    }
    void refusedCallsKeepTheirBody()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(int, status);
        ServerConfig config;
        config.writesPerMinute = 1;
        TestServer server(config);
        const Tenant tenant = server.addTenant(QStringLiteral("Log"));
        if (status == 429)
            QCOMPARE(server
                         .post(QStringLiteral("/tools/save_draft"), tenant,
                               json("{'text': 'first', 'platforms': ['x']}"))
                         .status,
                     200);
        const QJsonObject body = json("{'text': 'second', 'platforms': ['linkedin'], "
                                      "'token': 's3cret', 'nested': {'n': 1}}");
        QCOMPARE(server.send(method, path, tenant, body).status, status);

        const QJsonArray logged = calls(server, tenant, QStringLiteral("?status=4xx"));
        QCOMPARE(logged.size(), 1);
        const QJsonObject call = logged[0].toObject();
        QCOMPARE(call.value(QStringLiteral("status")).toInt(), status);
        QCOMPARE(call.value(QStringLiteral("path")).toString(), path);
        QJsonObject expected = body;
        expected.insert(QStringLiteral("token"), QStringLiteral("[redacted]"));
        QCOMPARE(call.value(QStringLiteral("arguments"))
                     .toObject()
                     .value(QStringLiteral("body"))
                     .toObject(),
                 expected);
    }

    // Operations that need no key are still the key's calls when one is sent; a wrong
    // key is neither refused there nor counted as a failed attempt.
    void publicCallsMadeWithAKeyAreLogged()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Log"));
        QCOMPARE(server.http()
                     .get(QStringLiteral("/api/v2/openapi.json"), withKey(tenant.apiKey))
                     .status,
                 200);
        server.clock().advanceMs(10);
        QCOMPARE(server.http()
                     .send("OPTIONS", QStringLiteral("/api/v2/posts"), withKey(tenant.apiKey))
                     .status,
                 204);
        for (int i = 0; i < 25; ++i)
            QCOMPARE(server.http()
                         .get(QStringLiteral("/api/v2/openapi.json"),
                              withKey(QStringLiteral("slk_wrongwrongwrongwrong")))
                         .status,
                     200);
        server.clock().advanceMs(1000);

        const QJsonArray logged
            = calls(server, tenant, QStringLiteral("?until=2026-03-02T09:00:01Z"));
        QCOMPARE(logged.size(), 2);
        QCOMPARE(logged[0].toObject().value(QStringLiteral("method")).toString(),
                 QStringLiteral("OPTIONS"));
        QCOMPARE(logged[0].toObject().value(QStringLiteral("status")).toInt(), 204);
        QCOMPARE(logged[1].toObject().value(QStringLiteral("path")).toString(),
                 QStringLiteral("/openapi.json"));
        QCOMPARE(logged[1].toObject().value(QStringLiteral("status")).toInt(), 200);
        QCOMPARE(logged[1].toObject().value(QStringLiteral("apiKeyId")).toString(),
                 tenant.apiKeyId);
    }

    // What the connection guard refuses from a whole head (too large a body, a chunked
    // one, a body too slow to arrive) is logged for the key's project like any call; the
    // body was never read, so only the path and query are its arguments.
    void requestsTheGuardRefusesAreLogged_data()
    {
        QTest::addColumn<QByteArray>("head"); // %K: the key
        QTest::addColumn<QByteArray>("bodyStart");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QJsonObject>("arguments");
        QTest::newRow("413 tool") << QByteArray(
            "POST /api/v2/tools/save_draft HTTP/1.1\r\nHost: x\r\nx-api-key: "
            "%K\r\nContent-Type: application/json\r\nContent-Length: "
            "1073741824\r\n\r\n") << QByteArray()
                                  << 413 << "/tools/save_draft"
                                  << "save_draft" << QJsonObject {};
        QTest::newRow("413 with path and query")
            << QByteArray("PATCH /api/v2/schedules/sch_x?token=s3cret&a=b+c HTTP/1.1\r\nHost: "
                          "x\r\nAuthorization: Bearer %K\r\nContent-Length: 2000000\r\n\r\n")
            << QByteArray() << 413 << "/schedules/sch_x" << QString()
            << json("{'path': {'id': 'sch_x'}, 'query': {'token': '[redacted]', 'a': 'b c'}}");
        QTest::newRow("411 chunked")
            << QByteArray("POST /api/v2/posts HTTP/1.1\r\nHost: x\r\nx-api-key: %K\r\n"
                          "Transfer-Encoding: chunked\r\n\r\n")
            << QByteArray() << 411 << "/posts" << QString() << QJsonObject {};
        QTest::newRow("408 body too slow")
            << QByteArray("POST /api/v2/posts HTTP/1.1\r\nHost: x\r\nx-api-key: %K\r\n"
                          "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n")
            << QByteArray("{\"post\"") << 408 << "/posts" << QString() << QJsonObject {};
    }
    void requestsTheGuardRefusesAreLogged()
    {
        QFETCH(QByteArray, head);
        QFETCH(QByteArray, bodyStart);
        QFETCH(int, status);
        QFETCH(QString, path);
        QFETCH(QString, tool);
        QFETCH(QJsonObject, arguments);
        ServerConfig config;
        config.http.bodyTimeoutMs = 300;
        TestServer server(config);
        const Tenant tenant = server.addTenant(QStringLiteral("Log"));
        const auto refuse = [&](const QString &key) {
            RawHttpClient client(server.port());
            client.write(QByteArray(head).replace("%K", key.toLatin1()) + bodyStart);
            return client.readResponse();
        };
        // Without a valid key: only in the server's own log.
        QCOMPARE(RawHttpClient::statusOf(refuse(QStringLiteral("slk_wrongwrongwrongwrong"))),
                 status);
        const QByteArray response = refuse(tenant.apiKey);
        QCOMPARE(RawHttpClient::statusOf(response), status);

        const QJsonArray logged = calls(server, tenant, QStringLiteral("?status=4xx"));
        QCOMPARE(logged.size(), 1);
        const QJsonObject call = logged[0].toObject();
        QCOMPARE(call.value(QStringLiteral("status")).toInt(), status);
        QCOMPARE(call.value(QStringLiteral("apiKeyId")).toString(), tenant.apiKeyId);
        QCOMPARE(call.value(QStringLiteral("method")).toString(),
                 QString::fromLatin1(head.first(head.indexOf(' '))));
        QCOMPARE(call.value(QStringLiteral("path")).toString(), path);
        QCOMPARE(call.value(QStringLiteral("tool")).toString(), tool);
        QCOMPARE(call.value(QStringLiteral("arguments")).toObject(), arguments);
        // The answer's request id leads to the record.
        const QByteArray requestId = RawHttpClient::headerOf(response, "X-Request-Id");
        QVERIFY2(requestId.startsWith("req_"), requestId.constData());
        QCOMPARE(call.value(QStringLiteral("id")).toString(),
                 QStringLiteral("call_") + QString::fromLatin1(requestId.sliced(4)));
    }

    void requestsDoNotWaitForTheDisk()
    {
        TestServer server(noTimedFlush());
        const Tenant tenant = server.addTenant(QStringLiteral("Log"));
        for (int i = 0; i < 20; ++i)
            server.http().get(QStringLiteral("/api/v2/users/me"), withKey(tenant.apiKey));
        QCOMPARE(storedCalls(server), 0); // held in memory...
        server.server().flushCallLog();
        QCOMPARE(storedCalls(server), 20); // ...and written in one batch
    }

    void aFullBatchIsWrittenWithoutWaitingForTheTimer()
    {
        ServerConfig config = noTimedFlush();
        config.readsPerMinute = 1000;
        TestServer server(config);
        const Tenant tenant = server.addTenant(QStringLiteral("Log"));
        for (int i = 0; i < 511; ++i)
            server.http().get(QStringLiteral("/api/v2/users/me"), withKey(tenant.apiKey));
        QTest::qWait(100);
        QCOMPARE(storedCalls(server), 0);
        server.http().get(QStringLiteral("/api/v2/users/me"), withKey(tenant.apiKey));
        // The 512th record wakes the writer; the hour-long timer plays no part.
        QTRY_COMPARE(storedCalls(server), 512);
    }

    void filtersAndPaging()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Log"));
        const auto [otherKey, otherKeyId]
            = server.addKey(tenant.projectId, QStringLiteral("other"));
        for (int i = 0; i < 7; ++i) {
            server.http().get(QStringLiteral("/api/v2/users/me"), withKey(tenant.apiKey));
            server.clock().advanceMs(1000);
        }
        server.http().get(QStringLiteral("/api/v2/nothing"), withKey(otherKey));
        server.clock().advanceMs(1000);
        server.http().send("PATCH", QStringLiteral("/api/v2/users/me"), withKey(otherKey));
        server.clock().advanceMs(1000);

        // The listing calls below are logged too, at 09:00:09.003; `until` leaves them out.
        const QString before = QStringLiteral("&until=2026-03-02T09:00:09Z");
        QCOMPARE(calls(server, tenant, QStringLiteral("?status=4xx") + before).size(), 2);
        QCOMPARE(calls(server, tenant, QStringLiteral("?status=404,405") + before).size(), 2);
        QCOMPARE(calls(server, tenant, QStringLiteral("?status=404&status=200") + before).size(),
                 8);
        QCOMPARE(calls(server, tenant, QStringLiteral("?apiKeyId=") + otherKeyId).size(), 2);
        QCOMPARE(calls(server, tenant, QStringLiteral("?method=PATCH")).size(), 1);
        QCOMPARE(
            calls(server, tenant, QStringLiteral("?since=2026-03-02T09:00:05Z") + before).size(),
            4);
        QCOMPARE(
            calls(server, tenant,
                  QStringLiteral("?since=2026-03-02T10:00:00%2B01:00&until=2026-03-02T09:00:02Z"))
                .size(),
            2);

        const HttpResult badFilter = server.http().get(
            QStringLiteral("/api/v2/project/api-keys/calls?status=4x&since=yesterday"),
            withKey(tenant.apiKey));
        QCOMPARE(badFilter.status, 400);
        QCOMPARE(badFilter.errorDetails().size(), 2);

        // Newest first, page by page, nothing repeated or skipped.
        QStringList seen;
        QString cursor;
        int pages = 0;
        do {
            const HttpResult page = server.http().get(
                QStringLiteral("/api/v2/project/api-keys/calls?status=200&limit=3") + before
                    + (cursor.isEmpty() ? QString() : QStringLiteral("&cursor=") + cursor),
                withKey(tenant.apiKey));
            QCOMPARE(page.status, 200);
            for (const QJsonValue &call : page.items())
                seen.append(call.toObject().value(QStringLiteral("at")).toString());
            cursor = page.json().value(QStringLiteral("cursor")).toString();
            ++pages;
        } while (!cursor.isEmpty());
        QCOMPARE(pages, 3);
        QCOMPARE(seen.size(), 7);
        QStringList sorted = seen;
        std::sort(sorted.begin(), sorted.end(), std::greater<>());
        QCOMPARE(seen, sorted);
    }

    void keysListShowsLastUseNeverTheKey()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Log"));
        server.addKey(tenant.projectId, QStringLiteral("unused"));
        server.clock().advanceMs(5000);
        server.http().get(QStringLiteral("/api/v2/users/me"), withKey(tenant.apiKey));
        server.server().flushCallLog();
        const HttpResult keys
            = server.http().get(QStringLiteral("/api/v2/project/api-keys"), withKey(tenant.apiKey));
        QCOMPARE(keys.status, 200);
        QCOMPARE(keys.items().size(), 2);
        const QJsonObject used = keys.items()[0].toObject();
        QCOMPARE(used.value(QStringLiteral("id")).toString(), tenant.apiKeyId);
        QCOMPARE(used.value(QStringLiteral("prefix")).toString(), tenant.apiKey.first(12));
        QCOMPARE(used.value(QStringLiteral("lastUsedAt")).toString(),
                 QStringLiteral("2026-03-02T09:00:05.003Z"));
        QVERIFY(keys.items()[1].toObject().value(QStringLiteral("lastUsedAt")).isNull());
        QVERIFY(!keys.body.contains(tenant.apiKey.toLatin1()));
    }

    void anotherProjectsCallsAreInvisible()
    {
        TestServer server;
        const Tenant a = server.addTenant(QStringLiteral("Alpha"));
        const Tenant b = server.addTenant(QStringLiteral("Beta"));
        server.http().get(QStringLiteral("/api/v2/users/me"), withKey(a.apiKey));
        const QJsonArray seenByB = calls(server, b);
        QVERIFY(seenByB.isEmpty());
        QVERIFY(calls(server, b, QStringLiteral("?apiKeyId=") + a.apiKeyId).isEmpty());
    }

    void oldRecordsAreRemovedAfterTheRetentionPeriod()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Log"));
        CallRecord old;
        old.id = ids::generate(IdKind::Call);
        old.projectId = tenant.projectId;
        old.apiKeyId = tenant.apiKeyId;
        old.atMs = server.clock().nowMs() - 31LL * 24 * 3600 * 1000;
        old.method = QStringLiteral("GET");
        old.path = QStringLiteral("/users/me");
        old.status = 200;
        CallRecord recent = old;
        recent.id = ids::generate(IdKind::Call);
        recent.atMs = server.clock().nowMs() - 29LL * 24 * 3600 * 1000;
        CallLogRepository(server.database()).append({old, recent});

        ServerConfig config;
        config.callLogRetentionDays = 30;
        ApiServer restarted(server.database(), server.clock(), config); // retention runs at start
        QCOMPARE(storedCalls(server), 1);
    }
};

QTEST_GUILESS_MAIN(TestCallLog)
#include "tst_calllog.moc"
