#include "fakeplatforms/fakelinkedin.h"
#include "fakeplatforms/fakeplatformserver.h"
#include "support/httptestclient.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSet>
#include <QTcpSocket>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QUrlQuery>

#include <memory>

using namespace Qt::StringLiterals;
using slotline::fake::FakeLinkedIn;
using slotline::fake::FakePlatformServer;
using slotline::fake::FakePlatformSettings;
using slotline::test::Headers;
using slotline::test::HttpResult;
using slotline::test::HttpTestClient;

namespace {

const QByteArray Verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const QString XRedirect = u"http://127.0.0.1:8787/oauth/callback/x"_s;
const QString LinkedInRedirect = u"http://127.0.0.1:8787/oauth/callback/linkedin"_s;
const QString FacebookRedirect = u"http://127.0.0.1:8787/oauth/callback/facebook"_s;
const QString PageOne = u"100000000000001"_s;

QByteArray challengeOf(const QByteArray &verifier)
{
    return QCryptographicHash::hash(verifier, QCryptographicHash::Sha256)
        .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

QByteArray formOf(const QList<QPair<QString, QString>> &fields)
{
    QByteArray body;
    for (const auto &[name, value] : fields) {
        if (!body.isEmpty())
            body += '&';
        body += QUrl::toPercentEncoding(name) + '=' + QUrl::toPercentEncoding(value);
    }
    return body;
}

QString encoded(const QString &value)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(value));
}

QByteArray basic(const QString &id, const QString &secret)
{
    return "Basic " + (id + u':' + secret).toUtf8().toBase64();
}

QByteArray json(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

const Headers FormHeaders = {{"content-type", "application/x-www-form-urlencoded"}};

Headers bearer(const QString &token, Headers extra = {})
{
    extra.append({"authorization", "Bearer " + token.toUtf8()});
    return extra;
}

Headers linkedInRest(const QString &token, const QByteArray &version)
{
    Headers headers = bearer(
        token, {{"x-restli-protocol-version", "2.0.0"}, {"content-type", "application/json"}});
    if (!version.isEmpty())
        headers.append({"linkedin-version", version});
    return headers;
}

QByteArray currentLinkedInVersion()
{
    return QDateTime::currentDateTimeUtc().date().toString(u"yyyyMM"_s).toLatin1();
}

QJsonObject linkedInPost(const QString &author, const QString &commentary)
{
    return QJsonObject {
        {u"author"_s, author},
        {u"commentary"_s, commentary},
        {u"visibility"_s, u"PUBLIC"_s},
        {u"distribution"_s, QJsonObject {{u"feedDistribution"_s, u"MAIN_FEED"_s},
                                         {u"targetEntities"_s, QJsonArray()},
                                         {u"thirdPartyDistributionChannels"_s, QJsonArray()}}},
        {u"lifecycleState"_s, u"PUBLISHED"_s},
        {u"isReshareDisabledByAuthor"_s, false}};
}

} // namespace

class TstFakePlatforms : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void xAuthorizationCodeWithPkceThenPost();
    void xTokenExchangeRefusesWrongVerifierAndReusedCode();
    void xRefreshTokensRotateAndTheOldOneIsRefused();
    void xAccessTokenExpiresAfterTwoHours();
    void xRefusesDuplicateText();
    void xWeightedLength_data();
    void xWeightedLength();
    void xMediaMustExistAndBelongToTheUser();
    void xChunkedVideoIsUsableOnlyAfterProcessing();
    void xVideoProcessingFailsBySwitch();
    void xAuthorizeRefusesUnregisteredRedirect();
    void consentDeniedRedirectsWithError_data();
    void consentDeniedRedirectsWithError();

    void linkedInVersionHeader_data();
    void linkedInVersionHeader();
    void linkedInPostAnswersEmptyBodyAndRestliId();
    void linkedInStoresRenderedLittleText_data();
    void linkedInStoresRenderedLittleText();
    void linkedInRefusesDuplicateCommentary();
    void linkedInRequiresFields();
    void linkedInImageUploadThenPost();
    void linkedInVideoPartsFinalizeWithTheirETagsInOrder();
    void linkedInOrganizationsAndPostingAsOne();
    void linkedInRefreshOnlyWithProgrammaticRefresh();
    void linkedInRevokedTokenAnswers65601();

    void facebookPageTokenPostsAndUserTokenIsRefused();
    void facebookAttachedMediaMustBeStagedPhotosOfThePage();
    void facebookUnknownVersionIsRefused();

    void faultApplyThenDropCreatesThePostAndClosesWithoutAnswer();
    void faultRespondOnNthCall();
    void faultDropDoesNotActAndDelayHoldsTheAnswer();
    void journalKeepsBinaryBodiesAsBase64();
    void resetKeepsRegistrationsAndForgetsState();
    void servesFromTheThreadItLivesOn();

private:
    QString authorizeLocation(const QString &pathAndQuery);
    QJsonObject connectX(const QString &scopes
                         = u"tweet.read tweet.write users.read media.write offline.access"_s);
    QString connectLinkedIn(const QString &scopes = u"openid profile email w_member_social"_s);
    QJsonObject connectFacebook();
    HttpResult tweet(const QString &token, const QJsonObject &body);
    HttpResult admin(const QByteArray &method, const QString &path, const QJsonObject &body = {});

    std::unique_ptr<FakePlatformServer> m_server;
    std::unique_ptr<HttpTestClient> m_client;
};

void TstFakePlatforms::init()
{
    m_server = std::make_unique<FakePlatformServer>(FakePlatformSettings::defaults());
    const quint16 port = m_server->listen();
    QVERIFY(port != 0);
    m_client = std::make_unique<HttpTestClient>(port);
}

void TstFakePlatforms::cleanup()
{
    m_client.reset();
    m_server.reset();
}

QString TstFakePlatforms::authorizeLocation(const QString &pathAndQuery)
{
    // HttpTestClient follows redirects; the authorize step must stop at the 302.
    QNetworkAccessManager manager;
    manager.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    std::unique_ptr<QNetworkReply> reply(
        manager.get(QNetworkRequest(QUrl(m_client->baseUrl() + pathAndQuery))));
    QEventLoop loop;
    connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10'000, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() != 302)
        return {};
    return QString::fromUtf8(reply->rawHeader("location"));
}

QJsonObject TstFakePlatforms::connectX(const QString &scopes)
{
    const QString location = authorizeLocation(
        u"/x/i/oauth2/authorize?response_type=code&client_id=fake-x-client&redirect_uri="_s
        + encoded(XRedirect) + u"&scope="_s + encoded(scopes) + u"&state=s1&code_challenge="_s
        + QString::fromLatin1(challengeOf(Verifier)) + u"&code_challenge_method=S256"_s);
    const QUrlQuery query(QUrl(location).query());
    const HttpResult token
        = m_client->send("POST", u"/x/2/oauth2/token"_s,
                         Headers {FormHeaders.first(),
                                  {"authorization", basic(u"fake-x-client"_s, u"fake-x-secret"_s)}},
                         formOf({{u"code"_s, query.queryItemValue(u"code"_s)},
                                 {u"grant_type"_s, u"authorization_code"_s},
                                 {u"client_id"_s, u"fake-x-client"_s},
                                 {u"redirect_uri"_s, XRedirect},
                                 {u"code_verifier"_s, QString::fromLatin1(Verifier)}}));
    return token.json();
}

QString TstFakePlatforms::connectLinkedIn(const QString &scopes)
{
    const QString location = authorizeLocation(
        u"/linkedin/oauth/v2/authorization?response_type=code&client_id=fake-linkedin-client"
        "&redirect_uri="_s
        + encoded(LinkedInRedirect) + u"&state=s2&scope="_s + encoded(scopes));
    const QUrlQuery query(QUrl(location).query());
    const HttpResult token
        = m_client->send("POST", u"/linkedin/oauth/v2/accessToken"_s, FormHeaders,
                         formOf({{u"grant_type"_s, u"authorization_code"_s},
                                 {u"code"_s, query.queryItemValue(u"code"_s)},
                                 {u"redirect_uri"_s, LinkedInRedirect},
                                 {u"client_id"_s, u"fake-linkedin-client"_s},
                                 {u"client_secret"_s, u"fake-linkedin-secret"_s}}));
    return token.json()[u"access_token"_s].toString();
}

