#include "core/isotime.h"
#include "core/littletext.h"
#include "fakeplatforms/fakeplatform.h"
#include "fakeplatforms/fakeplatformserver.h"
#include "storage/creditrepository.h"
#include "storage/platformapprepository.h"
#include "storage/secretbox.h"
#include "support/fakemediaserver.h"
#include "support/testserver.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTest>

using namespace slotline;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;
using slotline::fake::FakePlatformServer;
using slotline::fake::FakePlatformSettings;

namespace {

QByteArray pngBytes()
{
    QByteArray bytes("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 16);
    bytes += QByteArray(3000, 'p');
    return bytes;
}

// What a person's browser does with the authorization address: follows the platform's
// redirect back to the server, and shows the page it answers.
struct BrowserVisit
{
    int status = 0;
    QByteArray page;
    QUrl landedAt;
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
                         reply->readAll(), reply->url()};
    reply->deleteLater();
    return result;
}

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
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<FakePlatformServer> m_fake;
    std::unique_ptr<FakeMediaServer> m_web;
    Tenant m_tenant;

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

    // Connects an account of `platform` the way a person does; its account id.
    QString connectAccount(const QString &platform, const QJsonObject &extra = {})
    {
        QJsonObject body {{u"platform"_s, platform}};
        for (auto it = extra.begin(); it != extra.end(); ++it)
            body.insert(it.key(), it.value());
        const HttpResult started = m_server->post(u"/users/me/accounts/connect"_s, m_tenant, body);
        if (started.status != 201) {
            qWarning() << started.body;
            return {};
        }
        const QString state = started.json().value(u"state"_s).toString();
        const QUrl authorization(started.json().value(u"authorizationUrl"_s).toString());
        const BrowserVisit browser = visit(authorization);
        if (browser.status != 200 || !browser.page.contains("is connected")) {
            qWarning() << browser.status << browser.page;
            return {};
        }
        const QJsonObject attempt
            = m_server->get(u"/api/v2/users/me/accounts/connect/"_s + state, m_tenant).json();
        if (attempt.value(u"status"_s).toString() != u"connected")
            return {};
        return attempt.value(u"accountId"_s).toString();
    }

    QJsonObject account(const QString &id)
    {
        for (const QJsonValue &value :
             m_server->get(u"/api/v2/users/me/accounts"_s, m_tenant).items())
            if (value.toObject().value(u"id"_s).toString() == id)
                return value.toObject();
        return {};
    }

    // Publishes now and waits for the outcome; the submission.
    QJsonObject publish(const QString &accountId, const QString &platform, const QString &text,
                        const QJsonArray &mediaUrls = {}, const QString &pageId = {},
                        const QString &status = u"published"_s)
    {
        QJsonObject post {{u"accountId"_s, accountId},
                          {u"content"_s, QJsonObject {{u"text"_s, text},
                                                      {u"platform"_s, platform},
                                                      {u"mediaUrls"_s, mediaUrls}}}};
        if (!pageId.isEmpty())
            post.insert(u"target"_s,
                        QJsonObject {{u"targetType"_s, platform}, {u"pageId"_s, pageId}});
        const HttpResult created
            = m_server->post(u"/posts"_s, m_tenant, QJsonObject {{u"post"_s, post}});
        if (created.status != 201 && created.status != 200) {
            qWarning() << created.status << created.body;
            return {};
        }
        const QString id = created.json().value(u"postSubmissionId"_s).toString();
        if (!m_server->waitForStatus(m_tenant, id, status)) {
            qWarning() << m_server->submission(m_tenant, id);
            return {};
        }
        return m_server->submission(m_tenant, id);
    }

private Q_SLOTS:
    void init()
    {
        ServerConfig config;
        config.mediaAddresses = *AddressPolicy::fromAllowList(u"127.0.0.1"_s, nullptr);
        m_server = std::make_unique<TestServer>(config);
        m_fake = std::make_unique<FakePlatformServer>(
            FakePlatformSettings::defaults(m_server->port()));
        QVERIFY(m_fake->listen() != 0);
        m_web = std::make_unique<FakeMediaServer>();
        m_web->route("/photo.png", FakeMediaServer::file("image/png", pngBytes()));
        m_web->route("/second.png", FakeMediaServer::file("image/png", pngBytes()));
        m_tenant = m_server->addTenant(u"Agency"_s);
        m_server->grantCredits(m_tenant, 100);
        configure(u"x"_s, {u"authorize=/x/i/oauth2/authorize"_s, u"api=/x"_s});
        configure(
            u"linkedin"_s,
            {u"authorize=/linkedin/oauth/v2/authorization"_s,
             u"token=/linkedin/oauth/v2/accessToken"_s, u"api=/linkedin"_s},
            u"openid profile email w_member_social w_organization_social r_organization_admin"_s);
        configure(u"facebook"_s, {u"authorize=/facebook/v26.0/dialog/oauth"_s,
                                  u"api=/facebook/v26.0"_s, u"video=/facebook/v26.0"_s});
    }

