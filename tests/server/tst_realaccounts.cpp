#include "core/isotime.h"
#include "core/littletext.h"
#include "fakeplatforms/fakefacebook.h"
#include "fakeplatforms/fakeplatform.h"
#include "fakeplatforms/fakeplatformserver.h"
#include "realplatformsfixture.h"
#include "storage/creditrepository.h"
#include "storage/platformapprepository.h"
#include "storage/secretbox.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace slotline;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;
using slotline::fake::FakePlatformServer;

namespace {

QJsonArray journal(const FakePlatformServer &fake, const QString &platform, const QString &method,
                   const QString &path)
{
    QJsonArray matching;
    for (const QJsonValue &value : fake.journal().items(platform)) {
        const QJsonObject item = value.toObject();
        if (item.value(u"method"_s).toString() == method
            && item.value(u"path"_s).toString() == path)
            matching.append(item);
    }
    return matching;
}

} // namespace

// Real accounts end to end, against the fake platforms: connecting each platform from
// POST /users/me/accounts/connect to the account list with no step done by hand, and
// publishing text and images to each, with the platform seeing requests as it documents
// them.
class TestRealAccounts : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<RealPlatformsFixture> m_fixture;

    RealPlatformsFixture &f() { return *m_fixture; }
    FakePlatformServer &fake() { return f().fake(); }

    QString connectAccount(const QString &platform, const QJsonObject &extra = {})
    {
        return f().connectAccount(platform, extra);
    }
    QJsonObject account(const QString &id) { return f().account(id); }
    QJsonObject publish(const QString &accountId, const QString &platform, const QString &text,
                        const QJsonArray &mediaUrls = {}, const QString &pageId = {},
                        const QString &status = u"published"_s)
    {
        return f().publish(accountId, platform, text, mediaUrls, pageId, status);
    }
    static RealPlatformsFixture::BrowserVisit visit(const QUrl &url)
    {
        return RealPlatformsFixture::visit(url);
    }