QJsonObject TstFakePlatforms::connectFacebook()
{
    const QString location = authorizeLocation(
        u"/facebook/v26.0/dialog/oauth?client_id=fake-facebook-client&redirect_uri="_s
        + encoded(FacebookRedirect)
        + u"&state=s3&scope=pages_show_list,pages_read_engagement,pages_manage_posts"_s);
    const QUrlQuery query(QUrl(location).query());
    const HttpResult shortLived = m_client->get(
        u"/facebook/v26.0/oauth/access_token?client_id=fake-facebook-client&redirect_uri="_s
        + encoded(FacebookRedirect) + u"&client_secret=fake-facebook-secret&code="_s
        + query.queryItemValue(u"code"_s));
    const HttpResult longLived
        = m_client->get(u"/facebook/v26.0/oauth/"
                        u"access_token?grant_type=fb_exchange_token&client_id=fake-facebook-client"
                        "&client_secret=fake-facebook-secret&fb_exchange_token="_s
                        + shortLived.json()[u"access_token"_s].toString());
    return longLived.json();
}

HttpResult TstFakePlatforms::tweet(const QString &token, const QJsonObject &body)
{
    return m_client->send("POST", u"/x/2/tweets"_s,
                          bearer(token, {{"content-type", "application/json"}}), json(body));
}

HttpResult TstFakePlatforms::admin(const QByteArray &method, const QString &path,
                                   const QJsonObject &body)
{
    return m_client->send(method, u"/__admin"_s + path, {{"content-type", "application/json"}},
                          body.isEmpty() ? QByteArray() : json(body));
}

void TstFakePlatforms::xAuthorizationCodeWithPkceThenPost()
{
    const QString location = authorizeLocation(
        u"/x/i/oauth2/authorize?response_type=code&client_id=fake-x-client&redirect_uri="_s
        + encoded(XRedirect)
        + u"&scope=tweet.read%20tweet.write%20users.read%20offline.access&state=xyz&code_challenge="_s
        + QString::fromLatin1(challengeOf(Verifier)) + u"&code_challenge_method=S256"_s);
    QVERIFY(location.startsWith(XRedirect + u'?'));
    const QUrlQuery query(QUrl(location).query());
    QCOMPARE(query.queryItemValue(u"state"_s), u"xyz"_s);
    QVERIFY(!query.queryItemValue(u"code"_s).isEmpty());

    const HttpResult token
        = m_client->send("POST", u"/x/2/oauth2/token"_s,
                         Headers {FormHeaders.first(),
                                  {"authorization", basic(u"fake-x-client"_s, u"fake-x-secret"_s)}},
                         formOf({{u"code"_s, query.queryItemValue(u"code"_s)},
                                 {u"grant_type"_s, u"authorization_code"_s},
                                 {u"redirect_uri"_s, XRedirect},
                                 {u"code_verifier"_s, QString::fromLatin1(Verifier)}}));
    QCOMPARE(token.status, 200);
    const QJsonObject tokens = token.json();
    QCOMPARE(tokens[u"token_type"_s].toString(), u"bearer"_s);
    QCOMPARE(tokens[u"expires_in"_s].toInt(), 7200);
    QCOMPARE(tokens[u"scope"_s].toString(), u"tweet.read tweet.write users.read offline.access"_s);
    QVERIFY(!tokens[u"refresh_token"_s].toString().isEmpty());

    const HttpResult me
        = m_client->get(u"/x/2/users/me"_s, bearer(tokens[u"access_token"_s].toString()));
    QCOMPARE(me.status, 200);
    QCOMPARE(me.json()[u"data"_s][u"username"_s].toString(), u"fake_x_user"_s);

    const HttpResult created
        = tweet(tokens[u"access_token"_s].toString(), {{u"text"_s, u"Hello from Slotline"_s}});
    QCOMPARE(created.status, 201);
    const QString id = created.json()[u"data"_s][u"id"_s].toString();
    QCOMPARE(id.size(), 19);
    QCOMPARE(created.json()[u"data"_s][u"text"_s].toString(), u"Hello from Slotline"_s);

    const QJsonArray journal = admin("GET", u"/journal?platform=x"_s).items();
    QCOMPARE(journal.size(), 4);
    const QJsonObject post = journal.last().toObject();
    QCOMPARE(post[u"path"_s].toString(), u"/2/tweets"_s);
    QCOMPARE(post[u"method"_s].toString(), u"POST"_s);
    QCOMPARE(post[u"status"_s].toInt(), 201);
    QCOMPARE(post[u"headers"_s][u"authorization"_s].toString(),
             u"Bearer "_s + tokens[u"access_token"_s].toString());
    QCOMPARE(
        QJsonDocument::fromJson(post[u"body"_s].toString().toUtf8()).object()[u"text"_s].toString(),
        u"Hello from Slotline"_s);
    const QJsonArray posts = admin("GET", u"/posts?platform=x"_s).items();
    QCOMPARE(posts.size(), 1);
    QCOMPARE(posts.first()[u"id"_s].toString(), id);
}

void TstFakePlatforms::xTokenExchangeRefusesWrongVerifierAndReusedCode()
{
    const auto codeFor = [this] {
        const QString location = authorizeLocation(
            u"/x/i/oauth2/authorize?response_type=code&client_id=fake-x-client&redirect_uri="_s
            + encoded(XRedirect) + u"&scope=tweet.read&state=a&code_challenge="_s
            + QString::fromLatin1(challengeOf(Verifier)) + u"&code_challenge_method=S256"_s);
        return QUrlQuery(QUrl(location).query()).queryItemValue(u"code"_s);
    };
    const auto exchange
        = [this](const QString &code, const QByteArray &verifier, const QByteArray &authorization) {
              return m_client->send("POST", u"/x/2/oauth2/token"_s,
                                    Headers {FormHeaders.first(), {"authorization", authorization}},
                                    formOf({{u"code"_s, code},
                                            {u"grant_type"_s, u"authorization_code"_s},
                                            {u"redirect_uri"_s, XRedirect},
                                            {u"code_verifier"_s, QString::fromLatin1(verifier)}}));
          };
    const QByteArray good = basic(u"fake-x-client"_s, u"fake-x-secret"_s);

    const HttpResult wrongSecret
        = exchange(codeFor(), Verifier, basic(u"fake-x-client"_s, u"nope"_s));
    QCOMPARE(wrongSecret.status, 401);
    QCOMPARE(wrongSecret.json()[u"error"_s].toString(), u"unauthorized_client"_s);

    const HttpResult wrongVerifier
        = exchange(codeFor(), "another-verifier-another-verifier-another-verifier", good);
    QCOMPARE(wrongVerifier.status, 400);
    QCOMPARE(wrongVerifier.json()[u"error_description"_s].toString(),
             u"Value passed for the token was invalid."_s);

    const QString code = codeFor();
    QCOMPARE(exchange(code, Verifier, good).status, 200);
    QCOMPARE(exchange(code, Verifier, good).status, 400);

    const QString expiring = codeFor();
    QCOMPARE(admin("POST", u"/clock"_s, {{u"advanceSeconds"_s, 31}}).status, 200);
    QCOMPARE(exchange(expiring, Verifier, good).status, 400);
}

