#include "support/rawhttpclient.h"
#include "support/testserver.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace slotline;
using namespace slotline::test;

namespace {

const QByteArray OpenApiRequest = "GET /api/v2/openapi.json HTTP/1.1\r\nHost: localhost\r\n\r\n";

ServerConfig quickTimeouts()
{
    ServerConfig config;
    config.http.headerTimeoutMs = 300;
    config.http.bodyTimeoutMs = 300;
    config.http.idleTimeoutMs = 400;
    config.http.lingerMs = 200;
    return config;
}

QString errorCodeOf(const QByteArray &response)
{
    return QJsonDocument::fromJson(RawHttpClient::bodyOf(response))
        .object()
        .value(QStringLiteral("error"))
        .toObject()
        .value(QStringLiteral("code"))
        .toString();
}

} // namespace

class TestRequestGuard : public QObject
{
    Q_OBJECT

private:
    static void expectRefusal(TestServer &server, const QByteArray &request, int status,
                              const QString &code)
    {
        RawHttpClient client(server.port());
        client.write(request);
        const QByteArray response = client.readResponse();
        QCOMPARE(RawHttpClient::statusOf(response), status);
        QCOMPARE(errorCodeOf(response), code);
        QVERIFY(RawHttpClient::headerOf(response, "X-Request-Id").startsWith("req_"));
        QCOMPARE(RawHttpClient::headerOf(response, "Connection"), QByteArray("close"));
        QCOMPARE(RawHttpClient::headerOf(response, "Content-Type"), QByteArray("application/json"));
        QVERIFY(client.waitForClose());
    }

private Q_SLOTS:
    void oversizedBodyIsRefusedFromTheHeadersAlone()
    {
        TestServer server;
        // Not one byte of the body is sent: the answer cannot depend on reading it.
        expectRefusal(server,
                      "POST /api/v2/tools/save_draft HTTP/1.1\r\nHost: x\r\n"
                      "Content-Type: application/json\r\nContent-Length: 1073741824\r\n\r\n",
                      413, QStringLiteral("payload_too_large"));
        QCOMPARE(server.server().guardStatistics().refusedRequests, 1u);
    }

