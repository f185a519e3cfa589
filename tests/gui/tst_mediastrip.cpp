#include "client/apiclient.h"
#include "client/mediapreviewloader.h"
#include "client/session.h"
#include "core/localmedia.h"
#include "gui/composer/mediastrip.h"
#include "gui/composer/mediatile.h"
#include "server/media/addresspolicy.h"
#include "support/fakemediaserver.h"
#include "support/reusableport.h"
#include "support/testserver.h"

#include <QBuffer>
#include <QDir>
#include <QDropEvent>
#include <QFrame>
#include <QLabel>
#include <QMimeData>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace slotline;
using namespace slotline::gui;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;
using slotline::client::ApiClient;
using slotline::client::ApiResult;
using slotline::client::MediaPreviewLoader;

namespace {

QByteArray pngBytes(const QSize &size, const QColor &color)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(color);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "png");
    return bytes;
}

// The head of an MP4 file, as far as the server looks: enough to be taken as a video.
QByteArray mp4Bytes()
{
    QByteArray bytes("\0\0\0\x18"
                     "ftypisom\0\0\x02\0isomiso2",
                     24);
    bytes.append(QByteArray(4096, '\0'));
    return bytes;
}

} // namespace

class TestMediaStrip : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_tenant;
    std::unique_ptr<client::Session> m_session;
    ApiClient *m_client = nullptr;
    std::unique_ptr<MediaPreviewLoader> m_previews;
    std::unique_ptr<MediaStrip> m_strip;
    QTemporaryDir m_files;

    // `allowLoopback`: the server may fetch from 127.0.0.1 (the fake media server).
    void start(bool allowLoopback = false)
    {
        ServerConfig config;
        config.readsPerMinute = 10'000;
        config.writesPerMinute = 10'000;
        if (allowLoopback)
            config.mediaAddresses = *AddressPolicy::fromAllowList(u"127.0.0.1"_s, nullptr);
        m_server = std::make_unique<TestServer>(config);
        m_tenant = m_server->addTenant(u"Alpha"_s);
        open(QUrl(m_server->http().baseUrl()));
    }

    void open(const QUrl &server)
    {
        m_session = std::make_unique<client::Session>(server, m_tenant.apiKey,
                                                      m_files.filePath(u"store.sqlite"_s));
        m_client = &m_session->client();
        m_previews = std::make_unique<MediaPreviewLoader>();
        m_strip = std::make_unique<MediaStrip>(*m_session, *m_previews);
        m_strip->resize(700, 200);
        m_strip->show();
    }

    QStringList keptCopies() const
    {
        return QDir(m_session->store().mediaFolder()).entryList(QDir::Files);
    }

    QString writeFile(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_files.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    // Media already on the server, as an opened draft has them.
    QString uploaded(const QString &name, const QByteArray &bytes)
    {
        const QString path = writeFile(name, bytes);
        std::optional<ApiResult<client::UploadTicket>> ticket;
        m_client->createUploadUrl(name, QString(), bytes.size(), this,
                                  [&](const auto &result) { ticket.emplace(result); });
        if (!QTest::qWaitFor([&] { return ticket.has_value(); }) || !ticket->ok())
            qFatal("no upload address");
        std::optional<ApiResult<client::MediaItem>> item;
        m_client->uploadFile(ticket->value(), path, this,
                             [&](const auto &result) { item.emplace(result); });
        if (!QTest::qWaitFor([&] { return item.has_value(); }) || !item->ok())
            qFatal("upload failed");
        return item->value().url;
    }

    static QString publicPath(const QString &url) { return QUrl(url).path(); }

private Q_SLOTS:
    void cleanup()
    {
        m_strip.reset();
        m_previews.reset();
        m_client = nullptr;
        m_session.reset();
        m_server.reset();
        QFile::remove(m_files.filePath(u"store.sqlite"_s));
        QDir(m_files.filePath(u"store-media"_s)).removeRecursively();
    }

    void addingAFileUploadsIt()
    {
        start();
        const QByteArray png = pngBytes(QSize(300, 150), Qt::darkGreen);
        const QString path = writeFile(u"meadow.png"_s, png);
        QSignalSpy changed(m_strip.get(), &MediaStrip::mediaChanged);
        QSignalSpy busy(m_strip.get(), &MediaStrip::busyChanged);

        m_strip->addFile(path);
        QVERIFY(m_strip->isBusy());
        QCOMPARE(m_strip->tiles().size(), 1);
        MediaTile *tile = m_strip->tiles().at(0);
        QCOMPARE(tile->state(), MediaTile::State::Keeping);
        QVERIFY(m_strip->mediaUrls().isEmpty()); // not before the app has its copy
        auto *progress = tile->findChild<QProgressBar *>(u"progress"_s);
        QVERIFY(progress);
        QSignalSpy progressed(progress, &QProgressBar::valueChanged);

        // Part of the post as soon as the app has its copy: under a reference, then the
        // server's address once the outbox has sent it.
        QTRY_COMPARE(changed.count(), 1);
        QVERIFY(!m_strip->isBusy());
        QCOMPARE(busy.count(), 2);
        QCOMPARE(busy.at(0).at(0).toBool(), true);
        QCOMPARE(busy.at(1).at(0).toBool(), false);
        QTRY_COMPARE(tile->state(), MediaTile::State::Ready);
        QCOMPARE(progress->value(), progress->maximum());
        QVERIFY(!progressed.isEmpty());
        QVERIFY(!progress->isVisible());
        QCOMPARE(changed.count(), 1); // the store put the address in the draft itself

        // The server's public address, which serves the very file.
        const QStringList urls = m_strip->mediaUrls();
        QCOMPARE(urls.size(), 1);
        QVERIFY2(urls.at(0).startsWith(m_server->http().baseUrl() + u"/media/"_s),
                 qPrintable(urls.at(0)));
        QCOMPARE(m_server->http().get(publicPath(urls.at(0))).body, png);
        QTRY_VERIFY(keptCopies().isEmpty()); // the app's copy went with the upload
        QCOMPARE(m_session->store().pendingChanges(), 0);

        QTRY_VERIFY(!tile->thumbnail().isNull());
        QCOMPARE(tile->thumbnail().size(), QSize(96, 48));
        QCOMPARE(QColor(tile->thumbnail().pixel(48, 24)), QColor(Qt::darkGreen));
        QCOMPARE(tile->mimeType(), u"image/png"_s);
        QCOMPARE(tile->size(), png.size());
        QVERIFY(tile->toolTip().contains(urls.at(0)));
        QVERIFY(tile->accessibleName().contains(u"meadow.png"_s));
        QVERIFY(m_strip->message().isEmpty());
    }

    void aFileAddedWithNoServerWaitsInThePost()
    {
        m_tenant.apiKey = u"slk_unused"_s;
        open(QUrl(u"http://127.0.0.1:%1"_s.arg(reusablePort()))); // nothing listens there
        const QString path = writeFile(u"offline.png"_s, pngBytes(QSize(40, 40), Qt::magenta));
        QSignalSpy changed(m_strip.get(), &MediaStrip::mediaChanged);

        m_strip->addFile(path);
        QTRY_COMPARE(changed.count(), 1);
        MediaTile *tile = m_strip->tiles().at(0);
        QCOMPARE(tile->state(), MediaTile::State::Uploading);
        QVERIFY(!tile->isPending());
        const QStringList urls = m_strip->mediaUrls();
        QCOMPARE(urls.size(), 1);
        QVERIFY(localmedia::isReference(urls.at(0)));
        QVERIFY2(tile->toolTip().contains(u"Not on the server yet"_s), qPrintable(tile->toolTip()));
        QVERIFY(tile->findChild<QLabel *>(u"caption"_s)->font().italic());
        QCOMPARE(keptCopies().size(), 1);
        QCOMPARE(m_session->store().pendingChanges(), 1);

        // A draft opened again shows it from the app's copy, still waiting.
        m_strip->setMediaUrls({});
        m_strip->setMediaUrls(urls);
        QCOMPARE(m_strip->tiles().size(), 1);
        tile = m_strip->tiles().at(0);
        QCOMPARE(tile->state(), MediaTile::State::Uploading);
        QCOMPARE(tile->name(), u"offline.png"_s);
        QCOMPARE(m_strip->mediaUrls(), urls);
        QTRY_VERIFY(!tile->thumbnail().isNull());
        QCOMPARE(QColor(tile->thumbnail().pixel(20, 20)), QColor(Qt::magenta));
    }

    void anAddressTheServerRefusesIsExplained()
    {
        start(); // the server fetches from public addresses only
        const QString kept = uploaded(u"kept.png"_s, pngBytes(QSize(20, 20), Qt::red));
        m_strip->setMediaUrls({kept});
        QSignalSpy changed(m_strip.get(), &MediaStrip::mediaChanged);
        QSignalSpy busy(m_strip.get(), &MediaStrip::busyChanged);

        m_strip->addFromUrl(QUrl(u"http://127.0.0.1:9/cat.png"_s));
        QCOMPARE(m_strip->tiles().size(), 2);
        QCOMPARE(m_strip->tiles().at(1)->state(), MediaTile::State::Fetching);
        QVERIFY(m_strip->isBusy());

        QTRY_VERIFY(!m_strip->message().isEmpty());
        const QString message = m_strip->message();
        QVERIFY2(message.contains(u"cat.png"_s), qPrintable(message));
        QVERIFY2(message.contains(u"private networks"_s), qPrintable(message));
        QVERIFY(m_strip->findChild<QFrame *>(u"message"_s)->isVisible());
        QCOMPARE(m_strip->tiles().size(), 1); // the pending tile went
        QCOMPARE(m_strip->mediaUrls(), QStringList {kept});
        QVERIFY(!m_strip->isBusy());
        QCOMPARE(busy.count(), 2);
        QCOMPARE(changed.count(), 0);

        // Something that is no web address never reaches the server.
        m_strip->addFromUrl(QUrl(u"ftp://example.com/a.png"_s));
        QVERIFY(m_strip->message().contains(u"ftp://example.com/a.png"_s));
        QCOMPARE(m_strip->tiles().size(), 1);
    }

    void anAddressTheServerFetchesIsAdded()
    {
        start(true);
        FakeMediaServer media;
        const QByteArray png = pngBytes(QSize(100, 200), Qt::blue);
        media.route("/sky.png", FakeMediaServer::file("image/png", png));
        QSignalSpy changed(m_strip.get(), &MediaStrip::mediaChanged);

        m_strip->addFromUrl(media.url("/sky.png"));
        QCOMPARE(m_strip->tiles().at(0)->state(), MediaTile::State::Fetching);
        QTRY_COMPARE(changed.count(), 1);
        const QStringList urls = m_strip->mediaUrls();
        QCOMPARE(urls.size(), 1);
        // The post carries the server's copy, not the address it came from.
        QVERIFY(urls.at(0).startsWith(m_server->http().baseUrl() + u"/media/"_s));
        QCOMPARE(m_server->http().get(publicPath(urls.at(0))).body, png);
        MediaTile *tile = m_strip->tiles().at(0);
        QTRY_VERIFY(!tile->thumbnail().isNull());
        QCOMPARE(tile->thumbnail().size(), QSize(48, 96));
        QCOMPARE(tile->name(), u"sky.png"_s);
    }

    void aFileThatIsNoPictureIsRefusedAtOnce()
    {
        start();
        const QString path = writeFile(u"notes.txt"_s, "these are words, not a picture");
        QSignalSpy changed(m_strip.get(), &MediaStrip::mediaChanged);
        m_strip->addFile(path);
        QCOMPARE(m_strip->tiles().size(), 1);
        QTRY_VERIFY(!m_strip->message().isEmpty());
        QVERIFY2(m_strip->message().contains(u"notes.txt"_s), qPrintable(m_strip->message()));
        QVERIFY2(m_strip->message().contains(u"PNG, JPEG"_s), qPrintable(m_strip->message()));
        QVERIFY(m_strip->tiles().isEmpty());
        QVERIFY(m_strip->mediaUrls().isEmpty());
        QVERIFY(!m_strip->isBusy());
        QCOMPARE(changed.count(), 0);
        QVERIFY(keptCopies().isEmpty());
        QCOMPARE(m_session->store().pendingChanges(), 0);

        m_strip->addFile(m_files.filePath(u"missing.png"_s));
        QVERIFY(m_strip->message().contains(u"missing.png"_s));
        QVERIFY(m_strip->tiles().isEmpty());
    }

    void anImageTheServerRefusesLeavesThePost()
    {
        start();
        // A BMP is an image, but not one the server takes: only it can say so.
        QImage image(QSize(8, 8), QImage::Format_RGB32);
        image.fill(Qt::cyan);
        QByteArray bmp;
        QBuffer buffer(&bmp);
        buffer.open(QIODevice::WriteOnly);
        image.save(&buffer, "bmp");
        const QString path = writeFile(u"old.bmp"_s, bmp);
        QSignalSpy changed(m_strip.get(), &MediaStrip::mediaChanged);

        m_strip->addFile(path);
        QTRY_VERIFY(!m_strip->message().isEmpty());
        QVERIFY2(m_strip->message().contains(u"old.bmp"_s), qPrintable(m_strip->message()));
        QVERIFY2(m_strip->message().contains(u"was not uploaded"_s),
                 qPrintable(m_strip->message()));
        QVERIFY(m_strip->tiles().isEmpty());
        QVERIFY(m_strip->mediaUrls().isEmpty());
        QCOMPARE(changed.count(), 1); // in; the store takes it out of the draft itself
        QVERIFY(keptCopies().isEmpty());
        QCOMPARE(m_session->store().pendingChanges(), 0);
    }

    void removingTiles()
    {
        start();
        const QString first = uploaded(u"one.png"_s, pngBytes(QSize(10, 10), Qt::red));
        const QString second = uploaded(u"two.png"_s, pngBytes(QSize(10, 10), Qt::green));
        const QString third = uploaded(u"three.png"_s, pngBytes(QSize(10, 10), Qt::blue));
        m_strip->setMediaUrls({first, second, third});
        QSignalSpy changed(m_strip.get(), &MediaStrip::mediaChanged);

        // By its button.
        QTest::mouseClick(m_strip->tiles().at(1)->findChild<QToolButton *>(u"remove"_s),
                          Qt::LeftButton);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(m_strip->mediaUrls(), (QStringList {first, third}));

        // By the keyboard: Delete on the focused tile, and the focus moves on.
        MediaTile *tile = m_strip->tiles().at(0);
        tile->setFocus();
        QTRY_VERIFY(tile->hasFocus());
        QTest::keyClick(tile, Qt::Key_Delete);
        QCOMPARE(changed.count(), 2);
        QCOMPARE(m_strip->mediaUrls(), QStringList {third});
        QTRY_VERIFY(m_strip->tiles().at(0)->hasFocus());
    }

    void cancellingAnUpload()
    {
        start();
        const QString path = writeFile(u"slow.png"_s, pngBytes(QSize(64, 64), Qt::gray));
        QSignalSpy changed(m_strip.get(), &MediaStrip::mediaChanged);
        QSignalSpy busy(m_strip.get(), &MediaStrip::busyChanged);
        m_strip->addFile(path);
        MediaTile *tile = m_strip->tiles().at(0);
        auto *cancel = tile->findChild<QToolButton *>(u"remove"_s);
        QVERIFY(cancel->accessibleName().startsWith(u"Cancel"_s));
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(m_strip->tiles().isEmpty());
        QVERIFY(!m_strip->isBusy());
        QCOMPARE(busy.count(), 2);
        QCOMPARE(changed.count(), 0); // nothing the post had changed
    }

    void openingMediaShowsTheirThumbnails()
    {
        start();
        const QString image = uploaded(u"photo.png"_s, pngBytes(QSize(200, 100), Qt::red));
        const QString video = uploaded(u"clip.mp4"_s, mp4Bytes());
        const QString gone
            = m_server->http().baseUrl() + u"/media/00000000000000000000000000000000.png"_s;
        QSignalSpy changed(m_strip.get(), &MediaStrip::mediaChanged);
        QSignalSpy busy(m_strip.get(), &MediaStrip::busyChanged);

        m_strip->setMediaUrls({image, video, gone});
        QCOMPARE(m_strip->mediaUrls(), (QStringList {image, video, gone}));
        QVERIFY(!m_strip->isBusy());
        QCOMPARE(changed.count(), 0);
        QCOMPARE(busy.count(), 0);

        MediaTile *photo = m_strip->tiles().at(0);
        MediaTile *clip = m_strip->tiles().at(1);
        MediaTile *missing = m_strip->tiles().at(2);
        QTRY_VERIFY(!photo->thumbnail().isNull());
        QCOMPARE(photo->thumbnail().size(), QSize(96, 48));
        QCOMPARE(photo->mimeType(), u"image/png"_s);
        QVERIFY(photo->toolTip().contains(image));
        QTRY_COMPARE(clip->placeholder(), MediaTile::Placeholder::Video);
        QCOMPARE(clip->mimeType(), u"video/mp4"_s);
        QVERIFY(clip->accessibleName().startsWith(u"Video"_s));
        QTRY_COMPARE(missing->placeholder(), MediaTile::Placeholder::Unreadable);
        QVERIFY(missing->thumbnail().isNull());

        // Opening other media replaces them.
        m_strip->setMediaUrls({video});
        QCOMPARE(m_strip->tiles().size(), 1);
        QCOMPARE(m_strip->mediaUrls(), QStringList {video});
    }

    void theMaximumCountIsKept()
    {
        start();
        const QString first = uploaded(u"a.png"_s, pngBytes(QSize(8, 8), Qt::red));
        const QString second = uploaded(u"b.png"_s, pngBytes(QSize(8, 8), Qt::green));
        const QString path = writeFile(u"c.png"_s, pngBytes(QSize(8, 8), Qt::blue));
        m_strip->setMediaUrls({first, second});

        m_strip->setMaximumCount(1);
        QVERIFY(!m_strip->tiles().at(0)->isBeyondLimit());
        QVERIFY(m_strip->tiles().at(1)->isBeyondLimit());
        m_strip->addFile(path);
        QCOMPARE(m_strip->tiles().size(), 2);
        QVERIFY(!m_strip->isBusy());
        QVERIFY2(m_strip->message().contains(u"at most 1"_s), qPrintable(m_strip->message()));
        m_strip->addFromUrl(QUrl(u"https://example.com/d.png"_s));
        QCOMPARE(m_strip->tiles().size(), 2);

        m_strip->setMaximumCount(3);
        QVERIFY(!m_strip->tiles().at(1)->isBeyondLimit());
        QSignalSpy changed(m_strip.get(), &MediaStrip::mediaChanged);
        m_strip->addFile(path);
        QCOMPARE(m_strip->tiles().size(), 3);
        QVERIFY(m_strip->message().isEmpty());
        QTRY_COMPARE(changed.count(), 1);
        QCOMPARE(m_strip->mediaUrls().size(), 3);
    }

    void fieldErrorsGoToTheirTile()
    {
        start();
        const QString first = uploaded(u"a.png"_s, pngBytes(QSize(8, 8), Qt::red));
        const QString second = uploaded(u"b.png"_s, pngBytes(QSize(8, 8), Qt::green));
        m_strip->setMediaUrls({first, second});

        m_strip->setFieldError(1, u"is not reachable"_s);
        QVERIFY(m_strip->tiles().at(0)->problem().isEmpty());
        QCOMPARE(m_strip->tiles().at(1)->problem(), u"is not reachable"_s);
        QVERIFY(m_strip->tiles().at(1)->toolTip().contains(u"is not reachable"_s));
        QVERIFY(m_strip->tiles().at(1)->accessibleDescription().contains(u"is not reachable"_s));
        m_strip->setFieldError(7, u"nowhere"_s); // no such medium: ignored
        m_strip->clearFieldErrors();
        QVERIFY(m_strip->tiles().at(1)->problem().isEmpty());
    }

    void droppingFilesAndAddresses()
    {
        start();
        const QString path = writeFile(u"dropped.png"_s, pngBytes(QSize(16, 16), Qt::yellow));
        QSignalSpy changed(m_strip.get(), &MediaStrip::mediaChanged);

        QMimeData files;
        files.setUrls({QUrl::fromLocalFile(path)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &files, Qt::LeftButton,
                              Qt::NoModifier);
        QApplication::sendEvent(m_strip.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &files, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_strip.get(), &drop);
        QVERIFY(drop.isAccepted());
        QCOMPARE(m_strip->tiles().size(), 1);
        QCOMPARE(m_strip->tiles().at(0)->state(), MediaTile::State::Keeping);
        QTRY_COMPARE(changed.count(), 1);

        // An address dragged from a browser's address bar comes as text.
        QMimeData address;
        address.setText(u"http://127.0.0.1:9/dragged.png"_s);
        QDragEnterEvent enterAddress(QPoint(10, 10), Qt::CopyAction, &address, Qt::LeftButton,
                                     Qt::NoModifier);
        QApplication::sendEvent(m_strip.get(), &enterAddress);
        QVERIFY(enterAddress.isAccepted());
        QDropEvent dropAddress(QPointF(10, 10), Qt::CopyAction, &address, Qt::LeftButton,
                               Qt::NoModifier);
        QApplication::sendEvent(m_strip.get(), &dropAddress);
        QCOMPARE(m_strip->tiles().size(), 2);
        QCOMPARE(m_strip->tiles().at(1)->state(), MediaTile::State::Fetching);
        QTRY_VERIFY(m_strip->message().contains(u"dragged.png"_s));

        // Anything else is not taken.
        QMimeData words;
        words.setText(u"just words"_s);
        QDragEnterEvent enterWords(QPoint(10, 10), Qt::CopyAction, &words, Qt::LeftButton,
                                   Qt::NoModifier);
        enterWords.setAccepted(false);
        QApplication::sendEvent(m_strip.get(), &enterWords);
        QVERIFY(!enterWords.isAccepted());
    }
};

QTEST_MAIN(TestMediaStrip)
#include "tst_mediastrip.moc"