void TstFakePlatforms::xRefreshTokensRotateAndTheOldOneIsRefused()
{
    const QJsonObject first = connectX();
    const QString oldRefresh = first[u"refresh_token"_s].toString();
    const auto refresh = [this](const QString &token) {
        return m_client->send(
            "POST", u"/x/2/oauth2/token"_s,
            Headers {FormHeaders.first(),
                     {"authorization", basic(u"fake-x-client"_s, u"fake-x-secret"_s)}},
            formOf({{u"grant_type"_s, u"refresh_token"_s},
                    {u"refresh_token"_s, token},
                    {u"client_id"_s, u"fake-x-client"_s}}));
    };
    const HttpResult renewed = refresh(oldRefresh);
    QCOMPARE(renewed.status, 200);
    const QString newRefresh = renewed.json()[u"refresh_token"_s].toString();
    QVERIFY(!newRefresh.isEmpty());
    QVERIFY(newRefresh != oldRefresh);
    QVERIFY(renewed.json()[u"access_token"_s].toString() != first[u"access_token"_s].toString());

    const HttpResult reused = refresh(oldRefresh);
    QCOMPARE(reused.status, 400);
    QCOMPARE(reused.json(), (QJsonObject {{u"error"_s, u"invalid_request"_s},
                                          {u"error_description"_s,
                                           u"Value passed for the token was invalid."_s}}));
    const HttpResult latest = refresh(newRefresh);
    QCOMPARE(latest.status, 200);

    // Revoking the access token ends it at once.
    const QString access = latest.json()[u"access_token"_s].toString();
    QCOMPARE(m_client->get(u"/x/2/users/me"_s, bearer(access)).status, 200);
    const HttpResult revoked
        = m_client->send("POST", u"/x/2/oauth2/revoke"_s,
                         Headers {FormHeaders.first(),
                                  {"authorization", basic(u"fake-x-client"_s, u"fake-x-secret"_s)}},
                         formOf({{u"token"_s, access}, {u"token_type_hint"_s, u"access_token"_s}}));
    QCOMPARE(revoked.json(), (QJsonObject {{u"revoked"_s, true}}));
    QCOMPARE(m_client->get(u"/x/2/users/me"_s, bearer(access)).status, 401);
}

void TstFakePlatforms::xAccessTokenExpiresAfterTwoHours()
{
    const QString token = connectX()[u"access_token"_s].toString();
    QCOMPARE(m_client->get(u"/x/2/users/me"_s, bearer(token)).status, 200);
    admin("POST", u"/clock"_s, {{u"advanceSeconds"_s, 7199}});
    QCOMPARE(m_client->get(u"/x/2/users/me"_s, bearer(token)).status, 200);
    admin("POST", u"/clock"_s, {{u"advanceSeconds"_s, 2}});
    const HttpResult expired = m_client->get(u"/x/2/users/me"_s, bearer(token));
    QCOMPARE(expired.status, 401);
    QCOMPARE(expired.json(), (QJsonObject {{u"title"_s, u"Unauthorized"_s},
                                           {u"type"_s, u"about:blank"_s},
                                           {u"status"_s, 401},
                                           {u"detail"_s, u"Unauthorized"_s}}));
}

void TstFakePlatforms::xRefusesDuplicateText()
{
    const QString token = connectX()[u"access_token"_s].toString();
    QCOMPARE(tweet(token, {{u"text"_s, u"same words"_s}}).status, 201);
    const HttpResult duplicate = tweet(token, {{u"text"_s, u"same words"_s}});
    QCOMPARE(duplicate.status, 403);
    QCOMPARE(duplicate.json(),
             (QJsonObject {
                 {u"detail"_s, u"You are not allowed to create a Tweet with duplicate content."_s},
                 {u"type"_s, u"about:blank"_s},
                 {u"title"_s, u"Forbidden"_s},
                 {u"status"_s, 403}}));
    QCOMPARE(tweet(token, {{u"text"_s, u"other words"_s}}).status, 201);
    const HttpResult asForm
        = m_client->send("POST", u"/x/2/tweets"_s, bearer(token, FormHeaders), "text=form+words");
    QCOMPARE(asForm.status, 400);
}

void TstFakePlatforms::xWeightedLength_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("status");
    QTest::newRow("280 latin") << QString(280, u'a') << 201;
    QTest::newRow("281 latin") << QString(281, u'a') << 403;
    QTest::newRow("140 CJK weigh 280") << QString(140, QChar(0x4E2D)) << 201;
    QTest::newRow("141 CJK weigh 282") << QString(141, QChar(0x4E2D)) << 403;
}

void TstFakePlatforms::xWeightedLength()
{
    QFETCH(QString, text);
    QFETCH(int, status);
    const QString token = connectX()[u"access_token"_s].toString();
    QCOMPARE(tweet(token, {{u"text"_s, text}}).status, status);
}

void TstFakePlatforms::xMediaMustExistAndBelongToTheUser()
{
    const QString token = connectX()[u"access_token"_s].toString();
    const QByteArray boundary = "fakeboundary42";
    const QByteArray body
        = "--" + boundary
          + "\r\nContent-Disposition: form-data; name=\"media\"; filename=\"a.png\"\r\n"
            "Content-Type: image/png\r\n\r\n\x89PNG-bytes\r\n--"
          + boundary
          + "\r\nContent-Disposition: form-data; name=\"media_category\"\r\n\r\ntweet_image\r\n--"
          + boundary + "--\r\n";
    const HttpResult upload = m_client->send(
        "POST", u"/x/2/media/upload"_s,
        bearer(token, {{"content-type", "multipart/form-data; boundary=" + boundary}}), body);
    QCOMPARE(upload.status, 200);
    const QString mediaId = upload.json()[u"data"_s][u"id"_s].toString();
    QCOMPARE(mediaId.size(), 19);
    QCOMPARE(upload.json()[u"data"_s][u"media_key"_s].toString(), u"3_"_s + mediaId);

    const HttpResult withMedia
        = tweet(token, {{u"text"_s, u"with a picture"_s},
                        {u"media"_s, QJsonObject {{u"media_ids"_s, QJsonArray {mediaId}}}}});
    QCOMPARE(withMedia.status, 201);
    QCOMPARE(admin("GET", u"/posts?platform=x"_s).items().first()[u"mediaIds"_s].toArray(),
             QJsonArray {mediaId});
    const HttpResult unknown = tweet(
        token,
        {{u"text"_s, u"with a missing picture"_s},
         {u"media"_s, QJsonObject {{u"media_ids"_s, QJsonArray {u"1910000000000009999"_s}}}}});
    QCOMPARE(unknown.status, 400);

    const QString withoutMediaScope
        = connectX(u"tweet.read tweet.write users.read"_s)[u"access_token"_s].toString();
    QCOMPARE(m_client
                 ->send("POST", u"/x/2/media/upload"_s,
                        bearer(withoutMediaScope,
                               {{"content-type", "multipart/form-data; boundary=" + boundary}}),
                        body)
                 .status,
             403);
}

void TstFakePlatforms::xChunkedVideoIsUsableOnlyAfterProcessing()
{
    const QString token = connectX()[u"access_token"_s].toString();
    const Headers jsonHeaders = bearer(token, {{"content-type", "application/json"}});
    const HttpResult init = m_client->send("POST", u"/x/2/media/upload/initialize"_s, jsonHeaders,
                                           json({{u"media_type"_s, u"video/mp4"_s},
                                                 {u"total_bytes"_s, 10},
                                                 {u"media_category"_s, u"tweet_video"_s}}));
    QCOMPARE(init.status, 200);
    const QString id = init.json()[u"data"_s][u"id"_s].toString();
    QCOMPARE(init.json()[u"data"_s][u"media_key"_s].toString(), u"7_"_s + id);

    const auto append = [&](int segment, const QByteArray &bytes) {
        const QByteArray boundary = "chunk";
        const QByteArray body
            = "--chunk\r\nContent-Disposition: form-data; name=\"segment_index\"\r\n\r\n"
              + QByteArray::number(segment)
              + "\r\n--chunk\r\nContent-Disposition: form-data; name=\"media\"; "
                "filename=\"blob\"\r\n"
                "Content-Type: application/octet-stream\r\n\r\n"
              + bytes + "\r\n--chunk--\r\n";
        return m_client->send(
            "POST", u"/x/2/media/upload/"_s + id + u"/append"_s,
            bearer(token, {{"content-type", "multipart/form-data; boundary=" + boundary}}), body);
    };
    QCOMPARE(append(1, "abcd").status, 400); // segments start at 0
    QCOMPARE(append(0, "abcdef").status, 200);
    const auto finalize = [&] {
        return m_client->send("POST", u"/x/2/media/upload/"_s + id + u"/finalize"_s, bearer(token));
    };
    QCOMPARE(finalize().status, 400); // 6 of 10 bytes
    QCOMPARE(append(1, "ghij").status, 200);
    const HttpResult finalized = finalize();
    QCOMPARE(finalized.status, 200);
    QCOMPARE(finalized.json()[u"data"_s][u"processing_info"_s][u"state"_s].toString(),
             u"pending"_s);

    const QJsonObject withVideo {{u"text"_s, u"a video"_s},
                                 {u"media"_s, QJsonObject {{u"media_ids"_s, QJsonArray {id}}}}};
    QCOMPARE(tweet(token, withVideo).status, 400);
    const auto status = [&] {
        return m_client->get(u"/x/2/media/upload?command=STATUS&media_id="_s + id, bearer(token))
            .json()[u"data"_s][u"processing_info"_s][u"state"_s]
            .toString();
    };
    QCOMPARE(status(), u"pending"_s);
    QCOMPARE(status(), u"in_progress"_s);
    QCOMPARE(status(), u"succeeded"_s);
    QCOMPARE(tweet(token, withVideo).status, 201);
}