    void aGigabyteUploadIsCutOffNotBuffered()
    {
        TestServer server(quickTimeouts());
        RawHttpClient client(server.port());
        client.write("POST /api/v2/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     "Content-Length: 1073741824\r\n\r\n");
        const QByteArray chunk(4 * 1024 * 1024, '{');
        qint64 attempted = 0;
        const qint64 maxAttempt = 256LL * 1024 * 1024;
        while (client.isConnected() && attempted < maxAttempt) {
            if (client.socket().bytesToWrite() < chunk.size()) {
                client.socket().write(chunk);
                attempted += chunk.size();
            }
            QTest::qWait(1);
        }
        const qint64 delivered = attempted - client.socket().bytesToWrite();
        QVERIFY2(!client.isConnected(), "the server kept reading the body");
        // The server drains a few MiB so the client can read the answer, then hangs up;
        // the rest sits in socket buffers. Nowhere near the declared gigabyte.
        QVERIFY2(delivered < 48LL * 1024 * 1024, qPrintable(QString::number(delivered)));
        QCOMPARE(RawHttpClient::statusOf(client.readUntilClosed()), 413);
    }

    void expectContinueIsAnsweredBeforeTheBodyAndNotForRefusedBodies()
    {
        TestServer server;
        {
            RawHttpClient client(server.port());
            client.write(
                "POST /api/v2/users/me HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                "Expect: 100-continue\r\nContent-Length: 2\r\n\r\n");
            const QByteArray interim = client.readAtLeast(25);
            QVERIFY2(interim.startsWith("HTTP/1.1 100 Continue\r\n\r\n"), interim.constData());
            client.write("{}");
            const QByteArray final = client.readAtLeast(interim.size() + 12);
            QCOMPARE(RawHttpClient::statusOf(final.sliced(25)), 401);
        }
        {
            RawHttpClient client(server.port());
            client.write("POST /api/v2/posts HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
                         "Content-Length: 5000000\r\n\r\n");
            const QByteArray response = client.readResponse();
            QCOMPARE(RawHttpClient::statusOf(response), 413);
        }
    }

    void malformedRequests_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::newRow("headers over 16 KiB")
            << QByteArray("GET /api/v2/users/me HTTP/1.1\r\nHost: x\r\nX-Padding: "
                          + QByteArray(20'000, 'a') + "\r\n\r\n")
            << 431 << QStringLiteral("request_header_fields_too_large");
        QTest::newRow("a megabyte of headers")
            << QByteArray("GET / HTTP/1.1\r\nHost: x\r\n" + QByteArray(1024 * 1024, 'a')) << 431
            << QStringLiteral("request_header_fields_too_large");
        QTest::newRow("request line over 8 KiB")
            << QByteArray("GET /api/v2/" + QByteArray(9000, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n")
            << 414 << QStringLiteral("uri_too_long");
        QTest::newRow("chunked body")
            << QByteArray("POST /api/v2/posts HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: "
                          "chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
            << 411 << QStringLiteral("length_required");
        QTest::newRow("request smuggling") << QByteArray(
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n")
                                           << 400 << QStringLiteral("bad_request");
        QTest::newRow("garbage") << QByteArray("\x00\x01\x02garbage\xff\xfe\r\n\r\n", 16) << 400
                                 << QStringLiteral("bad_request");
        QTest::newRow("unknown method")
            << QByteArray("BREW /api/v2/users/me HTTP/1.1\r\nHost: x\r\n\r\n") << 501
            << QStringLiteral("method_not_implemented");
        QTest::newRow("HTTP/2 preface") << QByteArray("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") << 505
                                        << QStringLiteral("http_version_not_supported");
    }
    void malformedRequests()
    {
        QFETCH(QByteArray, request);
        QFETCH(int, status);
        QFETCH(QString, code);
        TestServer server;
        expectRefusal(server, request, status, code);
    }

    void aBadRequestLineAloneIsRefusedNotDropped()
    {
        TestServer server;
        RawHttpClient client(server.port());
        client.write("s/me HTTP/1.1\r\n"); // the headers would follow; they need not
        const QByteArray response = client.readResponse();
        QCOMPARE(RawHttpClient::statusOf(response), 400);
        QCOMPARE(errorCodeOf(response), QStringLiteral("bad_request"));
        QVERIFY(client.waitForClose());
    }

    void garbageBehindARequestThatClosesIsNotAnswered()
    {
        TestServer server;
        RawHttpClient client(server.port());
        client.write("GET /api/v2/openapi.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                     "\x01 not http at all\r\n\r\n");
        const QByteArray received = client.readUntilClosed();
        QCOMPARE(RawHttpClient::statusOf(received), 200);
        // One answer: the connection ends after the request that asked, whatever follows.
        const qsizetype headEnd = received.indexOf("\r\n\r\n") + 4;
        QCOMPARE(received.size(),
                 headEnd + RawHttpClient::headerOf(received, "Content-Length").toLongLong());
    }

    void aListOfLengthsCannotSmuggleARequestPastTheGuard()
    {
        // QtHttpServer reads "Content-Length: N, N" as no length: what the guard took for
        // the body would be a second request that nothing checked.
        TestServer server;
        const QByteArray smuggled = "GET /api/v2/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n";
        const QByteArray length = QByteArray::number(smuggled.size());
        expectRefusal(server,
                      "POST /api/v2/posts HTTP/1.1\r\nHost: x\r\nContent-Length: " + length + ", "
                          + length + "\r\n\r\n" + smuggled,
                      400, QStringLiteral("bad_request"));
    }

    void garbageAfterAGoodRequestIsRefusedAfterItsAnswer()
    {
        TestServer server;
        RawHttpClient client(server.port());
        client.write(OpenApiRequest + "\x01\x02 not http at all\r\n\r\n");
        QCOMPARE(RawHttpClient::statusOf(client.readResponse()), 200);
        QCOMPARE(RawHttpClient::statusOf(client.readResponse()), 400);
        QVERIFY(client.waitForClose());
    }

    void pipelinedRequestsAreAnsweredInOrder()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Pipe"));
        RawHttpClient client(server.port());
        const QByteArray key = tenant.apiKey.toLatin1();
        client.write("GET /api/v2/users/me HTTP/1.1\r\nHost: x\r\nx-api-key: " + key
                     + "\r\nX-Request-Id: first\r\n\r\n"
                       "GET /api/v2/nowhere HTTP/1.1\r\nHost: x\r\nx-api-key: "
                     + key
                     + "\r\nX-Request-Id: second\r\n\r\n"
                       "POST /api/v2/users/me HTTP/1.1\r\nHost: x\r\nx-api-key: "
                     + key
                     + "\r\nX-Request-Id: third\r\n"
                       "Content-Length: 2\r\n\r\n{}"
                       "GET /api/v2/credits HTTP/1.1\r\nHost: x\r\nx-api-key: "
                     + key + "\r\nX-Request-Id: fourth\r\n\r\n");
        const QList<std::pair<QByteArray, int>> expected {
            {"first", 200}, {"second", 404}, {"third", 405}, {"fourth", 200}};
        for (const auto &[id, status] : expected) {
            const QByteArray response = client.readResponse();
            QCOMPARE(RawHttpClient::headerOf(response, "X-Request-Id"), id);
            QCOMPARE(RawHttpClient::statusOf(response), status);
        }
        QVERIFY(client.isConnected()); // kept alive throughout
    }

    void slowHeadersAreCutOffWhileOthersAreServed()
    {
        TestServer server(quickTimeouts());
        RawHttpClient slow(server.port());
        const QByteArray request = "GET /api/v2/openapi.json HTTP/1.1\r\nHost: x\r\nX-Slow: "
                                   + QByteArray(200, 'a') + "\r\n\r\n";
        qsizetype sent = 0;
        bool servedMeanwhile = false;
        QElapsedTimer elapsed;
        elapsed.start();
        while (slow.isConnected() && sent < request.size() && elapsed.elapsed() < 10'000) {
            slow.write(request.mid(sent++, 1)); // a byte every 20 ms: never finishes in time
            QTest::qWait(20);
            if (!servedMeanwhile && sent == 5) {
                HttpTestClient other(server.port());
                servedMeanwhile = other.get(QStringLiteral("/api/v2/openapi.json")).status == 200;
            }
        }
        QVERIFY(servedMeanwhile);
        QVERIFY2(sent < request.size(), "the slow client was allowed to finish");
        const QByteArray response = slow.readUntilClosed();
        QCOMPARE(RawHttpClient::statusOf(response), 408);
        QCOMPARE(errorCodeOf(response), QStringLiteral("request_timeout"));
    }

    void slowBodiesAreCutOff()
    {
        TestServer server(quickTimeouts());
        RawHttpClient slow(server.port());
        slow.write("POST /api/v2/users/me HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{");
        const QByteArray response = slow.readUntilClosed();
        QCOMPARE(RawHttpClient::statusOf(response), 408);
    }

    void idleConnectionsAreClosedQuietly()
    {
        TestServer server(quickTimeouts());
        RawHttpClient client(server.port());
        client.write(OpenApiRequest);
        QCOMPARE(RawHttpClient::statusOf(client.readResponse()), 200);
        QVERIFY(client.waitForClose(5000));
        QVERIFY(client.readUntilClosed().isEmpty()); // no error response for an idle close
        QCOMPARE(server.server().guardStatistics().idleClosed, 1u);
    }

    void atCapacityTheLongestIdleConnectionMakesRoom()
    {
        ServerConfig config;
        config.http.maxConnections = 3;
        TestServer server(config);
        std::vector<std::unique_ptr<RawHttpClient>> idle;
        for (int i = 0; i < 3; ++i) {
            idle.push_back(std::make_unique<RawHttpClient>(server.port()));
            QTRY_COMPARE(server.server().openConnections(), i + 1);
        }
        RawHttpClient newcomer(server.port());
        newcomer.write(OpenApiRequest);
        QCOMPARE(RawHttpClient::statusOf(newcomer.readResponse()), 200);
        QVERIFY(idle.front()->waitForClose()); // the oldest idle one was closed
        QVERIFY(idle.back()->isConnected());
        QCOMPARE(server.server().guardStatistics().evictedIdle, 1u);
    }

    void atCapacityWithNothingIdleNewcomersAreToldToRetry()
    {
        ServerConfig config;
        config.http.maxConnections = 2;
        TestServer server(config);
        std::vector<std::unique_ptr<RawHttpClient>> busy;
        for (int i = 0; i < 2; ++i) {
            busy.push_back(std::make_unique<RawHttpClient>(server.port()));
            busy.back()->write("GET /api/v2/openapi.json HTTP/1.1\r\n"); // mid-request: not idle
            QTRY_COMPARE(server.server().openConnections(), i + 1);
        }
        QTest::qWait(50);
        RawHttpClient refused(server.port());
        const QByteArray response = refused.readUntilClosed();
        QCOMPARE(RawHttpClient::statusOf(response), 503);
        QCOMPARE(RawHttpClient::headerOf(response, "Retry-After"), QByteArray("1"));
        QCOMPARE(errorCodeOf(response), QStringLiteral("server_busy"));
        QCOMPARE(server.server().guardStatistics().refusedAtCapacity, 1u);
        for (const auto &client : busy)
            QVERIFY(client->isConnected());
    }

    void httpOneZeroWithoutKeepAliveIsClosedAfterItsAnswer()
    {
        TestServer server;
        RawHttpClient client(server.port());
        client.write("GET /api/v2/openapi.json HTTP/1.0\r\n\r\n");
        const QByteArray response = client.readUntilClosed();
        QCOMPARE(RawHttpClient::statusOf(response), 200);
        QCOMPARE(RawHttpClient::bodyOf(response).size(),
                 RawHttpClient::headerOf(response, "Content-Length").toInt());
    }

    void nothingAfterConnectionCloseIsServed()
    {
        TestServer server;
        RawHttpClient client(server.port());
        client.write("GET /api/v2/openapi.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                     "GET /api/v2/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n");
        const QByteArray received = client.readUntilClosed();
        QCOMPARE(RawHttpClient::statusOf(received), 200);
        QCOMPARE(received.count("HTTP/1.1 200"), 1);
    }

    void connectionCloseIsHonoured()
    {
        TestServer server;
        RawHttpClient client(server.port());
        client.write("GET /api/v2/openapi.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        const QByteArray response = client.readUntilClosed();
        QCOMPARE(RawHttpClient::statusOf(response), 200);
        QCOMPARE(RawHttpClient::headerOf(response, "Connection"), QByteArray("close"));
    }
};

QTEST_GUILESS_MAIN(TestRequestGuard)
#include "tst_requestguard.moc"
