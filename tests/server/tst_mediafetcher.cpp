#include "server/media/addresspolicy.h"
#include "server/media/mediafetch.h"
#include "server/media/mediafetcher.h"
#include "server/media/mediatype.h"
#include "support/fakemediaserver.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHostInfo>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

using namespace slotline;
using namespace slotline::test;

namespace {

using Framing = FakeMediaServer::Response::Framing;
using Code = MediaFetchError::Code;

constexpr int WaitMs = 60'000; // generous: sanitizers and a busy machine are slow

// Bytes that look like nothing in particular, the same for the same seed.
QByteArray filler(qsizetype size, quint32 seed)
{
    QByteArray bytes(size, Qt::Uninitialized);
    quint32 state = seed;
    for (char &byte : bytes) {
        state = state * 1664525u + 1013904223u;
        byte = char(state >> 24);
    }
    return bytes;
}

QByteArray bigEndian32(quint32 value)
{
    QByteArray bytes;
    for (int shift = 24; shift >= 0; shift -= 8)
        bytes.append(char((value >> shift) & 0xff));
    return bytes;
}

QByteArray littleEndian32(quint32 value)
{
    QByteArray bytes;
    for (int shift = 0; shift <= 24; shift += 8)
        bytes.append(char((value >> shift) & 0xff));
    return bytes;
}

// A file of `size` bytes in total that starts like `head`.
QByteArray startingWith(const QByteArray &head, qsizetype size, quint32 seed = 1)
{
    return head + filler(std::max<qsizetype>(0, size - head.size()), seed);
}

QByteArray pngHead()
{
    return QByteArray("\x89PNG\r\n\x1a\n") + bigEndian32(13) + "IHDR";
}

QByteArray jpegHead()
{
    return QByteArray("\xff\xd8\xff\xe0") + bigEndian32(0x00104a46) + "IF";
}

QByteArray webpHead(quint32 riffSize)
{
    return "RIFF" + littleEndian32(riffSize) + "WEBPVP8 ";
}

QByteArray ftyp(const QByteArray &majorBrand, const QByteArray &compatible = "isomiso2")
{
    return bigEndian32(quint32(16 + compatible.size())) + "ftyp" + majorBrand + bigEndian32(0x200)
           + compatible;
}

QByteArray png(qsizetype size)
{
    return startingWith(pngHead(), size, 2);
}

QByteArray html()
{
    return "<!DOCTYPE html>\n<html><head><title>Not an image</title></head>"
           "<body><p>This page only has a name that looks like an image.</p></body></html>\n";
}

struct Outcome
{
    bool finished = false;
    qsizetype emissions = 0;
    std::optional<MediaFetchResult> result;
    std::optional<MediaFetchError> error;

    QString code() const { return error ? error->codeName() : QStringLiteral("(none)"); }
    QString message() const { return error ? error->message : QString(); }
};

} // namespace

class TestMediaFetcher : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_directory;
    std::unique_ptr<QNetworkAccessManager> m_manager;
    std::unique_ptr<FakeMediaServer> m_server;

    static AddressPolicy allowing(const QString &allowList)
    {
        QString error;
        const auto policy = AddressPolicy::fromAllowList(allowList, &error);
        if (!policy)
            qFatal("bad allow-list in the test: %s", qPrintable(error));
        return *policy;
    }

    std::unique_ptr<MediaFetcher> fetcher(const AddressPolicy &policy,
                                          const MediaFetchLimits &limits = {})
    {
        return std::make_unique<MediaFetcher>(m_manager.get(), policy, limits, m_directory->path());
    }

    // A fetcher that may fetch from the fake server and nowhere else inside.
    std::unique_ptr<MediaFetcher> localFetcher(const MediaFetchLimits &limits = {})
    {
        return fetcher(allowing(QStringLiteral("127.0.0.1")), limits);
    }

    static Outcome run(MediaFetcher &fetcher, const QUrl &url)
    {
        MediaFetch *fetch = fetcher.fetch(url);
        QSignalSpy spy(fetch, &MediaFetch::finished);
        Outcome outcome;
        outcome.finished = QTest::qWaitFor([&] { return spy.count() > 0; }, WaitMs);
        QTest::qWait(0); // a second finished() would be emitted by now
        outcome.emissions = spy.count();
        outcome.result = fetch->result();
        outcome.error = fetch->error();
        delete fetch;
        return outcome;
    }

    QStringList storedFiles() const
    {
        return QDir(m_directory->path()).entryList(QDir::Files | QDir::Hidden | QDir::System);
    }

    // Files open in the target directory, named or not (a QTemporaryFile on Linux has no
    // name until it is finished), as /proc/self/fd tells; 0 where there is no /proc.
    int openFiles() const
    {
        const QString directory = QDir(m_directory->path()).canonicalPath() + u'/';
        int open = 0;
        const QDir descriptors(QStringLiteral("/proc/self/fd"));
        for (const QFileInfo &descriptor : descriptors.entryInfoList(QDir::Files | QDir::System)) {
            if (descriptor.symLinkTarget().startsWith(directory))
                ++open;
        }
        return open;
    }

    static quint16 closedPort()
    {
        QTcpServer server;
        if (!server.listen(QHostAddress::LocalHost, 0))
            return 0;
        const quint16 port = server.serverPort();
        server.close();
        return port;
    }