void TstFakePlatforms::xAuthorizeRefusesUnregisteredRedirect()
{
    // A different port is a different redirect URI: the person sees an error, no redirect.
    QCOMPARE(authorizeLocation(
                 u"/x/i/oauth2/authorize?response_type=code&client_id=fake-x-client&redirect_uri="_s
                 + encoded(u"http://127.0.0.1:9999/oauth/callback/x"_s)
                 + u"&scope=tweet.read&state=a&code_challenge=abc&code_challenge_method=plain"_s),
             QString());
    const QString missingChallenge
        = authorizeLocation(u"/x/i/oauth2/authorize?response_type=code&client_id=fake-x-client"
                            "&redirect_uri="_s
                            + encoded(XRedirect) + u"&scope=tweet.read&state=a"_s);
    QCOMPARE(QUrlQuery(QUrl(missingChallenge).query()).queryItemValue(u"error"_s),
             u"invalid_request"_s);
}

void TstFakePlatforms::consentDeniedRedirectsWithError_data()
{
    QTest::addColumn<QString>("platform");
    QTest::addColumn<QString>("authorize");
    QTest::addColumn<QString>("error");
    QTest::newRow("x")
        << u"x"_s
        << u"/x/i/oauth2/authorize?response_type=code&client_id=fake-x-client&redirect_uri="_s
               + encoded(XRedirect)
               + u"&scope=tweet.read&state=st&code_challenge=abc&code_challenge_method=plain"_s
        << u"access_denied"_s;
    QTest::newRow("linkedin")
        << u"linkedin"_s
        << u"/linkedin/oauth/v2/authorization?response_type=code&client_id=fake-linkedin-client"
           "&redirect_uri="_s
               + encoded(LinkedInRedirect) + u"&scope=openid&state=st"_s
        << u"user_cancelled_authorize"_s;
    QTest::newRow("facebook")
        << u"facebook"_s
        << u"/facebook/v25.0/dialog/oauth?client_id=fake-facebook-client&redirect_uri="_s
               + encoded(FacebookRedirect) + u"&scope=pages_show_list&state=st"_s
        << u"access_denied"_s;
}

void TstFakePlatforms::consentDeniedRedirectsWithError()
{
    QFETCH(QString, platform);
    QFETCH(QString, authorize);
    QFETCH(QString, error);
    QCOMPARE(admin("POST", u"/switches"_s, {{u"platform"_s, platform}, {u"consent"_s, u"deny"_s}})
                 .status,
             200);
    const QUrlQuery query(QUrl(authorizeLocation(authorize)).query());
    QCOMPARE(query.queryItemValue(u"error"_s), error);
    QCOMPARE(query.queryItemValue(u"state"_s), u"st"_s);
    QVERIFY(!query.hasQueryItem(u"code"_s));
}

void TstFakePlatforms::linkedInVersionHeader_data()
{
    QTest::addColumn<QByteArray>("version");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::newRow("missing") << QByteArray() << 400 << u"VERSION_MISSING"_s;
    QTest::newRow("sunset") << QByteArray("202301") << 426 << u"NONEXISTENT_VERSION"_s;
    QTest::newRow("not yet released")
        << QDateTime::currentDateTimeUtc().date().addMonths(2).toString(u"yyyyMM"_s).toLatin1()
        << 426 << u"NONEXISTENT_VERSION"_s;
    QTest::newRow("current") << currentLinkedInVersion() << 201 << QString();
    QTest::newRow("eleven months old")
        << QDateTime::currentDateTimeUtc().date().addMonths(-11).toString(u"yyyyMM"_s).toLatin1()
        << 201 << QString();
}

void TstFakePlatforms::linkedInVersionHeader()
{
    QFETCH(QByteArray, version);
    QFETCH(int, status);
    QFETCH(QString, code);
    const QString token = connectLinkedIn();
    const HttpResult answer
        = m_client->send("POST", u"/linkedin/rest/posts"_s, linkedInRest(token, version),
                         json(linkedInPost(FakeLinkedIn::memberUrn(), u"Versioned"_s)));
    QCOMPARE(answer.status, status);
    if (!code.isEmpty()) {
        QCOMPARE(answer.json()[u"code"_s].toString(), code);
        QCOMPARE(answer.json()[u"status"_s].toInt(), status);
    }
    if (status == 426) {
        QCOMPARE(answer.json()[u"message"_s].toString(),
                 u"Requested version "_s + QString::fromLatin1(version) + u"01 is not active"_s);
    }
}

void TstFakePlatforms::linkedInPostAnswersEmptyBodyAndRestliId()
{
    const QString token = connectLinkedIn();
    const HttpResult me = m_client->get(u"/linkedin/v2/userinfo"_s, bearer(token));
    QCOMPARE(me.status, 200);
    QCOMPARE(u"urn:li:person:"_s + me.json()[u"sub"_s].toString(), FakeLinkedIn::memberUrn());
    QCOMPARE(me.json()[u"given_name"_s].toString(), u"Fake"_s);

    const HttpResult created = m_client->send(
        "POST", u"/linkedin/rest/posts"_s, linkedInRest(token, currentLinkedInVersion()),
        json(linkedInPost(FakeLinkedIn::memberUrn(), u"Hello LinkedIn"_s)));
    QCOMPARE(created.status, 201);
    QVERIFY(created.body.isEmpty());
    const QString urn = QString::fromUtf8(created.header("x-restli-id"));
    QVERIFY(urn.startsWith(u"urn:li:share:"_s));

    QCOMPARE(
        m_client
            ->get(u"/linkedin/rest/posts/"_s + urn, linkedInRest(token, currentLinkedInVersion()))
            .status,
        400);
    const HttpResult read = m_client->get(u"/linkedin/rest/posts/"_s + encoded(urn),
                                          linkedInRest(token, currentLinkedInVersion()));
    QCOMPARE(read.status, 200);
    QCOMPARE(read.json()[u"id"_s].toString(), urn);
    QCOMPARE(read.json()[u"commentary"_s].toString(), u"Hello LinkedIn"_s);

    const HttpResult noBearer = m_client->get(u"/linkedin/v2/userinfo"_s);
    QCOMPARE(noBearer.status, 401);
    const HttpResult badBearer
        = m_client->get(u"/linkedin/v2/userinfo"_s, bearer(u"li-access-999"_s));
    QCOMPARE(badBearer.json(), (QJsonObject {{u"serviceErrorCode"_s, 65600},
                                             {u"message"_s, u"Invalid access token"_s},
                                             {u"status"_s, 401}}));
}

void TstFakePlatforms::linkedInStoresRenderedLittleText_data()
{
    QTest::addColumn<QString>("commentary");
    QTest::addColumn<QString>("rendered");
    QTest::newRow("plain") << u"Just words, and more."_s << u"Just words, and more."_s;
    QTest::newRow("unescaped parenthesis cuts") << u"Launch (beta) today"_s << u"Launch "_s;
    QTest::newRow("escaped parenthesis stays")
        << u"Launch \\(beta\\) today"_s << u"Launch (beta) today"_s;
    QTest::newRow("every escape") << u"\\|\\{\\}\\@\\[\\]\\(\\)\\<\\>\\#\\\\\\*\\_\\~"_s
                                  << u"|{}@[]()<>#\\*_~"_s;
    QTest::newRow("underscore cuts") << u"snake_case name"_s << u"snake"_s;
    QTest::newRow("mention") << u"Thanks @[Acme Corp](urn:li:organization:1234)!"_s
                             << u"Thanks Acme Corp!"_s;
    QTest::newRow("broken mention cuts") << u"Thanks @Acme for all"_s << u"Thanks "_s;
    QTest::newRow("hashtag template") << u"Go {hashtag|\\#|Qt} now"_s << u"Go #Qt now"_s;
    QTest::newRow("hashtag") << u"Go #Qt now"_s << u"Go #Qt now"_s;
    QTest::newRow("lone hash cuts") << u"Item # 5"_s << u"Item "_s;
    QTest::newRow("first of several cuts") << u"a [b] (c)"_s << u"a "_s;
}

