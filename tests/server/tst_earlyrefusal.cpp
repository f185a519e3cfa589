#include "storage/apikeyrepository.h"
#include "storage/statement.h"
#include "support/rawhttpclient.h"
#include "support/testserver.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace slotline;
using namespace slotline::test;

namespace {

// Two reads and one write a minute; identities looked up on every request, so that a
// revocation shows at once.
ServerConfig tightLimits()
{
    ServerConfig config;
    config.readsPerMinute = 2;
    config.writesPerMinute = 1;
    config.identityRecheckMs = 0;
    config.callLogFlushMs = 3'600'000; // written when the test flushes
    return config;
}

QByteArray request(const QByteArray &method, const QByteArray &target, const QString &key,
                   const QByteArray &requestId, const QByteArray &extraHeaders = {},
                   const QByteArray &body = {})
{
    QByteArray bytes = method + ' ' + target + " HTTP/1.1\r\nHost: x\r\nx-api-key: "
                       + key.toLatin1() + "\r\nX-Request-Id: " + requestId + "\r\n" + extraHeaders;
    if (!body.isEmpty())
        bytes += "Content-Type: application/json\r\nContent-Length: "
                 + QByteArray::number(body.size()) + "\r\n";
    return bytes + "\r\n" + body;
}

QByteArray exchange(TestServer &server, const QByteArray &bytes)
{
    RawHttpClient client(server.port());
    client.write(bytes);
    return client.readResponse();
}

quint64 refusedFromHead(TestServer &server)
{
    return server.server().guardStatistics().refusedFromHead;
}

} // namespace

