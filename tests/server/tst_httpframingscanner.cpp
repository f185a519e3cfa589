#include "server/http/httpframingscanner.h"

#include <QTest>

using namespace slotline;

namespace {

HttpLimits smallLimits()
{
    HttpLimits limits;
    limits.maxBodyBytes = 100;
    limits.maxHeaderBytes = 256;
    limits.maxRequestLineBytes = 64;
    return limits;
}

const QByteArray Get = "GET /api/v2/users/me HTTP/1.1\r\nHost: x\r\n\r\n";

} // namespace

class TestHttpFramingScanner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refusals_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("code");

        QTest::newRow("body over the limit, decided from the headers")
            << QByteArray("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 101\r\n\r\n") << 413
            << QByteArray("payload_too_large");
        QTest::newRow("a gigabyte")
            << QByteArray("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 1073741824\r\n\r\n")
            << 413 << QByteArray("payload_too_large");
        QTest::newRow("chunked body")
            << QByteArray("POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            << 411 << QByteArray("length_required");
        QTest::newRow("length and chunked (smuggling)")
            << QByteArray("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: "
                          "chunked\r\n\r\n")
            << 400 << QByteArray("bad_request");
        QTest::newRow("two different lengths") << QByteArray(
            "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n")
                                               << 400 << QByteArray("bad_request");
        QTest::newRow("negative length")
            << QByteArray("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n") << 400
            << QByteArray("bad_request");
        QTest::newRow("a list of lengths, even equal ones")
            << QByteArray("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 5\r\n\r\nhello") << 400
            << QByteArray("bad_request");
        QTest::newRow("length with junk")
            << QByteArray("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 5x\r\n\r\n") << 400
            << QByteArray("bad_request");
        QTest::newRow("overflowing length") << QByteArray(
            "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n")
                                            << 400 << QByteArray("bad_request");
        QTest::newRow("gzip transfer coding")
            << QByteArray("POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n") << 501
            << QByteArray("not_implemented");
        QTest::newRow("headers too large") << QByteArray(
            "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + QByteArray(300, 'a') + "\r\n\r\n")
                                           << 431 << QByteArray("request_header_fields_too_large");
        QTest::newRow("headers never end")
            << QByteArray("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + QByteArray(300, 'a')) << 431
            << QByteArray("request_header_fields_too_large");
        QTest::newRow("request line too long")
            << QByteArray("GET /" + QByteArray(80, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n") << 414
            << QByteArray("uri_too_long");
        QTest::newRow("request line never ends")
            << QByteArray("GET /" + QByteArray(80, 'a')) << 414 << QByteArray("uri_too_long");
        QTest::newRow("garbage") << QByteArray(
            "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 15)
                                 << 400 << QByteArray("bad_request");
        QTest::newRow("TLS hello on the plain port")
            << QByteArray::fromHex("160301020001000200030374657374") + "\r\n\r\n"
            << 400 << QByteArray("bad_request");
        QTest::newRow("no version")
            << QByteArray("GET /\r\nHost: x\r\n\r\n") << 400 << QByteArray("bad_request");
        QTest::newRow("HTTP/2 preface") << QByteArray("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") << 505
                                        << QByteArray("http_version_not_supported");
        QTest::newRow("unknown method") << QByteArray("BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n")
                                        << 501 << QByteArray("method_not_implemented");
        QTest::newRow("TRACE") << QByteArray("TRACE / HTTP/1.1\r\nHost: x\r\n\r\n") << 501
                               << QByteArray("method_not_implemented");
        QTest::newRow("absolute target")
            << QByteArray("GET http://evil/ HTTP/1.1\r\nHost: x\r\n\r\n") << 400
            << QByteArray("bad_request");
        QTest::newRow("missing host")
            << QByteArray("GET / HTTP/1.1\r\n\r\n") << 400 << QByteArray("bad_request");
        QTest::newRow("two hosts") << QByteArray("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")
                                   << 400 << QByteArray("bad_request");
        QTest::newRow("folded header")
            << QByteArray("GET / HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n  continued\r\n\r\n") << 400
            << QByteArray("bad_request");
        QTest::newRow("space before colon")
            << QByteArray("GET / HTTP/1.1\r\nHost : x\r\n\r\n") << 400 << QByteArray("bad_request");
        QTest::newRow("control character in a value")
            << QByteArray("GET / HTTP/1.1\r\nHost: x\x01y\r\n\r\n") << 400
            << QByteArray("bad_request");
        QTest::newRow("bare CR in a value") << QByteArray("GET / HTTP/1.1\r\nHost: x\ry\r\n\r\n")
                                            << 400 << QByteArray("bad_request");
        QTest::newRow("target with a space") << QByteArray("GET /a b HTTP/1.1\r\nHost: x\r\n\r\n")
                                             << 400 << QByteArray("bad_request");
        QTest::newRow("unsupported expectation")
            << QByteArray("GET / HTTP/1.1\r\nHost: x\r\nExpect: magic\r\n\r\n") << 417
            << QByteArray("expectation_failed");
    }
    void refusals()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, status);
        QFETCH(QByteArray, code);
        HttpFramingScanner scanner(smallLimits());
        const auto result = scanner.feed(bytes);
        QVERIFY(result.violation);
        QCOMPARE(result.violation->status(), status);
        QCOMPARE(result.violation->codeName(), code);
        QVERIFY(!result.violation->message.isEmpty());
        // A refused stream stays refused.
        QVERIFY(!scanner.feed(Get).violation);
        QVERIFY(scanner.feed(Get).completedHeads.isEmpty());
    }

    void aBadRequestLineIsRefusedAsSoonAsItEnds()
    {
        // QtHttpServer drops the connection, without an answer, over a bad request line as
        // soon as it has read it: the guard must refuse it by then, not once the headers end.
        for (const QByteArray &line : {QByteArray("s/me HTTP/1.1\r\n"), QByteArray("GET /\n"),
                                       QByteArray("GET / HTTP/2.0\r\n")}) {
            HttpFramingScanner scanner(smallLimits());
            const auto result = scanner.feed(line);
            QVERIFY2(result.violation, line.constData());
            QCOMPARE(result.violation->status(), line.contains("HTTP/2") ? 505 : 400);
        }
        HttpFramingScanner scanner(smallLimits());
        QVERIFY(!scanner.feed("GET / HTTP/1.1\r\n").violation); // a good line waits for the rest
        QCOMPARE(scanner.feed("Host: x\r\n\r\n").completedHeads.size(), 1);
    }

    void uploadsHaveTheirOwnLimitAndNeedALength()
    {
        HttpLimits limits = smallLimits();
        limits.maxUploadBytes = 50 * 1024 * 1024;
        const auto head = [&](const QByteArray &requestLine, const QByteArray &headers) {
            HttpFramingScanner scanner(limits);
            return scanner.feed(
                QByteArray(requestLine + " HTTP/1.1\r\nHost: x\r\n" + headers + "\r\n"));
        };
        // Far over the JSON limit, within the upload limit: the guard streams it.
        const auto upload = head("PUT /uploads/med_x?expires=1&signature=s",
                                 "Content-Type: image/png\r\nContent-Length: 40000000\r\n");
        QVERIFY(!upload.violation);
        QCOMPARE(upload.completedHeads.size(), 1);
        QVERIFY(upload.completedHeads.first().isUpload());
        QCOMPARE(upload.completedHeads.first().contentType, QByteArray("image/png"));
        QCOMPARE(upload.completedHeads.first().bodyStart(),
                 upload.completedHeads.first().streamEnd - 40'000'000);

        const auto tooLarge = head("PUT /uploads/med_x", "Content-Length: 60000000\r\n");
        QCOMPARE(tooLarge.violation->status(), 413);
        const auto noLength = head("PUT /uploads/med_x", "");
        QCOMPARE(noLength.violation->status(), 411);
        // The same size anywhere else, or with another method, is a JSON body: too large.
        QCOMPARE(
            head("PUT /api/v2/uploads/med_x", "Content-Length: 40000000\r\n").violation->status(),
            413);
        QCOMPARE(head("POST /uploads/med_x", "Content-Length: 40000000\r\n").violation->status(),
                 413);
    }

    void tooManyHeaders()
    {
        HttpLimits limits = smallLimits();
        limits.maxHeaderBytes = 4096; // so only the count can refuse it
        QByteArray head = "GET / HTTP/1.1\r\nHost: x\r\n";
        for (int i = 0; i < 101; ++i)
            head += "A:\r\n";
        HttpFramingScanner scanner(limits);
        const auto result = scanner.feed(QByteArray(head + "\r\n"));
        QVERIFY(result.violation);
        QCOMPARE(result.violation->status(), 431);
        QVERIFY(result.violation->message.contains(QStringLiteral("too many")));
    }

    void acceptsWhatQtHttpServerAccepts_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("GET") << Get;
        QTest::newRow("LF line ends") << QByteArray("GET / HTTP/1.1\nHost: x\n\n");
        QTest::newRow("HTTP/1.0 without host") << QByteArray("GET / HTTP/1.0\r\n\r\n");
        QTest::newRow("OPTIONS *") << QByteArray("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n");
        QTest::newRow("equal repeated lengths") << QByteArray(
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}");
        QTest::newRow("length at the limit") << QByteArray(
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n" + QByteArray(100, 'a'));
        QTest::newRow("empty header value")
            << QByteArray("GET / HTTP/1.1\r\nHost: x\r\nX-Empty:\r\n\r\n");
        QTest::newRow("UTF-8 in a value")
            << QByteArray("GET / HTTP/1.1\r\nHost: x\r\nX-Name: Café\r\n\r\n");
        QTest::newRow("empty lines before the request") << QByteArray("\r\n\r\n" + Get);
    }
    void acceptsWhatQtHttpServerAccepts()
    {
        QFETCH(QByteArray, bytes);
        HttpFramingScanner scanner(smallLimits());
        const auto result = scanner.feed(bytes);
        QVERIFY2(!result.violation, result.violation ? qPrintable(result.violation->message) : "");
        QCOMPARE(result.completedHeads.size(), 1);
        QCOMPARE(scanner.phase(), HttpFramingScanner::Phase::Idle);
        QCOMPARE(scanner.lastRequestEnd(), bytes.size());
    }

    void findsEveryPipelinedRequestWhateverTheChunking()
    {
        const QByteArray post
            = "POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 13\r\n\r\n{\"a\":\"GET /\"}";
        const QByteArray stream
            = Get + post + Get + "HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
        for (int chunk = 1; chunk <= stream.size(); ++chunk) {
            HttpFramingScanner scanner(smallLimits());
            QList<RequestHead> heads;
            for (qsizetype at = 0; at < stream.size(); at += chunk) {
                const auto result = scanner.feed(QByteArrayView(stream).sliced(
                    at, std::min<qsizetype>(chunk, stream.size() - at)));
                QVERIFY(!result.violation);
                heads.append(result.completedHeads);
            }
            QCOMPARE(heads.size(), 4);
            QCOMPARE(heads[0].method, QByteArray("GET"));
            QCOMPARE(heads[1].method, QByteArray("POST"));
            QCOMPARE(heads[1].contentLength, 13);
            QCOMPARE(heads[1].streamOffset, Get.size());
            QCOMPARE(heads[2].streamOffset, Get.size() + post.size());
            QCOMPARE(heads[1].streamEnd, heads[2].streamOffset);
            QCOMPARE(heads[3].streamEnd, stream.size());
            QCOMPARE(heads[3].method, QByteArray("HEAD"));
            QVERIFY(!heads[3].keepAlive);
            QVERIFY(heads[0].keepAlive);
            QCOMPARE(scanner.phase(), HttpFramingScanner::Phase::Idle);
            QCOMPARE(scanner.bytesScanned(), stream.size());
        }
    }

    void tracksPhasesAndExpectContinue()
    {
        HttpFramingScanner scanner(smallLimits());
        QCOMPARE(scanner.phase(), HttpFramingScanner::Phase::Idle);
        scanner.feed("POST /p HTTP/1.1\r\nHost: x\r\n");
        QCOMPARE(scanner.phase(), HttpFramingScanner::Phase::Head);
        const auto result = scanner.feed("Expect: 100-continue\r\nContent-Length: 4\r\n\r\n");
        QCOMPARE(result.completedHeads.size(), 1);
        QVERIFY(result.completedHeads.first().expectContinue);
        QCOMPARE(scanner.phase(), HttpFramingScanner::Phase::Body);
        QCOMPARE(scanner.bodyBytesSeen(), 0);
        scanner.feed("ab");
        QCOMPARE(scanner.bodyBytesSeen(), 2);
        scanner.feed("cd");
        QCOMPARE(scanner.phase(), HttpFramingScanner::Phase::Idle);
    }

    void httpOneZeroKeepsAliveOnlyWhenAsked()
    {
        HttpFramingScanner scanner(smallLimits());
        QVERIFY(!scanner.feed("GET / HTTP/1.0\r\n\r\n").completedHeads.first().keepAlive);
        QVERIFY(scanner.feed("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                    .completedHeads.first()
                    .keepAlive);
    }
};

QTEST_GUILESS_MAIN(TestHttpFramingScanner)
#include "tst_httpframingscanner.moc"
