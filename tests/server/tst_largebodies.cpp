#include "support/httptestclient.h"
#include "support/rawhttpclient.h"
#include "support/serveprocess.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QUrl>

#include <sys/resource.h>

using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;

namespace {

const QString ServerBinary = QStringLiteral(SLOTLINE_SERVER_BINARY);
constexpr qint64 MiB = 1024 * 1024;
// What the server may grow by while a large body passes: its buffers, not the body.
constexpr qint64 FlatKb = 16 * 1024;

rlim_t hardFileLimit()
{
    rlimit limit {};
    ::getrlimit(RLIMIT_NOFILE, &limit);
    return limit.rlim_max;
}

QByteArray pngStart()
{
    return QByteArray("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16);
}

// Sends `head`, then up to `bodyBytes` of body as fast as the server takes them, until the
// server closes the connection; what the server answered, and how much of the body the
// kernel took on the way (this side's buffers included).
std::pair<QByteArray, qint64> stream(quint16 port, const QByteArray &head, qint64 bodyBytes)
{
    RawHttpClient client(port);
    client.write(head);
    QByteArray chunk(4 * MiB, 'x');
    chunk.replace(0, pngStart().size(), pngStart());
    qint64 attempted = 0;
    QByteArray answer;
    while (client.isConnected() && attempted < bodyBytes) {
        if (client.socket().bytesToWrite() < chunk.size()) {
            const qint64 now = std::min<qint64>(chunk.size(), bodyBytes - attempted);
            client.socket().write(chunk.first(now));
            attempted += now;
            chunk.fill('x'); // only the first chunk starts like a PNG
        }
        QTest::qWait(1);
    }
    const qint64 delivered = attempted - client.socket().bytesToWrite();
    return {client.readUntilClosed(60'000), delivered};
}

} // namespace

// Bodies far larger than any the server keeps, against `slotline-server serve` in a
// process of its own so that its memory is measured alone: refused ones are not read into
// memory, and an upload it takes is streamed to disk.
class TestLargeBodies : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ServeProcess> m_server;
    QString m_apiKey;

    QString uploadAddress()
    {
        HttpTestClient http(m_server->port());
        const HttpResult ticket
            = http.send("POST", u"/api/v2/media/uploads"_s,
                        withKey(m_apiKey, {{"Content-Type", "application/json"}}),
                        "{\"filename\": \"large.png\", \"contentType\": \"image/png\"}");
        const QUrl address(ticket.json().value(u"uploadUrl"_s).toString());
        return address.path(QUrl::FullyEncoded) + u'?' + address.query(QUrl::FullyEncoded);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_server
            = std::make_unique<ServeProcess>(ServerBinary, 1024, hardFileLimit(), QStringList(),
                                             QStringList {u"init-demo"_s, u"--json"_s});
        QVERIFY2(m_server->port() != 0, qPrintable(m_server->standardError()));
        m_apiKey = QJsonDocument::fromJson(m_server->preparation())
                       .object()
                       .value(u"apiKey"_s)
                       .toString();
        QVERIFY(m_apiKey.startsWith(u"slk_"));
        // Everything a request needs is in memory once one has been served.
        QVERIFY(!uploadAddress().isEmpty());
    }
    void cleanupTestCase()
    {
        QVERIFY2(m_server->stop(), qPrintable(m_server->standardError()));
        m_server.reset();
    }

    void aGigabyteBodyIsRefusedAndLeavesMemoryFlat_data()
    {
        QTest::addColumn<QString>("target");
        QTest::newRow("JSON body") << u"/api/v2/posts"_s;
        QTest::newRow("upload") << QString();
    }
    void aGigabyteBodyIsRefusedAndLeavesMemoryFlat()
    {
        QFETCH(QString, target);
        if (target.isEmpty())
            target = uploadAddress(); // over the 100 MiB an upload may have
        const qint64 peakBefore = m_server->peakResidentKb();
        const QByteArray head = "POST " + target.toLatin1()
                                + " HTTP/1.1\r\nHost: x\r\nx-api-key: " + m_apiKey.toLatin1()
                                + "\r\nContent-Type: application/json\r\nContent-Length: "
                                + QByteArray::number(1024 * MiB) + "\r\n\r\n";
        const auto [answer, delivered] = stream(
            m_server->port(),
            target.startsWith(u"/uploads/") ? QByteArray(head).replace("POST", "PUT") : head,
            1024 * MiB);
        QCOMPARE(RawHttpClient::statusOf(answer), 413);
        const qint64 grownKb = m_server->peakResidentKb() - peakBefore;
        qInfo("a gigabyte body: %lld MiB taken before the server hung up, peak memory %+lld KiB",
              delivered / MiB, grownKb);
        QVERIFY2(grownKb < FlatKb, qPrintable(QString::number(grownKb)));
    }

    void aLargeUploadIsStreamedToDiskNotHeldInMemory()
    {
        const QString target = uploadAddress();
        const qint64 size = 90 * MiB;
        const qint64 peakBefore = m_server->peakResidentKb();
        const QByteArray head = "PUT " + target.toLatin1()
                                + " HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\n"
                                  "Content-Length: "
                                + QByteArray::number(size) + "\r\n\r\n";
        const QByteArray answer = stream(m_server->port(), head, size).first;
        QVERIFY2(RawHttpClient::statusOf(answer) == 201, answer.left(400).constData());
        const QJsonObject media = QJsonDocument::fromJson(RawHttpClient::bodyOf(answer)).object();
        QCOMPARE(media.value(u"size"_s).toInteger(), size);
        const qint64 grownKb = m_server->peakResidentKb() - peakBefore;
        qInfo("a %lld MiB upload: peak memory %+lld KiB", size / MiB, grownKb);
        QVERIFY2(grownKb < FlatKb, qPrintable(QString::number(grownKb)));
    }
};

QTEST_GUILESS_MAIN(TestLargeBodies)
#include "tst_largebodies.moc"