private Q_SLOTS:
    void init()
    {
        m_directory = std::make_unique<QTemporaryDir>();
        QVERIFY(m_directory->isValid());
        m_manager = std::make_unique<QNetworkAccessManager>();
        m_server = std::make_unique<FakeMediaServer>();
        QVERIFY(m_server->port() != 0);
    }

    void cleanup()
    {
        m_server.reset();
        m_manager.reset();
        m_directory.reset();
    }

    void sniffsTypesByContent_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<QString>("mimeType"); // empty: refused

        QTest::newRow("png") << pngHead() << QStringLiteral("image/png");
        QTest::newRow("png signature only")
            << QByteArray("\x89PNG\r\n\x1a\n") << QStringLiteral("image/png");
        QTest::newRow("jpeg, JFIF") << jpegHead() << QStringLiteral("image/jpeg");
        QTest::newRow("jpeg, Exif") << QByteArray(QByteArray("\xff\xd8\xff\xe1\x12\x34") + "Exif")
                                    << QStringLiteral("image/jpeg");
        QTest::newRow("gif87a") << startingWith("GIF87a", 16) << QStringLiteral("image/gif");
        QTest::newRow("gif89a") << startingWith("GIF89a", 16) << QStringLiteral("image/gif");
        QTest::newRow("webp") << webpHead(1000) << QStringLiteral("image/webp");
        for (const char *brand :
             {"isom", "iso2", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "dash"}) {
            QTest::addRow("mp4, major brand %s", brand)
                << ftyp(brand) << QStringLiteral("video/mp4");
        }

        QTest::newRow("html") << html() << QString();
        QTest::newRow("plain text") << QByteArray("hello, world") << QString();
        QTest::newRow("empty") << QByteArray() << QString();
        QTest::newRow("png cut short") << QByteArray("\x89PNG\r\n\x1a") << QString();
        QTest::newRow("jpeg SOI alone") << QByteArray("\xff\xd8") << QString();
        QTest::newRow("GIF of no known version") << startingWith("GIF90a", 16) << QString();
        QTest::newRow("RIFF of a WAVE")
            << QByteArray("RIFF" + littleEndian32(1000) + "WAVEfmt ") << QString();
        QTest::newRow("QuickTime movie") << ftyp("qt  ", "qt  ") << QString();
        QTest::newRow("M4A audio") << ftyp("M4A ", "M4A mp42isom") << QString();
        QTest::newRow("HEIF image") << ftyp("heic", "mif1heic") << QString();
        QTest::newRow("3GPP") << ftyp("3gp4", "isom3gp4") << QString();
        QTest::newRow("ftyp box too small for a brand")
            << QByteArray(bigEndian32(8) + "ftypisom" + bigEndian32(0)) << QString();
        QTest::newRow("ftyp not at offset 4") << QByteArray("x" + ftyp("isom")) << QString();
    }

    void sniffsTypesByContent()
    {
        QFETCH(QByteArray, head);
        QFETCH(QString, mimeType);

        QCOMPARE(MediaType::sniff(head).value_or(QString()), mimeType);
        // Whatever follows the first bytesNeeded() bytes changes nothing.
        const QByteArray longer = head + filler(1000, 3);
        QCOMPARE(MediaType::sniff(QByteArrayView(longer).first(MediaType::bytesNeeded()))
                     .value_or(QString()),
                 MediaType::sniff(longer).value_or(QString()));
    }

    void describesTheAcceptedTypes()
    {
        const QStringList accepted = MediaType::accepted();
        QCOMPARE(accepted, QStringList({QStringLiteral("image/png"), QStringLiteral("image/jpeg"),
                                        QStringLiteral("image/gif"), QStringLiteral("image/webp"),
                                        QStringLiteral("video/mp4")}));
        QCOMPARE(MediaType::extension(QStringLiteral("image/png")), QStringLiteral("png"));
        QCOMPARE(MediaType::extension(QStringLiteral("image/jpeg")), QStringLiteral("jpg"));
        QCOMPARE(MediaType::extension(QStringLiteral("image/gif")), QStringLiteral("gif"));
        QCOMPARE(MediaType::extension(QStringLiteral("image/webp")), QStringLiteral("webp"));
        QCOMPARE(MediaType::extension(QStringLiteral("video/mp4")), QStringLiteral("mp4"));
        QCOMPARE(MediaType::extension(QStringLiteral("text/html")), QString());
        QVERIFY(MediaType::bytesNeeded() >= 12);
    }

    void fetchesEachMediaType_data()
    {
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QByteArray>("servedAs");
        QTest::addColumn<Framing>("framing");
        QTest::addColumn<QString>("mimeType");

        // Sizes past the reply's read buffer, so that the body arrives in many pieces.
        QTest::newRow("png") << QByteArray("/image.png") << png(300 * 1024)
                             << QByteArray("image/png") << Framing::ContentLength
                             << QStringLiteral("image/png");
        QTest::newRow("jpeg, chunked")
            << QByteArray("/photo.jpg") << startingWith(jpegHead(), 700 * 1024)
            << QByteArray("image/jpeg") << Framing::Chunked << QStringLiteral("image/jpeg");
        QTest::newRow("gif, until the connection closes")
            << QByteArray("/anim.gif") << startingWith("GIF89a", 40 * 1024)
            << QByteArray("image/gif") << Framing::UntilClose << QStringLiteral("image/gif");
        QTest::newRow("webp") << QByteArray("/image.webp") << startingWith(webpHead(2040), 2048)
                              << QByteArray("image/webp") << Framing::ContentLength
                              << QStringLiteral("image/webp");
        QTest::newRow("mp4") << QByteArray("/clip.mp4")
                             << startingWith(ftyp("isom"), 3 * 1024 * 1024)
                             << QByteArray("video/mp4") << Framing::ContentLength
                             << QStringLiteral("video/mp4");
        QTest::newRow("png served under another name and type")
            << QByteArray("/download") << png(5000) << QByteArray("application/octet-stream")
            << Framing::ContentLength << QStringLiteral("image/png");
        QTest::newRow("a file shorter than the sniffed head")
            << QByteArray("/tiny.png") << QByteArray("\x89PNG\r\n\x1a\n") << QByteArray("image/png")
            << Framing::ContentLength << QStringLiteral("image/png");
    }

    void fetchesEachMediaType()
    {
        QFETCH(QByteArray, path);
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, servedAs);
        QFETCH(Framing, framing);
        QFETCH(QString, mimeType);

        m_server->route(path, FakeMediaServer::file(servedAs, body, framing));
        auto media = localFetcher();
        const Outcome outcome = run(*media, m_server->url(path));

        QVERIFY(outcome.finished);
        QCOMPARE(outcome.emissions, 1);
        QVERIFY2(outcome.result, qPrintable(outcome.message()));
        QVERIFY(!outcome.error);
        QCOMPARE(outcome.result->mimeType, mimeType);
        QCOMPARE(outcome.result->size, body.size());
        QCOMPARE(outcome.result->sha256,
                 QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex());

        // The file is in the target directory, named for its type, and the caller's: it
        // outlives the fetch.
        const QFileInfo stored(outcome.result->filePath);
        QCOMPARE(stored.absolutePath(), QDir(m_directory->path()).absolutePath());
        QCOMPARE(stored.suffix(), MediaType::extension(mimeType));
        QCOMPARE(storedFiles(), QStringList {stored.fileName()});
        QFile file(outcome.result->filePath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll() == body);

        // What the fetch asked for.
        QCOMPARE(m_server->requestCount(), 1);
        QCOMPARE(m_server->requestHeader(0, "Host"),
                 QByteArray("127.0.0.1:" + QByteArray::number(m_server->port())));
        QCOMPARE(m_server->requestHeader(0, "Accept-Encoding"), QByteArray("identity"));
    }

    void refusesOtherContent_data()
    {
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<FakeMediaServer::Response>("response");

        QTest::newRow("an html page")
            << QByteArray("/page.html") << FakeMediaServer::file("text/html", html());
        QTest::newRow("an html page named and served as a png")
            << QByteArray("/photo.png") << FakeMediaServer::file("image/png", html());
        QTest::newRow("an html page, chunked")
            << QByteArray("/photo.png")
            << FakeMediaServer::file("image/png", html(), Framing::Chunked);
        QTest::newRow("a few bytes of text")
            << QByteArray("/short.gif") << FakeMediaServer::file("image/gif", "GIF");
        QTest::newRow("nothing at all")
            << QByteArray("/empty.png") << FakeMediaServer::file("image/png", QByteArray());
        QTest::newRow("a QuickTime movie")
            << QByteArray("/clip.mp4")
            << FakeMediaServer::file("video/mp4", startingWith(ftyp("qt  ", "qt  "), 4096));
    }

    void refusesOtherContent()
    {
        QFETCH(QByteArray, path);
        QFETCH(FakeMediaServer::Response, response);

        m_server->route(path, response);
        auto media = localFetcher();
        const Outcome outcome = run(*media, m_server->url(path));

        QVERIFY(outcome.finished);
        QCOMPARE(outcome.emissions, 1);
        QVERIFY(!outcome.result);
        QCOMPARE(outcome.code(), QStringLiteral("unsupported_type"));
        QCOMPARE(storedFiles(), QStringList());
    }

    void givesUpOnUnsupportedContentEarly()
    {
        // The page says 50 MiB are coming and then sends nothing more: only a fetch that
        // judges the first bytes finishes before the (long) stall timeout.
        auto response = FakeMediaServer::file("image/png", html());
        response.announcedLength = 50 * 1024 * 1024;
        m_server->route("/photo.png", response);
        auto media = localFetcher();
        const Outcome outcome = run(*media, m_server->url("/photo.png"));

        QVERIFY(outcome.finished);
        QCOMPARE(outcome.code(), QStringLiteral("unsupported_type"));
        QCOMPARE(storedFiles(), QStringList());
    }

    void refusesWhatContentLengthSaysIsTooLarge()
    {
        // A terabyte announced, a kilobyte sent, then nothing: refused on the headers.
        auto response = FakeMediaServer::file("image/png", png(1024));
        response.announcedLength = qint64(1) << 40;
        m_server->route("/huge.png", response);
        MediaFetchLimits limits;
        limits.maxBytes = 1024 * 1024;
        auto media = localFetcher(limits);
        const Outcome outcome = run(*media, m_server->url("/huge.png"));

        QVERIFY(outcome.finished);
        QCOMPARE(outcome.emissions, 1);
        QCOMPARE(outcome.code(), QStringLiteral("too_large"));
        QCOMPARE(storedFiles(), QStringList());
    }

    void refusesTooLargeWhileStreaming_data()
    {
        QTest::addColumn<Framing>("framing");
        QTest::newRow("chunked") << Framing::Chunked;
        QTest::newRow("until the connection closes") << Framing::UntilClose;
    }

    void refusesTooLargeWhileStreaming()
    {
        QFETCH(Framing, framing);

        m_server->route("/big.png", FakeMediaServer::file("image/png", png(1024 * 1024), framing));
        MediaFetchLimits limits;
        limits.maxBytes = 64 * 1024;
        auto media = localFetcher(limits);
        const Outcome outcome = run(*media, m_server->url("/big.png"));

        QVERIFY(outcome.finished);
        QCOMPARE(outcome.emissions, 1);
        QCOMPARE(outcome.code(), QStringLiteral("too_large"));
        QCOMPARE(storedFiles(), QStringList());
    }

    void takesAFileOfExactlyTheLimit_data()
    {
        QTest::addColumn<qsizetype>("size");
        QTest::addColumn<QString>("code");
        QTest::newRow("at the limit") << qsizetype(64 * 1024) << QStringLiteral("(none)");
        QTest::newRow("one byte more") << qsizetype(64 * 1024 + 1) << QStringLiteral("too_large");
    }

    void takesAFileOfExactlyTheLimit()
    {
        QFETCH(qsizetype, size);
        QFETCH(QString, code);

        m_server->route("/edge.png",
                        FakeMediaServer::file("image/png", png(size), Framing::Chunked));
        MediaFetchLimits limits;
        limits.maxBytes = 64 * 1024;
        auto media = localFetcher(limits);
        const Outcome outcome = run(*media, m_server->url("/edge.png"));

        QVERIFY(outcome.finished);
        QCOMPARE(outcome.code(), code);
        if (outcome.result)
            QCOMPARE(outcome.result->size, size);
        QCOMPARE(storedFiles().size(), outcome.result ? 1 : 0);
    }

    void reportsHttpErrors_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("reason");
        QTest::newRow("404") << 404 << QByteArray("Not Found");
        QTest::newRow("403") << 403 << QByteArray("Forbidden");
        QTest::newRow("500") << 500 << QByteArray("Internal Server Error");
        QTest::newRow("300 is no redirect to follow") << 300 << QByteArray("Multiple Choices");
    }

    void reportsHttpErrors()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, reason);

        m_server->route("/gone.png", FakeMediaServer::status(status, reason));
        auto media = localFetcher();
        const Outcome outcome = run(*media, m_server->url("/gone.png"));

        QVERIFY(outcome.finished);
        QCOMPARE(outcome.emissions, 1);
        QCOMPARE(outcome.code(), QStringLiteral("fetch_failed"));
        QVERIFY2(outcome.message().contains(QString::number(status)),
                 qPrintable(outcome.message()));
        QCOMPARE(storedFiles(), QStringList());
    }

    void reportsAnUnknownPathAsNotFound()
    {
        auto media = localFetcher();
        const Outcome outcome = run(*media, m_server->url("/nothing-here.png"));
        QCOMPARE(outcome.code(), QStringLiteral("fetch_failed"));
        QVERIFY2(outcome.message().contains(u"404"), qPrintable(outcome.message()));
    }

    void followsFiveRedirects()
    {
        const QByteArray origin = "http://127.0.0.1:" + QByteArray::number(m_server->port());
        // Every status that redirects, and every form a Location takes.
        m_server->route("/r5", FakeMediaServer::redirect("/r4", 301));
        m_server->route("/r4", FakeMediaServer::redirect("r3", 302)); // relative path
        m_server->route("/r3", FakeMediaServer::redirect(origin + "/r2", 303)); // absolute
        m_server->route("/r2", FakeMediaServer::redirect("//127.0.0.1:" // scheme-relative
                                                             + QByteArray::number(m_server->port())
                                                             + "/r1",
                                                         307));
        m_server->route("/r1", FakeMediaServer::redirect("/media/image.png?size=large", 308));
        const QByteArray body = png(10 * 1024);
        m_server->route("/media/image.png", FakeMediaServer::file("image/png", body));

        auto media = localFetcher();
        MediaFetch *fetch = media->fetch(m_server->url("/r5"));
        QSignalSpy spy(fetch, &MediaFetch::finished);
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, WaitMs);

        QVERIFY2(fetch->result(), qPrintable(fetch->error() ? fetch->error()->message : QString()));
        QCOMPARE(fetch->result()->size, body.size());
        QCOMPARE(fetch->url(), m_server->url("/r5"));
        QCOMPARE(fetch->finalUrl(), m_server->url("/media/image.png?size=large"));
        QCOMPARE(m_server->requestCount(), 6);
        QCOMPARE(storedFiles().size(), 1);
    }

    void refusesASixthRedirect()
    {
        for (int hop = 6; hop >= 1; --hop) {
            const QByteArray next
                = hop > 1 ? QByteArray("/s" + QByteArray::number(hop - 1)) : "/image.png";
            m_server->route("/s" + QByteArray::number(hop), FakeMediaServer::redirect(next));
        }
        m_server->route("/image.png", FakeMediaServer::file("image/png", png(1024)));

        auto media = localFetcher();
        const Outcome outcome = run(*media, m_server->url("/s6"));

        QVERIFY(outcome.finished);
        QCOMPARE(outcome.emissions, 1);
        QCOMPARE(outcome.code(), QStringLiteral("fetch_failed"));
        QVERIFY2(outcome.message().contains(u"redirects"), qPrintable(outcome.message()));
        QCOMPARE(m_server->requestCount(), 6); // the sixth redirect is not followed
        QCOMPARE(storedFiles(), QStringList());
    }

    void refusesRedirectsToRefusedUrls_data()
    {
        QTest::addColumn<QByteArray>("location");
        QTest::addColumn<QString>("why");

        QTest::newRow("private address")
            << QByteArray("http://10.0.0.1/image.png") << QStringLiteral("private");
        QTest::newRow("IPv4-mapped private address")
            << QByteArray("http://[::ffff:192.168.0.1]/image.png") << QStringLiteral("private");
        QTest::newRow("cloud metadata") << QByteArray("http://169.254.169.254/latest/meta-data/")
                                        << QStringLiteral("link-local");
        QTest::newRow("another loopback address")
            << QByteArray("http://127.0.0.2/image.png") << QStringLiteral("loopback");
        QTest::newRow("IPv6 loopback")
            << QByteArray("http://[::1]/image.png") << QStringLiteral("loopback");
        QTest::newRow("decimal IPv4")
            << QByteArray("http://167772161/image.png") << QStringLiteral("private");
        QTest::newRow("ftp") << QByteArray("ftp://127.0.0.1/image.png")
                             << QStringLiteral("http and https");
        QTest::newRow("file") << QByteArray("file:///etc/passwd")
                              << QStringLiteral("http and https");
        QTest::newRow("credentials")
            << QByteArray("http://user:secret@127.0.0.1/image.png") << QStringLiteral("user name");
    }

    void refusesRedirectsToRefusedUrls()
    {
        QFETCH(QByteArray, location);
        QFETCH(QString, why);

        m_server->route("/image.png", FakeMediaServer::file("image/png", png(1024)));
        m_server->route("/away", FakeMediaServer::redirect(location));
        auto media = localFetcher();
        const Outcome outcome = run(*media, m_server->url("/away"));

        QVERIFY(outcome.finished);
        QCOMPARE(outcome.emissions, 1);
        QCOMPARE(outcome.code(), QStringLiteral("url_not_allowed"));
        QVERIFY2(outcome.message().startsWith(u"the redirect to ")
                     && outcome.message().contains(why),
                 qPrintable(outcome.message()));
        QVERIFY(!outcome.message().contains(u"secret"));
        QCOMPARE(m_server->requestCount(), 1); // the redirect, and nothing after it
        QCOMPARE(storedFiles(), QStringList());
    }

    void refusesInternalUrls_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("why"); // a word of the message

        const auto row = [](const char *url, const char *why) {
            QTest::newRow(url) << QString::fromLatin1(url) << QString::fromLatin1(why);
        };
        row("http://127.0.0.1/", "loopback");
        row("http://localhost/", "loopback");
        row("http://[::1]/", "loopback");
        row("http://[::ffff:127.0.0.1]/", "loopback");
        row("http://169.254.169.254/", "link-local");
        row("http://10.1.2.3/", "private");
        row("http://192.168.1.1/", "private");
        row("http://172.16.0.1/", "private");
        row("http://0.0.0.0/", "this network");
        row("http://0/", "this network");
        row("http://2130706433/", "loopback");
        row("http://0x7f.1/", "loopback");
        row("http://0177.0.0.1/", "loopback");
        row("http://127.1/", "loopback");
        row("http://[fe80::1]/", "link-local");
        row("http://[fd00::1]/", "unique local");
        row("http://224.0.0.1/", "multicast");
        row("http://100.64.0.1/", "carrier-grade NAT");
        row("https://127.0.0.1/", "loopback");
        row("ftp://example.com/", "http and https");
        row("file:///etc/passwd", "http and https");
        row("gopher://127.0.0.1:70/", "http and https");
        row("http://user:pass@127.0.0.1/", "user name");
        row("http://user@example.com/", "user name");
        row("http:///image.png", "no host");
        // More spellings of an internal address.
        row("http://0x7f000001/", "loopback");
        row("http://017700000001/", "loopback");
        row("http://[::127.0.0.1]/", "IPv4-compatible");
        row("http://[64:ff9b::7f00:1]/", "IPv6 form of 127.0.0.1");
        row("http://[::ffff:169.254.169.254]/", "link-local");
        row("http://[2002:a9fe:a9fe::1]/", "IPv6 form of 169.254.169.254");
        row("http://[fec0::1]/", "site-local");
    }

    void refusesInternalUrls()
    {
        QFETCH(QString, url);
        QFETCH(QString, why);

        auto media = fetcher(AddressPolicy()); // no allow-list
        const Outcome outcome = run(*media, QUrl(url));

        QVERIFY(outcome.finished);
        QCOMPARE(outcome.emissions, 1);
        QCOMPARE(outcome.code(), QStringLiteral("url_not_allowed"));
        QVERIFY2(outcome.message().contains(why), qPrintable(outcome.message()));
        QVERIFY(!outcome.message().contains(u":pass@"));
        QCOMPARE(storedFiles(), QStringList());
    }

    void refusesARedirectToANameThatResolvesToARefusedAddress()
    {
        // The redirect names a host, not an address: what it resolves to (127.0.0.1) is
        // checked too, and is not the one address allowed (127.0.0.2).
        FakeMediaServer elsewhere(FakeMediaServer::Transport::Plain, nullptr,
                                  QHostAddress(QStringLiteral("127.0.0.2")));
        elsewhere.route(
            "/hop", FakeMediaServer::redirect(
                        "http://localhost:" + QByteArray::number(m_server->port()) + "/image.png"));
        m_server->route("/image.png", FakeMediaServer::file("image/png", png(1024)));
        auto media = fetcher(allowing(QStringLiteral("127.0.0.2")));
        const Outcome outcome = run(*media, elsewhere.url("/hop", QStringLiteral("127.0.0.2")));

        QVERIFY(outcome.finished);
        QCOMPARE(outcome.code(), QStringLiteral("url_not_allowed"));
        QVERIFY2(outcome.message().contains(u"localhost resolves to 127.0.0.1")
                     && outcome.message().contains(u"loopback"),
                 qPrintable(outcome.message()));
        QCOMPARE(elsewhere.requestCount(), 1);
        QCOMPARE(m_server->requestCount(), 0);
        QCOMPARE(storedFiles(), QStringList());
    }

    void saysWhichAddressANameResolvesTo()
    {
        auto media = fetcher(AddressPolicy());
        const Outcome outcome = run(*media, QUrl(QStringLiteral("http://localhost/")));
        QCOMPARE(outcome.code(), QStringLiteral("url_not_allowed"));
        QVERIFY2(outcome.message().startsWith(u"localhost resolves to ")
                     && outcome.message().contains(u"loopback"),
                 qPrintable(outcome.message()));
    }

    void connectsToTheCheckedAddressUnderTheNameAskedFor()
    {
        const QByteArray body = png(4096);
        m_server->route("/image.png", FakeMediaServer::file("image/png", body));
        auto media = fetcher(allowing(QStringLiteral("127.0.0.1, ::1")));
        const Outcome outcome
            = run(*media,
                  QUrl(QStringLiteral("http://localhost:%1/image.png#top").arg(m_server->port())));

        QVERIFY2(outcome.result, qPrintable(outcome.message()));
        QCOMPARE(outcome.result->size, body.size());
        QCOMPARE(m_server->requestCount(), 1);
        // The server (listening on 127.0.0.1 only) was reached at the address, and told
        // the name.
        QCOMPARE(m_server->requestHeader(0, "Host"),
                 QByteArray("localhost:" + QByteArray::number(m_server->port())));
        QVERIFY(m_server->requestHeads().at(0).startsWith("GET /image.png HTTP/1.1\r\n"));
    }

    void fetchesOverHttpsUnderTheNameAskedFor_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<bool>("fetched");

        // The certificate is made out to "localhost": a fetch from https://localhost,
        // although it connects to 127.0.0.1, must check it against "localhost" and pass;
        // one from https://127.0.0.1 must check it against that address and fail.
        QTest::newRow("the certificate's name") << QStringLiteral("localhost") << true;
        QTest::newRow("another name for the address") << QStringLiteral("127.0.0.1") << false;
    }

    void fetchesOverHttpsUnderTheNameAskedFor()
    {
        QFETCH(QString, host);
        QFETCH(bool, fetched);

        // Debian's libqt6network6 ships the OpenSSL backend and depends on libssl3.
        QVERIFY2(QSslSocket::supportsSsl(), "Qt has no TLS backend");
        const QSslConfiguration original = QSslConfiguration::defaultConfiguration();
        QSslConfiguration trusting = original;
        trusting.addCaCertificate(FakeMediaServer::certificate());
        QSslConfiguration::setDefaultConfiguration(trusting);
        const auto restore
            = qScopeGuard([&] { QSslConfiguration::setDefaultConfiguration(original); });

        FakeMediaServer server(FakeMediaServer::Transport::Tls);
        const QByteArray body = png(100 * 1024);
        server.route("/image.png", FakeMediaServer::file("image/png", body));
        auto media = localFetcher();
        const Outcome outcome = run(*media, server.url("/image.png", host));

        QVERIFY(outcome.finished);
        QCOMPARE(outcome.emissions, 1);
        if (!fetched) {
            QCOMPARE(outcome.code(), QStringLiteral("fetch_failed"));
            QCOMPARE(storedFiles(), QStringList());
            return;
        }
        QVERIFY2(outcome.result, qPrintable(outcome.message()));
        QCOMPARE(outcome.result->sha256,
                 QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex());
        QCOMPARE(server.requestCount(), 1);
        QCOMPARE(server.requestHeader(0, "Host"),
                 QByteArray("localhost:" + QByteArray::number(server.port())));
    }

    void ignoresProxies()
    {
        // A proxy would be handed the name and connect wherever it resolves for the
        // proxy; the fetch goes straight to the checked address instead.
        const QNetworkProxy bogus(QNetworkProxy::HttpProxy, QStringLiteral("127.0.0.1"),
                                  closedPort());
        QNetworkProxy::setApplicationProxy(bogus);
        const auto restore
            = qScopeGuard([] { QNetworkProxy::setApplicationProxy(QNetworkProxy()); });
        m_server->route("/image.png", FakeMediaServer::file("image/png", png(2048)));

        auto media = localFetcher(); // switches the manager's proxy off
        Outcome outcome = run(*media, m_server->url("/image.png"));
        QVERIFY2(outcome.result, qPrintable(outcome.message()));

        m_manager->setProxy(bogus); // someone sets one afterwards
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("given a proxy")));
        outcome = run(*media, m_server->url("/image.png"));
        QVERIFY2(outcome.result, qPrintable(outcome.message()));
        QCOMPARE(m_manager->proxy().type(), QNetworkProxy::NoProxy);
        QCOMPARE(m_server->requestCount(), 2);
    }

    void reportsARefusedConnection()
    {
        const quint16 port = closedPort();
        QVERIFY(port != 0);
        auto media = localFetcher();
        const Outcome outcome
            = run(*media, QUrl(QStringLiteral("http://127.0.0.1:%1/image.png").arg(port)));

        QVERIFY(outcome.finished);
        QCOMPARE(outcome.emissions, 1);
        QCOMPARE(outcome.code(), QStringLiteral("fetch_failed"));
        QCOMPARE(storedFiles(), QStringList());
    }

    void reportsAServerThatDoesNotAnswer()
    {
        FakeMediaServer::Response silent;
        silent.silent = true;
        m_server->route("/image.png", silent);
        MediaFetchLimits limits;
        limits.stallTimeoutMs = 200;
        auto media = localFetcher(limits);
        const Outcome outcome = run(*media, m_server->url("/image.png"));

        QCOMPARE(outcome.emissions, 1);
        QCOMPARE(outcome.code(), QStringLiteral("fetch_failed"));
        QVERIFY2(outcome.message().contains(u"did not answer"), qPrintable(outcome.message()));
    }

    void reportsAStalledDownload()
    {
        auto response = FakeMediaServer::file("image/png", png(2048));
        response.announcedLength = 1024 * 1024;
        m_server->route("/image.png", response);
        MediaFetchLimits limits;
        limits.stallTimeoutMs = 1000; // time enough for the headers first
        auto media = localFetcher(limits);
        const Outcome outcome = run(*media, m_server->url("/image.png"));

        QCOMPARE(outcome.emissions, 1);
        QCOMPARE(outcome.code(), QStringLiteral("fetch_failed"));
        QVERIFY2(outcome.message().contains(u"stalled"), qPrintable(outcome.message()));
        QCOMPARE(storedFiles(), QStringList());
    }

    void enforcesTheOverallTimeout()
    {
        FakeMediaServer::Response silent;
        silent.silent = true;
        m_server->route("/image.png", silent);
        MediaFetchLimits limits;
        limits.totalTimeoutMs = 300;
        auto media = localFetcher(limits);
        const Outcome outcome = run(*media, m_server->url("/image.png"));

        QCOMPARE(outcome.emissions, 1);
        QCOMPARE(outcome.code(), QStringLiteral("fetch_failed"));
        QVERIFY2(outcome.message().contains(u"longer than"), qPrintable(outcome.message()));
    }

    void reportsOnlyAfterFetchReturns()
    {
        auto media = fetcher(AddressPolicy());
        MediaFetch *fetch = media->fetch(QUrl(QStringLiteral("ftp://example.com/")));
        QSignalSpy spy(fetch, &MediaFetch::finished);
        QVERIFY(!fetch->isFinished());
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, WaitMs);
        QCOMPARE(fetch->error()->codeName(), QStringLiteral("url_not_allowed"));
        fetch->abort(); // finished already: no second signal, no change
        QCOMPARE(spy.count(), 1);
        QCOMPARE(fetch->error()->codeName(), QStringLiteral("url_not_allowed"));
    }

    void abortRemovesThePartialFile()
    {
        auto response = FakeMediaServer::file("image/png", png(4096));
        response.announcedLength = 1024 * 1024; // and the rest never comes
        m_server->route("/image.png", response);
        auto media = localFetcher();
        MediaFetch *fetch = media->fetch(m_server->url("/image.png"));
        QSignalSpy spy(fetch, &MediaFetch::finished);
        QTRY_COMPARE_WITH_TIMEOUT(fetch->bytesReceived(), 4096, WaitMs);
        if (QFileInfo::exists(QStringLiteral("/proc/self/fd")))
            QCOMPARE(openFiles(), 1);

        fetch->abort();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(fetch->error()->codeName(), QStringLiteral("fetch_failed"));
        QCOMPARE(storedFiles(), QStringList());
        QCOMPARE(openFiles(), 0);
        QTest::qWait(0);
        QCOMPARE(spy.count(), 1);
    }

    void destroyingTheFetcherCancelsItsFetches()
    {
        auto response = FakeMediaServer::file("image/png", png(4096));
        response.announcedLength = 1024 * 1024;
        m_server->route("/image.png", response);
        FakeMediaServer::Response silent;
        silent.silent = true;
        m_server->route("/silent.png", silent);

        QList<QString> codes; // before the fetcher, which reports into it as it goes
        QList<MediaFetch *> fetches;
        auto media = localFetcher();
        for (const char *path : {"/image.png", "/silent.png", "/image.png"}) {
            MediaFetch *fetch = media->fetch(m_server->url(path));
            connect(fetch, &MediaFetch::finished, this,
                    [&codes, fetch] { codes.append(fetch->error()->codeName()); });
            fetches.append(fetch);
        }
        MediaFetch *refused = media->fetch(QUrl(QStringLiteral("ftp://example.com/")));
        connect(refused, &MediaFetch::finished, this,
                [&codes, refused] { codes.append(refused->error()->codeName()); });
        QTRY_COMPARE_WITH_TIMEOUT(m_server->requestCount(), 3, WaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(fetches.at(0)->bytesReceived() == 4096
                                     && fetches.at(2)->bytesReceived() == 4096,
                                 WaitMs);
        if (QFileInfo::exists(QStringLiteral("/proc/self/fd")))
            QCOMPARE(openFiles(), 2);
        QCOMPARE(codes, QList<QString> {QStringLiteral("url_not_allowed")});

        media.reset();
        QCOMPARE(codes.size(), 4); // each heard of its end once
        QCOMPARE(codes.count(QStringLiteral("fetch_failed")), 3);
        QCOMPARE(storedFiles(), QStringList());
        QCOMPARE(openFiles(), 0);
        QTest::qWait(50); // the aborted replies go without trouble
    }
};

QTEST_GUILESS_MAIN(TestMediaFetcher)
#include "tst_mediafetcher.moc"
