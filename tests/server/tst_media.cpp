#include "core/ids.h"
#include "core/isotime.h"
#include "server/media/medialibrary.h"
#include "support/fakemediaserver.h"
#include "support/jsontext.h"
#include "support/rawhttpclient.h"
#include "support/schemacheck.h"
#include "support/testserver.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

using namespace slotline;
using namespace slotline::test;

namespace {

QByteArray pngBytes(qsizetype size)
{
    QByteArray bytes("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16);
    bytes.reserve(size);
    quint32 state = 7;
    while (bytes.size() < size) {
        state = state * 1664525u + 1013904223u;
        bytes.append(char(state >> 24));
    }
    return bytes;
}

QByteArray sha256Hex(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

} // namespace

// POST /media, POST /media/uploads with the PUT that follows, and the public media URLs,
// through the real server.
class TestMedia : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<FakeMediaServer> m_web;
    Tenant m_a;

    void start(qint64 maxBytes = qint64(100) * 1024 * 1024,
               const QString &allow = QStringLiteral("127.0.0.1"))
    {
        ServerConfig config;
        config.readsPerMinute = 100'000;
        config.writesPerMinute = 100'000;
        config.mediaFetch.maxBytes = maxBytes;
        if (!allow.isEmpty())
            config.mediaAddresses = *AddressPolicy::fromAllowList(allow, nullptr);
        m_server = std::make_unique<TestServer>(config);
        m_a = m_server->addTenant(QStringLiteral("Alpha"));
        m_server->grantCredits(m_a, 10);
    }
    // Path and query of an absolute URL this server handed out.
    QString local(const QString &url) const
    {
        const QUrl parsed(url);
        return parsed.path(QUrl::FullyEncoded)
               + (parsed.hasQuery() ? u'?' + parsed.query(QUrl::FullyEncoded) : QString());
    }
    HttpResult fetchFromUrl(const QString &url)
    {
        return m_server->post(QStringLiteral("/media"), m_a,
                              QJsonObject {{QStringLiteral("url"), url}});
    }
    QJsonObject ticket(const QJsonObject &body = json("{'filename': 'photo.png'}"))
    {
        const HttpResult created = m_server->post(QStringLiteral("/media/uploads"), m_a, body);
        if (created.status != 201)
            qWarning() << created.status << created.body;
        return created.json();
    }
    HttpResult put(const QString &uploadUrl, const QByteArray &bytes, const Headers &headers = {})
    {
        return m_server->http().send("PUT", local(uploadUrl), headers, bytes);
    }
    void expectSchema(const QString &operation, const HttpResult &result)
    {
        const QStringList errors
            = resultSchemaErrors(m_server->server().registry(), operation, result.json());
        QVERIFY2(errors.isEmpty(),
                 qPrintable(errors.join(u'\n') + u'\n' + QString::fromUtf8(result.body)));
    }

private Q_SLOTS:
    void init() { m_web = std::make_unique<FakeMediaServer>(); }
    void cleanup()
    {
        m_server.reset();
        m_web.reset();
    }

    void fetchesAFileAndServesItAtItsOwnUrl()
    {
        start();
        const QByteArray bytes = pngBytes(200'000);
        m_web->route("/cat.png", FakeMediaServer::file("application/octet-stream", bytes));
        const HttpResult fetched = fetchFromUrl(m_web->url("/cat.png").toString());
        QCOMPARE(fetched.status, 201);
        expectSchema(QStringLiteral("upload_media_from_url"), fetched);
        const QJsonObject media = fetched.json();
        QVERIFY(media.value(QStringLiteral("id")).toString().startsWith(u"med_"));
        QCOMPARE(media.value(QStringLiteral("mimeType")).toString(), QStringLiteral("image/png"));
        QCOMPARE(media.value(QStringLiteral("size")).toInteger(), bytes.size());
        QCOMPARE(media.value(QStringLiteral("sha256")).toString().toLatin1(), sha256Hex(bytes));
        const QString url = media.value(QStringLiteral("url")).toString();
        QVERIFY2(url.startsWith(m_server->http().baseUrl() + u"/media/") && url.endsWith(u".png"),
                 qPrintable(url));
        // The late answer closes its connection; the media URL needs no key.
        QCOMPARE(fetched.header("Connection"), QByteArray("close"));
        const HttpResult served = m_server->http().get(local(url));
        QCOMPARE(served.status, 200);
        QCOMPARE(served.header("Content-Type"), QByteArray("image/png"));
        QCOMPARE(served.header("X-Content-Type-Options"), QByteArray("nosniff"));
        QCOMPARE(served.body, bytes);

        // It is listed in the call log like any other call.
        m_server->server().flushCallLog();
        const HttpResult log
            = m_server->get(QStringLiteral("/api/v2/project/api-keys/calls?limit=1"), m_a);
        QCOMPARE(log.items().at(0).toObject().value(QStringLiteral("status")).toInt(), 201);
    }

    void anIdempotencyKeyFetchesOnce()
    {
        start();
        m_web->route("/once.png", FakeMediaServer::file("image/png", pngBytes(5000)));
        const QJsonObject body {{QStringLiteral("url"), m_web->url("/once.png").toString()}};
        const Headers key {{"Idempotency-Key", "media-1"}};
        const HttpResult first = m_server->send("POST", QStringLiteral("/media"), m_a, body, key);
        QCOMPARE(first.status, 201);
        const HttpResult again = m_server->send("POST", QStringLiteral("/media"), m_a, body, key);
        QCOMPARE(again.status, 201);
        QCOMPARE(again.body, first.body);
        QCOMPARE(again.header("Idempotent-Replayed"), QByteArray("true"));
        QCOMPARE(m_web->requestCount(), 1);
    }

    void theSameKeyWhileTheFetchRunsIsNotFetchedTwice()
    {
        ServerConfig config;
        config.readsPerMinute = 100'000;
        config.writesPerMinute = 100'000;
        config.mediaAddresses = *AddressPolicy::fromAllowList(QStringLiteral("127.0.0.1"), nullptr);
        config.mediaFetch.stallTimeoutMs = 1'500;
        m_server = std::make_unique<TestServer>(config);
        m_a = m_server->addTenant(QStringLiteral("Alpha"));
        FakeMediaServer::Response silent;
        silent.silent = true;
        m_web->route("/slow.png", silent);
        const QByteArray body
            = "{\"url\": \"" + m_web->url("/slow.png").toString().toLatin1() + "\"}";
        // The first request waits on a server that does not answer...
        RawHttpClient first(m_server->port());
        first.write("POST /api/v2/media HTTP/1.1\r\nHost: x\r\nx-api-key: " + m_a.apiKey.toLatin1()
                    + "\r\nIdempotency-Key: slow-1\r\nContent-Type: application/json\r\n"
                      "Content-Length: "
                    + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        QTRY_COMPARE(m_web->requestCount(), 1);
        // ...while the same one again is told to wait, and fetches nothing.
        const QJsonObject parameters {{QStringLiteral("url"), m_web->url("/slow.png").toString()}};
        const Headers key {{"Idempotency-Key", "slow-1"}};
        const HttpResult meanwhile
            = m_server->send("POST", QStringLiteral("/media"), m_a, parameters, key);
        QCOMPARE(meanwhile.status, 409);
        QCOMPARE(meanwhile.errorCode(), QStringLiteral("idempotency_in_progress"));
        QCOMPARE(m_web->requestCount(), 1);
        // The first ends refused (the stall); the key is free again for a retry.
        QCOMPARE(RawHttpClient::statusOf(first.readUntilClosed(20'000)), 422);
        m_web->route("/slow.png", FakeMediaServer::file("image/png", pngBytes(2'000)));
        const HttpResult retried
            = m_server->send("POST", QStringLiteral("/media"), m_a, parameters, key);
        QCOMPARE(retried.status, 201);
    }

    void aRequestPipelinedBehindAFetchIsNotAnsweredOutOfOrder()
    {
        start();
        m_web->route("/slow.png", FakeMediaServer::file("image/png", pngBytes(5000)));
        const QByteArray body
            = "{\"url\": \"" + m_web->url("/slow.png").toString().toLatin1() + "\"}";
        RawHttpClient client(m_server->port());
        client.write("POST /api/v2/media HTTP/1.1\r\nHost: x\r\nx-api-key: " + m_a.apiKey.toLatin1()
                     + "\r\nContent-Type: application/json\r\nContent-Length: "
                     + QByteArray::number(body.size()) + "\r\n\r\n" + body
                     + "GET /api/v2/users/me HTTP/1.1\r\nHost: x\r\nx-api-key: "
                     + m_a.apiKey.toLatin1() + "\r\n\r\n");
        const QByteArray answers = client.readUntilClosed();
        // The fetch's answer comes first and closes the connection: the client sends the
        // second request again, as HTTP clients do with unanswered pipelined requests.
        QCOMPARE(RawHttpClient::statusOf(answers), 201);
        QCOMPARE(answers.count("HTTP/1.1 "), 1);
    }

    void theToolFormFetchesToo()
    {
        start();
        const QByteArray bytes = QByteArray("GIF89a") + QByteArray(500, 'g');
        m_web->route("/a.gif", FakeMediaServer::file("image/gif", bytes));
        const HttpResult fetched = m_server->post(
            QStringLiteral("/tools/upload_media_from_url"), m_a,
            QJsonObject {{QStringLiteral("url"), m_web->url("/a.gif").toString()}});
        QCOMPARE(fetched.status, 200);
        QCOMPARE(fetched.json().value(QStringLiteral("mimeType")).toString(),
                 QStringLiteral("image/gif"));
    }

    void refusesWhatItCannotTake_data()
    {
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<FakeMediaServer::Response>("response");
        QTest::addColumn<QString>("code");
        QTest::newRow("html named png")
            << QByteArray("/page.png")
            << FakeMediaServer::file("image/png", "<!DOCTYPE html><html></html>")
            << QStringLiteral("unsupported_type");
        QTest::newRow("not found")
            << QByteArray("/gone.png") << FakeMediaServer::status(404, "Not Found")
            << QStringLiteral("fetch_failed");
        QTest::newRow("too large") << QByteArray("/big.png")
                                   << FakeMediaServer::file("image/png", pngBytes(3 * 1024 * 1024))
                                   << QStringLiteral("media_too_large");
    }
    void refusesWhatItCannotTake()
    {
        QFETCH(QByteArray, path);
        QFETCH(FakeMediaServer::Response, response);
        QFETCH(QString, code);
        start(2 * 1024 * 1024);
        m_web->route(path, response);
        const HttpResult refused = fetchFromUrl(m_web->url(path).toString());
        QCOMPARE(refused.status, 422);
        QCOMPARE(refused.errorCode(), code);
        QVERIFY2(refused.errorDetails().constFirst().startsWith(u"url:"), refused.body.constData());
        // Nothing of it was kept.
        QCOMPARE(QDir(m_server->server().mediaLibrary().incomingDirectory())
                     .entryList(QDir::Files | QDir::NoDotAndDotDot),
                 QStringList());
    }

    void refusesInternalAddressesWithoutAnAllowList_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("loopback") << QStringLiteral("http://127.0.0.1:%1/cat.png");
        QTest::newRow("localhost") << QStringLiteral("http://localhost:%1/cat.png");
        QTest::newRow("ipv6 loopback") << QStringLiteral("http://[::1]:%1/cat.png");
        QTest::newRow("ipv4-mapped") << QStringLiteral("http://[::ffff:127.0.0.1]:%1/cat.png");
        QTest::newRow("decimal") << QStringLiteral("http://2130706433:%1/cat.png");
        QTest::newRow("metadata") << QStringLiteral("http://169.254.169.254/latest/meta-data");
        QTest::newRow("private") << QStringLiteral("http://10.0.0.1/x.png");
        QTest::newRow("file") << QStringLiteral("file:///etc/passwd");
        QTest::newRow("ftp") << QStringLiteral("ftp://example.com/a.png");
    }
    void refusesInternalAddressesWithoutAnAllowList()
    {
        QFETCH(QString, url);
        start(qint64(100) * 1024 * 1024, QString());
        m_web->route("/cat.png", FakeMediaServer::file("image/png", pngBytes(1000)));
        const HttpResult refused = fetchFromUrl(url.contains(u"%1") ? url.arg(m_web->port()) : url);
        QCOMPARE(refused.status, 422);
        QCOMPARE(refused.errorCode(), QStringLiteral("url_not_allowed"));
        QCOMPARE(m_web->requestCount(), 0);
    }

    void aRedirectToAnInternalAddressIsRefused()
    {
        start(qint64(100) * 1024 * 1024, QStringLiteral("127.0.0.1"));
        m_web->route("/hop", FakeMediaServer::redirect("http://192.168.1.1/admin.png"));
        const HttpResult refused = fetchFromUrl(m_web->url("/hop").toString());
        QCOMPARE(refused.status, 422);
        QCOMPARE(refused.errorCode(), QStringLiteral("url_not_allowed"));
    }

    void uploadsToASignedAddress()
    {
        start();
        const QJsonObject created = ticket(
            json("{'filename': 'photo.png', 'contentType': 'image/png', 'size': 2500000}"));
        QVERIFY(resultSchemaErrors(m_server->server().registry(),
                                   QStringLiteral("create_upload_url"), created)
                    .isEmpty());
        QCOMPARE(created.value(QStringLiteral("expiresAt")).toString(),
                 isotime::format(m_server->clock().nowMs() + MediaLibrary::UploadWindowMs));
        const QString uploadUrl = created.value(QStringLiteral("uploadUrl")).toString();
        const QString publicUrl = created.value(QStringLiteral("publicUrl")).toString();
        QVERIFY(QUrlQuery(QUrl(uploadUrl)).hasQueryItem(QStringLiteral("signature")));
        // Not there before the upload.
        QCOMPARE(m_server->http().get(local(publicUrl)).status, 404);

        const QByteArray bytes = pngBytes(2'500'000);
        const HttpResult uploaded = put(uploadUrl, bytes, {{"Content-Type", "image/png"}});
        QCOMPARE(uploaded.status, 201);
        QVERIFY(componentSchemaErrors(m_server->server().registry(), QStringLiteral("MediaItem"),
                                      uploaded.json())
                    .isEmpty());
        QCOMPARE(uploaded.json().value(QStringLiteral("id")),
                 created.value(QStringLiteral("mediaId")));
        QCOMPARE(uploaded.json().value(QStringLiteral("url")).toString(), publicUrl);
        QCOMPARE(uploaded.json().value(QStringLiteral("sha256")).toString().toLatin1(),
                 sha256Hex(bytes));

        // Served in pieces (it is over 1 MiB), byte for byte.
        const HttpResult served = m_server->http().get(local(publicUrl));
        QCOMPARE(served.status, 200);
        QCOMPARE(served.body.size(), bytes.size());
        QVERIFY(served.body == bytes);
        const HttpResult head = m_server->http().send("HEAD", local(publicUrl));
        QCOMPARE(head.status, 200);
        QCOMPARE(head.header("Content-Length"), QByteArray::number(bytes.size()));

        // Single use.
        const HttpResult again = put(uploadUrl, bytes);
        QCOMPARE(again.status, 409);
        QCOMPARE(again.errorCode(), QStringLiteral("upload_used"));

        // And its public URL goes into a post.
        const HttpResult post = m_server->post(
            QStringLiteral("/posts"), m_a,
            QJsonObject {
                {QStringLiteral("post"),
                 QJsonObject {
                     {QStringLiteral("accountId"), m_a.linkedinAccountId},
                     {QStringLiteral("content"),
                      QJsonObject {{QStringLiteral("text"), QStringLiteral("With a photo")},
                                   {QStringLiteral("platform"), QStringLiteral("linkedin")},
                                   {QStringLiteral("mediaUrls"), QJsonArray {publicUrl}}}}}}});
        QVERIFY2(post.status == 201, post.body.constData());
    }

    // The server can die after moving an upload's file into place and before recording it; the
    // record still awaits its file, and the client sends it again.
    void anUploadReplacesTheFileOfAnAttemptThatWasNeverRecorded()
    {
        start();
        const QJsonObject created = ticket();
        const QString mediaId = created.value(QStringLiteral("mediaId")).toString();
        QFile leftover(m_server->server().mediaLibrary().filePath(mediaId));
        QVERIFY(leftover.open(QIODevice::WriteOnly));
        leftover.write(pngBytes(3'000));
        leftover.close();

        const QByteArray bytes = pngBytes(5'000);
        const HttpResult uploaded = put(created.value(QStringLiteral("uploadUrl")).toString(),
                                        bytes, {{"Content-Type", "image/png"}});
        QCOMPARE(uploaded.status, 201);
        QCOMPARE(uploaded.json().value(QStringLiteral("sha256")).toString().toLatin1(),
                 sha256Hex(bytes));
        const HttpResult served
            = m_server->http().get(local(created.value(QStringLiteral("publicUrl")).toString()));
        QCOMPARE(served.status, 200);
        QVERIFY(served.body == bytes);
    }

    // What such a server leaves behind when nobody sends the file again, or when it died
    // between moving a fetched file in and recording it, is removed at the next start.
    void aRestartRemovesFilesNoMediaOwns()
    {
        QTemporaryDir data;
        QVERIFY(data.isValid());
        ServerConfig config;
        config.writesPerMinute = 100'000;
        m_server = std::make_unique<TestServer>(config, 0, data.path());
        m_a = m_server->addTenant(QStringLiteral("Alpha"));
        const QJsonObject kept = ticket();
        const QByteArray bytes = pngBytes(4'000);
        QCOMPARE(put(kept.value(QStringLiteral("uploadUrl")).toString(), bytes).status, 201);
        const QJsonObject awaiting = ticket();
        MediaLibrary &library = m_server->server().mediaLibrary();
        const QStringList leftovers {
            library.filePath(awaiting.value(QStringLiteral("mediaId")).toString()),
            library.filePath(ids::generate(IdKind::Media))};
        for (const QString &path : leftovers) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(pngBytes(1'000));
        }
        const QString unrelated
            = QDir(QFileInfo(leftovers.first()).path()).filePath(QStringLiteral("notes.txt"));
        QFile note(unrelated);
        QVERIFY(note.open(QIODevice::WriteOnly));
        note.close();

        m_server.reset();
        m_server = std::make_unique<TestServer>(config, 0, data.path());
        for (const QString &path : leftovers)
            QVERIFY2(!QFile::exists(path), qPrintable(path));
        QVERIFY(QFile::exists(unrelated)); // only what looks like media is the library's
        const HttpResult served
            = m_server->http().get(local(kept.value(QStringLiteral("publicUrl")).toString()));
        QCOMPARE(served.status, 200);
        QVERIFY(served.body == bytes);
        // The upload still awaited can still be sent.
        const QByteArray late = pngBytes(2'000);
        QCOMPARE(put(awaiting.value(QStringLiteral("uploadUrl")).toString(), late).status, 201);
    }

    void refusesForgedExpiredAndWrongUploads()
    {
        start(1024 * 1024);
        const QByteArray png = pngBytes(10'000);

        const QString good = ticket().value(QStringLiteral("uploadUrl")).toString();
        QString forged = good;
        // A signature of the right length that is not the server's.
        forged.replace(QRegularExpression(QStringLiteral("signature=.*$")),
                       QStringLiteral("signature=") + QString(43, u'A'));
        QCOMPARE(put(forged, png).status, 404);
        QString stretched = good;
        stretched.replace(QRegularExpression(QStringLiteral("expires=\\d+")),
                          QStringLiteral("expires=99999999999"));
        QCOMPARE(put(stretched, png).status, 404);
        QCOMPARE(
            m_server->http()
                .send("PUT",
                      QStringLiteral("/uploads/med_nothinghere0000000000?expires=1&signature=x"),
                      {}, png)
                .status,
            404);

        const HttpResult html = put(good, "<html><body>not an image</body></html>");
        QCOMPARE(html.status, 415);
        QCOMPARE(html.errorCode(), QStringLiteral("unsupported_media_type"));
        // A refused upload leaves the address usable.
        QCOMPARE(put(good, png).status, 201);

        const QString typed = ticket(json("{'filename': 'a.jpg', 'contentType': 'image/jpeg'}"))
                                  .value(QStringLiteral("uploadUrl"))
                                  .toString();
        QCOMPARE(put(typed, png).status, 415);

        const QString sized = ticket(json("{'filename': 'a.png', 'size': 5}"))
                                  .value(QStringLiteral("uploadUrl"))
                                  .toString();
        const HttpResult mismatch = put(sized, png);
        QCOMPARE(mismatch.status, 422);
        QCOMPARE(mismatch.errorCode(), QStringLiteral("size_mismatch"));

        const QString big = ticket().value(QStringLiteral("uploadUrl")).toString();
        QCOMPARE(put(big, pngBytes(1024 * 1024 + 1)).status, 413);

        const QString late = ticket().value(QStringLiteral("uploadUrl")).toString();
        m_server->clock().advanceMs(MediaLibrary::UploadWindowMs);
        const HttpResult expired = put(late, png);
        QCOMPARE(expired.status, 410);
        QCOMPARE(expired.errorCode(), QStringLiteral("upload_expired"));

        const HttpResult tooBigAsked = m_server->post(
            QStringLiteral("/media/uploads"), m_a, json("{'filename': 'a.png', 'size': 2000000}"));
        QCOMPARE(tooBigAsked.status, 422);
        QCOMPARE(QDir(m_server->server().mediaLibrary().incomingDirectory())
                     .entryList(QDir::Files | QDir::NoDotAndDotDot),
                 QStringList());
    }

    void anUploadWaitsForExpectContinue()
    {
        start();
        const QString uploadUrl = ticket().value(QStringLiteral("uploadUrl")).toString();
        const QByteArray bytes = pngBytes(300'000);
        RawHttpClient client(m_server->port());
        client.write("PUT " + local(uploadUrl).toLatin1()
                     + " HTTP/1.1\r\nHost: x\r\nContent-Length: " + QByteArray::number(bytes.size())
                     + "\r\nExpect: 100-continue\r\n\r\n");
        const QByteArray interim = client.readAtLeast(25);
        QVERIFY2(interim.startsWith("HTTP/1.1 100 Continue\r\n\r\n"), interim.constData());
        client.write(bytes);
        const QByteArray answer = client.readUntilClosed();
        QVERIFY2(answer.contains("HTTP/1.1 201 "), answer.left(300).constData());
    }

    void anUploadBehindARequestIsRefusedAfterItsAnswer()
    {
        start();
        const QString uploadUrl = ticket().value(QStringLiteral("uploadUrl")).toString();
        const QByteArray bytes = pngBytes(1000);
        const QByteArray upload = "PUT " + local(uploadUrl).toLatin1()
                                  + " HTTP/1.1\r\nHost: x\r\nContent-Length: "
                                  + QByteArray::number(bytes.size()) + "\r\n\r\n" + bytes;
        {
            // One write: the request before it is still unanswered when the upload arrives.
            RawHttpClient client(m_server->port());
            client.write("GET /api/v2/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n" + upload);
            QCOMPARE(RawHttpClient::statusOf(client.readResponse()), 200); // not the refusal
            const QByteArray refusal = client.readResponse();
            QCOMPARE(RawHttpClient::statusOf(refusal), 400);
            QVERIFY2(refusal.contains("on its own"), refusal.constData());
            QVERIFY(client.waitForClose());
        }
        // Blank lines before a request are allowed (RFC 9112, 2.2), before an upload too.
        RawHttpClient client(m_server->port());
        client.write("\r\n" + upload);
        const QByteArray answer = client.readUntilClosed();
        QVERIFY2(answer.startsWith("HTTP/1.1 201 "), answer.left(300).constData());
    }

    void aClientThatStopsReadingIsClosedAndPipelinedFilesPileNothingUp()
    {
        ServerConfig config;
        config.http.bodyTimeoutMs = 500;
        config.mediaFetch.maxBytes = 64 * 1024 * 1024;
        m_server = std::make_unique<TestServer>(config);
        m_a = m_server->addTenant(QStringLiteral("Alpha"));
        const QJsonObject created = ticket();
        const QByteArray bytes = pngBytes(24 * 1024 * 1024);
        QCOMPARE(put(created.value(QStringLiteral("uploadUrl")).toString(), bytes).status, 201);
        const QByteArray path
            = local(created.value(QStringLiteral("publicUrl")).toString()).toLatin1();

        // Three requests at once, then no reading at all: one answer is started, and the
        // connection is closed once it stops moving; nothing else is answered.
        QTcpSocket client;
        client.setReadBufferSize(4096);
        client.connectToHost(QHostAddress::LocalHost, m_server->port());
        QVERIFY(client.waitForConnected(5'000));
        const QByteArray request = "GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n";
        client.write(request + request + request);
        QSignalSpy closed(&client, &QTcpSocket::disconnected);
        QTRY_VERIFY_WITH_TIMEOUT(!closed.isEmpty()
                                     || client.state() != QAbstractSocket::ConnectedState
                                     || m_server->server().openConnections() == 0,
                                 15'000);
        QTRY_COMPARE_WITH_TIMEOUT(m_server->server().openConnections(), 0, 15'000);
    }

    void unknownMediaIsNotFound()
    {
        start();
        QCOMPARE(m_server->http()
                     .get(QStringLiteral("/media/abcdefghijklmnopqrstuvwxyz012345.png"))
                     .status,
                 404);
        QCOMPARE(m_server->http().get(QStringLiteral("/media/short")).status, 404);
        QCOMPARE(m_server->http().send("DELETE", QStringLiteral("/media/abc")).status, 405);
    }
};

QTEST_GUILESS_MAIN(TestMedia)
#include "tst_media.moc"