void TstFakePlatforms::linkedInStoresRenderedLittleText()
{
    QFETCH(QString, commentary);
    QFETCH(QString, rendered);
    const QString token = connectLinkedIn();
    const HttpResult created = m_client->send(
        "POST", u"/linkedin/rest/posts"_s, linkedInRest(token, currentLinkedInVersion()),
        json(linkedInPost(FakeLinkedIn::memberUrn(), commentary)));
    QCOMPARE(created.status, 201);
    QCOMPARE(admin("GET", u"/posts?platform=linkedin"_s).items().first()[u"text"_s].toString(),
             rendered);
}

void TstFakePlatforms::linkedInRefusesDuplicateCommentary()
{
    const QString token = connectLinkedIn();
    const auto post = [&] {
        return m_client->send("POST", u"/linkedin/rest/posts"_s,
                              linkedInRest(token, currentLinkedInVersion()),
                              json(linkedInPost(FakeLinkedIn::memberUrn(), u"Twice"_s)));
    };
    const HttpResult first = post();
    QCOMPARE(first.status, 201);
    const HttpResult second = post();
    QCOMPARE(second.status, 422);
    QVERIFY(second.json()[u"message"_s].toString().contains(
        QString::fromUtf8(first.header("x-restli-id"))));
    QCOMPARE(second.json()[u"errorDetails"_s][u"inputErrors"_s][0][u"code"_s].toString(),
             u"DUPLICATE_POST"_s);
}

void TstFakePlatforms::linkedInRequiresFields()
{
    const QString token = connectLinkedIn();
    QJsonObject body = linkedInPost(FakeLinkedIn::memberUrn(), u"x"_s);
    body.remove(u"author"_s);
    body.remove(u"lifecycleState"_s);
    const HttpResult answer
        = m_client->send("POST", u"/linkedin/rest/posts"_s,
                         linkedInRest(token, currentLinkedInVersion()), json(body));
    QCOMPARE(answer.status, 422);
    QCOMPARE(
        answer.json()[u"message"_s].toString(),
        u"ERROR :: /author :: field is required but not found and has no default value\n"
        "ERROR :: /lifecycleState :: field is required but not found and has no default value\n"_s);
    Headers withoutProtocol = linkedInRest(token, currentLinkedInVersion());
    withoutProtocol.removeIf(
        [](const auto &header) { return header.first == "x-restli-protocol-version"; });
    QCOMPARE(m_client
                 ->send("POST", u"/linkedin/rest/posts"_s, withoutProtocol,
                        json(linkedInPost(FakeLinkedIn::memberUrn(), u"p"_s)))
                 .status,
             400);
}

void TstFakePlatforms::linkedInImageUploadThenPost()
{
    const QString token = connectLinkedIn();
    const Headers rest = linkedInRest(token, currentLinkedInVersion());
    const HttpResult init
        = m_client->send("POST", u"/linkedin/rest/images?action=initializeUpload"_s, rest,
                         json({{u"initializeUploadRequest"_s,
                                QJsonObject {{u"owner"_s, FakeLinkedIn::memberUrn()}}}}));
    QCOMPARE(init.status, 200);
    const QJsonObject value = init.json()[u"value"_s].toObject();
    const QString image = value[u"image"_s].toString();
    QVERIFY(image.startsWith(u"urn:li:image:"_s));
    const QUrl uploadUrl(value[u"uploadUrl"_s].toString());
    QCOMPARE(uploadUrl.port(), int(m_server->port()));
    QVERIFY(value[u"uploadUrlExpiresAt"_s].toInteger() > QDateTime::currentMSecsSinceEpoch());

    const auto status = [&] {
        return m_client->get(u"/linkedin/rest/images/"_s + encoded(image), rest)
            .json()[u"status"_s]
            .toString();
    };
    QCOMPARE(status(), u"WAITING_UPLOAD"_s);
    QJsonObject withImage = linkedInPost(FakeLinkedIn::memberUrn(), u"Picture"_s);
    withImage.insert(u"content"_s, QJsonObject {{u"media"_s, QJsonObject {{u"id"_s, image}}}});
    QCOMPARE(m_client->send("POST", u"/linkedin/rest/posts"_s, rest, json(withImage)).status, 422);

    const HttpResult put = m_client->send(
        "PUT", uploadUrl.path(), bearer(token, {{"content-type", "application/octet-stream"}}),
        QByteArray(1000, 'x'));
    QCOMPARE(put.status, 201);
    QCOMPARE(status(), u"AVAILABLE"_s);
    QCOMPARE(m_client->send("POST", u"/linkedin/rest/posts"_s, rest, json(withImage)).status, 201);
    QCOMPARE(admin("GET", u"/posts?platform=linkedin"_s).items().first()[u"mediaIds"_s].toArray(),
             QJsonArray {image});
}

void TstFakePlatforms::linkedInOrganizationsAndPostingAsOne()
{
    const QString memberOnly = connectLinkedIn();
    const QString orgToken = connectLinkedIn(
        u"openid profile w_member_social w_organization_social rw_organization_admin"_s);
    const Headers rest = linkedInRest(orgToken, currentLinkedInVersion());
    const HttpResult acls = m_client->get(
        u"/linkedin/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED"_s,
        rest);
    QCOMPARE(acls.status, 200);
    const QJsonArray elements = acls.json()[u"elements"_s].toArray();
    QCOMPARE(elements.size(), 2);
    const QString organization = elements.first()[u"organization"_s].toString();
    QCOMPARE(organization, u"urn:li:organization:2414183"_s);
    const HttpResult details = m_client->get(u"/linkedin/rest/organizations/2414183"_s, rest);
    QCOMPARE(details.json()[u"localizedName"_s].toString(), u"Fake Devtestco"_s);
    QCOMPARE(details.json()[u"vanityName"_s].toString(), u"fake-devtestco"_s);

    QCOMPARE(m_client
                 ->send("POST", u"/linkedin/rest/posts"_s, rest,
                        json(linkedInPost(organization, u"As the org"_s)))
                 .status,
             201);
    QCOMPARE(m_client
                 ->send("POST", u"/linkedin/rest/posts"_s,
                        linkedInRest(memberOnly, currentLinkedInVersion()),
                        json(linkedInPost(organization, u"Member token as the org"_s)))
                 .status,
             403);
    QCOMPARE(m_client
                 ->send("POST", u"/linkedin/rest/posts"_s, rest,
                        json(linkedInPost(u"urn:li:organization:999"_s, u"Not mine"_s)))
                 .status,
             403);
}