    void cleanup()
    {
        m_web.reset();
        m_fake.reset();
        m_server.reset();
    }

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
            = journal(*m_fake, u"x"_s, u"GET"_s, u"/i/oauth2/authorize"_s).first().toObject();
        QCOMPARE(
            authorize.value(u"query"_s).toObject().value(u"code_challenge_method"_s).toString(),
            u"S256"_s);
        const QJsonObject token
            = journal(*m_fake, u"x"_s, u"POST"_s, u"/2/oauth2/token"_s).first().toObject();
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
            = journal(*m_fake, u"x"_s, u"POST"_s, u"/2/tweets"_s).first().toObject();
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

        const QJsonObject withImages
            = publish(accountId, u"twitter"_s, u"Two photos"_s,
                      {m_web->url("/photo.png").toString(), m_web->url("/second.png").toString()});
        QCOMPARE(withImages.value(u"status"_s).toString(), u"published"_s);
        QCOMPARE(journal(*m_fake, u"x"_s, u"POST"_s, u"/2/media/upload"_s).size(), 2);
        const QJsonArray stored = m_fake->posts(u"x"_s);
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored.last().toObject().value(u"mediaIds"_s).toArray().size(), 2);
        // One create call per post: nothing was ever sent twice.
        QCOMPARE(journal(*m_fake, u"x"_s, u"POST"_s, u"/2/tweets"_s).size(), 2);
    }

    void linkedInTextArrivesWholeAsMemberAndOrganization()
    {
        const QString accountId = connectAccount(u"linkedin"_s);
        QVERIFY(!accountId.isEmpty());
        const QJsonArray pages
            = m_server->get(u"/api/v2/users/me/accounts/%1/subaccounts"_s.arg(accountId), m_tenant)
                  .items();
        QVERIFY2(!pages.isEmpty(), "the member's organizations become subaccounts");
        QCOMPARE(pages.first().toObject().value(u"type"_s).toString(), u"organization"_s);

        // Every reserved character of little text, which LinkedIn would cut the post at.
        const QString text
            = u"Q3 (draft) | {team} @all [notes] <b> #launch \\ *bold* _it_ ~x~ done"_s;
        const QJsonObject post = publish(accountId, u"linkedin"_s, text);
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);
        const QString urn = post.value(u"platformPostId"_s).toString();
        QVERIFY(urn.startsWith(u"urn:li:share:"_s));
        QCOMPARE(post.value(u"publicUrl"_s).toString(),
                 u"https://www.linkedin.com/feed/update/%1/"_s.arg(urn));
        const QJsonObject stored = m_fake->posts(u"linkedin"_s).first().toObject();
        QCOMPARE(stored.value(u"text"_s).toString(), text); // what people see: all of it
        const QJsonObject sent
            = journal(*m_fake, u"linkedin"_s, u"POST"_s, u"/rest/posts"_s).first().toObject();
        const QJsonObject headers = sent.value(u"headers"_s).toObject();
        QVERIFY(!headers.value(u"linkedin-version"_s).toString().isEmpty());
        QCOMPARE(headers.value(u"x-restli-protocol-version"_s).toString(), u"2.0.0"_s);
        const QJsonObject body
            = QJsonDocument::fromJson(sent.value(u"body"_s).toString().toUtf8()).object();
        QCOMPARE(body.value(u"commentary"_s).toString(), LittleText::escape(text));
        QVERIFY(body.value(u"author"_s).toString().startsWith(u"urn:li:person:"_s));
        QCOMPARE(body.value(u"lifecycleState"_s).toString(), u"PUBLISHED"_s);

        const QJsonObject asOrganization = publish(
            accountId, u"linkedin"_s, u"From the company"_s, {m_web->url("/photo.png").toString()},
            pages.first().toObject().value(u"id"_s).toString());
        QCOMPARE(asOrganization.value(u"status"_s).toString(), u"published"_s);
        const QJsonObject orgPost
            = QJsonDocument::fromJson(journal(*m_fake, u"linkedin"_s, u"POST"_s, u"/rest/posts"_s)
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
            = m_server->get(u"/api/v2/users/me/accounts/%1/subaccounts"_s.arg(accountId), m_tenant)
                  .items();
        QCOMPARE(pages.size(), 2);
        const QString pageId = pages.first().toObject().value(u"id"_s).toString();

        const QJsonObject post = publish(accountId, u"facebook"_s, u"Open on Sunday"_s, {}, pageId);
        QCOMPARE(post.value(u"status"_s).toString(), u"published"_s);
        const QString id = post.value(u"platformPostId"_s).toString();
        QVERIFY(id.contains(u'_'));
        QCOMPARE(post.value(u"publicUrl"_s).toString(), u"https://www.facebook.com/"_s + id);

        const QJsonObject photo = publish(accountId, u"facebook"_s, u"New menu"_s,
                                          {m_web->url("/photo.png").toString()}, pageId);
        QCOMPARE(photo.value(u"status"_s).toString(), u"published"_s);
        const QJsonArray stored = m_fake->posts(u"facebook"_s);
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored.last().toObject().value(u"mediaIds"_s).toArray().size(), 1);

        // Without a Page there is nowhere to publish on Facebook: said at once, not tried.
        const HttpResult nowhere
            = m_server->createPost(m_tenant, accountId, u"facebook"_s, u"To my timeline"_s);
        QCOMPARE(nowhere.status, 422);
        QVERIFY(nowhere.errorDetails().join(u' ').contains(u"post.target.pageId"_s));
        QCOMPARE(m_fake->posts(u"facebook"_s).size(), 2);
    }

    void aPlatformWithoutAnAppSaysWhoConfiguresIt()
    {
        QString error;
        const auto secrets
            = SecretBox::fromKeyFile(SecretBox::keyFilePath(m_server->dataDirectory()), &error);
        PlatformAppRepository(m_server->database(), *secrets, m_server->clock()).remove(u"x"_s);
        const HttpResult refused = m_server->post(u"/users/me/accounts/connect"_s, m_tenant,
                                                  QJsonObject {{u"platform"_s, u"x"_s}});
        QCOMPARE(refused.status, 422);
        QCOMPARE(refused.errorCode(), u"platform_not_configured"_s);
        QVERIFY(refused.json()
                    .value(u"error"_s)
                    .toObject()
                    .value(u"message"_s)
                    .toString()
                    .contains(u"slotline-server platforms set x"_s));
        const HttpResult unknown = m_server->post(u"/users/me/accounts/connect"_s, m_tenant,
                                                  QJsonObject {{u"platform"_s, u"myspace"_s}});
        QCOMPARE(unknown.status, 422);
    }

    // A denied consent, or a callback used a second time, changes nothing.
    void deniedOrReusedAuthorizationsConnectNothing()
    {
        QCOMPARE(m_fake->platform(u"x"_s)->applySwitches(QJsonObject {{u"consent"_s, u"deny"_s}}),
                 QString());
        const HttpResult started = m_server->post(u"/users/me/accounts/connect"_s, m_tenant,
                                                  QJsonObject {{u"platform"_s, u"x"_s}});
        QCOMPARE(started.status, 201);
        const BrowserVisit denied
            = visit(QUrl(started.json().value(u"authorizationUrl"_s).toString()));
        QCOMPARE(denied.status, 400);
        QVERIFY2(denied.page.contains("was not connected"), denied.page.constData());
        const QJsonObject attempt = m_server
                                        ->get(u"/api/v2/users/me/accounts/connect/"_s
                                                  + started.json().value(u"state"_s).toString(),
                                              m_tenant)
                                        .json();
        QCOMPARE(attempt.value(u"status"_s).toString(), u"failed"_s);
        QVERIFY(attempt.value(u"error"_s).toString().contains(u"permission was not given"_s));
        const qsizetype before
            = m_server->get(u"/api/v2/users/me/accounts"_s, m_tenant).items().size();

        QVERIFY(m_fake->platform(u"x"_s)
                    ->applySwitches(QJsonObject {{u"consent"_s, u"approve"_s}})
                    .isEmpty());
        const HttpResult again = m_server->post(u"/users/me/accounts/connect"_s, m_tenant,
                                                QJsonObject {{u"platform"_s, u"x"_s}});
        const BrowserVisit first
            = visit(QUrl(again.json().value(u"authorizationUrl"_s).toString()));
        QCOMPARE(first.status, 200);
        const qsizetype tokenCalls
            = journal(*m_fake, u"x"_s, u"POST"_s, u"/2/oauth2/token"_s).size();
        const BrowserVisit replayed = visit(first.landedAt); // the same callback, again
        QCOMPARE(replayed.status, 400);
        QVERIFY(replayed.page.contains("already used"));
        QCOMPARE(journal(*m_fake, u"x"_s, u"POST"_s, u"/2/oauth2/token"_s).size(), tokenCalls);
        QCOMPARE(m_server->get(u"/api/v2/users/me/accounts"_s, m_tenant).items().size(),
                 before + 1);
    }

    // A token the platform refuses and that cannot be refreshed: the account needs
    // reconnecting, its post fails saying so with its credit back, and reconnecting keeps
    // the account.
    void aRevokedAccountNeedsReconnectingAndKeepsItsId()
    {
        const QString accountId = connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        QVERIFY(m_fake->platform(u"x"_s)->revokeTokens({}) > 0);
        const CreditBalance before = *CreditRepository(m_server->database(), m_server->clock())
                                          .balance(m_tenant.projectId);
        const QJsonObject failed
            = publish(accountId, u"twitter"_s, u"Into the void"_s, {}, {}, u"failed"_s);
        QVERIFY2(failed.value(u"errorMessage"_s).toString().contains(u"connected again"_s),
                 qPrintable(failed.value(u"errorMessage"_s).toString()));
        const CreditBalance after = *CreditRepository(m_server->database(), m_server->clock())
                                         .balance(m_tenant.projectId);
        QCOMPARE(after.remaining, before.remaining);
        QCOMPARE(after.used, before.used);
        const QJsonObject needing = account(accountId);
        QCOMPARE(needing.value(u"status"_s).toString(), u"needs_reconnect"_s);
        QVERIFY(!needing.value(u"statusReason"_s).toString().isEmpty());
        QVERIFY(m_fake->posts(u"x"_s).isEmpty());

        // A new post for it is refused, saying why, without calling X.
        const qsizetype calls = m_fake->journal().items(u"x"_s).size();
        const HttpResult refused
            = m_server->createPost(m_tenant, accountId, u"twitter"_s, u"Still nothing"_s);
        QCOMPARE(refused.status, 422);
        QVERIFY(refused.errorDetails().join(u' ').contains(u"connected again"_s));
        QCOMPARE(m_fake->journal().items(u"x"_s).size(), calls);

        QCOMPARE(connectAccount(u"x"_s, QJsonObject {{u"accountId"_s, accountId}}), accountId);
        QCOMPARE(account(accountId).value(u"status"_s).toString(), u"connected"_s);
        QCOMPARE(publish(accountId, u"twitter"_s, u"Back again"_s).value(u"status"_s).toString(),
                 u"published"_s);
    }

    void disconnectingAsksAboutScheduledPostsAndRevokes()
    {
        const QString accountId = connectAccount(u"linkedin"_s);
        QVERIFY(!accountId.isEmpty());
        const HttpResult scheduled = m_server->createPost(
            m_tenant, accountId, u"linkedin"_s, u"Next week"_s,
            QJsonObject {{u"scheduledTime"_s,
                          isotime::format(m_server->clock().nowMs() + 24LL * 60 * 60 * 1000)}});
        QCOMPARE(scheduled.status, 201);
        const QString path = u"/users/me/accounts/"_s + accountId;
        const HttpResult refused = m_server->send("DELETE", path, m_tenant, {});
        QCOMPARE(refused.status, 409);
        QCOMPARE(refused.errorCode(), u"account_has_scheduled_posts"_s);
        const HttpResult done
            = m_server->send("DELETE", path + u"?cancelScheduled=true"_s, m_tenant, {});
        QCOMPARE(done.status, 204);
        QCOMPARE(account(accountId).value(u"status"_s).toString(), u"disconnected"_s);
        QCOMPARE(
            m_server->submission(m_tenant, scheduled.json().value(u"postSubmissionId"_s).toString())
                .value(u"status"_s)
                .toString(),
            u"cancelled"_s);
        QTRY_COMPARE(journal(*m_fake, u"linkedin"_s, u"POST"_s, u"/oauth/v2/revoke"_s).size(), 1);
    }

    // X's refresh tokens are single use: two due posts that find the token expired make
    // one refresh between them, and both go out.
    void twoDuePostsShareOneRefresh()
    {
        const QString accountId = connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        m_server->clock().advanceMs(2LL * 60 * 60 * 1000 + 1000); // past the 2 hours
        m_fake->clock().advance(2 * 60 * 60 + 1);
        QStringList ids;
        for (const QString &text : {u"First of two"_s, u"Second of two"_s}) {
            const HttpResult created
                = m_server->createPost(m_tenant, accountId, u"twitter"_s, text);
            QCOMPARE(created.status, 201);
            ids.append(created.json().value(u"postSubmissionId"_s).toString());
        }
        for (const QString &id : ids)
            QVERIFY(m_server->waitForStatus(m_tenant, id, u"published"_s));
        int refreshes = 0;
        for (const QJsonValue &call : journal(*m_fake, u"x"_s, u"POST"_s, u"/2/oauth2/token"_s))
            refreshes += call.toObject().value(u"body"_s).toString().contains(
                u"grant_type=refresh_token"_s);
        QCOMPARE(refreshes, 1);
        QCOMPARE(account(accountId).value(u"status"_s).toString(), u"connected"_s);
    }
};

QTEST_GUILESS_MAIN(TestRealAccounts)
#include "tst_realaccounts.moc"