// A key past its rate limit is refused by the connection guard from the request's head,
// before QtHttpServer parses the request. It must not be told anything the full pipeline
// would not tell it, nor change the order of answers, nor escape the call log.
class TestEarlyRefusal : public QObject
{
    Q_OBJECT

private:
    // Two reads, then one refused: the first refusal of a minute goes the full way (and
    // tells the server that someone is being refused).
    static void useUpReads(TestServer &server, const Tenant &tenant)
    {
        for (int i = 0; i < 2; ++i)
            QCOMPARE(server.get(QStringLiteral("/api/v2/users/me"), tenant).status, 200);
        const quint64 before = refusedFromHead(server);
        QCOMPARE(server.get(QStringLiteral("/api/v2/users/me"), tenant).status, 429);
        QCOMPARE(refusedFromHead(server), before);
    }

private Q_SLOTS:
    void theRefusalIsTheOneThePipelineGives()
    {
        TestServer server(tightLimits());
        const Tenant tenant = server.addTenant(QStringLiteral("Early"));
        useUpReads(server, tenant);

        // The same read twice, with the same clock and request id: once with a plain
        // target, refused from its head, once percent-encoded, which only the full
        // pipeline routes. Not one byte of the answers may differ.
        const QByteArray early
            = exchange(server, request("GET", "/api/v2/posts?limit=5", tenant.apiKey, "same"));
        QCOMPARE(refusedFromHead(server), 1u);
        const QByteArray full
            = exchange(server, request("GET", "/api/v2/po%73ts?limit=5", tenant.apiKey, "same"));
        QCOMPARE(refusedFromHead(server), 1u);
        QCOMPARE(RawHttpClient::statusOf(early), 429);
        QCOMPARE(early, full);
        QCOMPARE(RawHttpClient::headerOf(early, "Retry-After"), QByteArray("60"));
        QCOMPARE(RawHttpClient::headerOf(early, "X-RateLimit-Remaining"), QByteArray("0"));

        // HEAD: the same head, and no body (the GET after it follows the head at once).
        const qsizetype headLength = early.indexOf("\r\n\r\n") + 4;
        RawHttpClient client(server.port());
        client.write(request("HEAD", "/api/v2/posts?limit=5", tenant.apiKey, "same"));
        client.write(request("GET", "/api/v2/posts?limit=5", tenant.apiKey, "same"));
        QCOMPARE(client.readAtLeast(headLength + early.size()), early.first(headLength) + early);
        QCOMPARE(refusedFromHead(server), 3u);

        // Refusals are not counted against the window: a minute on, reads are served.
        server.clock().advanceMs(60'000);
        QCOMPARE(server.get(QStringLiteral("/api/v2/users/me"), tenant).status, 200);
    }

    void theFirstRefusalOfAMinuteGoesTheFullWay()
    {
        TestServer server(tightLimits());
        const Tenant tenant = server.addTenant(QStringLiteral("Early"));
        useUpReads(server, tenant); // its refusal went the full way
        QCOMPARE(server.get(QStringLiteral("/api/v2/users/me"), tenant).status, 429);
        QCOMPARE(refusedFromHead(server), 1u);

        // A minute on, nobody has been refused the full way for a minute.
        server.clock().advanceMs(61'000);
        useUpReads(server, tenant);
        QCOMPARE(server.get(QStringLiteral("/api/v2/users/me"), tenant).status, 429);
        QCOMPARE(refusedFromHead(server), 2u);
    }

    void refusalsAreLoggedAsThePipelineLogsThem()
    {
        TestServer server(tightLimits());
        const Tenant tenant = server.addTenant(QStringLiteral("Early"));
        const auto [readerKey, readerKeyId]
            = server.addKey(tenant.projectId, QStringLiteral("reader"));
        useUpReads(server, tenant);
        QCOMPARE(server.send("POST", QStringLiteral("/tools/nothing_here"), tenant, {}).status,
                 404); // the one write of the minute

        exchange(server, request("GET", "/api/v2/posts/ps_early?fields=a,b", tenant.apiKey, "r1"));
        exchange(server, request("GET", "/api/v2/posts/ps_fu%6Cl?fields=a,b", tenant.apiKey, "r2"));
        exchange(server, request("POST", "/api/v2/tools/save_draft", tenant.apiKey, "w1", {},
                                 "{\"text\":\"logged as sent\",\"apiKey\":\"s3cret\"}"));
        QCOMPARE(refusedFromHead(server), 2u); // r1 and w1

        server.server().flushCallLog();
        const HttpResult log = server.http().get(
            QStringLiteral("/api/v2/project/api-keys/calls?status=429"), withKey(readerKey));
        const QJsonArray calls = log.items();
        QCOMPARE(calls.size(), 4); // with the one of useUpReads()
        QJsonObject early, full, tool;
        for (const QJsonValue &call : calls) {
            const QString path = call.toObject().value(QStringLiteral("path")).toString();
            if (path == u"/users/me")
                continue;
            QJsonObject &slot = path == u"/posts/ps_early"     ? early
                                : path == u"/tools/save_draft" ? tool
                                                               : full;
            slot = call.toObject();
        }
        QVERIFY(!early.isEmpty() && !full.isEmpty() && !tool.isEmpty());
        QCOMPARE(early.value(QStringLiteral("apiKeyId")).toString(), tenant.apiKeyId);
        QCOMPARE(early.value(QStringLiteral("method")).toString(), QStringLiteral("GET"));
        const QJsonObject arguments = early.value(QStringLiteral("arguments")).toObject();
        QCOMPARE(arguments.value(QStringLiteral("path"))
                     .toObject()
                     .value(QStringLiteral("submissionId"))
                     .toString(),
                 QStringLiteral("ps_early"));
        QCOMPARE(arguments.value(QStringLiteral("query")).toObject(),
                 full.value(QStringLiteral("arguments"))
                     .toObject()
                     .value(QStringLiteral("query"))
                     .toObject());
        QCOMPARE(arguments.value(QStringLiteral("query"))
                     .toObject()
                     .value(QStringLiteral("fields"))
                     .toString(),
                 QStringLiteral("a,b"));

        QCOMPARE(tool.value(QStringLiteral("tool")).toString(), QStringLiteral("save_draft"));
        QCOMPARE(tool.value(QStringLiteral("method")).toString(), QStringLiteral("POST"));
        // The body had arrived with the head: it is logged as the full way logs it.
        QCOMPARE(tool.value(QStringLiteral("arguments"))
                     .toObject()
                     .value(QStringLiteral("body"))
                     .toObject(),
                 (QJsonObject {{QStringLiteral("text"), QStringLiteral("logged as sent")},
                               {QStringLiteral("apiKey"), QStringLiteral("[redacted]")}}));
    }

    void pipelinedRequestsAreAnsweredInOrder()
    {
        TestServer server(tightLimits());
        const Tenant limited = server.addTenant(QStringLiteral("Limited"));
        const Tenant other = server.addTenant(QStringLiteral("Other"));
        useUpReads(server, limited);
        QCOMPARE(server.send("POST", QStringLiteral("/tools/nothing_here"), limited, {}).status,
                 404);

        RawHttpClient client(server.port());
        client.write(request("GET", "/api/v2/users/me", limited.apiKey, "1")
                     + request("POST", "/api/v2/tools/save_draft", limited.apiKey, "2", {},
                               "{\"text\":\"a body to skip\"}")
                     + request("GET", "/api/v2/users/me", other.apiKey, "3")
                     + request("GET", "/api/v2/credits", limited.apiKey, "4")
                     + request("POST", "/api/v2/tools/save_draft", other.apiKey, "5", {},
                               "{\"text\":\"saved\",\"platforms\":[\"linkedin\"]}"));
        const QList<std::pair<QByteArray, int>> expected {
            {"1", 429}, {"2", 429}, {"3", 200}, {"4", 429}, {"5", 200}};
        for (const auto &[id, status] : expected) {
            const QByteArray response = client.readResponse();
            QCOMPARE(RawHttpClient::headerOf(response, "X-Request-Id"), id);
            QCOMPARE(RawHttpClient::statusOf(response), status);
        }
        QVERIFY(client.isConnected());
        // At least those before the first request QtHttpServer parsed were refused early.
        QVERIFY(refusedFromHead(server) >= 2u);

        // And one at a time, each refused early, on the same connection.
        const quint64 before = refusedFromHead(server);
        for (int i = 0; i < 3; ++i) {
            client.write(request("GET", "/api/v2/users/me", limited.apiKey, "again"));
            QCOMPARE(RawHttpClient::statusOf(client.readResponse()), 429);
        }
        QCOMPARE(refusedFromHead(server), before + 3);
        client.write(request("GET", "/api/v2/users/me", other.apiKey, "served"));
        QCOMPARE(RawHttpClient::statusOf(client.readResponse()), 200);
    }

    void whatTheHeadCannotDecideGoesTheFullWay()
    {
        TestServer server(tightLimits());
        const Tenant tenant = server.addTenant(QStringLiteral("Early"));
        useUpReads(server, tenant);

        // Asked to close: answered, then closed.
        {
            RawHttpClient client(server.port());
            client.write(
                request("GET", "/api/v2/users/me", tenant.apiKey, "bye", "Connection: close\r\n"));
            const QByteArray response = client.readResponse();
            QCOMPARE(RawHttpClient::statusOf(response), 429);
            QCOMPARE(RawHttpClient::headerOf(response, "Connection"), QByteArray("close"));
            QVERIFY(client.waitForClose());
        }
        // A key never seen is hashed and checked by the pipeline, whatever its window.
        QCOMPARE(RawHttpClient::statusOf(exchange(
                     server, request("GET", "/api/v2/users/me", QStringLiteral("sl_nope"), "n"))),
                 401);
        // Public operations are not refused for a key's limit.
        QCOMPARE(RawHttpClient::statusOf(
                     exchange(server, request("GET", "/api/v2/openapi.json", tenant.apiKey, "o"))),
                 200);
        // A version that is not served is said so, not refused.
        QCOMPARE(RawHttpClient::statusOf(
                     exchange(server, request("GET", "/api/v1/users/me", tenant.apiKey, "v"))),
                 404);
        QCOMPARE(refusedFromHead(server), 0u);

        // A revoked key is told so, not that it is over its limit.
        ApiKeyRepository(server.database(), server.clock()).revoke(tenant.apiKeyId);
        const QByteArray revoked
            = exchange(server, request("GET", "/api/v2/users/me", tenant.apiKey, "r"));
        QCOMPARE(RawHttpClient::statusOf(revoked), 401);
        QVERIFY(RawHttpClient::bodyOf(revoked).contains("revoked"));
        QCOMPARE(refusedFromHead(server), 0u);
    }

    void aDatabaseFailureIsAnsweredNotFatal()
    {
        TestServer server(tightLimits());
        const Tenant tenant = server.addTenant(QStringLiteral("Early"));
        useUpReads(server, tenant);
        QCOMPARE(RawHttpClient::statusOf(
                     exchange(server, request("GET", "/api/v2/users/me", tenant.apiKey, "a"))),
                 429);
        QCOMPARE(refusedFromHead(server), 1u);

        // The keys must be looked up again (a key was added), and cannot be.
        server.addKey(tenant.projectId, QStringLiteral("another"));
        Statement(server.database(), QStringLiteral("ALTER TABLE api_keys RENAME TO api_keys_away"))
            .exec();
        const QByteArray failed
            = exchange(server, request("GET", "/api/v2/users/me", tenant.apiKey, "b"));
        QCOMPARE(RawHttpClient::statusOf(failed), 500);
        QVERIFY(RawHttpClient::bodyOf(failed).contains("internal_error"));
        QCOMPARE(refusedFromHead(server), 1u);

        Statement(server.database(), QStringLiteral("ALTER TABLE api_keys_away RENAME TO api_keys"))
            .exec();
        QCOMPARE(RawHttpClient::statusOf(
                     exchange(server, request("GET", "/api/v2/users/me", tenant.apiKey, "c"))),
                 429);
    }

    void anAddressShutOutForBadKeysIsToldWhy()
    {
        ServerConfig config = tightLimits();
        config.authFailuresPerMinute = 2;
        TestServer server(config);
        const Tenant tenant = server.addTenant(QStringLiteral("Early"));
        useUpReads(server, tenant);
        for (int i = 0; i < 2; ++i)
            exchange(server, request("GET", "/api/v2/users/me", QStringLiteral("sl_wrong"), "w"));
        const QByteArray response
            = exchange(server, request("GET", "/api/v2/users/me", tenant.apiKey, "k"));
        QCOMPARE(RawHttpClient::statusOf(response), 429);
        QVERIFY2(RawHttpClient::bodyOf(response).contains("failed authentication"),
                 RawHttpClient::bodyOf(response).constData());
        QCOMPARE(refusedFromHead(server), 0u);
    }
};

QTEST_GUILESS_MAIN(TestEarlyRefusal)
#include "tst_earlyrefusal.moc"