void TstFakePlatforms::linkedInRefreshOnlyWithProgrammaticRefresh()
{
    const auto tokenAnswer = [this] {
        const QString location = authorizeLocation(
            u"/linkedin/oauth/v2/authorization?response_type=code&client_id=fake-linkedin-client"
            "&redirect_uri="_s
            + encoded(LinkedInRedirect) + u"&state=r&scope=openid"_s);
        return m_client
            ->send("POST", u"/linkedin/oauth/v2/accessToken"_s, FormHeaders,
                   formOf({{u"grant_type"_s, u"authorization_code"_s},
                           {u"code"_s, QUrlQuery(QUrl(location).query()).queryItemValue(u"code"_s)},
                           {u"redirect_uri"_s, LinkedInRedirect},
                           {u"client_id"_s, u"fake-linkedin-client"_s},
                           {u"client_secret"_s, u"fake-linkedin-secret"_s}}))
            .json();
    };
    const QJsonObject plain = tokenAnswer();
    QCOMPARE(plain[u"expires_in"_s].toInteger(), 5184000);
    QVERIFY(!plain.contains(u"refresh_token"_s));

    admin("POST", u"/switches"_s,
          {{u"platform"_s, u"linkedin"_s}, {u"programmaticRefresh"_s, true}});
    const QJsonObject withRefresh = tokenAnswer();
    QCOMPARE(withRefresh[u"refresh_token_expires_in"_s].toInteger(), 31536000);
    const QString refreshToken = withRefresh[u"refresh_token"_s].toString();

    // Day 359: the refreshed access token dies with the refresh token on day 365.
    admin("POST", u"/clock"_s, {{u"advanceSeconds"_s, 359LL * 24 * 3600}});
    const HttpResult refreshed
        = m_client->send("POST", u"/linkedin/oauth/v2/accessToken"_s, FormHeaders,
                         formOf({{u"grant_type"_s, u"refresh_token"_s},
                                 {u"refresh_token"_s, refreshToken},
                                 {u"client_id"_s, u"fake-linkedin-client"_s},
                                 {u"client_secret"_s, u"fake-linkedin-secret"_s}}));
    QCOMPARE(refreshed.status, 200);
    QCOMPARE(refreshed.json()[u"refresh_token"_s].toString(), refreshToken);
    // Real time passes between the calls: a second of slack.
    constexpr qint64 sixDays = 6LL * 24 * 3600;
    QVERIFY(qAbs(refreshed.json()[u"refresh_token_expires_in"_s].toInteger() - sixDays) <= 1);
    QVERIFY(qAbs(refreshed.json()[u"expires_in"_s].toInteger() - sixDays) <= 1);

    admin("POST", u"/clock"_s, {{u"advanceSeconds"_s, 6LL * 24 * 3600}});
    const HttpResult late = m_client->get(u"/linkedin/v2/userinfo"_s,
                                          bearer(refreshed.json()[u"access_token"_s].toString()));
    QCOMPARE(late.json()[u"serviceErrorCode"_s].toInt(), 65602);
}

void TstFakePlatforms::linkedInRevokedTokenAnswers65601()
{
    const auto introspect = [this](const QString &token) {
        return m_client
            ->send("POST", u"/linkedin/oauth/v2/introspectToken"_s, FormHeaders,
                   formOf({{u"client_id"_s, u"fake-linkedin-client"_s},
                           {u"client_secret"_s, u"fake-linkedin-secret"_s},
                           {u"token"_s, token}}))
            .json();
    };
    const QString revokedByApp = connectLinkedIn();
    QCOMPARE(introspect(revokedByApp)[u"status"_s].toString(), u"active"_s);
    QCOMPARE(introspect(revokedByApp)[u"active"_s].toBool(), true);
    QCOMPARE(m_client
                 ->send("POST", u"/linkedin/oauth/v2/revoke"_s, FormHeaders,
                        formOf({{u"client_id"_s, u"fake-linkedin-client"_s},
                                {u"client_secret"_s, u"fake-linkedin-secret"_s},
                                {u"token"_s, revokedByApp}}))
                 .status,
             200);
    QCOMPARE(introspect(revokedByApp)[u"status"_s].toString(), u"revoked"_s);
    QCOMPARE(introspect(revokedByApp)[u"active"_s].toBool(), false);

    const QString token = connectLinkedIn();
    QCOMPARE(admin("POST", u"/tokens/revoke"_s, {{u"platform"_s, u"linkedin"_s}})
                 .json()[u"revoked"_s]
                 .toInt(),
             1);
    const HttpResult answer = m_client->get(u"/linkedin/v2/userinfo"_s, bearer(token));
    QCOMPARE(answer.status, 401);
    QCOMPARE(answer.json()[u"serviceErrorCode"_s].toInt(), 65601);
}

void TstFakePlatforms::facebookPageTokenPostsAndUserTokenIsRefused()
{
    const QJsonObject longLived = connectFacebook();
    QCOMPARE(longLived[u"expires_in"_s].toInteger(), 5183944);
    const QString userToken = longLived[u"access_token"_s].toString();

    const HttpResult accounts = m_client->get(
        u"/facebook/v26.0/me/accounts?fields=id,name,access_token,tasks&access_token="_s
        + userToken);
    QCOMPARE(accounts.status, 200);
    const QJsonArray pages = accounts.json()[u"data"_s].toArray();
    QCOMPARE(pages.size(), 2);
    QCOMPARE(pages.first()[u"id"_s].toString(), PageOne);
    QVERIFY(pages.first()[u"tasks"_s].toArray().contains(u"CREATE_CONTENT"_s));
    const QString pageToken = pages.first()[u"access_token"_s].toString();

    const HttpResult asUser
        = m_client->send("POST", u"/facebook/v26.0/"_s + PageOne + u"/feed"_s, FormHeaders,
                         formOf({{u"message"_s, u"Hello page"_s}, {u"access_token"_s, userToken}}));
    QCOMPARE(asUser.status, 403);
    QCOMPARE(asUser.json()[u"error"_s][u"code"_s].toInt(), 200);
    QCOMPARE(asUser.json()[u"error"_s][u"type"_s].toString(), u"OAuthException"_s);
    QVERIFY(asUser.json()[u"error"_s].toObject().contains(u"fbtrace_id"_s));

    const HttpResult asPage
        = m_client->send("POST", u"/facebook/v26.0/"_s + PageOne + u"/feed"_s,
                         bearer(pageToken, FormHeaders), formOf({{u"message"_s, u"Hello page"_s}}));
    QCOMPARE(asPage.status, 200);
    const QString id = asPage.json()[u"id"_s].toString();
    QVERIFY(id.startsWith(PageOne + u'_'));

    const HttpResult otherPage
        = m_client->send("POST", u"/facebook/v26.0/100000000000002/feed"_s,
                         bearer(pageToken, FormHeaders), formOf({{u"message"_s, u"Wrong page"_s}}));
    QCOMPARE(otherPage.json()[u"error"_s][u"code"_s].toInt(), 200);

    const HttpResult duplicate
        = m_client->send("POST", u"/facebook/v26.0/"_s + PageOne + u"/feed"_s,
                         bearer(pageToken, FormHeaders), formOf({{u"message"_s, u"Hello page"_s}}));
    QCOMPARE(duplicate.status, 400);
    QCOMPARE(duplicate.json()[u"error"_s][u"code"_s].toInt(), 506);
    QCOMPARE(duplicate.json()[u"error"_s][u"message"_s].toString(),
             u"(#506) Duplicate status message"_s);

    const HttpResult read
        = m_client->get(u"/facebook/v26.0/"_s + id + u"?access_token="_s + pageToken);
    QCOMPARE(read.json()[u"message"_s].toString(), u"Hello page"_s);
    QCOMPARE(m_client->send("DELETE", u"/facebook/v26.0/"_s + id + u"?access_token="_s + userToken)
                 .status,
             403);
    QCOMPARE(m_client->send("DELETE", u"/facebook/v26.0/"_s + id + u"?access_token="_s + pageToken)
                 .json(),
             (QJsonObject {{u"success"_s, true}}));
    QCOMPARE(m_client->get(u"/facebook/v26.0/"_s + id + u"?access_token="_s + pageToken)
                 .json()[u"error"_s][u"code"_s]
                 .toInt(),
             100);

    // De-authorizing the app ends the Page tokens too.
    QCOMPARE(m_client->send("DELETE", u"/facebook/v26.0/me/permissions?access_token="_s + userToken)
                 .status,
             200);
    const HttpResult afterRemoval
        = m_client->send("POST", u"/facebook/v26.0/"_s + PageOne + u"/feed"_s,
                         bearer(pageToken, FormHeaders), formOf({{u"message"_s, u"Later"_s}}));
    QCOMPARE(afterRemoval.json()[u"error"_s][u"code"_s].toInt(), 190);
}

