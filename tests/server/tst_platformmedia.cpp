#include "fakeplatforms/fakeplatform.h"
#include "fakeplatforms/fakeplatformserver.h"
#include "server/apiserver.h"
#include "storage/platformapprepository.h"
#include "storage/secretbox.h"
#include "support/fakemediaserver.h"
#include "support/testserver.h"

#include <QCryptographicHash>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTest>
#include <QtEndian>

using namespace slotline;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;
using slotline::fake::FakePlatformServer;
using slotline::fake::FakePlatformSettings;

namespace {

constexpr qint64 MiB = 1024 * 1024;

QByteArray box(QByteArrayView type, const QByteArray &content)
{
    QByteArray header(4, '\0');
    qToBigEndian<quint32>(quint32(8 + content.size()), header.data());
    return header + type.toByteArray() + content;
}

// An MP4 of `size` bytes whose movie header says it lasts `seconds`: ftyp, moov with
// mvhd (version 0, time scale 1000), and mdat filled with bytes that differ along the
// file, so that parts sent in the wrong order would be told apart.
QByteArray mp4(qint64 size, int seconds)
{
    QByteArray mvhd(100, '\0');
    qToBigEndian<quint32>(1000, mvhd.data() + 12);
    qToBigEndian<quint32>(quint32(seconds * 1000), mvhd.data() + 16);
    QByteArray file = box("ftyp", QByteArray("isom\0\0\2\0isomiso2avc1mp41", 24))
                      + box("moov", box("mvhd", mvhd));
    QByteArray filler(size - file.size() - 8, '\0');
    for (qsizetype i = 0; i < filler.size(); ++i)
        filler[i] = char((i / 4096) % 251);
    return file + box("mdat", filler);
}

QByteArray pngBytes()
{
    QByteArray bytes("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16);
    bytes += QByteArray(3000, 'p');
    return bytes;
}

struct BrowserVisit
{
    int status = 0;
    QByteArray page;
};

BrowserVisit visit(const QUrl &url)
{
    QNetworkAccessManager browser;
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::NoLessSafeRedirectPolicy);
    QNetworkReply *reply = browser.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    BrowserVisit result {reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
                         reply->readAll()};
    reply->deleteLater();
    return result;
}

QJsonArray journal(const FakePlatformServer &fake, const QString &platform, const QString &method,
                   const QString &pathPrefix)
{
    QJsonArray matching;
    for (const QJsonValue &value : fake.journal().items(platform)) {
        const QJsonObject item = value.toObject();
        if (item.value(u"method"_s).toString() == method
            && item.value(u"path"_s).toString().startsWith(pathPrefix))
            matching.append(item);
    }
    return matching;
}

QJsonObject bodyOf(const QJsonValue &item)
{
    return QJsonDocument::fromJson(item.toObject().value(u"body"_s).toString().toUtf8()).object();
}

} // namespace

