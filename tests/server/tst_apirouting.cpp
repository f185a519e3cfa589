#include "server/api/jsonliteral.h"
#include "server/api/operationregistry.h"
#include "storage/databaseerror.h"
#include "support/testserver.h"

#include <QJsonDocument>
#include <QTest>

using namespace slotline;
using namespace slotline::test;

class TestApiRouting : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_tenant;

    HttpResult send(const QByteArray &method, const QString &path, const Headers &extra = {},
                    const QByteArray &body = {})
    {
        return m_server->http().send(method, path, withKey(m_tenant.apiKey, extra), body);
    }
    HttpResult postEcho(const QByteArray &body, const QByteArray &contentType = "application/json")
    {
        return send("POST", QStringLiteral("/api/v2/test/echo"), {{"Content-Type", contentType}},
                    body);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_server = std::make_unique<TestServer>();
        m_tenant = m_server->addTenant(QStringLiteral("Routing"));

        // An operation with a JSON body, to exercise the body rules through the real pipeline.
        Operation echo;
        echo.name = QStringLiteral("test_echo");
        echo.tag = QStringLiteral("Test");
        echo.method = HttpMethod::Post;
        echo.path = QStringLiteral("/test/echo");
        echo.rateClass = RateClass::Write;
        echo.bodySchema
            = jsonObject("{\"type\": \"object\", \"additionalProperties\": false,"
                         "\"required\": [\"n\"], \"properties\": {\"n\": {\"type\": \"integer\", "
                         "\"minimum\": 1}, \"s\": {\"type\": \"string\"}}}");
        echo.bodyRequired = true;
        echo.handler = [](const CallContext &context, const QJsonObject &parameters) {
            QJsonObject body = parameters;
            body.insert(QStringLiteral("projectId"), context.projectId);
            return Outcome::ok(body);
        };
        m_server->server().registry().add(echo);

        Operation failing;
        failing.name = QStringLiteral("test_failing");
        failing.tag = QStringLiteral("Test");
        failing.method = HttpMethod::Get;
        failing.path = QStringLiteral("/test/failing");
        failing.handler = [](const CallContext &, const QJsonObject &) -> Outcome {
            throw DatabaseError(QStringLiteral("disk I/O error at /var/secret/path"));
        };
        m_server->server().registry().add(failing);
    }
    void cleanupTestCase() { m_server.reset(); }

    void errorsHaveTheContractShapeAndARequestId_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::newRow("unknown path")
            << QByteArray("GET") << "/api/v2/nothing/here" << 404 << "not_found";
        QTest::newRow("unknown path, other method")
            << QByteArray("DELETE") << "/api/v2/nothing" << 404 << "not_found";
        QTest::newRow("outside the API")
            << QByteArray("GET") << "/index.html" << 404 << "not_found";
        QTest::newRow("root") << QByteArray("GET") << "/" << 404 << "not_found";
        QTest::newRow("version 1")
            << QByteArray("GET") << "/api/v1/users/me" << 404 << "unsupported_api_version";
        QTest::newRow("version 3")
            << QByteArray("POST") << "/api/v3/posts" << 404 << "unsupported_api_version";
        QTest::newRow("no version")
            << QByteArray("GET") << "/api/users/me" << 404 << "unsupported_api_version";
        QTest::newRow("wrong method")
            << QByteArray("DELETE") << "/api/v2/users/me" << 405 << "method_not_allowed";
        QTest::newRow("trailing slash")
            << QByteArray("GET") << "/api/v2/users/me/" << 404 << "not_found";
        QTest::newRow("server failure")
            << QByteArray("GET") << "/api/v2/test/failing" << 500 << "internal_error";
    }
    void errorsHaveTheContractShapeAndARequestId()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(int, status);
        QFETCH(QString, code);
        const HttpResult result = send(method, path);
        QCOMPARE(result.status, status);
        QCOMPARE(result.errorCode(), code);
        const QJsonObject error = result.json().value(QStringLiteral("error")).toObject();
        QVERIFY(!error.value(QStringLiteral("message")).toString().isEmpty());
        QVERIFY(result.header("X-Request-Id").startsWith("req_"));
        QCOMPARE(result.header("Content-Type"), QByteArray("application/json"));
        // Internals never leak.
        QVERIFY(!result.body.contains("/var/secret"));
        QVERIFY(!result.body.contains("SELECT"));
    }

    void wrongMethodListsTheAllowedOnes()
    {
        const HttpResult result = send("POST", QStringLiteral("/api/v2/users/me"));
        QCOMPARE(result.status, 405);
        QCOMPARE(result.header("Allow"), QByteArray("GET, HEAD, OPTIONS"));
    }

    void headAnswersLikeGetWithoutABody()
    {
        const HttpResult get = send("GET", QStringLiteral("/api/v2/users/me"));
        const HttpResult head = send("HEAD", QStringLiteral("/api/v2/users/me"));
        QCOMPARE(head.status, 200);
        QVERIFY(head.body.isEmpty());
        QCOMPARE(head.header("Content-Length"), QByteArray::number(get.body.size()));
        QCOMPARE(head.header("Content-Type"), QByteArray("application/json"));
    }

    void optionsNeedsNoKey()
    {
        const HttpResult options
            = m_server->http().send("OPTIONS", QStringLiteral("/api/v2/users/me/accounts"));
        QCOMPARE(options.status, 204);
        QCOMPARE(options.header("Allow"), QByteArray("GET, HEAD, OPTIONS"));
        QVERIFY(options.header("X-Request-Id").startsWith("req_"));
        QCOMPARE(m_server->http().send("OPTIONS", QStringLiteral("/api/v2/nothing")).status, 404);
    }

    void aClientsRequestIdIsEchoedWhenItIsSafe()
    {
        QCOMPARE(
            send("GET", QStringLiteral("/api/v2/users/me"), {{"X-Request-Id", "trace-42.a:b_c"}})
                .header("X-Request-Id"),
            QByteArray("trace-42.a:b_c"));
        QVERIFY(
            send("GET", QStringLiteral("/api/v2/users/me"), {{"X-Request-Id", "bad id<script>"}})
                .header("X-Request-Id")
                .startsWith("req_"));
        QVERIFY(send("GET", QStringLiteral("/api/v2/users/me"),
                     {{"X-Request-Id", QByteArray(200, 'a')}})
                    .header("X-Request-Id")
                    .startsWith("req_"));
    }

    void jsonBodies_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QByteArray>("contentType");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::newRow("valid") << QByteArray("{\"n\": 3, \"s\": \"ü\"}")
                               << QByteArray("application/json") << 200 << "";
        QTest::newRow("charset parameter")
            << QByteArray("{\"n\": 3}") << QByteArray("application/json; charset=utf-8") << 200
            << "";
        QTest::newRow("+json media type")
            << QByteArray("{\"n\": 3}") << QByteArray("application/merge-patch+json") << 200 << "";
        QTest::newRow("malformed")
            << QByteArray("{\"n\": 3,") << QByteArray("application/json") << 400 << "invalid_json";
        QTest::newRow("array") << QByteArray("[1]") << QByteArray("application/json") << 400
                               << "invalid_json";
        QTest::newRow("string") << QByteArray("\"n\"") << QByteArray("application/json") << 400
                                << "invalid_json";
        QTest::newRow("empty") << QByteArray() << QByteArray("application/json") << 400
                               << "invalid_json";
        QTest::newRow("invalid UTF-8") << QByteArray("{\"s\": \"\xff\xfe\", \"n\": 1}")
                                       << QByteArray("application/json") << 400 << "invalid_json";
        QTest::newRow("deep nesting") << QByteArray(QByteArray(5000, '[') + QByteArray(5000, ']'))
                                      << QByteArray("application/json") << 400 << "invalid_json";
        QTest::newRow("deeply nested objects, under the size limit")
            << QByteArray(QByteArray("{\"n\": 1, \"s\": ") + QByteArray("{\"a\":").repeated(100'000)
                          + "1" + QByteArray(100'001, '}'))
            << QByteArray("application/json") << 400 << "invalid_json";
        QTest::newRow("invalid UTF-8 in a key")
            << QByteArray("{\"n\": 1, \"\xff\": 2}") << QByteArray("application/json") << 400
            << "invalid_json";
        QTest::newRow("overlong UTF-8") << QByteArray("{\"s\": \"\xc0\xaf\", \"n\": 1}")
                                        << QByteArray("application/json") << 400 << "invalid_json";
        QTest::newRow("UTF-8 of a surrogate")
            << QByteArray("{\"s\": \"\xed\xa0\x80\", \"n\": 1}") << QByteArray("application/json")
            << 400 << "invalid_json";
        QTest::newRow("cut-off UTF-8") << QByteArray("{\"n\": 1, \"s\": \"\xe2\x82\"}")
                                       << QByteArray("application/json") << 400 << "invalid_json";
        QTest::newRow("form data")
            << QByteArray("n=3") << QByteArray("application/x-www-form-urlencoded") << 415
            << "unsupported_media_type";
        QTest::newRow("no content type")
            << QByteArray("{\"n\": 3}") << QByteArray() << 415 << "unsupported_media_type";
        QTest::newRow("text") << QByteArray("{\"n\": 3}") << QByteArray("text/plain") << 415
                              << "unsupported_media_type";
        QTest::newRow("schema violation")
            << QByteArray("{\"n\": 0, \"extra\": 1}") << QByteArray("application/json") << 422
            << "validation_failed";
    }
    void jsonBodies()
    {
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, contentType);
        QFETCH(int, status);
        QFETCH(QString, code);
        const HttpResult result = postEcho(body, contentType);
        QCOMPARE(result.status, status);
        QCOMPARE(result.errorCode(), code);
        if (status == 200) {
            QCOMPARE(result.json().value(QStringLiteral("n")).toInt(), 3);
            QCOMPARE(result.json().value(QStringLiteral("projectId")).toString(),
                     m_tenant.projectId);
        }
    }

    void validationNamesEveryBadField()
    {
        const HttpResult result = postEcho("{\"n\": \"three\", \"s\": 5, \"other\": true}");
        QCOMPARE(result.status, 422);
        const QStringList details = result.errorDetails();
        QCOMPARE(details.size(), 3);
        QVERIFY(details.contains(QStringLiteral("n: must be an integer of at least 1")));
        QVERIFY(details.contains(QStringLiteral("s: must be a string")));
        QVERIFY(details.contains(QStringLiteral("other: is not a known field")));
    }

    void queryErrorsNameEveryBadParameter()
    {
        const HttpResult result = send(
            "GET",
            QStringLiteral("/api/v2/users/me/accounts?limit=0&platform=myspace&colour=blue"));
        QCOMPARE(result.status, 400);
        QCOMPARE(result.errorCode(), QStringLiteral("invalid_query"));
        const QStringList details = result.errorDetails();
        QVERIFY2(details.size() == 3, qPrintable(details.join(u'|')));
        QVERIFY(details.contains(QStringLiteral("colour: is not a known parameter")));
        QVERIFY(details.contains(QStringLiteral("limit: must be an integer from 1 to 250")));
        QVERIFY(details.contains(
            QStringLiteral("platform: must be one of: linkedin, facebook, twitter, x")));

        QCOMPARE(send("GET", QStringLiteral("/api/v2/users/me/accounts?limit=ten")).errorDetails(),
                 QStringList {QStringLiteral("limit: must be an integer")});
        QCOMPARE(
            send("GET", QStringLiteral("/api/v2/users/me/accounts?limit=5&limit=6")).errorDetails(),
            QStringList {QStringLiteral("limit: must be given only once")});
        const HttpResult cursor
            = send("GET", QStringLiteral("/api/v2/users/me/accounts?cursor=forged"));
        QCOMPARE(cursor.status, 400);
        QCOMPARE(cursor.errorCode(), QStringLiteral("invalid_cursor"));
    }
};

QTEST_GUILESS_MAIN(TestApiRouting)
#include "tst_apirouting.moc"
