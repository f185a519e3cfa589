#include "server/platforms/platformhttpclient.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryFile>
#include <QTest>

using namespace slotline;

namespace {

// A platform stand-in that reads whole requests and then answers, drops the connection
// without a word, or says nothing at all; it counts the requests it got.
class StandInPlatform : public QObject
{
public:
    enum class Mode { Answer, Drop, Silent };

    StandInPlatform()
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                socket->setParent(this);
                QObject::connect(socket, &QTcpSocket::readyRead, this,
                                 [this, socket] { read(socket); });
            }
        });
        QVERIFY(m_server.listen(QHostAddress::LocalHost, 0));
    }

    QUrl url(const QString &path) const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path));
    }

    Mode mode = Mode::Answer;
    QList<QByteArray> requests; // each whole request, head and body

private:
    void read(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
        if (headEnd < 0)
            return;
        qsizetype length = 0;
        for (const QByteArray &line : buffer.first(headEnd).split('\n')) {
            if (line.toLower().startsWith("content-length:"))
                length = line.mid(15).trimmed().toLongLong();
        }
        if (buffer.size() < headEnd + 4 + length)
            return;
        requests.append(buffer);
        buffer.clear();
        switch (mode) {
        case Mode::Answer:
            socket->write("HTTP/1.1 201 Created\r\nX-RestLi-Id: urn:li:share:7\r\n"
                          "Content-Length: 0\r\nConnection: close\r\n\r\n");
            socket->disconnectFromHost();
            break;
        case Mode::Drop: socket->abort(); break;
        case Mode::Silent: break;
        }
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

PlatformResponse sendAndWait(PlatformHttpClient &client, const PlatformRequest &request)
{
    std::optional<PlatformResponse> answer;
    QObject context;
    client.send(request, &context,
                [&answer](const PlatformResponse &response) { answer = response; });
    if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, 20'000))
        return PlatformResponse {
            PlatformResponse::Failure::Unknown, QStringLiteral("no answer"), -1, {}, {}};
    return *answer;
}

PlatformRequest post(const QUrl &url)
{
    PlatformRequest request;
    request.method = "POST";
    request.url = url;
    request.headers = {{"Content-Type", "application/json"}, {"LinkedIn-Version", "202510"}};
    request.body = "{\"commentary\":\"Hello\"}";
    return request;
}

} // namespace

class TestPlatformHttpClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void anAnswerArrivesWithItsHeaders()
    {
        StandInPlatform platform;
        PlatformHttpClient client;
        const PlatformResponse response
            = sendAndWait(client, post(platform.url(QStringLiteral("/rest/posts"))));
        QVERIFY(response.answered());
        QCOMPARE(response.status, 201);
        QCOMPARE(response.header("x-restli-id"), QByteArray("urn:li:share:7"));
        QVERIFY(response.body.isEmpty());
        QCOMPARE(platform.requests.size(), 1);
        const QByteArray sent = platform.requests.first();
        QVERIFY(sent.startsWith("POST /rest/posts HTTP/1.1\r\n"));
        QVERIFY(sent.contains("\r\nLinkedIn-Version: 202510\r\n"));
        QVERIFY(sent.endsWith("{\"commentary\":\"Hello\"}"));
        QVERIFY(!sent.contains("Expect:"));
    }

    // The reason this client exists: a POST whose connection drops after it was sent is
    // reported as an unknown outcome, and never sent again.
    void aDroppedConnectionIsAnUnknownOutcomeAndNothingIsResent()
    {
        StandInPlatform platform;
        platform.mode = StandInPlatform::Mode::Drop;
        PlatformHttpClient client;
        const PlatformResponse response
            = sendAndWait(client, post(platform.url(QStringLiteral("/2/tweets"))));
        QVERIFY(response.failure == PlatformResponse::Failure::Unknown);
        QVERIFY(!response.failureText.isEmpty());
        QTest::qWait(300); // time for a resend to arrive, if one were made
        QCOMPARE(platform.requests.size(), 1);
    }

    void aTimeoutAfterSendingIsAnUnknownOutcome()
    {
        StandInPlatform platform;
        platform.mode = StandInPlatform::Mode::Silent;
        PlatformHttpClient client;
        PlatformRequest request = post(platform.url(QStringLiteral("/2/tweets")));
        request.timeoutMs = 300;
        const PlatformResponse response = sendAndWait(client, request);
        QVERIFY(response.failure == PlatformResponse::Failure::Unknown);
        QCOMPARE(platform.requests.size(), 1);
    }

    void aRefusedConnectionWasNeverSent()
    {
        quint16 closedPort = 0;
        {
            QTcpServer server;
            QVERIFY(server.listen(QHostAddress::LocalHost, 0));
            closedPort = server.serverPort();
        }
        PlatformHttpClient client;
        const PlatformResponse response = sendAndWait(
            client, post(QUrl(QStringLiteral("http://127.0.0.1:%1/2/tweets").arg(closedPort))));
        QVERIFY(response.failure == PlatformResponse::Failure::NotSent);
    }

    // A video goes out from its file, the stated part of it and nothing else.
    void aBodyIsSentFromItsFile()
    {
        QTemporaryFile file;
        QVERIFY(file.open());
        QByteArray content;
        for (int i = 0; i < 300'000; ++i)
            content.append(char('a' + i % 26));
        QCOMPARE(file.write(content), content.size());
        QVERIFY(file.flush());

        StandInPlatform platform;
        PlatformHttpClient client;
        PlatformRequest request;
        request.method = "POST";
        request.url = platform.url(QStringLiteral("/upload:1"));
        request.headers = {{"file_offset", "1000"}};
        request.bodyFile = file.fileName();
        request.bodyOffset = 1000;
        request.bodyLength = 250'000;
        const PlatformResponse response = sendAndWait(client, request);
        QVERIFY(response.answered());
        QCOMPARE(response.status, 201);
        QCOMPARE(platform.requests.size(), 1);
        const QByteArray sent = platform.requests.first();
        QVERIFY(sent.contains("\r\nContent-Length: 250000\r\n"));
        QCOMPARE(sent.sliced(sent.indexOf("\r\n\r\n") + 4), content.sliced(1000, 250'000));
    }

    // A file shorter than the part to send is not sent cut short: it is not sent at all.
    void aFileTooShortForItsPartIsNotSent()
    {
        QTemporaryFile file;
        QVERIFY(file.open());
        QCOMPARE(file.write(QByteArray(100, 'x')), 100);
        QVERIFY(file.flush());

        StandInPlatform platform;
        PlatformHttpClient client;
        PlatformRequest request;
        request.method = "POST";
        request.url = platform.url(QStringLiteral("/upload:1"));
        request.bodyFile = file.fileName();
        request.bodyLength = 101;
        const PlatformResponse response = sendAndWait(client, request);
        QVERIFY(response.failure == PlatformResponse::Failure::NotSent);
        QVERIFY(response.failureText.contains(file.fileName()));
        QTest::qWait(200);
        QCOMPARE(platform.requests.size(), 0);
    }

    void noAnswerReachesAReceiverThatIsGone()
    {
        StandInPlatform platform;
        PlatformHttpClient client;
        bool called = false;
        auto context = std::make_unique<QObject>();
        client.send(post(platform.url(QStringLiteral("/2/tweets"))), context.get(),
                    [&called](const PlatformResponse &) { called = true; });
        context.reset();
        QTRY_COMPARE(platform.requests.size(), 1);
        QTest::qWait(200);
        QVERIFY(!called);
    }
};

QTEST_GUILESS_MAIN(TestPlatformHttpClient)
#include "tst_platformhttpclient.moc"
