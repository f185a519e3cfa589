#include "client/apiclient.h"
#include "client/mediapreviewloader.h"
#include "support/fakemediaserver.h"
#include "support/testserver.h"

#include <QBuffer>
#include <QElapsedTimer>
#include <QImageWriter>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::test;
using slotline::client::ApiClient;
using slotline::client::ApiError;
using slotline::client::ApiResult;
using slotline::client::MediaPreview;
using slotline::client::MediaPreviewLoader;

namespace {

using Outcome = std::optional<ApiResult<MediaPreview>>;

template<typename T, typename Start>
std::optional<ApiResult<T>> await(Start start, int timeoutMs = 15'000)
{
    std::optional<ApiResult<T>> result;
    start([&result](const ApiResult<T> &answer) { result.emplace(answer); });
    if (!QTest::qWaitFor([&] { return result.has_value(); }, timeoutMs))
        qWarning("no answer in %d ms", timeoutMs);
    return result;
}

template<typename T>
QByteArray why(const std::optional<ApiResult<T>> &result)
{
    if (!result)
        return "no answer";
    return result->ok() ? QByteArray() : result->error().toDisplayString().toUtf8();
}

// A real picture: the left half red, the right half blue.
QByteArray imageBytes(const QSize &size, const char *format = "png")
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::red);
    for (int y = 0; y < size.height(); ++y) {
        for (int x = size.width() / 2; x < size.width(); ++x)
            image.setPixel(x, y, qRgb(0, 0, 255));
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, format);
    if (!writer.write(image))
        qFatal("cannot write a test image: %s", qPrintable(writer.errorString()));
    return bytes;
}

// A picture that does not compress: noise, the same on every run.
QByteArray noiseBytes(const QSize &size)
{
    QImage image(size, QImage::Format_RGB32);
    QRandomGenerator random(42);
    for (int y = 0; y < size.height(); ++y) {
        for (int x = 0; x < size.width(); ++x)
            image.setPixel(x, y, random.generate() | 0xff000000u);
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "png");
    return bytes;
}

} // namespace

class TestMediaPreviewLoader : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FakeMediaServer> m_media;
    std::unique_ptr<MediaPreviewLoader> m_loader;

    Outcome load(const QUrl &url, const QSize &size = QSize(64, 64))
    {
        return await<MediaPreview>([&](auto done) { m_loader->load(url, size, this, done); });
    }

