#include "fakeplatforms/fakeplatform.h"
#include "realplatformsfixture.h"
#include "server/apiserver.h"
#include "storage/statement.h"
#include "support/testvideo.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace slotline;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;
using slotline::fake::FakePlatformServer;

namespace {

constexpr qint64 MiB = 1024 * 1024;

QByteArray pngBytes()
{
    QByteArray bytes("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16);
    bytes += QByteArray(3000, 'p');
    return bytes;
}

// An animated GIF's header, and enough frames to be more than a header.
QByteArray gifBytes()
{
    QByteArray bytes("GIF89a\x02\0\x02\0\xf0\0\0", 13);
    bytes += QByteArray(5000, 'g');
    return bytes;
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
    std::unique_ptr<RealPlatformsFixture> m_fixture;
    QByteArray m_video;

    RealPlatformsFixture &f() { return *m_fixture; }
    FakePlatformServer &fake() { return f().fake(); }

    QString connectAccount(const QString &platform) { return f().connectAccount(platform); }
    // The Page Facebook posts go to: the first of the fake's two.
    QString pageOne(const QString &accountId)
    {
        return f().pageNamed(accountId, u"Fake Page One"_s);
    }

    // The answer to submitting the post, refused or not.
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
        return f().server().post(u"/posts"_s, f().tenant(), QJsonObject {{u"post"_s, post}});
    }

    // Publishes now and waits for `status`; the submission.
    QJsonObject publish(const QString &accountId, const QString &platform, const QString &text,
                        const QStringList &mediaUrls, const QString &pageId = {},
                        const QString &status = u"published"_s)
    {
        const QString id
            = f().submit(accountId, platform, text, QJsonArray::fromStringList(mediaUrls), pageId);
        if (id.isEmpty())
            return {};
        // Processing is followed at the pace the platform asks for (a second or two), and
        // the videos here are megabytes: longer than the fixture's own wait.
        const bool reached = QTest::qWaitFor(
            [&] {
                return f().server().submission(f().tenant(), id).value(u"status"_s).toString()
                       == status;
            },
            60'000);
        if (!reached) {
            qWarning() << f().server().submission(f().tenant(), id);
            return {};
        }
        return f().server().submission(f().tenant(), id);
    }

    QString url(const QByteArray &path) { return f().web().url(path).toString(); }

private Q_SLOTS:
    void initTestCase() { m_video = testVideo(9 * MiB + 12345, 10); }

    void init()
    {
        ServerConfig config;
        config.readsPerMinute = 100'000; // the waits below look at the post often
        m_fixture = std::make_unique<RealPlatformsFixture>(config);
        f().web().route("/clip.mp4", FakeMediaServer::file("video/mp4", m_video));
        for (const QByteArray name : {"/a.png", "/b.png", "/c.png"})
            f().web().route(name, FakeMediaServer::file("image/png", pngBytes()));
        f().web().route("/loop.gif", FakeMediaServer::file("image/gif", gifBytes()));
    }

    void cleanup() { m_fixture.reset(); }

    void xUploadsAVideoInChunksAndWaitsForProcessing()
    {
        const QString accountId = connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        const QJsonObject post
            = publish(accountId, u"twitter"_s, u"Watch this"_s, {url("/clip.mp4")});
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);

        const QJsonArray init = journal(fake(), u"x"_s, u"POST"_s, u"/2/media/upload/initialize"_s);
        QCOMPARE(init.size(), 1);
        const QJsonObject initBody = bodyOf(init.first());
        QCOMPARE(initBody.value(u"total_bytes"_s).toInteger(), m_video.size());
        QCOMPARE(initBody.value(u"media_type"_s).toString(), u"video/mp4"_s);
        QCOMPARE(initBody.value(u"media_category"_s).toString(), u"tweet_video"_s);
        QJsonArray appends;
        for (const QJsonValue &call : journal(fake(), u"x"_s, u"POST"_s, u"/2/media/upload/"_s))
            if (call.toObject().value(u"path"_s).toString().endsWith(u"/append"_s))
                appends.append(call);
        // 4 MiB chunks, each accepted in order (the fake refuses a segment out of order).
        QCOMPARE(appends.size(), 3);
        for (const QJsonValue &append : appends)
            QCOMPARE(append.toObject().value(u"status"_s).toInt(), 200);
        QCOMPARE(journal(fake(), u"x"_s, u"POST"_s, u"/2/media/upload/"_s).size(), 5);
        // Status was looked at until it succeeded: pending, in_progress, succeeded.
        const QJsonArray checks = journal(fake(), u"x"_s, u"GET"_s, u"/2/media/upload"_s);
        QCOMPARE(checks.size(), 3);
        QCOMPARE(
            checks.last().toObject().value(u"query"_s).toObject().value(u"command"_s).toString(),
            u"STATUS"_s);
        QCOMPARE(journal(fake(), u"x"_s, u"POST"_s, u"/2/tweets"_s).size(), 1);
        const QJsonArray mediaIds
            = fake().posts(u"x"_s).first().toObject().value(u"mediaIds"_s).toArray();
        QCOMPARE(mediaIds.size(), 1);
    }

    // X's one-shot upload takes still images only: an animated GIF goes in chunks as
    // tweet_gif, its processing is followed as a video's, and then it is posted.
    void xUploadsAGifInChunksAsTweetGif()
    {
        const QString accountId = connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        const QJsonObject post = publish(accountId, u"twitter"_s, u"Looping"_s, {url("/loop.gif")});
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);

        const QJsonArray init = journal(fake(), u"x"_s, u"POST"_s, u"/2/media/upload/initialize"_s);
        QCOMPARE(init.size(), 1);
        const QJsonObject initBody = bodyOf(init.first());
        QCOMPARE(initBody.value(u"media_category"_s).toString(), u"tweet_gif"_s);
        QCOMPARE(initBody.value(u"media_type"_s).toString(), u"image/gif"_s);
        QCOMPARE(initBody.value(u"total_bytes"_s).toInteger(), gifBytes().size());
        int oneShot = 0;
        for (const QJsonValue &call : journal(fake(), u"x"_s, u"POST"_s, u"/2/media/upload"_s))
            oneShot += call.toObject().value(u"path"_s).toString() == u"/2/media/upload"_s;
        QCOMPARE(oneShot, 0);
        // initialize, one append, finalize; processed: pending, in_progress, succeeded.
        QCOMPARE(journal(fake(), u"x"_s, u"POST"_s, u"/2/media/upload/"_s).size(), 3);
        QCOMPARE(journal(fake(), u"x"_s, u"GET"_s, u"/2/media/upload"_s).size(), 3);
        QCOMPARE(journal(fake(), u"x"_s, u"POST"_s, u"/2/tweets"_s).size(), 1);
        QCOMPARE(fake().posts(u"x"_s).first().toObject().value(u"mediaIds"_s).toArray().size(), 1);
    }

