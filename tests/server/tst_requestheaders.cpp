#include "server/http/requestheaders.h"

#include <QTest>

using namespace slotline;

class TestRequestHeaders : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsTheHeadersItKnowsInAnyCase()
    {
        const RequestHeaders headers(QByteArrayView(
            "POST /api/v2/posts HTTP/1.1\r\nHost: x\r\nX-API-KEY:  slk_abc \r\n"
            "content-type: application/json\r\nIdempotency-Key: k1\r\nx-request-id: r-1\r\n"
            "Authorization: Bearer t\r\nConnection: close\r\nX-Other: ignored\r\n"));
        QCOMPARE(headers.apiKey, QByteArray("slk_abc"));
        QCOMPARE(headers.contentType, QByteArray("application/json"));
        QCOMPARE(headers.idempotencyKey, QByteArray("k1"));
        QCOMPARE(headers.requestId, QByteArray("r-1"));
        QCOMPARE(headers.authorization, QByteArray("Bearer t"));
        QCOMPARE(headers.connection, QByteArray("close"));
    }

    void aHeaderSentTwiceIsJoined()
    {
        // Two keys must not become one valid key: joined, they match none.
        const RequestHeaders headers(
            QByteArrayView("GET / HTTP/1.1\nx-api-key: a\nX-Api-Key: b\nconnection: keep-alive"));
        QCOMPARE(headers.apiKey, QByteArray("a, b"));
        QCOMPARE(headers.connection, QByteArray("keep-alive"));
    }

    void requestIdsAreKeptOnlyWhenPlain_data()
    {
        QTest::addColumn<QByteArray>("requestId");
        QTest::addColumn<bool>("usable");
        QTest::newRow("plain") << QByteArray("req-1_a.b:c") << true;
        QTest::newRow("none") << QByteArray() << false;
        QTest::newRow("a space") << QByteArray("req 1") << false;
        QTest::newRow("a quote") << QByteArray("req\"1") << false;
        QTest::newRow("128 characters") << QByteArray(128, 'a') << true;
        QTest::newRow("129 characters") << QByteArray(129, 'a') << false;
    }
    void requestIdsAreKeptOnlyWhenPlain()
    {
        QFETCH(QByteArray, requestId);
        QFETCH(bool, usable);
        const RequestHeaders headers(QByteArrayView("GET / HTTP/1.1\r\n"));
        RequestHeaders withId = headers;
        withId.requestId = requestId;
        QCOMPARE(withId.hasUsableRequestId(), usable);
    }

    void jsonContent_data()
    {
        QTest::addColumn<QByteArray>("contentType");
        QTest::addColumn<bool>("json");
        QTest::newRow("json") << QByteArray("application/json") << true;
        QTest::newRow("with a charset") << QByteArray("application/json; charset=utf-8") << true;
        QTest::newRow("any case, spaces") << QByteArray(" Application/JSON ") << true;
        QTest::newRow("a +json type") << QByteArray("application/merge-patch+json") << true;
        QTest::newRow("text/json") << QByteArray("text/json") << false;
        QTest::newRow("form") << QByteArray("application/x-www-form-urlencoded") << false;
        QTest::newRow("none") << QByteArray() << false;
    }
    void jsonContent()
    {
        QFETCH(QByteArray, contentType);
        QFETCH(bool, json);
        RequestHeaders headers(QByteArrayView("POST / HTTP/1.1\r\n"));
        headers.contentType = contentType;
        QCOMPARE(headers.hasJsonContent(), json);
    }
};

QTEST_GUILESS_MAIN(TestRequestHeaders)
#include "tst_requestheaders.moc"