private Q_SLOTS:
    void init() { m_fixture = std::make_unique<RealPlatformsFixture>(); }
    void cleanup() { m_fixture.reset(); }

    void xConnectsWithPkceAndPublishesTextAndImages()
    {
        const QString accountId = connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        const QJsonObject connected = account(accountId);
        QCOMPARE(connected.value(u"connector"_s).toString(), u"x"_s);
        QCOMPARE(connected.value(u"platform"_s).toString(), u"twitter"_s);
        QCOMPARE(connected.value(u"status"_s).toString(), u"connected"_s);
        const QString username = connected.value(u"username"_s).toString();
        QVERIFY(!username.isEmpty());

        // The authorization carried a PKCE S256 challenge, and the code came back with
        // its verifier and the app's Basic credentials.
        const QJsonObject authorize
            = journal(fake(), u"x"_s, u"GET"_s, u"/i/oauth2/authorize"_s).first().toObject();
        QCOMPARE(
            authorize.value(u"query"_s).toObject().value(u"code_challenge_method"_s).toString(),
            u"S256"_s);
        const QJsonObject token
            = journal(fake(), u"x"_s, u"POST"_s, u"/2/oauth2/token"_s).first().toObject();
        QVERIFY(token.value(u"headers"_s)
                    .toObject()
                    .value(u"authorization"_s)
                    .toString()
                    .startsWith(u"Basic "_s));
        QVERIFY(token.value(u"body"_s).toString().contains(u"code_verifier="_s));

        const QString text = u"Launch day 🚀 https://slotline.example/launch #ship"_s;
        const QJsonObject post = publish(accountId, u"twitter"_s, text);
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);
        const QString id = post.value(u"platformPostId"_s).toString();
        QCOMPARE(id.size(), 19);
        QCOMPARE(post.value(u"publicUrl"_s).toString(),
                 u"https://x.com/%1/status/%2"_s.arg(username, id));
        const QJsonObject tweet
            = journal(fake(), u"x"_s, u"POST"_s, u"/2/tweets"_s).first().toObject();
        QCOMPARE(tweet.value(u"headers"_s).toObject().value(u"content-type"_s).toString(),
                 u"application/json"_s);
        QVERIFY(tweet.value(u"headers"_s)
                    .toObject()
                    .value(u"authorization"_s)
                    .toString()
                    .startsWith(u"Bearer "_s));
        QCOMPARE(QJsonDocument::fromJson(tweet.value(u"body"_s).toString().toUtf8())
                     .object()
                     .value(u"text"_s)
                     .toString(),
                 text);

        const QJsonObject withImages = publish(
            accountId, u"twitter"_s, u"Two photos"_s,
            {f().web().url("/photo.png").toString(), f().web().url("/second.png").toString()});
        QCOMPARE(withImages.value(u"status"_s).toString(), u"published"_s);
        QCOMPARE(journal(fake(), u"x"_s, u"POST"_s, u"/2/media/upload"_s).size(), 2);
        const QJsonArray stored = fake().posts(u"x"_s);
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored.last().toObject().value(u"mediaIds"_s).toArray().size(), 2);
        // One create call per post: nothing was ever sent twice.
        QCOMPARE(journal(fake(), u"x"_s, u"POST"_s, u"/2/tweets"_s).size(), 2);
    }

    void linkedInTextArrivesWholeAsMemberAndOrganization()
    {
        const QString accountId = connectAccount(u"linkedin"_s);
        QVERIFY(!accountId.isEmpty());
        const QJsonArray pages
            = f().server()
                  .get(u"/api/v2/users/me/accounts/%1/subaccounts"_s.arg(accountId), f().tenant())
                  .items();
        QVERIFY2(!pages.isEmpty(), "the member's organizations become subaccounts");
        QCOMPARE(pages.first().toObject().value(u"type"_s).toString(), u"organization"_s);
        // Both: the member is ADMINISTRATOR of one, CONTENT_ADMINISTRATOR of the other.
        QStringList names;
        for (const QJsonValue &page : pages)
            names.append(page.toObject().value(u"name"_s).toString());
        names.sort();
        QCOMPARE(names, (QStringList {u"Fake Devtestco"_s, u"Fake Second Org"_s}));

        // Every reserved character of little text, which LinkedIn would cut the post at.
        const QString text
            = u"Q3 (draft) | {team} @all [notes] <b> #launch \\ *bold* _it_ ~x~ done"_s;
        const QJsonObject post = publish(accountId, u"linkedin"_s, text);
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);
        const QString urn = post.value(u"platformPostId"_s).toString();
        QVERIFY(urn.startsWith(u"urn:li:share:"_s));
        QCOMPARE(post.value(u"publicUrl"_s).toString(),
                 u"https://www.linkedin.com/feed/update/%1/"_s.arg(urn));
        const QJsonObject stored = fake().posts(u"linkedin"_s).first().toObject();
        QCOMPARE(stored.value(u"text"_s).toString(), text); // what people see: all of it
        const QJsonObject sent
            = journal(fake(), u"linkedin"_s, u"POST"_s, u"/rest/posts"_s).first().toObject();
        const QJsonObject headers = sent.value(u"headers"_s).toObject();
        QVERIFY(!headers.value(u"linkedin-version"_s).toString().isEmpty());
        QCOMPARE(headers.value(u"x-restli-protocol-version"_s).toString(), u"2.0.0"_s);
        const QJsonObject body
            = QJsonDocument::fromJson(sent.value(u"body"_s).toString().toUtf8()).object();
        QCOMPARE(body.value(u"commentary"_s).toString(), LittleText::escape(text));
        QVERIFY(body.value(u"author"_s).toString().startsWith(u"urn:li:person:"_s));
        QCOMPARE(body.value(u"lifecycleState"_s).toString(), u"PUBLISHED"_s);

        const QJsonObject asOrganization
            = publish(accountId, u"linkedin"_s, u"From the company"_s,
                      {f().web().url("/photo.png").toString()},
                      pages.first().toObject().value(u"id"_s).toString());
        QCOMPARE(asOrganization.value(u"status"_s).toString(), u"published"_s);
        const QJsonObject orgPost
            = QJsonDocument::fromJson(journal(fake(), u"linkedin"_s, u"POST"_s, u"/rest/posts"_s)
                                          .last()
                                          .toObject()
                                          .value(u"body"_s)
                                          .toString()
                                          .toUtf8())
                  .object();
        QVERIFY(orgPost.value(u"author"_s).toString().startsWith(u"urn:li:organization:"_s));
        QVERIFY(orgPost.value(u"content"_s)
                    .toObject()
                    .value(u"media"_s)
                    .toObject()
                    .value(u"id"_s)
                    .toString()
                    .startsWith(u"urn:li:image:"_s));
    }

    void facebookPublishesToPagesWithTheirTokens()
    {
        const QString accountId = connectAccount(u"facebook"_s);
        QVERIFY(!accountId.isEmpty());
        const QJsonArray pages
            = f().server()
                  .get(u"/api/v2/users/me/accounts/%1/subaccounts"_s.arg(accountId), f().tenant())
                  .items();
        QCOMPARE(pages.size(), 2);
        const QString pageId = pages.first().toObject().value(u"id"_s).toString();

        const QJsonObject post = publish(accountId, u"facebook"_s, u"Open on Sunday"_s, {}, pageId);
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);
        const QString id = post.value(u"platformPostId"_s).toString();
        QVERIFY(id.contains(u'_'));
        QCOMPARE(post.value(u"publicUrl"_s).toString(), u"https://www.facebook.com/"_s + id);

        const QJsonObject photo = publish(accountId, u"facebook"_s, u"New menu"_s,
                                          {f().web().url("/photo.png").toString()}, pageId);
        QCOMPARE(photo.value(u"status"_s).toString(), u"published"_s);
        const QJsonArray stored = fake().posts(u"facebook"_s);
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored.last().toObject().value(u"mediaIds"_s).toArray().size(), 1);

        // Without a Page there is nowhere to publish on Facebook: said at once, not tried.
        const HttpResult nowhere
            = f().server().createPost(f().tenant(), accountId, u"facebook"_s, u"To my timeline"_s);
        QCOMPARE(nowhere.status, 422);
        QVERIFY(nowhere.errorDetails().join(u' ').contains(u"post.target.pageId"_s));
        QCOMPARE(fake().posts(u"facebook"_s).size(), 2);
    }

    // Facebook Login for Business: the login dialog gets the saved configuration's id
    // instead of scopes, and the Pages arrive as with classic Facebook Login, with those
    // of the person's business portfolio.
    void facebookLoginForBusinessFindsPortfolioPages()
    {
        QString error;
        const auto secrets
            = SecretBox::fromKeyFile(SecretBox::keyFilePath(f().server().dataDirectory()), &error);
        QVERIFY(secrets);
        PlatformAppRepository apps(f().server().database(), *secrets, f().server().clock());
        PlatformApp app = *apps.find(u"facebook"_s);
        app.urls.insert(u"config_id"_s,
                        QStringView(fake::FakeFacebook::LoginConfigurationId).toString());
        apps.put(app);

        const QString accountId = connectAccount(u"facebook"_s);
        QVERIFY(!accountId.isEmpty());
        const QJsonArray dialogs
            = journal(fake(), u"facebook"_s, u"GET"_s, u"/v26.0/dialog/oauth"_s);
        QCOMPARE(dialogs.size(), 1);
        const QJsonObject query = dialogs.first().toObject().value(u"query"_s).toObject();
        QCOMPARE(query.value(u"config_id"_s).toString(),
                 QStringView(fake::FakeFacebook::LoginConfigurationId).toString());
        QVERIFY(!query.contains(u"scope"_s));
        // The configuration has business_management: the Page held only through the
        // person's business portfolio comes too, and Page One (in both lists) once.
        const QJsonArray pages
            = f().server()
                  .get(u"/api/v2/users/me/accounts/%1/subaccounts"_s.arg(accountId), f().tenant())
                  .items();
        QStringList names;
        for (const QJsonValue &page : pages)
            names.append(page.toObject().value(u"name"_s).toString());
        names.sort();
        QCOMPARE(names,
                 (QStringList {u"Fake Page One"_s, u"Fake Page Two"_s, u"Fake Portfolio Page"_s}));
        // And it takes posts, with its own Page token.
        const QJsonObject published
            = f().publish(accountId, u"facebook"_s, u"From the portfolio"_s, {},
                          f().pageNamed(accountId, u"Fake Portfolio Page"_s));
        QCOMPARE(published.value(u"status"_s).toString(), u"published"_s);
        QCOMPARE(fake().posts(u"facebook"_s).size(), 1);
    }

    // The callback address registered with the platform may be the localhost form (or an
    // https:// address in front of the server): the platform is sent that one, the code is
    // exchanged with that one, and the account connects.
    void aRegisteredLocalhostCallbackIsUsed()
    {
        QString error;
        const auto secrets
            = SecretBox::fromKeyFile(SecretBox::keyFilePath(f().server().dataDirectory()), &error);
        QVERIFY(secrets);
        PlatformAppRepository apps(f().server().database(), *secrets, f().server().clock());
        PlatformApp app = *apps.find(u"x"_s);
        const QString callback = u"http://localhost:%1/oauth/callback/x"_s.arg(f().server().port());
        app.urls.insert(u"callback"_s, callback);
        apps.put(app);

        const QString accountId = connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        const QJsonObject authorize
            = journal(fake(), u"x"_s, u"GET"_s, u"/i/oauth2/authorize"_s).first().toObject();
        QCOMPARE(authorize.value(u"query"_s).toObject().value(u"redirect_uri"_s).toString(),
                 callback);
        const QJsonObject token
            = journal(fake(), u"x"_s, u"POST"_s, u"/2/oauth2/token"_s).first().toObject();
        QVERIFY2(token.value(u"body"_s).toString().contains(
                     QString::fromLatin1(QUrl::toPercentEncoding(callback))),
                 qPrintable(token.value(u"body"_s).toString()));
    }

    void aPlatformWithoutAnAppSaysWhoConfiguresIt()
    {
        QString error;
        const auto secrets
            = SecretBox::fromKeyFile(SecretBox::keyFilePath(f().server().dataDirectory()), &error);
        PlatformAppRepository(f().server().database(), *secrets, f().server().clock())
            .remove(u"x"_s);
        const HttpResult refused = f().server().post(u"/users/me/accounts/connect"_s, f().tenant(),
                                                     QJsonObject {{u"platform"_s, u"x"_s}});
        QCOMPARE(refused.status, 422);
        QCOMPARE(refused.errorCode(), u"platform_not_configured"_s);
        QVERIFY(refused.json()
                    .value(u"error"_s)
                    .toObject()
                    .value(u"message"_s)
                    .toString()
                    .contains(u"slotline-server platforms set x"_s));
        // A server only this computer reaches names its data directory, so that the command
        // works as printed (the desktop app's built-in server).
        const QString message
            = refused.json().value(u"error"_s).toObject().value(u"message"_s).toString();
        QVERIFY2(message.contains(u"platforms set x --data "_s
                                  + QDir(f().server().dataDirectory()).absolutePath()),
                 qPrintable(message));
        const HttpResult unknown = f().server().post(u"/users/me/accounts/connect"_s, f().tenant(),
                                                     QJsonObject {{u"platform"_s, u"myspace"_s}});
        QCOMPARE(unknown.status, 422);
    }

    // A denied consent, or a callback used a second time, changes nothing.
    void deniedOrReusedAuthorizationsConnectNothing()
    {
        QCOMPARE(fake().platform(u"x"_s)->applySwitches(QJsonObject {{u"consent"_s, u"deny"_s}}),
                 QString());
        const HttpResult started = f().server().post(u"/users/me/accounts/connect"_s, f().tenant(),
                                                     QJsonObject {{u"platform"_s, u"x"_s}});
        QCOMPARE(started.status, 201);
        const RealPlatformsFixture::BrowserVisit denied
            = visit(QUrl(started.json().value(u"authorizationUrl"_s).toString()));
        QCOMPARE(denied.status, 400);
        QVERIFY2(denied.page.contains("was not connected"), denied.page.constData());
        const QJsonObject attempt = f().server()
                                        .get(u"/api/v2/users/me/accounts/connect/"_s
                                                 + started.json().value(u"state"_s).toString(),
                                             f().tenant())
                                        .json();
        QCOMPARE(attempt.value(u"status"_s).toString(), u"failed"_s);
        QVERIFY(attempt.value(u"error"_s).toString().contains(u"permission was not given"_s));
        const qsizetype before
            = f().server().get(u"/api/v2/users/me/accounts"_s, f().tenant()).items().size();

        QVERIFY(fake()
                    .platform(u"x"_s)
                    ->applySwitches(QJsonObject {{u"consent"_s, u"approve"_s}})
                    .isEmpty());
        const HttpResult again = f().server().post(u"/users/me/accounts/connect"_s, f().tenant(),
                                                   QJsonObject {{u"platform"_s, u"x"_s}});
        const RealPlatformsFixture::BrowserVisit first
            = visit(QUrl(again.json().value(u"authorizationUrl"_s).toString()));
        QCOMPARE(first.status, 200);
        const qsizetype tokenCalls
            = journal(fake(), u"x"_s, u"POST"_s, u"/2/oauth2/token"_s).size();
        const RealPlatformsFixture::BrowserVisit replayed
            = visit(first.landedAt); // the same callback, again
        QCOMPARE(replayed.status, 400);
        QVERIFY(replayed.page.contains("already used"));
        QCOMPARE(journal(fake(), u"x"_s, u"POST"_s, u"/2/oauth2/token"_s).size(), tokenCalls);
        QCOMPARE(f().server().get(u"/api/v2/users/me/accounts"_s, f().tenant()).items().size(),
                 before + 1);
    }

    // A token the platform refuses and that cannot be refreshed: the account needs
    // reconnecting, its post fails saying so with its credit back, and reconnecting keeps
    // the account.
    void aRevokedAccountNeedsReconnectingAndKeepsItsId()
    {
        const QString accountId = connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        QVERIFY(fake().platform(u"x"_s)->revokeTokens({}) > 0);
        const CreditBalance before
            = *CreditRepository(f().server().database(), f().server().clock())
                   .balance(f().tenant().projectId);
        const QJsonObject failed
            = publish(accountId, u"twitter"_s, u"Into the void"_s, {}, {}, u"failed"_s);
        QVERIFY2(failed.value(u"errorMessage"_s).toString().contains(u"connected again"_s),
                 qPrintable(failed.value(u"errorMessage"_s).toString()));
        const CreditBalance after = *CreditRepository(f().server().database(), f().server().clock())
                                         .balance(f().tenant().projectId);
        QCOMPARE(after.remaining, before.remaining);
        QCOMPARE(after.used, before.used);
        const QJsonObject needing = account(accountId);
        QCOMPARE(needing.value(u"status"_s).toString(), u"needs_reconnect"_s);
        QVERIFY(!needing.value(u"statusReason"_s).toString().isEmpty());
        QVERIFY(fake().posts(u"x"_s).isEmpty());

        // A new post for it is refused, saying why, without calling X.
        const qsizetype calls = fake().journal().items(u"x"_s).size();
        const HttpResult refused
            = f().server().createPost(f().tenant(), accountId, u"twitter"_s, u"Still nothing"_s);
        QCOMPARE(refused.status, 422);
        QVERIFY(refused.errorDetails().join(u' ').contains(u"connected again"_s));
        QCOMPARE(fake().journal().items(u"x"_s).size(), calls);

        QCOMPARE(connectAccount(u"x"_s, QJsonObject {{u"accountId"_s, accountId}}), accountId);
        QCOMPARE(account(accountId).value(u"status"_s).toString(), u"connected"_s);
        QCOMPARE(publish(accountId, u"twitter"_s, u"Back again"_s).value(u"status"_s).toString(),
                 u"published"_s);
    }

    void disconnectingAsksAboutScheduledPostsAndRevokes()
    {
        const QString accountId = connectAccount(u"linkedin"_s);
        QVERIFY(!accountId.isEmpty());
        const HttpResult scheduled = f().server().createPost(
            f().tenant(), accountId, u"linkedin"_s, u"Next week"_s,
            QJsonObject {{u"scheduledTime"_s,
                          isotime::format(f().server().clock().nowMs() + 24LL * 60 * 60 * 1000)}});
        QCOMPARE(scheduled.status, 201);
        const QString path = u"/users/me/accounts/"_s + accountId;
        const HttpResult refused = f().server().send("DELETE", path, f().tenant(), {});
        QCOMPARE(refused.status, 409);
        QCOMPARE(refused.errorCode(), u"account_has_scheduled_posts"_s);
        const HttpResult done
            = f().server().send("DELETE", path + u"?cancelScheduled=true"_s, f().tenant(), {});
        QCOMPARE(done.status, 204);
        QCOMPARE(account(accountId).value(u"status"_s).toString(), u"disconnected"_s);
        QCOMPARE(
            f().server()
                .submission(f().tenant(), scheduled.json().value(u"postSubmissionId"_s).toString())
                .value(u"status"_s)
                .toString(),
            u"cancelled"_s);
        QTRY_COMPARE(journal(fake(), u"linkedin"_s, u"POST"_s, u"/oauth/v2/revoke"_s).size(), 1);
    }

    // X's refresh tokens are single use: two due posts that find the token expired make
    // one refresh between them, and both go out.
    void twoDuePostsShareOneRefresh()
    {
        const QString accountId = connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        f().server().clock().advanceMs(2LL * 60 * 60 * 1000 + 1000); // past the 2 hours
        fake().clock().advance(2 * 60 * 60 + 1);
        QStringList ids;
        for (const QString &text : {u"First of two"_s, u"Second of two"_s}) {
            const HttpResult created
                = f().server().createPost(f().tenant(), accountId, u"twitter"_s, text);
            QCOMPARE(created.status, 201);
            ids.append(created.json().value(u"postSubmissionId"_s).toString());
        }
        for (const QString &id : ids)
            QVERIFY(f().server().waitForStatus(f().tenant(), id, u"published"_s));
        int refreshes = 0;
        for (const QJsonValue &call : journal(fake(), u"x"_s, u"POST"_s, u"/2/oauth2/token"_s))
            refreshes += call.toObject().value(u"body"_s).toString().contains(
                u"grant_type=refresh_token"_s);
        QCOMPARE(refreshes, 1);
        QCOMPARE(account(accountId).value(u"status"_s).toString(), u"connected"_s);
    }
};

QTEST_GUILESS_MAIN(TestRealAccounts)
#include "tst_realaccounts.moc"