    void xVideoThatFailsProcessingMakesNoPost()
    {
        const QString accountId = connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        QCOMPARE(
            fake().platform(u"x"_s)->applySwitches(QJsonObject {{u"videoProcessing"_s, u"fail"_s}}),
            QString());
        const QJsonObject failed = publish(accountId, u"twitter"_s, u"Broken clip"_s,
                                           {url("/clip.mp4")}, {}, u"failed"_s);
        QVERIFY2(failed.value(u"errorMessage"_s).toString().contains(u"Unsupported video format"_s),
                 qPrintable(failed.value(u"errorMessage"_s).toString()));
        QVERIFY(journal(fake(), u"x"_s, u"POST"_s, u"/2/tweets"_s).isEmpty());
    }

    void linkedInUploadsEachPartToItsUrlAndFinalizesWithTheirETags()
    {
        const QString accountId = connectAccount(u"linkedin"_s);
        QVERIFY(!accountId.isEmpty());
        const QJsonObject post
            = publish(accountId, u"linkedin"_s, u"Our new video"_s, {url("/clip.mp4")});
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);

        const QJsonArray init = journal(fake(), u"linkedin"_s, u"POST"_s, u"/rest/videos"_s);
        QCOMPARE(init.size(), 2); // initializeUpload and finalizeUpload
        QCOMPARE(init.first().toObject().value(u"query"_s).toObject().value(u"action"_s).toString(),
                 u"initializeUpload"_s);
        const QJsonObject request
            = bodyOf(init.first()).value(u"initializeUploadRequest"_s).toObject();
        QCOMPARE(request.value(u"fileSizeBytes"_s).toInteger(), m_video.size());
        QVERIFY(request.value(u"owner"_s).toString().startsWith(u"urn:li:person:"_s));