// Videos and several images, published end to end to the fake platforms: every chunk
// and part in order, processing followed to its end, and one create call; and the
// platforms' media rules, checked when a post is submitted.
class TestPlatformMedia : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<FakePlatformServer> m_fake;
    std::unique_ptr<FakeMediaServer> m_web;
    Tenant m_tenant;
    QByteArray m_video;

    void configure(const QString &platform, const QStringList &overrides,
                   const QString &scopes = {})
    {
        QString error;
        const auto secrets
            = SecretBox::fromKeyFile(SecretBox::keyFilePath(m_server->dataDirectory()), &error);
        QVERIFY2(secrets, qPrintable(error));
        PlatformApp app;
        app.platform = platform;
        app.clientId = u"fake-"_s + platform + u"-client"_s;
        app.clientSecret = u"fake-"_s + platform + u"-secret"_s;
        for (const QString &pair : overrides)
            app.urls.insert(pair.section(u'=', 0, 0), m_fake->baseUrl() + pair.section(u'=', 1));
        app.scopes = scopes;
        PlatformAppRepository(m_server->database(), *secrets, m_server->clock()).put(app);
    }

    QString connectAccount(const QString &platform)
    {
        const HttpResult started = m_server->post(u"/users/me/accounts/connect"_s, m_tenant,
                                                  QJsonObject {{u"platform"_s, platform}});
        if (started.status != 201)
            return {};
        const QString state = started.json().value(u"state"_s).toString();
        const BrowserVisit browser
            = visit(QUrl(started.json().value(u"authorizationUrl"_s).toString()));
        if (browser.status != 200)
            return {};
        const QJsonObject attempt
            = m_server->get(u"/api/v2/users/me/accounts/connect/"_s + state, m_tenant).json();
        return attempt.value(u"accountId"_s).toString();
    }

    QString firstPage(const QString &accountId)
    {
        const QJsonArray pages
            = m_server->get(u"/api/v2/users/me/accounts/%1/subaccounts"_s.arg(accountId), m_tenant)
                  .items();
        return pages.isEmpty() ? QString() : pages.first().toObject().value(u"id"_s).toString();
    }

    HttpResult submit(const QString &accountId, const QString &platform, const QString &text,
                      const QStringList &mediaUrls, const QString &pageId = {})
    {
        QJsonObject post {
            {u"accountId"_s, accountId},
            {u"content"_s, QJsonObject {{u"text"_s, text},
                                        {u"platform"_s, platform},
                                        {u"mediaUrls"_s, QJsonArray::fromStringList(mediaUrls)}}}};
        if (!pageId.isEmpty())
            post.insert(u"target"_s,
                        QJsonObject {{u"targetType"_s, platform}, {u"pageId"_s, pageId}});
        return m_server->post(u"/posts"_s, m_tenant, QJsonObject {{u"post"_s, post}});
    }

    // Publishes now and waits for `status`; the submission.
    QJsonObject publish(const QString &accountId, const QString &platform, const QString &text,
                        const QStringList &mediaUrls, const QString &pageId = {},
                        const QString &status = u"published"_s)
    {
        const HttpResult created = submit(accountId, platform, text, mediaUrls, pageId);
        if (created.status != 201) {
            qWarning() << created.status << created.body;
            return {};
        }
        const QString id = created.json().value(u"postSubmissionId"_s).toString();
        // Processing is followed at the pace the platform asks for (a second or two).
        const bool reached = QTest::qWaitFor(
            [&] {
                return m_server->submission(m_tenant, id).value(u"status"_s).toString() == status;
            },
            60'000);
        if (!reached) {
            qWarning() << m_server->submission(m_tenant, id);
            return {};
        }
        return m_server->submission(m_tenant, id);
    }

    QString url(const QByteArray &path) const { return m_web->url(path).toString(); }

private Q_SLOTS:
    void initTestCase() { m_video = mp4(9 * MiB + 12345, 10); }

    void init()
    {
        ServerConfig config;
        config.mediaAddresses = *AddressPolicy::fromAllowList(u"127.0.0.1"_s, nullptr);
        config.readsPerMinute = 100'000; // the waits below look at the post often
        m_server = std::make_unique<TestServer>(config);
        m_fake = std::make_unique<FakePlatformServer>(
            FakePlatformSettings::defaults(m_server->port()));
        QVERIFY(m_fake->listen() != 0);
        m_web = std::make_unique<FakeMediaServer>();
        m_web->route("/clip.mp4", FakeMediaServer::file("video/mp4", m_video));
        for (const QByteArray name : {"/a.png", "/b.png", "/c.png"})
            m_web->route(name, FakeMediaServer::file("image/png", pngBytes()));
        m_tenant = m_server->addTenant(u"Agency"_s);
        m_server->grantCredits(m_tenant, 100);
        configure(u"x"_s, {u"authorize=/x/i/oauth2/authorize"_s, u"api=/x"_s});
        configure(
            u"linkedin"_s,
            {u"authorize=/linkedin/oauth/v2/authorization"_s,
             u"token=/linkedin/oauth/v2/accessToken"_s, u"api=/linkedin"_s},
            u"openid profile email w_member_social w_organization_social r_organization_admin"_s);
        configure(u"facebook"_s,
                  {u"authorize=/facebook/v26.0/dialog/oauth"_s, u"api=/facebook/v26.0"_s});
    }

    void cleanup()
    {
        m_web.reset();
        m_fake.reset();
        m_server.reset();
    }

    void xUploadsAVideoInChunksAndWaitsForProcessing()
    {
        const QString accountId = connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        const QJsonObject post
            = publish(accountId, u"twitter"_s, u"Watch this"_s, {url("/clip.mp4")});
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);

        const QJsonArray init
            = journal(*m_fake, u"x"_s, u"POST"_s, u"/2/media/upload/initialize"_s);
        QCOMPARE(init.size(), 1);
        const QJsonObject initBody = bodyOf(init.first());
        QCOMPARE(initBody.value(u"total_bytes"_s).toInteger(), m_video.size());
        QCOMPARE(initBody.value(u"media_type"_s).toString(), u"video/mp4"_s);
        QCOMPARE(initBody.value(u"media_category"_s).toString(), u"tweet_video"_s);
        QJsonArray appends;
        for (const QJsonValue &call : journal(*m_fake, u"x"_s, u"POST"_s, u"/2/media/upload/"_s))
            if (call.toObject().value(u"path"_s).toString().endsWith(u"/append"_s))
                appends.append(call);
        // 4 MiB chunks, each accepted in order (the fake refuses a segment out of order).
        QCOMPARE(appends.size(), 3);
        for (const QJsonValue &append : appends)
            QCOMPARE(append.toObject().value(u"status"_s).toInt(), 200);
        QCOMPARE(journal(*m_fake, u"x"_s, u"POST"_s, u"/2/media/upload/"_s).size(), 5);
        // Status was looked at until it succeeded: pending, in_progress, succeeded.
        const QJsonArray checks = journal(*m_fake, u"x"_s, u"GET"_s, u"/2/media/upload"_s);
        QCOMPARE(checks.size(), 3);
        QCOMPARE(
            checks.last().toObject().value(u"query"_s).toObject().value(u"command"_s).toString(),
            u"STATUS"_s);
        QCOMPARE(journal(*m_fake, u"x"_s, u"POST"_s, u"/2/tweets"_s).size(), 1);
        const QJsonArray mediaIds
            = m_fake->posts(u"x"_s).first().toObject().value(u"mediaIds"_s).toArray();
        QCOMPARE(mediaIds.size(), 1);
    }

    void xVideoThatFailsProcessingMakesNoPost()
    {
        const QString accountId = connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        QCOMPARE(m_fake->platform(u"x"_s)->applySwitches(
                     QJsonObject {{u"videoProcessing"_s, u"fail"_s}}),
                 QString());
        const QJsonObject failed = publish(accountId, u"twitter"_s, u"Broken clip"_s,
                                           {url("/clip.mp4")}, {}, u"failed"_s);
        QVERIFY2(failed.value(u"errorMessage"_s).toString().contains(u"Unsupported video format"_s),
                 qPrintable(failed.value(u"errorMessage"_s).toString()));
        QVERIFY(journal(*m_fake, u"x"_s, u"POST"_s, u"/2/tweets"_s).isEmpty());
    }

    void linkedInUploadsEachPartToItsUrlAndFinalizesWithTheirETags()
    {
        const QString accountId = connectAccount(u"linkedin"_s);
        QVERIFY(!accountId.isEmpty());
        const QJsonObject post
            = publish(accountId, u"linkedin"_s, u"Our new video"_s, {url("/clip.mp4")});
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);

        const QJsonArray init = journal(*m_fake, u"linkedin"_s, u"POST"_s, u"/rest/videos"_s);
        QCOMPARE(init.size(), 2); // initializeUpload and finalizeUpload
        QCOMPARE(init.first().toObject().value(u"query"_s).toObject().value(u"action"_s).toString(),
                 u"initializeUpload"_s);
        const QJsonObject request
            = bodyOf(init.first()).value(u"initializeUploadRequest"_s).toObject();
        QCOMPARE(request.value(u"fileSizeBytes"_s).toInteger(), m_video.size());
        QVERIFY(request.value(u"owner"_s).toString().startsWith(u"urn:li:person:"_s));

        // Three 4 MiB parts, each to its own URL, in order; finalize names their ETags
        // in the same order (the fake's ETag is a hash of the part).
        const QJsonArray parts = journal(*m_fake, u"linkedin"_s, u"PUT"_s, u"/dms-uploads/"_s);
        QCOMPARE(parts.size(), 3);
        QStringList expected;
        for (qsizetype i = 0; i < parts.size(); ++i) {
            QCOMPARE(parts.at(i).toObject().value(u"path"_s).toString(),
                     u"/dms-uploads/vid-1/%1"_s.arg(i));
            const QByteArray part = m_video.mid(i * 4 * MiB, 4 * MiB);
            QCOMPARE(parts.at(i).toObject().value(u"bodySize"_s).toInteger(), part.size());
            expected.append(
                u"/ambry-video/signedId/"_s
                + QString::fromLatin1(
                    QCryptographicHash::hash(part, QCryptographicHash::Sha256).toHex().left(32)));
        }
        const QJsonObject finalize
            = bodyOf(init.last()).value(u"finalizeUploadRequest"_s).toObject();
        QCOMPARE(finalize.value(u"uploadedPartIds"_s).toVariant().toStringList(), expected);
        QCOMPARE(finalize.value(u"uploadToken"_s).toString(), u"vid-1"_s);
        // Looked at until AVAILABLE, then one post with the video.
        QCOMPARE(journal(*m_fake, u"linkedin"_s, u"GET"_s, u"/rest/videos/"_s).size(), 2);
        const QJsonArray posts = journal(*m_fake, u"linkedin"_s, u"POST"_s, u"/rest/posts"_s);
        QCOMPARE(posts.size(), 1);
        QCOMPARE(bodyOf(posts.first())
                     .value(u"content"_s)
                     .toObject()
                     .value(u"media"_s)
                     .toObject()
                     .value(u"id"_s)
                     .toString(),
                 finalize.value(u"video"_s).toString());
    }

    void linkedInVideoThatFailsProcessingMakesNoPost()
    {
        const QString accountId = connectAccount(u"linkedin"_s);
        QVERIFY(!accountId.isEmpty());
        QCOMPARE(m_fake->platform(u"linkedin"_s)
                     ->applySwitches(QJsonObject {{u"videoProcessing"_s, u"fail"_s}}),
                 QString());
        const QJsonObject failed = publish(accountId, u"linkedin"_s, u"Broken clip"_s,
                                           {url("/clip.mp4")}, {}, u"failed"_s);
        QVERIFY2(failed.value(u"errorMessage"_s).toString().contains(u"could not process"_s),
                 qPrintable(failed.value(u"errorMessage"_s).toString()));
        QVERIFY(journal(*m_fake, u"linkedin"_s, u"POST"_s, u"/rest/posts"_s).isEmpty());
    }

    void severalImagesMakeOnePostOnEachPlatform()
    {
        const QStringList images {url("/a.png"), url("/b.png"), url("/c.png")};

        const QString x = connectAccount(u"x"_s);
        QVERIFY(!x.isEmpty());
        QCOMPARE(publish(x, u"twitter"_s, u"Three photos"_s, images).value(u"status"_s).toString(),
                 u"published"_s);
        QCOMPARE(m_fake->posts(u"x"_s).first().toObject().value(u"mediaIds"_s).toArray().size(), 3);

        const QString linkedIn = connectAccount(u"linkedin"_s);
        QVERIFY(!linkedIn.isEmpty());
        QCOMPARE(publish(linkedIn, u"linkedin"_s, u"Three photos"_s, images)
                     .value(u"status"_s)
                     .toString(),
                 u"published"_s);
        const QJsonObject content
            = bodyOf(journal(*m_fake, u"linkedin"_s, u"POST"_s, u"/rest/posts"_s).first())
                  .value(u"content"_s)
                  .toObject();
        QCOMPARE(content.value(u"multiImage"_s).toObject().value(u"images"_s).toArray().size(), 3);

        const QString facebook = connectAccount(u"facebook"_s);
        QVERIFY(!facebook.isEmpty());
        QCOMPARE(publish(facebook, u"facebook"_s, u"Three photos"_s, images, firstPage(facebook))
                     .value(u"status"_s)
                     .toString(),
                 u"published"_s);
        QCOMPARE(
            m_fake->posts(u"facebook"_s).first().toObject().value(u"mediaIds"_s).toArray().size(),
            3);
        QCOMPARE(journal(*m_fake, u"facebook"_s, u"POST"_s, u"/v26.0/"_s).size(), 4);
    }

    // An upload whose answer is lost made no post: an ordinary failure, tried again after
    // the dispatcher's backoff, and the post goes out once.
    void aLostUploadAnswerIsTriedAgain()
    {
        const QString accountId = connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        int fault = 0;
        QCOMPARE(m_fake->faults().add(QJsonObject {{u"platform"_s, u"x"_s},
                                                   {u"method"_s, u"POST"_s},
                                                   {u"path"_s, u"/2/media/upload/*"_s},
                                                   {u"nth"_s, 3},
                                                   {u"action"_s, u"apply-then-drop"_s}},
                                      &fault),
                 QString());
        const HttpResult created = submit(accountId, u"twitter"_s, u"Again"_s, {url("/clip.mp4")});
        QCOMPARE(created.status, 201);
        const QString id = created.json().value(u"postSubmissionId"_s).toString();
        QVERIFY(QTest::qWaitFor(
            [&] {
                return !m_server->submission(m_tenant, id)
                            .value(u"errorMessage"_s)
                            .toString()
                            .isEmpty();
            },
            60'000));
        QCOMPARE(m_server->submission(m_tenant, id).value(u"status"_s).toString(),
                 u"in-progress"_s);
        QVERIFY(journal(*m_fake, u"x"_s, u"POST"_s, u"/2/tweets"_s).isEmpty());

        m_server->clock().advanceMs(ServerConfig().dispatcher.firstRetryDelayMs);
        m_server->server().dispatcher().wake();
        QVERIFY(QTest::qWaitFor(
            [&] {
                return m_server->submission(m_tenant, id).value(u"status"_s).toString()
                       == u"published";
            },
            60'000));
        QCOMPARE(journal(*m_fake, u"x"_s, u"POST"_s, u"/2/media/upload/initialize"_s).size(), 2);
        QCOMPARE(journal(*m_fake, u"x"_s, u"POST"_s, u"/2/tweets"_s).size(), 1);
        QCOMPARE(m_fake->posts(u"x"_s).size(), 1);
    }

    // Media the server holds are judged when the post is submitted: 422 with the rule.
    void theServersOwnMediaAreCheckedAtSubmission()
    {
        m_web->route("/long.mp4", FakeMediaServer::file("video/mp4", mp4(200 * 1024, 150)));
        m_web->route("/short.mp4", FakeMediaServer::file("video/mp4", mp4(200 * 1024, 10)));
        const auto own = [this](const QByteArray &path) {
            const HttpResult fetched
                = m_server->post(u"/media"_s, m_tenant, QJsonObject {{u"url"_s, url(path)}});
            return fetched.json().value(u"url"_s).toString();
        };
        const QString longVideo = own("/long.mp4");
        const QString shortVideo = own("/short.mp4");
        const QString image = own("/a.png");
        QVERIFY(!longVideo.isEmpty() && !shortVideo.isEmpty() && !image.isEmpty());

        const QString x = connectAccount(u"x"_s);
        QVERIFY(!x.isEmpty());
        const HttpResult tooLong = submit(x, u"twitter"_s, u"Long"_s, {longVideo});
        QCOMPARE(tooLong.status, 422);
        QVERIFY2(tooLong.errorDetails().join(u' ').contains(u"post.content.mediaUrls[0]"_s),
                 tooLong.body.constData());
        QVERIFY2(tooLong.errorDetails().join(u' ').contains(u"140 s"_s), tooLong.body.constData());

        const QString linkedIn = connectAccount(u"linkedin"_s);
        QVERIFY(!linkedIn.isEmpty());
        const HttpResult mixed = submit(linkedIn, u"linkedin"_s, u"Mixed"_s, {shortVideo, image});
        QCOMPARE(mixed.status, 422);
        QVERIFY2(mixed.errorDetails().join(u' ').contains(u"mixes a video"_s),
                 mixed.body.constData());

        const QString facebook = connectAccount(u"facebook"_s);
        QVERIFY(!facebook.isEmpty());
        const HttpResult video
            = submit(facebook, u"facebook"_s, u"Clip"_s, {shortVideo}, firstPage(facebook));
        QCOMPARE(video.status, 422);
        QVERIFY2(video.errorDetails().join(u' ').contains(u"does not publish videos"_s),
                 video.body.constData());

        // Within the rules: accepted.
        QCOMPARE(submit(linkedIn, u"linkedin"_s, u"Fine"_s, {shortVideo}).status, 201);
        QVERIFY(journal(*m_fake, u"x"_s, u"POST"_s, u"/2/media/upload"_s).isEmpty());
    }

    // Media from elsewhere are judged once fetched, before anything goes to the platform.
    void foreignMediaAreCheckedWhenLoaded()
    {
        m_web->route("/long.mp4", FakeMediaServer::file("video/mp4", mp4(200 * 1024, 150)));
        const QString x = connectAccount(u"x"_s);
        QVERIFY(!x.isEmpty());
        const QJsonObject failed
            = publish(x, u"twitter"_s, u"Long"_s, {url("/long.mp4")}, {}, u"failed"_s);
        QVERIFY2(failed.value(u"errorMessage"_s).toString().contains(u"140 s"_s),
                 qPrintable(failed.value(u"errorMessage"_s).toString()));
        QVERIFY(journal(*m_fake, u"x"_s, u"POST"_s, u"/2/media/upload"_s).isEmpty());
        QVERIFY(journal(*m_fake, u"x"_s, u"POST"_s, u"/2/tweets"_s).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPlatformMedia)
#include "tst_platformmedia.moc"