private Q_SLOTS:
    void init()
    {
        m_media = std::make_unique<FakeMediaServer>();
        m_loader = std::make_unique<MediaPreviewLoader>();
    }

    void cleanup()
    {
        m_loader.reset();
        m_media.reset();
    }

    void thumbnailOfAnUploadedImage()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Alpha"));
        ApiClient api;
        api.setBaseUrl(QUrl(server.http().baseUrl()));
        api.setApiKey(tenant.apiKey);

        QTemporaryDir directory;
        const QByteArray png = imageBytes(QSize(400, 200));
        const QString path = directory.filePath(QStringLiteral("banner.png"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(png);
        file.close();
        const auto ticket = await<client::UploadTicket>([&](auto done) {
            api.createUploadUrl(QStringLiteral("banner.png"), QStringLiteral("image/png"),
                                png.size(), this, done);
        });
        QVERIFY2(ticket && ticket->ok(), why(ticket).constData());
        const auto uploaded = await<client::MediaItem>(
            [&](auto done) { api.uploadFile(ticket->value(), path, this, done); });
        QVERIFY2(uploaded && uploaded->ok(), why(uploaded).constData());

        const Outcome preview = load(QUrl(uploaded->value().url));
        QVERIFY2(preview && preview->ok(), why(preview).constData());
        const MediaPreview &value = preview->value();
        QCOMPARE(value.kind, MediaPreview::Kind::Image);
        QCOMPARE(value.mimeType, QStringLiteral("image/png"));
        QCOMPARE(value.size, png.size());
        QCOMPARE(value.imageSize, QSize(400, 200));
        // Fitted into 64x64 with its proportions kept, and the picture itself.
        QCOMPARE(value.thumbnail.size(), QSize(64, 32));
        QCOMPARE(QColor(value.thumbnail.pixel(8, 16)), QColor(Qt::red));
        QCOMPARE(QColor(value.thumbnail.pixel(56, 16)), QColor(Qt::blue));
    }

    void aSmallImageIsNotEnlarged()
    {
        m_media->route("/dot.png", FakeMediaServer::file("image/png", imageBytes(QSize(10, 6))));
        const Outcome preview = load(m_media->url("/dot.png"), QSize(96, 96));
        QVERIFY2(preview && preview->ok(), why(preview).constData());
        QCOMPARE(preview->value().thumbnail.size(), QSize(10, 6));
    }

    void aJpegIsDecodedScaled()
    {
        m_media->route("/photo.jpg",
                       FakeMediaServer::file("image/jpeg", imageBytes(QSize(1600, 1200), "jpeg")));
        const Outcome preview = load(m_media->url("/photo.jpg"), QSize(96, 96));
        QVERIFY2(preview && preview->ok(), why(preview).constData());
        QCOMPARE(preview->value().thumbnail.size(), QSize(96, 72));
        QCOMPARE(preview->value().imageSize, QSize(1600, 1200));
    }

    void aTextFileIsNoImage()
    {
        m_media->route("/notes.txt", FakeMediaServer::file("text/plain", "just some words"));
        const Outcome preview = load(m_media->url("/notes.txt"));
        QVERIFY(preview);
        QVERIFY(!preview->ok());
        QCOMPARE(preview->error().kind(), ApiError::Kind::MalformedAnswer);
        QVERIFY2(preview->error().message().contains(QStringLiteral("text/plain")),
                 qPrintable(preview->error().message()));
    }

    void bytesThatAreNoImageAreRefused()
    {
        // Labelled as a picture, but nothing a decoder reads.
        m_media->route("/fake.png", FakeMediaServer::file("image/png", QByteArray(500, 'x')));
        const Outcome preview = load(m_media->url("/fake.png"));
        QVERIFY(preview);
        QVERIFY(!preview->ok());
        QCOMPARE(preview->error().kind(), ApiError::Kind::MalformedAnswer);
    }

    void aVideoIsNamedWithoutBeingRead()
    {
        // Announced as 500 MB and never finished: only the head may be waited for.
        FakeMediaServer::Response video
            = FakeMediaServer::file("video/mp4", QByteArray(1000, '\0'));
        video.announcedLength = 500'000'000;
        m_media->route("/clip.mp4", video);
        const Outcome preview = load(m_media->url("/clip.mp4"));
        QVERIFY2(preview && preview->ok(), why(preview).constData());
        QCOMPARE(preview->value().kind, MediaPreview::Kind::Video);
        QCOMPARE(preview->value().mimeType, QStringLiteral("video/mp4"));
        QCOMPARE(preview->value().size, 500'000'000);
        QVERIFY(preview->value().thumbnail.isNull());
    }

    void aBodyPastTheLimitIsRefused_data()
    {
        QTest::addColumn<int>("framing");
        QTest::newRow("content-length") << int(FakeMediaServer::Response::Framing::ContentLength);
        QTest::newRow("chunked") << int(FakeMediaServer::Response::Framing::Chunked);
        QTest::newRow("until-close") << int(FakeMediaServer::Response::Framing::UntilClose);
    }

    void aBodyPastTheLimitIsRefused()
    {
        QFETCH(int, framing);
        const QByteArray png = noiseBytes(QSize(300, 300));
        QVERIFY(png.size() > 256 * 1024); // more than one read's worth
        m_loader->setMaximumBodySize(png.size() - 1);
        m_media->route(
            "/big.png",
            FakeMediaServer::file("image/png", png, FakeMediaServer::Response::Framing(framing)));
        const Outcome preview = load(m_media->url("/big.png"));
        QVERIFY(preview);
        QVERIFY(!preview->ok());
        QCOMPARE(preview->error().kind(), ApiError::Kind::MalformedAnswer);

        // One byte more is allowed through.
        m_loader->setMaximumBodySize(png.size());
        const Outcome allowed = load(m_media->url("/big.png"));
        QVERIFY2(allowed && allowed->ok(), why(allowed).constData());
    }

    void anAnnouncedLengthPastTheLimitStopsAtOnce()
    {
        // The rest never comes: waiting for it would end in the timeout.
        FakeMediaServer::Response huge
            = FakeMediaServer::file("image/png", imageBytes(QSize(8, 8)));
        huge.announcedLength = 2'000'000'000;
        m_media->route("/huge.png", huge);
        m_loader->setTimeoutMs(60'000);
        QElapsedTimer elapsed;
        elapsed.start();
        const Outcome preview = load(m_media->url("/huge.png"));
        QVERIFY(preview);
        QVERIFY(!preview->ok());
        QCOMPARE(preview->error().kind(), ApiError::Kind::MalformedAnswer);
        QVERIFY(elapsed.elapsed() < 10'000);
    }

    void twoLoadsOfOneAddressShareOneRequest()
    {
        m_media->route("/shared.png",
                       FakeMediaServer::file("image/png", imageBytes(QSize(200, 100))));
        const QUrl url = m_media->url("/shared.png");
        Outcome first;
        Outcome second;
        Outcome otherSize;
        m_loader->load(url, QSize(64, 64), this,
                       [&](const auto &result) { first.emplace(result); });
        m_loader->load(url, QSize(64, 64), this,
                       [&](const auto &result) { second.emplace(result); });
        m_loader->load(url, QSize(20, 20), this,
                       [&](const auto &result) { otherSize.emplace(result); });
        QTRY_VERIFY(first && second && otherSize);
        QVERIFY2(first->ok(), why(first).constData());
        QVERIFY2(second->ok(), why(second).constData());
        QVERIFY2(otherSize->ok(), why(otherSize).constData());
        QCOMPARE(first->value().thumbnail.size(), QSize(64, 32));
        QCOMPARE(second->value().thumbnail, first->value().thumbnail);
        QCOMPARE(otherSize->value().thumbnail.size(), QSize(20, 10));
        QCOMPARE(m_media->requestCount(), 1);
    }

    void aSecondLoadComesFromTheCache()
    {
        m_media->route("/cached.png",
                       FakeMediaServer::file("image/png", imageBytes(QSize(50, 50))));
        const QUrl url = m_media->url("/cached.png");
        QVERIFY(!m_loader->cached(url, QSize(32, 32)));
        const Outcome first = load(url, QSize(32, 32));
        QVERIFY2(first && first->ok(), why(first).constData());
        QCOMPARE(m_media->requestCount(), 1);
        QVERIFY(m_loader->cached(url, QSize(32, 32)));

        bool calledAtOnce = false;
        Outcome again;
        m_loader->load(url, QSize(32, 32), this, [&](const auto &result) {
            again.emplace(result);
            calledAtOnce = true;
        });
        QVERIFY(!calledAtOnce); // later, as every answer
        QTRY_VERIFY(again);
        QVERIFY(again->ok());
        QCOMPARE(again->value().thumbnail, first->value().thumbnail);
        QCOMPARE(m_media->requestCount(), 1);
    }

    void aFailureIsNotCached()
    {
        const QUrl url = m_media->url("/later.png");
        const Outcome missing = load(url);
        QVERIFY(missing);
        QVERIFY(!missing->ok());
        QCOMPARE(missing->error().kind(), ApiError::Kind::NotFound);

        m_media->route("/later.png", FakeMediaServer::file("image/png", imageBytes(QSize(4, 4))));
        const Outcome found = load(url);
        QVERIFY2(found && found->ok(), why(found).constData());
        QCOMPARE(m_media->requestCount(), 2);
    }

    void redirectsStayOnTheirOrigin()
    {
        FakeMediaServer elsewhere;
        elsewhere.route("/moved.png", FakeMediaServer::file("image/png", imageBytes(QSize(4, 4))));
        m_media->route("/here.png", FakeMediaServer::file("image/png", imageBytes(QSize(6, 6))));
        m_media->route("/local", FakeMediaServer::redirect("/here.png"));
        m_media->route(
            "/away", FakeMediaServer::redirect(elsewhere.url("/moved.png").toString().toLatin1()));

        const Outcome local = load(m_media->url("/local"));
        QVERIFY2(local && local->ok(), why(local).constData());
        QCOMPARE(local->value().thumbnail.size(), QSize(6, 6));

        const Outcome away = load(m_media->url("/away"));
        QVERIFY(away);
        QVERIFY(!away->ok());
        QCOMPARE(elsewhere.requestCount(), 0);
    }

    void noApiKeyGoesWithALoad()
    {
        m_media->route("/plain.png", FakeMediaServer::file("image/png", imageBytes(QSize(4, 4))));
        const Outcome preview = load(m_media->url("/plain.png"));
        QVERIFY2(preview && preview->ok(), why(preview).constData());
        QVERIFY(m_media->requestHeader(0, "x-api-key").isEmpty());
    }

    void aLocalFileIsReadFromDisk()
    {
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("local.png"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(imageBytes(QSize(300, 600)));
        file.close();
        const Outcome preview = load(QUrl::fromLocalFile(path), QSize(96, 96));
        QVERIFY2(preview && preview->ok(), why(preview).constData());
        QCOMPARE(preview->value().thumbnail.size(), QSize(48, 96));
        QCOMPARE(preview->value().mimeType, QStringLiteral("image/png"));
        QCOMPARE(preview->value().size, file.size());

        const Outcome missing = load(QUrl::fromLocalFile(directory.filePath(QStringLiteral("no"))));
        QVERIFY(missing);
        QVERIFY(!missing->ok());
    }

    void otherSchemesAreRefused()
    {
        const Outcome preview = load(QUrl(QStringLiteral("ftp://example.test/a.png")));
        QVERIFY(preview);
        QVERIFY(!preview->ok());
        QCOMPARE(preview->error().kind(), ApiError::Kind::BadRequest);
    }

    void nobodyIsCalledOnceTheContextIsGone()
    {
        FakeMediaServer::Response slow = FakeMediaServer::file("image/png", {});
        slow.silent = true;
        m_media->route("/slow.png", slow);
        auto context = std::make_unique<QObject>();
        bool called = false;
        m_loader->load(m_media->url("/slow.png"), QSize(10, 10), context.get(),
                       [&called](const auto &) { called = true; });
        QTRY_COMPARE(m_media->requestCount(), 1);
        context.reset();
        // The load was given up: a new one asks again rather than joining it.
        const auto other = std::make_unique<QObject>();
        m_loader->load(m_media->url("/slow.png"), QSize(10, 10), other.get(), [](const auto &) {});
        QTRY_COMPARE(m_media->requestCount(), 2);
        QVERIFY(!called);
    }
};

QTEST_GUILESS_MAIN(TestMediaPreviewLoader)
#include "tst_mediapreviewloader.moc"