        // Three 4 MiB parts, each to its own URL, in order; finalize names their ETags
        // in the same order (the fake's ETag is a hash of the part).
        const QJsonArray parts = journal(fake(), u"linkedin"_s, u"PUT"_s, u"/dms-uploads/"_s);
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
        QCOMPARE(journal(fake(), u"linkedin"_s, u"GET"_s, u"/rest/videos/"_s).size(), 2);
        const QJsonArray posts = journal(fake(), u"linkedin"_s, u"POST"_s, u"/rest/posts"_s);
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

    // LinkedIn processes an image after its upload and refuses a post that names it while
    // it is PROCESSING: its status is read until it is AVAILABLE, then the post is made,
    // once.
    void linkedInWaitsForItsImageToBeProcessed()
    {
        const QString accountId = connectAccount(u"linkedin"_s);
        QVERIFY(!accountId.isEmpty());
        QCOMPARE(fake()
                     .platform(u"linkedin"_s)
                     ->applySwitches(QJsonObject {{u"imageProcessingSeconds"_s, 2}}),
                 QString());
        const QJsonObject post
            = publish(accountId, u"linkedin"_s, u"A processed picture"_s, {url("/a.png")});
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);
        const QJsonArray looks = journal(fake(), u"linkedin"_s, u"GET"_s, u"/rest/images/"_s);
        QVERIFY2(looks.size() >= 2, "looked while PROCESSING, and again once AVAILABLE");
        const QJsonArray posts = journal(fake(), u"linkedin"_s, u"POST"_s, u"/rest/posts"_s);
        QCOMPARE(posts.size(), 1);
        QCOMPARE(posts.first().toObject().value(u"status"_s).toInt(), 201);
    }

    // Where the token may not read the image's status, the post is made at once; LinkedIn
    // refuses it for naming an image still PROCESSING, and it is tried again shortly, not
    // failed.
    void linkedInRetriesAPostRefusedForAnImageNotReady()
    {
        const QString accountId = connectAccount(u"linkedin"_s);
        QVERIFY(!accountId.isEmpty());
        QCOMPARE(fake()
                     .platform(u"linkedin"_s)
                     ->applySwitches(QJsonObject {{u"imageProcessingSeconds"_s, 1}}),
                 QString());
        QVERIFY(f().addFault(QJsonObject {
            {u"platform"_s, u"linkedin"_s},
            {u"method"_s, u"GET"_s},
            {u"path"_s, u"/rest/images/*"_s},
            {u"status"_s, 403},
            {u"body"_s, QJsonObject {{u"status"_s, 403},
                                     {u"serviceErrorCode"_s, 100},
                                     {u"code"_s, u"ACCESS_DENIED"_s},
                                     {u"message"_s, u"Not enough permissions to access: "
                                                    u"images.GET.20240101"_s}}}}));
        const QJsonObject post
            = publish(accountId, u"linkedin"_s, u"Posted when ready"_s, {url("/a.png")});
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);
        const QJsonArray posts = journal(fake(), u"linkedin"_s, u"POST"_s, u"/rest/posts"_s);
        QCOMPARE(posts.size(), 2);
        QCOMPARE(posts.at(0).toObject().value(u"status"_s).toInt(), 422);
        QCOMPARE(posts.at(1).toObject().value(u"status"_s).toInt(), 201);
        QCOMPARE(fake().posts(u"linkedin"_s).size(), 1);
        // Both calls are on record, the first as refused: nothing for a restart to look for.
        Statement outcomes(f().server().database(),
                           u"SELECT outcome FROM publish_attempts WHERE submission_id = ? "
                           u"ORDER BY id"_s);
        outcomes.bind(post.value(u"postSubmissionId"_s).toString()).exec();
        QStringList seen;
        while (outcomes.next())
            seen.append(outcomes.text(0));
        QCOMPARE(seen, (QStringList {u"refused"_s, u"created"_s}));
    }

    void linkedInVideoThatFailsProcessingMakesNoPost()
    {
        const QString accountId = connectAccount(u"linkedin"_s);
        QVERIFY(!accountId.isEmpty());
        QCOMPARE(fake()
                     .platform(u"linkedin"_s)
                     ->applySwitches(QJsonObject {{u"videoProcessing"_s, u"fail"_s}}),
                 QString());
        const QJsonObject failed = publish(accountId, u"linkedin"_s, u"Broken clip"_s,
                                           {url("/clip.mp4")}, {}, u"failed"_s);
        QVERIFY2(failed.value(u"errorMessage"_s).toString().contains(u"could not process"_s),
                 qPrintable(failed.value(u"errorMessage"_s).toString()));
        QCOMPARE(failed.value(u"errorCode"_s).toString(), u"media_rejected"_s);
        QVERIFY(journal(fake(), u"linkedin"_s, u"POST"_s, u"/rest/posts"_s).isEmpty());
    }

    // The person's token opens an upload session for the app, the whole file goes to it
    // from its offset 0, the Page's token publishes it, and processing is followed to
    // its end.
    void facebookSendsAVideoThroughAnUploadSessionAndFollowsProcessing()
    {
        const QString accountId = connectAccount(u"facebook"_s);
        QVERIFY(!accountId.isEmpty());
        const QJsonObject post = publish(accountId, u"facebook"_s, u"Our clip"_s,
                                         {url("/clip.mp4")}, pageOne(accountId));
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);

        const QJsonArray sessions
            = journal(fake(), u"facebook"_s, u"POST"_s, u"/v26.0/fake-facebook-client/uploads"_s);
        QCOMPARE(sessions.size(), 1);
        QCOMPARE(sessions.first().toObject().value(u"status"_s).toInt(), 200);
        const QJsonObject query = sessions.first().toObject().value(u"query"_s).toObject();
        QCOMPARE(query.value(u"file_length"_s).toString(), QString::number(m_video.size()));
        QCOMPARE(query.value(u"file_type"_s).toString(), u"video/mp4"_s);
        QVERIFY(!query.value(u"file_name"_s).toString().isEmpty());

        const QJsonArray uploads = journal(fake(), u"facebook"_s, u"POST"_s, u"/v26.0/upload:"_s);
        QCOMPARE(uploads.size(), 1);
        const QJsonObject upload = uploads.first().toObject();
        QCOMPARE(upload.value(u"status"_s).toInt(), 200);
        QCOMPARE(upload.value(u"headers"_s).toObject().value(u"file_offset"_s).toString(), u"0"_s);
        QVERIFY(upload.value(u"headers"_s)
                    .toObject()
                    .value(u"authorization"_s)
                    .toString()
                    .startsWith(u"OAuth "_s));
        QVERIFY(!upload.value(u"query"_s).toObject().value(u"sig"_s).toString().isEmpty());

        const QJsonArray videos
            = journal(fake(), u"facebook"_s, u"POST"_s, u"/v26.0/100000000000001/videos"_s);
        QCOMPARE(videos.size(), 1);
        const QString videoId = post.value(u"platformPostId"_s).toString();
        QVERIFY(!videoId.isEmpty());
        QCOMPARE(post.value(u"publicUrl"_s).toString(),
                 u"https://www.facebook.com/100000000000001/videos/"_s + videoId);
        // Processing looked at until ready: processing, then ready.
        QCOMPARE(journal(fake(), u"facebook"_s, u"GET"_s, u"/v26.0/"_s + videoId).size(), 2);

        // Facebook got exactly the file, and the post says what was written.
        const QJsonArray posts = fake().posts(u"facebook"_s);
        QCOMPARE(posts.size(), 1);
        const QJsonObject made = posts.first().toObject();
        QCOMPARE(made.value(u"text"_s).toString(), u"Our clip"_s);
        QCOMPARE(made.value(u"videoId"_s).toString(), videoId);
        QCOMPARE(made.value(u"videoSha256"_s).toString(),
                 QString::fromLatin1(
                     QCryptographicHash::hash(m_video, QCryptographicHash::Sha256).toHex()));
        QVERIFY(
            journal(fake(), u"facebook"_s, u"POST"_s, u"/v26.0/100000000000001/feed"_s).isEmpty());
    }

    // A connection that breaks in the middle of the file: Facebook is asked where its copy
    // ends, and the rest goes from there; not a byte lost or sent twice.
    void facebookVideoUploadResumesWhereItBroke()
    {
        const QString accountId = connectAccount(u"facebook"_s);
        QVERIFY(!accountId.isEmpty());
        const qint64 brokenAt = 5 * MiB + 321;
        QCOMPARE(fake()
                     .platform(u"facebook"_s)
                     ->applySwitches(QJsonObject {{u"uploadDropAtByte"_s, brokenAt}}),
                 QString());
        const QJsonObject post = publish(accountId, u"facebook"_s, u"Resumed clip"_s,
                                         {url("/clip.mp4")}, pageOne(accountId));
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);

        const QJsonArray uploads = journal(fake(), u"facebook"_s, u"POST"_s, u"/v26.0/upload:"_s);
        QCOMPARE(uploads.size(), 2);
        QVERIFY(uploads.first().toObject().value(u"dropped"_s).toBool());
        QCOMPARE(uploads.last()
                     .toObject()
                     .value(u"headers"_s)
                     .toObject()
                     .value(u"file_offset"_s)
                     .toString(),
                 QString::number(brokenAt));
        QCOMPARE(journal(fake(), u"facebook"_s, u"GET"_s, u"/v26.0/upload:"_s).size(), 1);
        QCOMPARE(journal(fake(), u"facebook"_s, u"POST"_s, u"/v26.0/fake-facebook-client/uploads"_s)
                     .size(),
                 1);
        QCOMPARE(
            journal(fake(), u"facebook"_s, u"POST"_s, u"/v26.0/100000000000001/videos"_s).size(),
            1);
        const QJsonArray posts = fake().posts(u"facebook"_s);
        QCOMPARE(posts.size(), 1);
        QCOMPARE(posts.first().toObject().value(u"videoSha256"_s).toString(),
                 QString::fromLatin1(
                     QCryptographicHash::hash(m_video, QCryptographicHash::Sha256).toHex()));
    }

    void facebookVideoThatFailsProcessingFails()
    {
        const QString accountId = connectAccount(u"facebook"_s);
        QVERIFY(!accountId.isEmpty());
        QCOMPARE(fake()
                     .platform(u"facebook"_s)
                     ->applySwitches(QJsonObject {{u"videoProcessing"_s, u"fail"_s}}),
                 QString());
        const QJsonObject failed = publish(accountId, u"facebook"_s, u"Broken clip"_s,
                                           {url("/clip.mp4")}, pageOne(accountId), u"failed"_s);
        QVERIFY2(failed.value(u"errorMessage"_s).toString().contains(u"could not process"_s),
                 qPrintable(failed.value(u"errorMessage"_s).toString()));
        QCOMPARE(failed.value(u"errorCode"_s).toString(), u"media_rejected"_s);
        QCOMPARE(
            journal(fake(), u"facebook"_s, u"POST"_s, u"/v26.0/100000000000001/videos"_s).size(),
            1);
        QVERIFY(fake().posts(u"facebook"_s).isEmpty());
    }

    void severalImagesMakeOnePostOnEachPlatform()
    {
        const QStringList images {url("/a.png"), url("/b.png"), url("/c.png")};

        const QString x = connectAccount(u"x"_s);
        QVERIFY(!x.isEmpty());
        QCOMPARE(publish(x, u"twitter"_s, u"Three photos"_s, images).value(u"status"_s).toString(),
                 u"published"_s);
        QCOMPARE(fake().posts(u"x"_s).first().toObject().value(u"mediaIds"_s).toArray().size(), 3);

        const QString linkedIn = connectAccount(u"linkedin"_s);
        QVERIFY(!linkedIn.isEmpty());
        QCOMPARE(publish(linkedIn, u"linkedin"_s, u"Three photos"_s, images)
                     .value(u"status"_s)
                     .toString(),
                 u"published"_s);
        const QJsonObject content
            = bodyOf(journal(fake(), u"linkedin"_s, u"POST"_s, u"/rest/posts"_s).first())
                  .value(u"content"_s)
                  .toObject();
        QCOMPARE(content.value(u"multiImage"_s).toObject().value(u"images"_s).toArray().size(), 3);

        const QString facebook = connectAccount(u"facebook"_s);
        QVERIFY(!facebook.isEmpty());
        QCOMPARE(publish(facebook, u"facebook"_s, u"Three photos"_s, images, pageOne(facebook))
                     .value(u"status"_s)
                     .toString(),
                 u"published"_s);
        QCOMPARE(
            fake().posts(u"facebook"_s).first().toObject().value(u"mediaIds"_s).toArray().size(),
            3);
        QCOMPARE(journal(fake(), u"facebook"_s, u"POST"_s, u"/v26.0/"_s).size(), 4);
    }

    // An upload whose answer is lost made no post: an ordinary failure, tried again after
    // the dispatcher's backoff, and the post goes out once.
    void aLostUploadAnswerIsTriedAgain()
    {
        const QString accountId = connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        int fault = 0;
        QCOMPARE(fake().faults().add(QJsonObject {{u"platform"_s, u"x"_s},
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
                return !f().server()
                            .submission(f().tenant(), id)
                            .value(u"errorMessage"_s)
                            .toString()
                            .isEmpty();
            },
            60'000));
        QCOMPARE(f().server().submission(f().tenant(), id).value(u"status"_s).toString(),
                 u"in-progress"_s);
        QVERIFY(journal(fake(), u"x"_s, u"POST"_s, u"/2/tweets"_s).isEmpty());

        f().server().clock().advanceMs(ServerConfig().dispatcher.firstRetryDelayMs);
        f().server().server().dispatcher().wake();
        QVERIFY(QTest::qWaitFor(
            [&] {
                return f().server().submission(f().tenant(), id).value(u"status"_s).toString()
                       == u"published";
            },
            60'000));
        QCOMPARE(journal(fake(), u"x"_s, u"POST"_s, u"/2/media/upload/initialize"_s).size(), 2);
        QCOMPARE(journal(fake(), u"x"_s, u"POST"_s, u"/2/tweets"_s).size(), 1);
        QCOMPARE(fake().posts(u"x"_s).size(), 1);
    }

    // Media the server holds are judged when the post is submitted: 422 with the rule.
    void theServersOwnMediaAreCheckedAtSubmission()
    {
        f().web().route("/long.mp4",
                        FakeMediaServer::file("video/mp4", testVideo(200 * 1024, 150)));
        f().web().route("/short.mp4",
                        FakeMediaServer::file("video/mp4", testVideo(200 * 1024, 10)));
        const auto own = [this](const QByteArray &path) {
            const HttpResult fetched
                = f().server().post(u"/media"_s, f().tenant(), QJsonObject {{u"url"_s, url(path)}});
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
        const HttpResult withPhoto
            = submit(facebook, u"facebook"_s, u"Clip"_s, {image, shortVideo}, pageOne(facebook));
        QCOMPARE(withPhoto.status, 422);
        QVERIFY2(withPhoto.errorDetails().join(u' ').contains(u"Facebook takes one video"_s),
                 withPhoto.body.constData());

        // Within the rules: accepted.
        QCOMPARE(submit(linkedIn, u"linkedin"_s, u"Fine"_s, {shortVideo}).status, 201);
        QVERIFY(journal(fake(), u"x"_s, u"POST"_s, u"/2/media/upload"_s).isEmpty());
    }

    // Media from elsewhere are judged once fetched, before anything goes to the platform.
    void foreignMediaAreCheckedWhenLoaded()
    {
        f().web().route("/long.mp4",
                        FakeMediaServer::file("video/mp4", testVideo(200 * 1024, 150)));
        const QString x = connectAccount(u"x"_s);
        QVERIFY(!x.isEmpty());
        const QJsonObject failed
            = publish(x, u"twitter"_s, u"Long"_s, {url("/long.mp4")}, {}, u"failed"_s);
        QVERIFY2(failed.value(u"errorMessage"_s).toString().contains(u"140 s"_s),
                 qPrintable(failed.value(u"errorMessage"_s).toString()));
        QVERIFY(journal(fake(), u"x"_s, u"POST"_s, u"/2/media/upload"_s).isEmpty());
        QVERIFY(journal(fake(), u"x"_s, u"POST"_s, u"/2/tweets"_s).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPlatformMedia)
#include "tst_platformmedia.moc"