void TstFakePlatforms::facebookAttachedMediaMustBeStagedPhotosOfThePage()
{
    const QString userToken = connectFacebook()[u"access_token"_s].toString();
    const QString pageToken
        = m_client->get(u"/facebook/v26.0/me/accounts?access_token="_s + userToken)
              .json()[u"data"_s][0][u"access_token"_s]
              .toString();
    const HttpResult staged = m_client->send(
        "POST", u"/facebook/v26.0/"_s + PageOne + u"/photos"_s, bearer(pageToken, FormHeaders),
        formOf({{u"url"_s, u"https://example.com/a.png"_s}, {u"published"_s, u"false"_s}}));
    QCOMPARE(staged.status, 200);
    const QString photo = staged.json()[u"id"_s].toString();
    QVERIFY(!staged.json().contains(u"post_id"_s));

    const QString attachment = u"{\"media_fbid\":\""_s + photo + u"\"}"_s;
    const HttpResult post = m_client->send(
        "POST", u"/facebook/v26.0/"_s + PageOne + u"/feed"_s, bearer(pageToken, FormHeaders),
        formOf({{u"message"_s, u"With photo"_s}, {u"attached_media[0]"_s, attachment}}));
    QCOMPARE(post.status, 200);
    QCOMPARE(admin("GET", u"/posts?platform=facebook"_s).items().first()[u"mediaIds"_s].toArray(),
             QJsonArray {photo});
    const HttpResult again = m_client->send(
        "POST", u"/facebook/v26.0/"_s + PageOne + u"/feed"_s, bearer(pageToken, FormHeaders),
        formOf({{u"message"_s, u"Same photo again"_s}, {u"attached_media[0]"_s, attachment}}));
    QCOMPARE(again.status, 400);
    QCOMPARE(again.json()[u"error"_s][u"code"_s].toInt(), 100);
}

void TstFakePlatforms::facebookUnknownVersionIsRefused()
{
    const HttpResult future = m_client->get(u"/facebook/v99.0/me?access_token=x"_s);
    QCOMPARE(future.status, 400);
    QCOMPARE(future.json()[u"error"_s][u"code"_s].toInt(), 2500);
    const HttpResult known = m_client->get(u"/facebook/v23.0/me?access_token=nonsense"_s);
    QCOMPARE(known.json()[u"error"_s][u"code"_s].toInt(), 190);
}

void TstFakePlatforms::faultApplyThenDropCreatesThePostAndClosesWithoutAnswer()
{
    const QString token = connectX()[u"access_token"_s].toString();
    QCOMPARE(admin("POST", u"/faults"_s,
                   {{u"platform"_s, u"x"_s},
                    {u"method"_s, u"POST"_s},
                    {u"path"_s, u"/2/tweets"_s},
                    {u"nth"_s, 1},
                    {u"action"_s, u"apply-then-drop"_s}})
                 .status,
             201);
    // A bare socket: QNetworkAccessManager would send the POST again after the drop.
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QTRY_COMPARE(socket.state(), QAbstractSocket::ConnectedState);
    const QByteArray body = json({{u"text"_s, u"lost answer"_s}});
    socket.write("POST /x/2/tweets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                 + token.toUtf8() + "\r\nContent-Type: application/json\r\nContent-Length: "
                 + QByteArray::number(body.size()) + "\r\n\r\n" + body);
    QByteArray received;
    QTRY_VERIFY_WITH_TIMEOUT(
        (received += socket.readAll(), socket.state() == QAbstractSocket::UnconnectedState), 5000);
    received += socket.readAll();
    QCOMPARE(received, QByteArray());

    const QJsonArray posts = admin("GET", u"/posts?platform=x"_s).items();
    QCOMPARE(posts.size(), 1);
    QCOMPARE(posts.first()[u"text"_s].toString(), u"lost answer"_s);
    const QJsonObject last = admin("GET", u"/journal?platform=x"_s).items().last().toObject();
    QCOMPARE(last[u"status"_s].toInt(), 0);
    QCOMPARE(last[u"dropped"_s].toBool(), true);
    // The next identical post is the duplicate a blind retry would meet.
    QCOMPARE(tweet(token, {{u"text"_s, u"lost answer"_s}}).status, 403);
}

void TstFakePlatforms::faultRespondOnNthCall()
{
    const QString token = connectX()[u"access_token"_s].toString();
    admin("POST", u"/faults"_s,
          {{u"platform"_s, u"x"_s},
           {u"path"_s, u"/2/tw*"_s},
           {u"nth"_s, 2},
           {u"action"_s, u"respond"_s},
           {u"status"_s, 503},
           {u"headers"_s, QJsonObject {{u"x-rate-limit-reset"_s, u"1700000000"_s}}},
           {u"body"_s, QJsonObject {{u"title"_s, u"Service Unavailable"_s}}}});
    QCOMPARE(tweet(token, {{u"text"_s, u"one"_s}}).status, 201);
    const HttpResult second = tweet(token, {{u"text"_s, u"two"_s}});
    QCOMPARE(second.status, 503);
    QCOMPARE(second.header("x-rate-limit-reset"), QByteArray("1700000000"));
    QCOMPARE(second.json()[u"title"_s].toString(), u"Service Unavailable"_s);
    QCOMPARE(tweet(token, {{u"text"_s, u"two"_s}}).status, 201);
    // "respond" answers instead of the platform: the second post was never created.
    QCOMPARE(admin("GET", u"/posts?platform=x"_s).items().size(), 2);
    QCOMPARE(admin("DELETE", u"/faults"_s).status, 204);
}

void TstFakePlatforms::faultDropDoesNotActAndDelayHoldsTheAnswer()
{
    const QString token = connectX()[u"access_token"_s].toString();
    admin("POST", u"/faults"_s,
          {{u"platform"_s, u"x"_s},
           {u"path"_s, u"/2/tweets"_s},
           {u"nth"_s, 1},
           {u"action"_s, u"drop"_s}});
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QTRY_COMPARE(socket.state(), QAbstractSocket::ConnectedState);
    const QByteArray body = json({{u"text"_s, u"never created"_s}});
    socket.write("POST /x/2/tweets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                 + token.toUtf8() + "\r\nContent-Type: application/json\r\nContent-Length: "
                 + QByteArray::number(body.size()) + "\r\n\r\n" + body);
    QTRY_COMPARE_WITH_TIMEOUT(socket.state(), QAbstractSocket::UnconnectedState, 5000);
    QCOMPARE(socket.readAll(), QByteArray());
    QCOMPARE(admin("GET", u"/posts?platform=x"_s).items().size(), 0);

    admin("POST", u"/faults"_s,
          {{u"platform"_s, u"x"_s},
           {u"path"_s, u"/2/users/me"_s},
           {u"action"_s, u"apply-then-respond"_s},
           {u"delayMs"_s, 300}});
    QElapsedTimer timer;
    timer.start();
    const HttpResult delayed = m_client->get(u"/x/2/users/me"_s, bearer(token));
    QCOMPARE(delayed.status, 200);
    QVERIFY(timer.elapsed() >= 300);
    QCOMPARE(delayed.json()[u"data"_s][u"username"_s].toString(), u"fake_x_user"_s);
}

void TstFakePlatforms::journalKeepsBinaryBodiesAsBase64()
{
    const QString token = connectLinkedIn();
    const QByteArray bytes("\x89PNG\r\n\x1a\n\0\0\xff", 11);
    m_client->send("PUT", u"/linkedin/upload/img-99"_s,
                   bearer(token, {{"content-type", "application/octet-stream"}}), bytes);
    const QJsonObject entry
        = admin("GET", u"/journal?platform=linkedin"_s).items().last().toObject();
    QCOMPARE(entry[u"path"_s].toString(), u"/upload/img-99"_s);
    QCOMPARE(entry[u"status"_s].toInt(), 404);
    QCOMPARE(entry[u"bodySize"_s].toInt(), 11);
    QCOMPARE(entry[u"body"_s].toString(), u"base64:"_s + QString::fromLatin1(bytes.toBase64()));
}

void TstFakePlatforms::resetKeepsRegistrationsAndForgetsState()
{
    const QString token = connectX()[u"access_token"_s].toString();
    QCOMPARE(tweet(token, {{u"text"_s, u"before reset"_s}}).status, 201);
    QCOMPARE(admin("POST", u"/reset"_s).status, 204);
    QCOMPARE(admin("GET", u"/posts"_s).items().size(), 0);
    QCOMPARE(admin("GET", u"/journal"_s).items().size(), 0);
    QCOMPARE(m_client->get(u"/x/2/users/me"_s, bearer(token)).status, 401);
    QVERIFY(!connectX()[u"access_token"_s].toString().isEmpty());

    // An application changed through the admin API lasts until the next reset.
    const QString moved = u"http://127.0.0.1:9000/oauth/callback/x"_s;
    QCOMPARE(admin("POST", u"/apps"_s,
                   {{u"platform"_s, u"x"_s}, {u"redirectUris"_s, QJsonArray {moved}}})
                 .status,
             200);
    const QString authorize
        = u"/x/i/oauth2/authorize?response_type=code&client_id=fake-x-client&scope=tweet.read"
          "&state=a&code_challenge=abc&code_challenge_method=plain&redirect_uri="_s;
    QVERIFY(authorizeLocation(authorize + encoded(moved)).startsWith(moved));
    QCOMPARE(authorizeLocation(authorize + encoded(XRedirect)), QString());
    admin("POST", u"/reset"_s);
    QVERIFY(authorizeLocation(authorize + encoded(XRedirect)).startsWith(XRedirect));
}

void TstFakePlatforms::servesFromTheThreadItLivesOn()
{
    // A server under test may block its own thread on a call to the fake: the fake then
    // has to run elsewhere, on the event loop of the thread it was moved to.
    QThread thread;
    auto *server = new FakePlatformServer(FakePlatformSettings::defaults());
    server->moveToThread(&thread);
    thread.start();
    quint16 port = 0;
    QMetaObject::invokeMethod(
        server, [server, &port] { port = server->listen(); }, Qt::BlockingQueuedConnection);
    QVERIFY(port != 0);

    // waitFor*() runs no event loop for the other objects of this thread: only a fake
    // that really serves from its own thread can answer.
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(socket.waitForConnected(5000));
    socket.write("GET /x/2/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    QVERIFY(socket.waitForBytesWritten(5000));
    QVERIFY(socket.waitForReadyRead(5000));
    QVERIFY(socket.readAll().startsWith("HTTP/1.1 401 "));

    QMetaObject::invokeMethod(server, &QObject::deleteLater);
    thread.quit();
    QVERIFY(thread.wait(5000));
}

void TstFakePlatforms::xVideoProcessingFailsBySwitch()
{
    const QString token = connectX()[u"access_token"_s].toString();
    QCOMPARE(admin("POST", u"/switches"_s,
                   QJsonObject {{u"platform"_s, u"x"_s}, {u"videoProcessing"_s, u"fail"_s}})
                 .status,
             200);
    const HttpResult init
        = m_client->send("POST", u"/x/2/media/upload/initialize"_s,
                         bearer(token, {{"content-type", "application/json"}}),
                         json({{u"media_type"_s, u"video/mp4"_s}, {u"total_bytes"_s, 4}}));
    const QString id = init.json()[u"data"_s][u"id"_s].toString();
    const QByteArray body = "--b\r\nContent-Disposition: form-data; name=\"segment_index\"\r\n\r\n0"
                            "\r\n--b\r\nContent-Disposition: form-data; name=\"media\"; "
                            "filename=\"blob\"\r\n\r\nabcd\r\n--b--\r\n";
    QCOMPARE(m_client
                 ->send("POST", u"/x/2/media/upload/"_s + id + u"/append"_s,
                        bearer(token, {{"content-type", "multipart/form-data; boundary=b"}}), body)
                 .status,
             200);
    QCOMPARE(
        m_client->send("POST", u"/x/2/media/upload/"_s + id + u"/finalize"_s, bearer(token)).status,
        200);
    QJsonObject processing;
    for (int i = 0; i < 3; ++i)
        processing
            = m_client->get(u"/x/2/media/upload?command=STATUS&media_id="_s + id, bearer(token))
                  .json()[u"data"_s][u"processing_info"_s]
                  .toObject();
    QCOMPARE(processing[u"state"_s].toString(), u"failed"_s);
    QCOMPARE(processing[u"error"_s][u"name"_s].toString(), u"InvalidMedia"_s);
    const QJsonObject withVideo {{u"text"_s, u"a video"_s},
                                 {u"media"_s, QJsonObject {{u"media_ids"_s, QJsonArray {id}}}}};
    QCOMPARE(tweet(token, withVideo).status, 400);
}

void TstFakePlatforms::linkedInVideoPartsFinalizeWithTheirETagsInOrder()
{
    const QString token = connectLinkedIn();
    const Headers rest = linkedInRest(token, currentLinkedInVersion());
    const qint64 size = 9 * 1024 * 1024; // three parts: 4, 4 and 1 MiB
    const HttpResult init = m_client->send(
        "POST", u"/linkedin/rest/videos?action=initializeUpload"_s, rest,
        json({{u"initializeUploadRequest"_s, QJsonObject {{u"owner"_s, FakeLinkedIn::memberUrn()},
                                                          {u"fileSizeBytes"_s, size},
                                                          {u"uploadCaptions"_s, false},
                                                          {u"uploadThumbnail"_s, false}}}}));
    QCOMPARE(init.status, 200);
    const QJsonObject value = init.json()[u"value"_s].toObject();
    const QString video = value[u"video"_s].toString();
    QVERIFY(video.startsWith(u"urn:li:video:"_s));
    const QJsonArray instructions = value[u"uploadInstructions"_s].toArray();
    QCOMPARE(instructions.size(), 3);
    QCOMPARE(instructions.last()[u"lastByte"_s].toInteger(), size - 1);

    QStringList etags;
    for (qsizetype i = 0; i < instructions.size(); ++i) {
        const qint64 first = instructions[i][u"firstByte"_s].toInteger();
        const qint64 last = instructions[i][u"lastByte"_s].toInteger();
        const QString path = QUrl(instructions[i][u"uploadUrl"_s].toString()).path();
        const Headers octets {{"content-type", "application/octet-stream"}};
        QCOMPARE(m_client->send("PUT", path, octets, QByteArray(10, 'x')).status, 400);
        const HttpResult put
            = m_client->send("PUT", path, octets, QByteArray(last - first + 1, char('a' + i)));
        QCOMPARE(put.status, 200);
        QVERIFY(!put.header("etag").isEmpty());
        etags.append(QString::fromLatin1(put.header("etag")));
    }
    QCOMPARE(QSet<QString>(etags.begin(), etags.end()).size(), 3); // each part its own

    const auto finalize = [&](const QStringList &partIds) {
        return m_client->send(
            "POST", u"/linkedin/rest/videos?action=finalizeUpload"_s, rest,
            json({{u"finalizeUploadRequest"_s,
                   QJsonObject {{u"video"_s, video},
                                {u"uploadToken"_s, value[u"uploadToken"_s].toString()},
                                {u"uploadedPartIds"_s, QJsonArray::fromStringList(partIds)}}}}));
    };
    QCOMPARE(finalize({etags[1], etags[0], etags[2]}).status, 400);
    QCOMPARE(finalize(etags.mid(0, 2)).status, 400);

    QJsonObject withVideo = linkedInPost(FakeLinkedIn::memberUrn(), u"A video"_s);
    withVideo.insert(u"content"_s, QJsonObject {{u"media"_s, QJsonObject {{u"id"_s, video}}}});
    const auto status = [&] {
        return m_client->get(u"/linkedin/rest/videos/"_s + encoded(video), rest)
            .json()[u"status"_s]
            .toString();
    };
    QCOMPARE(status(), u"WAITING_UPLOAD"_s);
    QCOMPARE(finalize(etags).status, 200);
    QCOMPARE(m_client->send("POST", u"/linkedin/rest/posts"_s, rest, json(withVideo)).status, 422);
    QCOMPARE(status(), u"PROCESSING"_s);
    QCOMPARE(status(), u"AVAILABLE"_s);
    QCOMPARE(m_client->send("POST", u"/linkedin/rest/posts"_s, rest, json(withVideo)).status, 201);
}

QTEST_GUILESS_MAIN(TstFakePlatforms)
#include "tst_fakeplatforms.moc"
