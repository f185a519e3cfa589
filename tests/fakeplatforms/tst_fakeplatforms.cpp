#include "fakeplatforms/fakelinkedin.h"
#include "fakeplatforms/fakeplatformserver.h"
#include "fakeplatforms/httplistener.h"
#include "support/httptestclient.h"
#include "support/rawhttpclient.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QSet>
#include <QTcpSocket>
#include <QTemporaryFile>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QUrlQuery>

#include <functional>
#include <memory>

using namespace Qt::StringLiterals;
using slotline::fake::FakeLinkedIn;
using slotline::fake::FakePlatformServer;
using slotline::fake::FakePlatformSettings;
using slotline::fake::FakeRequest;
using slotline::fake::FakeResponse;
using slotline::fake::HttpListener;
using slotline::test::Headers;
using slotline::test::HttpResult;
using slotline::test::HttpTestClient;
using slotline::test::RawHttpClient;

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

// A create call written on a bare socket: QNetworkAccessManager would send a POST again
// after a dropped connection, which is what these tests look at.
void writeTweetRequest(QTcpSocket &socket, const QString &token, const QString &text)
{
    const QByteArray body = json({{u"text"_s, text}});
    socket.write("POST /x/2/tweets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                 + token.toUtf8() + "\r\nContent-Type: application/json\r\nContent-Length: "
                 + QByteArray::number(body.size()) + "\r\n\r\n" + body);
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
    void aHeldAnswerWaitsUntilReleased();
    void answerDelayHoldsEveryAnswerOfOnePlatform();
    void journalKeepsBinaryBodiesAsBase64();
    void resetKeepsRegistrationsAndForgetsState();
    void servesFromTheThreadItLivesOn();

    void xRateLimitHeadersCountPerEndpointAndResetWithTheClock();
    void xRevokedTokenAnswers401WithoutRateHeaders();
    void xUserTimelineListsNewestFirstWithTcoLinks();
    void xUserTimelinePagesWithNextToken();
    void listingDelayHidesYoungPosts_data();
    void listingDelayHidesYoungPosts();
    void linkedInDailyQuotaEndsAtUtcMidnightWithoutHeaders();
    void linkedInFreshTokenAnswers65601UntilOldEnough();
    void linkedInFindsPostsByAuthorNewestFirst();
    void linkedInFinderPagesWithStartAndCount();
    void facebookUsageHeadersAndThrottle_data();
    void facebookUsageHeadersAndThrottle();
    void facebookAppThrottleAndBadCodes();
    void facebookTokenFailuresCarryTheChosenSubcode_data();
    void facebookTokenFailuresCarryTheChosenSubcode();
    void facebookPublishedPostsSinceNewestFirst();
    void facebookPublishedPostsPageWithCursorsAndNext();
    void facebookPolicyBlockAnswers368();

    void facebookVideoUploadPublishThenProcess();
    void facebookUploadSessionRefusals();
    void facebookVideoHandleUnknownOrUsedTwice();
    void facebookVideoCreateMeetsTheFeedsFailures();
    void facebookInterruptedUploadResumesFromItsOffset();
    void facebookLostFinalAnswerGivesTheHandleAgain();
    void facebookVideoProcessingFailsBySwitch();
    void largeBodyGoesToAFileAndTheConnectionGoesOn();
    void largeBodyReachesAnEndpointThatReadsItWhole();

private:
    QString authorizeLocation(const QString &pathAndQuery);
    QJsonObject connectX(const QString &scopes
                         = u"tweet.read tweet.write users.read media.write offline.access"_s);
    QString connectLinkedIn(const QString &scopes = u"openid profile email w_member_social"_s);
    QJsonObject connectFacebook();
    HttpResult tweet(const QString &token, const QJsonObject &body);
    HttpResult admin(const QByteArray &method, const QString &path, const QJsonObject &body = {});
    // The long-lived user token, then a Page token of each Page.
    QStringList facebookPageTokens();
    // POST /<app>/uploads: the session id, "upload:…?sig=…", empty on failure.
    QString startFacebookUpload(const QString &userToken, qint64 length);
    HttpResult sendUploadBytes(const QString &userToken, const QString &session, qint64 offset,
                               const QByteArray &bytes);
    HttpResult uploadOffset(const QString &userToken, const QString &session);
    HttpResult publishVideo(const QString &pageToken, const QString &handle,
                            const QString &description);
    QJsonObject videoStatus(const QString &pageToken, const QString &videoId);

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

    // A GIF is not for the one-shot upload (tweet_gif goes in chunks).
    const HttpResult gif = m_client->send(
        "POST", u"/x/2/media/upload"_s, bearer(token, {{"content-type", "application/json"}}),
        json({{u"media"_s, QString::fromLatin1(QByteArray("GIF89a frames").toBase64())},
              {u"media_category"_s, u"tweet_image"_s}}));
    QCOMPARE(gif.status, 400);
    QVERIFY(gif.json()[u"errors"_s][0][u"message"_s].toString().contains(u"tweet_gif"_s));

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

    // An uploaded image is PROCESSING for a while: a post naming it then is refused, naming
    // it; once AVAILABLE it may be posted.
    admin("POST", u"/switches"_s,
          {{u"platform"_s, u"linkedin"_s}, {u"imageProcessingSeconds"_s, 60}});
    const QJsonObject second
        = m_client
              ->send("POST", u"/linkedin/rest/images?action=initializeUpload"_s, rest,
                     json({{u"initializeUploadRequest"_s,
                            QJsonObject {{u"owner"_s, FakeLinkedIn::memberUrn()}}}}))
              .json()[u"value"_s]
              .toObject();
    const QString slow = second[u"image"_s].toString();
    QCOMPARE(m_client
                 ->send("PUT", QUrl(second[u"uploadUrl"_s].toString()).path(),
                        bearer(token, {{"content-type", "application/octet-stream"}}),
                        QByteArray(1000, 'y'))
                 .status,
             201);
    const auto slowStatus = [&] {
        return m_client->get(u"/linkedin/rest/images/"_s + encoded(slow), rest)
            .json()[u"status"_s]
            .toString();
    };
    QCOMPARE(slowStatus(), u"PROCESSING"_s);
    QJsonObject withSlow = linkedInPost(FakeLinkedIn::memberUrn(), u"Too soon"_s);
    withSlow.insert(u"content"_s, QJsonObject {{u"media"_s, QJsonObject {{u"id"_s, slow}}}});
    const HttpResult tooSoon
        = m_client->send("POST", u"/linkedin/rest/posts"_s, rest, json(withSlow));
    QCOMPARE(tooSoon.status, 422);
    QVERIFY(tooSoon.json()[u"message"_s].toString().contains(slow));
    m_server->clock().advance(61);
    QCOMPARE(slowStatus(), u"AVAILABLE"_s);
    QCOMPARE(m_client->send("POST", u"/linkedin/rest/posts"_s, rest, json(withSlow)).status, 201);
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
    QCOMPARE(elements.size(), 1); // the second organization's role is CONTENT_ADMINISTRATOR
    const QString organization = elements.first()[u"organization"_s].toString();
    QCOMPARE(organization, u"urn:li:organization:2414183"_s);
    const QJsonArray all
        = m_client->get(u"/linkedin/rest/organizationAcls?q=roleAssignee&state=APPROVED"_s, rest)
              .json()[u"elements"_s]
              .toArray();
    QCOMPARE(all.size(), 2);
    QCOMPARE(all.at(1)[u"role"_s].toString(), u"CONTENT_ADMINISTRATOR"_s);
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

    // An unknown token, and a wrong secret, as the token-introspection page words them.
    const HttpResult unknown
        = m_client->send("POST", u"/linkedin/oauth/v2/introspectToken"_s, FormHeaders,
                         formOf({{u"client_id"_s, u"fake-linkedin-client"_s},
                                 {u"client_secret"_s, u"fake-linkedin-secret"_s},
                                 {u"token"_s, u"never-issued"_s}}));
    QCOMPARE(unknown.status, 400);
    QCOMPARE(unknown.json()[u"error_description"_s].toString(), u"Invalid client id or token"_s);
    const HttpResult wrongSecret
        = m_client->send("POST", u"/linkedin/oauth/v2/introspectToken"_s, FormHeaders,
                         formOf({{u"client_id"_s, u"fake-linkedin-client"_s},
                                 {u"client_secret"_s, u"not-the-secret"_s},
                                 {u"token"_s, revokedByApp}}));
    QCOMPARE(wrongSecret.status, 401);
    QCOMPARE(wrongSecret.json()[u"error_description"_s].toString(), u"Invalid client secret"_s);

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

    // A business portfolio's Pages need business_management, which this login lacks.
    const HttpResult businesses
        = m_client->get(u"/facebook/v26.0/me/businesses?access_token="_s + userToken);
    QCOMPARE(businesses.status, 400);
    QCOMPARE(businesses.json()[u"error"_s][u"code"_s].toInt(), 200);

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
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QTRY_COMPARE(socket.state(), QAbstractSocket::ConnectedState);
    writeTweetRequest(socket, token, u"lost answer"_s);
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

void TstFakePlatforms::aHeldAnswerWaitsUntilReleased()
{
    const QString token = connectX()[u"access_token"_s].toString();
    QCOMPARE(admin("POST", u"/faults"_s,
                   {{u"platform"_s, u"x"_s},
                    {u"method"_s, u"POST"_s},
                    {u"path"_s, u"/2/tweets"_s},
                    {u"nth"_s, 1},
                    {u"action"_s, u"apply-then-drop"_s},
                    {u"hold"_s, true}})
                 .status,
             201);
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    QTRY_COMPARE(socket.state(), QAbstractSocket::ConnectedState);
    writeTweetRequest(socket, token, u"held"_s);
    // Made at once, and the connection stays open with no answer while other calls go on.
    QTRY_COMPARE(admin("GET", u"/posts?platform=x"_s).items().size(), 1);
    QCOMPARE(tweet(token, {{u"text"_s, u"meanwhile"_s}}).status, 201);
    QTest::qWait(200);
    QCOMPARE(socket.state(), QAbstractSocket::ConnectedState);
    QCOMPARE(socket.bytesAvailable(), 0);

    const HttpResult released = admin("POST", u"/faults/release"_s);
    QCOMPARE(released.status, 200);
    QCOMPARE(released.json()[u"released"_s].toInt(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(socket.state(), QAbstractSocket::UnconnectedState, 5000);
    QCOMPARE(socket.readAll(), QByteArray());
    QCOMPARE(admin("POST", u"/faults/release"_s).json()[u"released"_s].toInt(), 0);
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
    writeTweetRequest(socket, token, u"never created"_s);
    QTRY_COMPARE_WITH_TIMEOUT(socket.state(), QAbstractSocket::UnconnectedState, 5000);
    QCOMPARE(socket.readAll(), QByteArray());
    QCOMPARE(admin("GET", u"/posts?platform=x"_s).items().size(), 0);
    const QJsonObject dropped
        = admin("GET", u"/journal?platform=x"_s).items().last().toObject()[u"fault"_s].toObject();
    QVERIFY(dropped[u"id"_s].toInt() > 0);
    QCOMPARE(dropped[u"applied"_s].toBool(), false);

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
    QCOMPARE(admin("GET", u"/journal?platform=x"_s)
                 .items()
                 .last()
                 .toObject()[u"fault"_s][u"applied"_s]
                 .toBool(),
             true);
}

void TstFakePlatforms::answerDelayHoldsEveryAnswerOfOnePlatform()
{
    const QString token = connectX()[u"access_token"_s].toString();
    QCOMPARE(admin("POST", u"/switches"_s, {{u"platform"_s, u"x"_s}, {u"answerDelayMs"_s, 300}})
                 .json()[u"answerDelayMs"_s]
                 .toInt(),
             300);
    QElapsedTimer timer;
    timer.start();
    const HttpResult delayed = m_client->get(u"/x/2/users/me"_s, bearer(token));
    QCOMPARE(delayed.status, 200);
    QVERIFY(timer.elapsed() >= 300);
    QCOMPARE(admin("GET", u"/state"_s).json()[u"platforms"_s][u"x"_s][u"answerDelayMs"_s].toInt(),
             300);
    QCOMPARE(
        admin("GET", u"/state"_s).json()[u"platforms"_s][u"linkedin"_s][u"answerDelayMs"_s].toInt(),
        0);
    QCOMPARE(
        admin("POST", u"/switches"_s, {{u"platform"_s, u"x"_s}, {u"answerDelayMs"_s, -1}}).status,
        422);
    QCOMPARE(admin("POST", u"/reset"_s).status, 204);
    QCOMPARE(admin("GET", u"/state"_s).json()[u"platforms"_s][u"x"_s][u"answerDelayMs"_s].toInt(),
             0);
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

namespace {

QJsonObject jsonOf(const QByteArray &bytes)
{
    return QJsonDocument::fromJson(bytes).object();
}

HttpResult facebookPost(HttpTestClient &client, const QString &pageId, const QString &pageToken,
                        const QString &message)
{
    return client.send("POST", u"/facebook/v26.0/"_s + pageId + u"/feed"_s,
                       bearer(pageToken, FormHeaders), formOf({{u"message"_s, message}}));
}

HttpResult linkedInCreate(HttpTestClient &client, const QString &token, const QString &author,
                          const QString &commentary)
{
    return client.send("POST", u"/linkedin/rest/posts"_s,
                       linkedInRest(token, currentLinkedInVersion()),
                       json(linkedInPost(author, commentary)));
}

HttpResult linkedInFind(HttpTestClient &client, const QString &token, const QString &author,
                        bool finderHeader = true)
{
    Headers headers = linkedInRest(token, currentLinkedInVersion());
    if (finderHeader)
        headers.emplaceBack("x-restli-method", "FINDER");
    return client.get(u"/linkedin/rest/posts?q=author&author="_s + encoded(author)
                          + u"&count=10&sortBy=LAST_MODIFIED"_s,
                      headers);
}

const QString XUserTweets = u"/x/2/users/1880000000000000001/tweets"_s;
const QString Organization = u"urn:li:organization:2414183"_s;

} // namespace

QStringList TstFakePlatforms::facebookPageTokens()
{
    const QString userToken = connectFacebook()[u"access_token"_s].toString();
    const HttpResult accounts
        = m_client->get(u"/facebook/v26.0/me/accounts?access_token="_s + userToken);
    QStringList tokens {userToken};
    for (const QJsonValue &page : accounts.json()[u"data"_s].toArray())
        tokens.append(page[u"access_token"_s].toString());
    return tokens;
}

void TstFakePlatforms::xRateLimitHeadersCountPerEndpointAndResetWithTheClock()
{
    const QString token = connectX()[u"access_token"_s].toString();
    QCOMPARE(admin("POST", u"/switches"_s,
                   {{u"platform"_s, u"x"_s},
                    {u"rateLimits"_s,
                     QJsonObject {{u"POST /2/tweets"_s,
                                   QJsonObject {{u"limit"_s, 2}, {u"windowSeconds"_s, 900}}}}},
                    {u"userLimit24Hour"_s, 3}})
                 .status,
             200);
    const qint64 now = m_server->clock().now().toSecsSinceEpoch();
    const HttpResult first = tweet(token, {{u"text"_s, u"one"_s}});
    QCOMPARE(first.status, 201);
    QCOMPARE(first.header("x-rate-limit-limit"), QByteArray("2"));
    QCOMPARE(first.header("x-rate-limit-remaining"), QByteArray("1"));
    const qint64 reset = first.header("x-rate-limit-reset").toLongLong();
    QVERIFY(reset >= now + 900 && reset <= now + 960);
    QCOMPARE(first.header("x-user-limit-24hour-limit"), QByteArray("3"));
    QCOMPARE(first.header("x-user-limit-24hour-remaining"), QByteArray("2"));
    const qint64 dayReset = first.header("x-user-limit-24hour-reset").toLongLong();
    QVERIFY(dayReset >= now + 86400 && dayReset <= now + 86460);

    QCOMPARE(tweet(token, {{u"text"_s, u"two"_s}}).header("x-rate-limit-remaining"),
             QByteArray("0"));
    const HttpResult refused = tweet(token, {{u"text"_s, u"three"_s}});
    QCOMPARE(refused.status, 429);
    QCOMPARE(refused.json()[u"title"_s].toString(), u"Too Many Requests"_s);
    QCOMPARE(refused.json()[u"status"_s].toInt(), 429);
    QCOMPARE(refused.header("x-rate-limit-remaining"), QByteArray("0"));
    QCOMPARE(refused.header("x-rate-limit-reset").toLongLong(), reset);
    QCOMPARE(admin("GET", u"/posts?platform=x"_s).items().size(), 2);

    // Another endpoint has a window of its own; reading carries no 24-hour headers.
    const HttpResult me = m_client->get(u"/x/2/users/me"_s, bearer(token));
    QCOMPARE(me.status, 200);
    QCOMPARE(me.header("x-rate-limit-limit"), QByteArray("75"));
    QCOMPARE(me.header("x-rate-limit-remaining"), QByteArray("74"));
    QVERIFY(me.header("x-user-limit-24hour-limit").isEmpty());

    // A new window opens once the clock passes the reset; the 24-hour cap still counts.
    admin("POST", u"/clock"_s, {{u"advanceSeconds"_s, 901}});
    const HttpResult next = tweet(token, {{u"text"_s, u"three"_s}});
    QCOMPARE(next.status, 201);
    QCOMPARE(next.header("x-rate-limit-remaining"), QByteArray("1"));
    QCOMPARE(next.header("x-user-limit-24hour-remaining"), QByteArray("0"));
    const HttpResult capped = tweet(token, {{u"text"_s, u"four"_s}});
    QCOMPARE(capped.status, 429);
    QCOMPARE(capped.header("x-user-limit-24hour-remaining"), QByteArray("0"));
    QCOMPARE(capped.header("x-rate-limit-remaining"), QByteArray("1"));

    // Reset forgets counters and switches: the documented default applies again.
    admin("POST", u"/reset"_s);
    const QString fresh = connectX()[u"access_token"_s].toString();
    const HttpResult afterReset = tweet(fresh, {{u"text"_s, u"after reset"_s}});
    QCOMPARE(afterReset.status, 201);
    QCOMPARE(afterReset.header("x-rate-limit-limit"), QByteArray("100"));
    QCOMPARE(afterReset.header("x-rate-limit-remaining"), QByteArray("99"));
}

void TstFakePlatforms::xRevokedTokenAnswers401WithoutRateHeaders()
{
    const QString token = connectX()[u"access_token"_s].toString();
    QCOMPARE(
        admin("POST", u"/tokens/revoke"_s, {{u"platform"_s, u"x"_s}}).json()[u"revoked"_s].toInt(),
        2);
    const HttpResult refused = m_client->get(u"/x/2/users/me"_s, bearer(token));
    QCOMPARE(refused.status, 401);
    QCOMPARE(refused.json()[u"title"_s].toString(), u"Unauthorized"_s);
    QVERIFY(refused.header("x-rate-limit-limit").isEmpty());
    // Only Facebook knows subcodes.
    QCOMPARE(
        admin("POST", u"/tokens/revoke"_s, {{u"platform"_s, u"x"_s}, {u"subcode"_s, 460}}).status,
        422);
}

void TstFakePlatforms::xUserTimelineListsNewestFirstWithTcoLinks()
{
    const QString token = connectX()[u"access_token"_s].toString();
    QCOMPARE(tweet(token, {{u"text"_s, u"first https://example.com/a and more"_s}}).status, 201);
    const QString second
        = tweet(token, {{u"text"_s, u"second & <more>"_s}}).json()[u"data"_s][u"id"_s].toString();
    const QString deleted
        = tweet(token, {{u"text"_s, u"deleted"_s}}).json()[u"data"_s][u"id"_s].toString();
    QCOMPARE(m_client->send("DELETE", u"/x/2/tweets/"_s + deleted, bearer(token)).status, 200);
    const HttpResult upload = m_client->send(
        "POST", u"/x/2/media/upload"_s, bearer(token, {{"content-type", "application/json"}}),
        json({{u"media"_s, QString::fromLatin1(QByteArray("png bytes").toBase64())},
              {u"media_category"_s, u"tweet_image"_s}}));
    const QString mediaId = upload.json()[u"data"_s][u"id"_s].toString();
    const QString withMedia
        = tweet(token, {{u"text"_s, u"picture"_s},
                        {u"media"_s, QJsonObject {{u"media_ids"_s, QJsonArray {mediaId}}}}})
              .json()[u"data"_s][u"id"_s]
              .toString();
    QVERIFY(!withMedia.isEmpty());

    const HttpResult listed = m_client->get(
        XUserTweets + u"?max_results=5&tweet.fields=created_at,entities"_s, bearer(token));
    QCOMPARE(listed.status, 200);
    const QJsonArray data = listed.json()[u"data"_s].toArray();
    QCOMPARE(data.size(), 3);
    QCOMPARE(data.at(0)[u"id"_s].toString(), withMedia);
    QCOMPARE(data.at(1)[u"id"_s].toString(), second);
    // Listed with &, < and > as HTML entities.
    QCOMPARE(data.at(1)[u"text"_s].toString(), u"second &amp; &lt;more&gt;"_s);
    QVERIFY(!data.at(1).toObject().contains(u"entities"_s));
    QCOMPARE(data.at(1)[u"edit_history_tweet_ids"_s].toArray(), QJsonArray {second});
    QVERIFY(
        QDateTime::fromString(data.at(1)[u"created_at"_s].toString(), Qt::ISODateWithMs).isValid());
    QVERIFY(data.at(1)[u"created_at"_s].toString().endsWith(u'Z'));

    // Links are t.co links; the original is in entities.urls with code point offsets.
    const QString text = data.at(2)[u"text"_s].toString();
    QVERIFY2(QRegularExpression(u"^first https://t\\.co/[0-9A-Za-z]{10} and more$"_s)
                 .match(text)
                 .hasMatch(),
             qPrintable(text));
    const QJsonObject link = data.at(2)[u"entities"_s][u"urls"_s][0].toObject();
    QCOMPARE(link[u"start"_s].toInt(), 6);
    QCOMPARE(link[u"end"_s].toInt(), 29);
    QCOMPARE(link[u"url"_s].toString(), text.mid(6, 23));
    QCOMPARE(link[u"expanded_url"_s].toString(), u"https://example.com/a"_s);
    QCOMPARE(link[u"display_url"_s].toString(), u"example.com/a"_s);

    // A post with media ends with a t.co link to the media.
    const QString mediaText = data.at(0)[u"text"_s].toString();
    QVERIFY2(QRegularExpression(u"^picture https://t\\.co/[0-9A-Za-z]{10}$"_s)
                 .match(mediaText)
                 .hasMatch(),
             qPrintable(mediaText));
    const QJsonObject mediaLink = data.at(0)[u"entities"_s][u"urls"_s][0].toObject();
    QCOMPARE(mediaLink[u"media_key"_s].toString(), u"3_"_s + mediaId);
    QCOMPARE(mediaLink[u"start"_s].toInt(), 8);
    QVERIFY(mediaLink[u"display_url"_s].toString().startsWith(u"pic.x.com/"_s));

    const QJsonObject meta = listed.json()[u"meta"_s].toObject();
    QCOMPARE(meta[u"result_count"_s].toInt(), 3);
    QCOMPARE(meta[u"newest_id"_s].toString(), withMedia);
    QCOMPARE(meta[u"oldest_id"_s].toString(), data.at(2)[u"id"_s].toString());

    const QString future = m_server->clock().now().addSecs(60).toString(Qt::ISODate);
    const HttpResult none
        = m_client->get(XUserTweets + u"?start_time="_s + encoded(future), bearer(token));
    QCOMPARE(none.status, 200);
    QCOMPARE(none.json(), (QJsonObject {{u"meta"_s, QJsonObject {{u"result_count"_s, 0}}}}));
    QCOMPARE(m_client->get(XUserTweets + u"?max_results=4"_s, bearer(token)).status, 400);
    QCOMPARE(
        m_client->get(XUserTweets, bearer(connectX(u"users.read"_s)[u"access_token"_s].toString()))
            .status,
        403);

    // exclude=replies leaves the user's replies out (and what is billed with them).
    const HttpResult reply
        = tweet(token, {{u"text"_s, u"a reply"_s},
                        {u"reply"_s, QJsonObject {{u"in_reply_to_tweet_id"_s, second}}}});
    QCOMPARE(reply.status, 201);
    QCOMPARE(m_client->get(XUserTweets, bearer(token)).json()[u"data"_s].toArray().size(), 4);
    const HttpResult withoutReplies
        = m_client->get(XUserTweets + u"?exclude=retweets,replies"_s, bearer(token));
    QCOMPARE(withoutReplies.json()[u"data"_s].toArray().size(), 3);
    QCOMPARE(m_client->get(XUserTweets + u"?exclude=likes"_s, bearer(token)).status, 400);
}

void TstFakePlatforms::xUserTimelinePagesWithNextToken()
{
    const QString token = connectX()[u"access_token"_s].toString();
    QStringList made; // newest first
    for (int i = 0; i < 12; ++i)
        made.prepend(
            tweet(token, {{u"text"_s, u"post %1"_s.arg(i)}}).json()[u"data"_s][u"id"_s].toString());
    const QString first = XUserTweets + u"?max_results=5"_s;
    QStringList listed;
    QString next;
    QList<int> pageSizes;
    do {
        const HttpResult page = m_client->get(
            next.isEmpty() ? first : first + u"&pagination_token="_s + next, bearer(token));
        QCOMPARE(page.status, 200);
        const QJsonArray data = page.json()[u"data"_s].toArray();
        QCOMPARE(page.json()[u"meta"_s][u"result_count"_s].toInt(), data.size());
        for (const QJsonValue &post : data)
            listed.append(post[u"id"_s].toString());
        pageSizes.append(int(data.size()));
        next = page.json()[u"meta"_s][u"next_token"_s].toString();
    } while (!next.isEmpty() && pageSizes.size() < 5);
    QCOMPARE(pageSizes, (QList<int> {5, 5, 2}));
    QCOMPARE(listed, made);

    const HttpResult unknown = m_client->get(
        first + u"&pagination_token=7140dibdnow9c7btw3w29grvxfcgvpb9n9coehpk"_s, bearer(token));
    QCOMPARE(unknown.status, 400);
    QCOMPARE(m_client->get(XUserTweets + u"?max_results=4"_s, bearer(token)).status, 400);
    QCOMPARE(m_client->get(XUserTweets + u"?max_results=101"_s, bearer(token)).status, 400);
}

void TstFakePlatforms::listingDelayHidesYoungPosts_data()
{
    QTest::addColumn<QString>("platform");
    QTest::newRow("x") << u"x"_s;
    QTest::newRow("linkedin") << u"linkedin"_s;
    QTest::newRow("facebook") << u"facebook"_s;
}

void TstFakePlatforms::listingDelayHidesYoungPosts()
{
    QFETCH(QString, platform);
    QCOMPARE(
        admin("POST", u"/switches"_s, {{u"platform"_s, platform}, {u"listingDelaySeconds"_s, 60}})
            .status,
        200);
    std::function<int()> listed;
    if (platform == u"x"_s) {
        const QString token = connectX()[u"access_token"_s].toString();
        QCOMPARE(tweet(token, {{u"text"_s, u"young"_s}}).status, 201);
        listed = [this, token] {
            return m_client->get(XUserTweets, bearer(token))
                .json()[u"meta"_s][u"result_count"_s]
                .toInt();
        };
    } else if (platform == u"linkedin"_s) {
        const QString token
            = connectLinkedIn(u"openid w_organization_social r_organization_social"_s);
        QCOMPARE(linkedInCreate(*m_client, token, Organization, u"young"_s).status, 201);
        listed = [this, token] {
            return static_cast<int>(linkedInFind(*m_client, token, Organization)
                                        .json()[u"elements"_s]
                                        .toArray()
                                        .size());
        };
    } else {
        const QString pageToken = facebookPageTokens().at(1);
        QCOMPARE(facebookPost(*m_client, PageOne, pageToken, u"young"_s).status, 200);
        listed = [this, pageToken] {
            return static_cast<int>(m_client
                                        ->get(u"/facebook/v26.0/"_s + PageOne
                                              + u"/published_posts?access_token="_s + pageToken)
                                        .json()[u"data"_s]
                                        .toArray()
                                        .size());
        };
    }
    QCOMPARE(listed(), 0);
    admin("POST", u"/clock"_s, {{u"advanceSeconds"_s, 61}});
    QCOMPARE(listed(), 1);
}

void TstFakePlatforms::linkedInDailyQuotaEndsAtUtcMidnightWithoutHeaders()
{
    const QString token = connectLinkedIn(u"openid w_member_social"_s);
    const QString member = FakeLinkedIn::memberUrn();
    QCOMPARE(
        admin("POST", u"/switches"_s,
              {{u"platform"_s, u"linkedin"_s},
               {u"rateLimits"_s,
                QJsonObject {{u"POST /rest/posts"_s, QJsonObject {{u"memberLimit"_s, 1}}},
                             {u"GET /v2/userinfo"_s, QJsonObject {{u"applicationLimit"_s, 1}}}}}})
            .status,
        200);
    const HttpResult first = linkedInCreate(*m_client, token, member, u"first"_s);
    QCOMPARE(first.status, 201);
    const HttpResult refused = linkedInCreate(*m_client, token, member, u"second"_s);
    QCOMPARE(refused.status, 429);
    QCOMPARE(refused.json()[u"status"_s].toInt(), 429);
    QVERIFY(refused.json()[u"message"_s].toString().contains(u"MEMBER DAY"_s));
    // LinkedIn documents no rate-limit headers, not even on the 429.
    for (const QByteArray &name : refused.headers.keys())
        QVERIFY2(!name.contains("rate") && name != "retry-after", name.constData());
    QCOMPARE(admin("GET", u"/posts?platform=linkedin"_s).items().size(), 1);

    QCOMPARE(m_client->get(u"/linkedin/v2/userinfo"_s, bearer(token)).status, 200);
    const HttpResult application = m_client->get(u"/linkedin/v2/userinfo"_s, bearer(token));
    QCOMPARE(application.status, 429);
    QVERIFY(application.json()[u"message"_s].toString().contains(u"APPLICATION DAY"_s));

    // The quota is a UTC day: half a minute before midnight it still holds, after midnight
    // it starts again.
    const QDateTime now = m_server->clock().now().toUTC();
    const qint64 toMidnight = now.secsTo(QDateTime(now.date().addDays(1), QTime(0, 0), Qt::UTC));
    if (toMidnight > 30) {
        admin("POST", u"/clock"_s, {{u"advanceSeconds"_s, toMidnight - 30}});
        QCOMPARE(linkedInCreate(*m_client, token, member, u"second"_s).status, 429);
    }
    admin("POST", u"/clock"_s, {{u"advanceSeconds"_s, 31}});
    QCOMPARE(linkedInCreate(*m_client, token, member, u"second"_s).status, 201);
}

void TstFakePlatforms::linkedInFreshTokenAnswers65601UntilOldEnough()
{
    QCOMPARE(admin("POST", u"/switches"_s,
                   {{u"platform"_s, u"linkedin"_s}, {u"freshTokenRevokedSeconds"_s, 30}})
                 .status,
             200);
    const QString token = connectLinkedIn();
    const HttpResult refused = m_client->get(u"/linkedin/v2/userinfo"_s, bearer(token));
    QCOMPARE(refused.status, 401);
    QCOMPARE(refused.json()[u"serviceErrorCode"_s].toInt(), 65601);
    admin("POST", u"/clock"_s, {{u"advanceSeconds"_s, 29}});
    QCOMPARE(m_client->get(u"/linkedin/v2/userinfo"_s, bearer(token)).status, 401);
    admin("POST", u"/clock"_s, {{u"advanceSeconds"_s, 1}});
    QCOMPARE(m_client->get(u"/linkedin/v2/userinfo"_s, bearer(token)).status, 200);
    QCOMPARE(admin("GET", u"/state"_s)
                 .json()[u"platforms"_s][u"linkedin"_s][u"freshTokenRevokedSeconds"_s]
                 .toInt(),
             30);
}

void TstFakePlatforms::linkedInFindsPostsByAuthorNewestFirst()
{
    const QString token
        = connectLinkedIn(u"openid w_member_social w_organization_social r_organization_social"_s);
    const QString first = QString::fromUtf8(
        linkedInCreate(*m_client, token, Organization, u"first"_s).header("x-restli-id"));
    const QString second = QString::fromUtf8(
        linkedInCreate(*m_client, token, Organization, u"second \\#2"_s).header("x-restli-id"));
    QCOMPARE(linkedInCreate(*m_client, token, FakeLinkedIn::memberUrn(), u"mine"_s).status, 201);
    const QString gone = QString::fromUtf8(
        linkedInCreate(*m_client, token, Organization, u"gone"_s).header("x-restli-id"));
    QCOMPARE(m_client
                 ->send("DELETE", u"/linkedin/rest/posts/"_s + encoded(gone),
                        linkedInRest(token, currentLinkedInVersion()))
                 .status,
             204);

    const HttpResult found = linkedInFind(*m_client, token, Organization);
    QCOMPARE(found.status, 200);
    const QJsonArray elements = found.json()[u"elements"_s].toArray();
    QCOMPARE(elements.size(), 2);
    QCOMPARE(elements.at(0)[u"id"_s].toString(), second);
    QCOMPARE(elements.at(1)[u"id"_s].toString(), first);
    const QJsonObject newest = elements.at(0).toObject();
    QCOMPARE(newest[u"author"_s].toString(), Organization);
    QCOMPARE(newest[u"commentary"_s].toString(), u"second \\#2"_s);
    QCOMPARE(newest[u"lifecycleState"_s].toString(), u"PUBLISHED"_s);
    QCOMPARE(newest[u"visibility"_s].toString(), u"PUBLIC"_s);
    QVERIFY(newest[u"distribution"_s].isObject());
    QVERIFY(newest[u"createdAt"_s].toInteger() > 0);
    QCOMPARE(newest[u"publishedAt"_s].toInteger(), newest[u"createdAt"_s].toInteger());
    QCOMPARE(newest[u"lastModifiedAt"_s].toInteger(), newest[u"createdAt"_s].toInteger());
    const QJsonObject paging = found.json()[u"paging"_s].toObject();
    QCOMPARE(paging[u"start"_s].toInt(), 0);
    QCOMPARE(paging[u"count"_s].toInt(), 10);
    QVERIFY(paging[u"links"_s].isArray());

    QCOMPARE(linkedInFind(*m_client, token, Organization, false).status, 400);
    // A member's own posts need the restricted r_member_social.
    const HttpResult member = linkedInFind(*m_client, token, FakeLinkedIn::memberUrn());
    QCOMPARE(member.status, 403);
    QCOMPARE(member.json()[u"status"_s].toInt(), 403);
    const QString reader = connectLinkedIn(u"openid r_member_social"_s);
    QCOMPARE(linkedInFind(*m_client, reader, FakeLinkedIn::memberUrn())
                 .json()[u"elements"_s]
                 .toArray()
                 .size(),
             1);
    QCOMPARE(linkedInFind(*m_client, reader, Organization).status, 403);
    // The Posts API names r_organization_social alone for reading an organization's posts.
    const QString orgAdmin = connectLinkedIn(u"openid rw_organization_admin"_s);
    QCOMPARE(linkedInFind(*m_client, orgAdmin, Organization).status, 403);
}

void TstFakePlatforms::linkedInFinderPagesWithStartAndCount()
{
    const QString token
        = connectLinkedIn(u"openid w_member_social w_organization_social r_organization_social"_s);
    QStringList made; // newest first
    for (int i = 0; i < 5; ++i)
        made.prepend(
            QString::fromUtf8(linkedInCreate(*m_client, token, Organization, u"post %1"_s.arg(i))
                                  .header("x-restli-id")));
    Headers headers = linkedInRest(token, currentLinkedInVersion());
    headers.emplaceBack("x-restli-method", "FINDER");
    QStringList listed;
    QList<int> pageSizes;
    for (int start = 0; start < 6; start += 2) {
        const HttpResult page = m_client->get(
            u"/linkedin/rest/posts?q=author&author="_s + encoded(Organization)
                + u"&count=2&sortBy=LAST_MODIFIED&start="_s + QString::number(start),
            headers);
        QCOMPARE(page.status, 200);
        const QJsonObject paging = page.json()[u"paging"_s].toObject();
        QCOMPARE(paging[u"start"_s].toInt(), start);
        QCOMPARE(paging[u"count"_s].toInt(), 2);
        const QJsonArray elements = page.json()[u"elements"_s].toArray();
        for (const QJsonValue &post : elements)
            listed.append(post[u"id"_s].toString());
        pageSizes.append(int(elements.size()));
    }
    // Fewer elements than `count`: the end of the list.
    QCOMPARE(pageSizes, (QList<int> {2, 2, 1}));
    QCOMPARE(listed, made);
}

void TstFakePlatforms::facebookUsageHeadersAndThrottle_data()
{
    QTest::addColumn<int>("code");
    QTest::newRow("BUC 80001") << 80001;
    QTest::newRow("page 32") << 32;
    QTest::newRow("app 4") << 4;
    QTest::newRow("user 17") << 17;
    QTest::newRow("613") << 613;
}

void TstFakePlatforms::facebookUsageHeadersAndThrottle()
{
    QFETCH(int, code);
    const QStringList tokens = facebookPageTokens();
    const HttpResult me = m_client->get(u"/facebook/v26.0/me?access_token="_s + tokens.at(0));
    const QJsonObject appUsage = jsonOf(me.header("x-app-usage"));
    QVERIFY(appUsage.contains(u"call_count"_s));
    QVERIFY(appUsage.contains(u"total_cputime"_s));
    QVERIFY(appUsage.contains(u"total_time"_s));
    QVERIFY(me.header("x-business-use-case-usage").isEmpty());

    QCOMPARE(
        admin("POST", u"/switches"_s,
              {{u"platform"_s, u"facebook"_s},
               {u"rateLimits"_s, QJsonObject {{u"page"_s, QJsonObject {{u"limit"_s, 2},
                                                                       {u"windowSeconds"_s, 3600},
                                                                       {u"code"_s, code}}}}}})
            .status,
        200);
    const HttpResult first = facebookPost(*m_client, PageOne, tokens.at(1), u"one"_s);
    QCOMPARE(first.status, 200);
    QVERIFY(first.header("x-app-usage").isEmpty());
    const QJsonObject usage
        = jsonOf(first.header("x-business-use-case-usage"))[PageOne].toArray().first().toObject();
    QCOMPARE(usage[u"type"_s].toString(), u"pages"_s);
    QCOMPARE(usage[u"call_count"_s].toInt(), 50);
    QVERIFY(usage.contains(u"total_cputime"_s));
    QVERIFY(usage.contains(u"total_time"_s));
    QCOMPARE(usage[u"estimated_time_to_regain_access"_s].toInt(), 0);
    QCOMPARE(facebookPost(*m_client, PageOne, tokens.at(1), u"two"_s).status, 200);

    const HttpResult throttled = facebookPost(*m_client, PageOne, tokens.at(1), u"three"_s);
    QCOMPARE(throttled.status, 400);
    const QJsonObject error = throttled.json()[u"error"_s].toObject();
    QCOMPARE(error[u"code"_s].toInt(), code);
    QCOMPARE(error[u"type"_s].toString(), u"OAuthException"_s);
    QVERIFY(error[u"message"_s].toString().startsWith(u"(#"_s + QString::number(code) + u')'));
    const QJsonObject full = jsonOf(throttled.header("x-business-use-case-usage"))[PageOne]
                                 .toArray()
                                 .first()
                                 .toObject();
    QCOMPARE(full[u"call_count"_s].toInt(), 100);
    QCOMPARE(full[u"estimated_time_to_regain_access"_s].toInt(), 60);
    QCOMPARE(admin("GET", u"/posts?platform=facebook"_s).items().size(), 2);

    // Page limits are per Page; the window ends with the fake's clock.
    QCOMPARE(facebookPost(*m_client, u"100000000000002"_s, tokens.at(2), u"other"_s).status, 200);
    admin("POST", u"/clock"_s, {{u"advanceSeconds"_s, 1800}});
    QCOMPARE(jsonOf(facebookPost(*m_client, PageOne, tokens.at(1), u"three"_s)
                        .header("x-business-use-case-usage"))[PageOne][0]
                                                             [u"estimated_time_to_regain_access"_s]
                                                                 .toInt(),
             30);
    admin("POST", u"/clock"_s, {{u"advanceSeconds"_s, 1801}});
    QCOMPARE(facebookPost(*m_client, PageOne, tokens.at(1), u"three"_s).status, 200);
}

void TstFakePlatforms::facebookAppThrottleAndBadCodes()
{
    const QStringList tokens = facebookPageTokens();
    QCOMPARE(admin("POST", u"/switches"_s,
                   {{u"platform"_s, u"facebook"_s},
                    {u"rateLimits"_s,
                     QJsonObject {{u"app"_s, QJsonObject {{u"limit"_s, 4}, {u"code"_s, 17}}}}}})
                 .status,
             200);
    // /me/accounts above was the first call of this window.
    const HttpResult second = m_client->get(u"/facebook/v26.0/me?access_token="_s + tokens.at(0));
    QCOMPARE(jsonOf(second.header("x-app-usage"))[u"call_count"_s].toInt(), 50);
    m_client->get(u"/facebook/v26.0/me?access_token="_s + tokens.at(0));
    m_client->get(u"/facebook/v26.0/me?access_token="_s + tokens.at(0));
    const HttpResult throttled
        = m_client->get(u"/facebook/v26.0/me?access_token="_s + tokens.at(0));
    QCOMPARE(throttled.json()[u"error"_s][u"code"_s].toInt(), 17);
    QCOMPARE(jsonOf(throttled.header("x-app-usage"))[u"call_count"_s].toInt(), 100);
    // Page tokens are counted apart.
    QCOMPARE(m_client->get(u"/facebook/v26.0/me?access_token="_s + tokens.at(1)).status, 200);

    QCOMPARE(admin("POST", u"/switches"_s,
                   {{u"platform"_s, u"facebook"_s},
                    {u"rateLimits"_s, QJsonObject {{u"app"_s, QJsonObject {{u"code"_s, 32}}}}}})
                 .status,
             422);
}

void TstFakePlatforms::facebookTokenFailuresCarryTheChosenSubcode_data()
{
    QTest::addColumn<int>("subcode");
    QTest::newRow("app not installed") << 458;
    QTest::newRow("password changed") << 460;
    QTest::newRow("expired") << 463;
    QTest::newRow("logged out") << 467;
}

void TstFakePlatforms::facebookTokenFailuresCarryTheChosenSubcode()
{
    QFETCH(int, subcode);
    const QStringList tokens = facebookPageTokens();
    const HttpResult revoked
        = admin("POST", u"/tokens/revoke"_s,
                {{u"platform"_s, u"facebook"_s}, {u"pageId"_s, PageOne}, {u"subcode"_s, subcode}});
    QCOMPARE(revoked.status, 200);
    QCOMPARE(revoked.json()[u"revoked"_s].toInt(), 1);
    const HttpResult refused = facebookPost(*m_client, PageOne, tokens.at(1), u"hello"_s);
    QCOMPARE(refused.status, 400);
    QCOMPARE(refused.json()[u"error"_s][u"code"_s].toInt(), 190);
    QCOMPARE(refused.json()[u"error"_s][u"error_subcode"_s].toInt(), subcode);
    QCOMPARE(refused.json()[u"error"_s][u"type"_s].toString(), u"OAuthException"_s);
    // The user's token and the other Page's token still work.
    QCOMPARE(m_client->get(u"/facebook/v26.0/me?access_token="_s + tokens.at(0)).status, 200);
    QCOMPARE(facebookPost(*m_client, u"100000000000002"_s, tokens.at(2), u"hello"_s).status, 200);

    // A user's tokens all at once, Page tokens included.
    admin("POST", u"/tokens/revoke"_s,
          {{u"platform"_s, u"facebook"_s},
           {u"userId"_s, u"10000000000000001"_s},
           {u"subcode"_s, subcode}});
    const HttpResult user = m_client->get(u"/facebook/v26.0/me?access_token="_s + tokens.at(0));
    QCOMPARE(user.json()[u"error"_s][u"error_subcode"_s].toInt(), subcode);
    QCOMPARE(facebookPost(*m_client, u"100000000000002"_s, tokens.at(2), u"again"_s)
                 .json()[u"error"_s][u"error_subcode"_s]
                 .toInt(),
             subcode);
    QCOMPARE(
        admin("POST", u"/tokens/revoke"_s, {{u"platform"_s, u"facebook"_s}, {u"subcode"_s, 999}})
            .status,
        422);
}

void TstFakePlatforms::facebookPublishedPostsSinceNewestFirst()
{
    const QStringList tokens = facebookPageTokens();
    const qint64 before = m_server->clock().now().toSecsSinceEpoch() - 1;
    const QString first
        = facebookPost(*m_client, PageOne, tokens.at(1), u"first"_s).json()[u"id"_s].toString();
    const QString second
        = facebookPost(*m_client, PageOne, tokens.at(1), u"second"_s).json()[u"id"_s].toString();
    const QString gone
        = facebookPost(*m_client, PageOne, tokens.at(1), u"gone"_s).json()[u"id"_s].toString();
    QCOMPARE(
        m_client->send("DELETE", u"/facebook/v26.0/"_s + gone + u"?access_token="_s + tokens.at(1))
            .status,
        200);
    QCOMPARE(facebookPost(*m_client, u"100000000000002"_s, tokens.at(2), u"elsewhere"_s).status,
             200);
    const qint64 inTwoHours = m_server->clock().now().addSecs(2 * 60 * 60).toSecsSinceEpoch();
    QCOMPARE(m_client
                 ->send("POST", u"/facebook/v26.0/"_s + PageOne + u"/feed"_s,
                        bearer(tokens.at(1), FormHeaders),
                        formOf({{u"message"_s, u"scheduled"_s},
                                {u"published"_s, u"false"_s},
                                {u"scheduled_publish_time"_s, QString::number(inTwoHours)}}))
                 .status,
             200);

    const QString list = u"/facebook/v26.0/"_s + PageOne
                         + u"/published_posts?fields=id,message,created_time&limit=10&since="_s;
    const HttpResult listed
        = m_client->get(list + QString::number(before) + u"&access_token="_s + tokens.at(1));
    QCOMPARE(listed.status, 200);
    const QJsonArray data = listed.json()[u"data"_s].toArray();
    QCOMPARE(data.size(), 2);
    QCOMPARE(data.at(0)[u"id"_s].toString(), second);
    QCOMPARE(data.at(0)[u"message"_s].toString(), u"second"_s);
    QCOMPARE(data.at(1)[u"id"_s].toString(), first);
    QVERIFY(QRegularExpression(u"^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+0000$"_s)
                .match(data.at(0)[u"created_time"_s].toString())
                .hasMatch());
    QVERIFY(listed.json()[u"paging"_s][u"cursors"_s].isObject());

    const QString later = QString::number(m_server->clock().now().toSecsSinceEpoch() + 60);
    QCOMPARE(m_client->get(list + later + u"&access_token="_s + tokens.at(1))
                 .json()[u"data"_s]
                 .toArray()
                 .size(),
             0);
    const HttpResult asUser
        = m_client->get(list + QString::number(before) + u"&access_token="_s + tokens.at(0));
    QCOMPARE(asUser.status, 400);
    QCOMPARE(asUser.json()[u"error"_s][u"code"_s].toInt(), 210);
}

void TstFakePlatforms::facebookPublishedPostsPageWithCursorsAndNext()
{
    const QStringList tokens = facebookPageTokens();
    QStringList made; // newest first
    for (int i = 0; i < 5; ++i)
        made.prepend(facebookPost(*m_client, PageOne, tokens.at(1), u"post %1"_s.arg(i))
                         .json()[u"id"_s]
                         .toString());
    QString path
        = u"/facebook/v26.0/"_s + PageOne + u"/published_posts?fields=id,message&limit=2"_s;
    QStringList listed;
    QList<int> pageSizes;
    QString afterOfLast;
    while (!path.isEmpty() && pageSizes.size() < 5) {
        const HttpResult page = m_client->get(path, bearer(tokens.at(1)));
        QCOMPARE(page.status, 200);
        const QJsonArray data = page.json()[u"data"_s].toArray();
        for (const QJsonValue &post : data)
            listed.append(post[u"id"_s].toString());
        pageSizes.append(int(data.size()));
        const QJsonObject paging = page.json()[u"paging"_s].toObject();
        QVERIFY(!paging[u"cursors"_s][u"before"_s].toString().isEmpty());
        afterOfLast = paging[u"cursors"_s][u"after"_s].toString();
        path.clear();
        if (paging.contains(u"next"_s)) {
            // An absolute address on the host asked, without the token given in the header.
            const QUrl next(paging[u"next"_s].toString(), QUrl::StrictMode);
            QCOMPARE(next.scheme(), u"http"_s);
            QVERIFY(!next.host().isEmpty());
            QVERIFY(!QUrlQuery(next).hasQueryItem(u"access_token"_s));
            QVERIFY(QUrlQuery(next).hasQueryItem(u"after"_s));
            path = next.path(QUrl::FullyEncoded) + u'?' + next.query(QUrl::FullyEncoded);
        }
    }
    QCOMPARE(pageSizes, (QList<int> {2, 2, 1}));
    QCOMPARE(listed, made);
    // The last page's `after` cursor leads to an empty page without `next`.
    const HttpResult beyond
        = m_client->get(u"/facebook/v26.0/"_s + PageOne + u"/published_posts?limit=2&after="_s
                            + encoded(afterOfLast),
                        bearer(tokens.at(1)));
    QCOMPARE(beyond.status, 200);
    QCOMPARE(beyond.json()[u"data"_s].toArray().size(), 0);
    QVERIFY(!beyond.json().contains(u"paging"_s));
}

void TstFakePlatforms::facebookPolicyBlockAnswers368()
{
    const QStringList tokens = facebookPageTokens();
    QCOMPARE(
        admin("POST", u"/switches"_s, {{u"platform"_s, u"facebook"_s}, {u"policyBlock"_s, true}})
            .status,
        200);
    const HttpResult blocked = facebookPost(*m_client, PageOne, tokens.at(1), u"blocked"_s);
    QCOMPARE(blocked.status, 400);
    QCOMPARE(blocked.json()[u"error"_s][u"code"_s].toInt(), 368);
    QCOMPARE(blocked.json()[u"error"_s][u"type"_s].toString(), u"OAuthException"_s);
    QCOMPARE(admin("GET", u"/posts?platform=facebook"_s).items().size(), 0);
    // Reading is not blocked.
    QCOMPARE(m_client->get(u"/facebook/v26.0/me?access_token="_s + tokens.at(1)).status, 200);
    admin("POST", u"/switches"_s, {{u"platform"_s, u"facebook"_s}, {u"policyBlock"_s, false}});
    QCOMPARE(facebookPost(*m_client, PageOne, tokens.at(1), u"blocked"_s).status, 200);
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

namespace {

const QString Graph = u"/facebook/v26.0"_s;
constexpr qint64 MiB = 1024 * 1024;

// Bytes whose SHA-256 changes wherever one is lost, doubled or moved.
QByteArray videoBytes(qint64 size)
{
    QByteArray bytes(size, Qt::Uninitialized);
    char *data = bytes.data();
    quint32 state = 2463534242u;
    for (qint64 i = 0; i < size; ++i) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        data[i] = static_cast<char>(state & 0xff);
    }
    return bytes;
}

QString sha256Of(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

Headers oauth(const QString &token, Headers extra = {})
{
    extra.append({"authorization", "OAuth " + token.toUtf8()});
    return extra;
}

// The path and query of the calls on a session whose id is "upload:…?sig=…".
QString sessionTarget(const QString &session)
{
    const qsizetype sig = session.indexOf(u"?sig="_s);
    return Graph + u'/' + session.left(sig) + u"?sig="_s + encoded(session.mid(sig + 5));
}

QByteArray rawUploadRequest(const QString &userToken, const QString &session, qint64 offset,
                            const QByteArray &bytes)
{
    return "POST " + sessionTarget(session).toUtf8()
           + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: OAuth " + userToken.toUtf8()
           + "\r\nfile_offset: " + QByteArray::number(offset)
           + "\r\nContent-Type: application/octet-stream\r\nContent-Length: "
           + QByteArray::number(bytes.size()) + "\r\n\r\n" + bytes;
}

int graphCode(const HttpResult &result)
{
    return result.json()[u"error"_s][u"code"_s].toInt();
}

QString graphMessage(const HttpResult &result)
{
    return result.json()[u"error"_s][u"message"_s].toString();
}

} // namespace

QString TstFakePlatforms::startFacebookUpload(const QString &userToken, qint64 length)
{
    const HttpResult answer = m_client->send(
        "POST", Graph + u"/fake-facebook-client/uploads?file_name=clip.mp4&file_length="_s
                    + QString::number(length) + u"&file_type=video%2Fmp4&access_token="_s
                    + userToken);
    return answer.status == 200 ? answer.json()[u"id"_s].toString() : QString();
}

HttpResult TstFakePlatforms::sendUploadBytes(const QString &userToken, const QString &session,
                                             qint64 offset, const QByteArray &bytes)
{
    return m_client->send("POST", sessionTarget(session),
                          oauth(userToken, {{"file_offset", QByteArray::number(offset)},
                                            {"content-type", "application/octet-stream"}}),
                          bytes);
}

HttpResult TstFakePlatforms::uploadOffset(const QString &userToken, const QString &session)
{
    return m_client->get(sessionTarget(session), oauth(userToken));
}

HttpResult TstFakePlatforms::publishVideo(const QString &pageToken, const QString &handle,
                                          const QString &description)
{
    return m_client->send("POST", Graph + u'/' + PageOne + u"/videos"_s,
                          bearer(pageToken, FormHeaders),
                          formOf({{u"title"_s, u"A title"_s},
                                  {u"description"_s, description},
                                  {u"fbuploader_video_file_chunk"_s, handle}}));
}

QJsonObject TstFakePlatforms::videoStatus(const QString &pageToken, const QString &videoId)
{
    return m_client->get(Graph + u'/' + videoId + u"?fields=status&access_token="_s + pageToken)
        .json();
}

void TstFakePlatforms::facebookVideoUploadPublishThenProcess()
{
    const QStringList tokens = facebookPageTokens();
    const QString user = tokens.at(0);
    const QString page = tokens.at(1);
    const QByteArray file = videoBytes(300 * 1024 + 7);

    const QString session = startFacebookUpload(user, file.size());
    QVERIFY2(session.startsWith(u"upload:"_s), qPrintable(session));
    QVERIFY2(session.contains(u"?sig="_s), qPrintable(session));
    const QString sessionId = session.left(session.indexOf(u'?'));
    const HttpResult fresh = uploadOffset(user, session);
    QCOMPARE(fresh.status, 200);
    QCOMPARE(fresh.json(), (QJsonObject {{u"id"_s, sessionId}, {u"file_offset"_s, 0}}));

    const qint64 half = file.size() / 2;
    const HttpResult first = sendUploadBytes(user, session, 0, file.left(half));
    QCOMPARE(first.status, 200);
    QCOMPARE(first.json(), (QJsonObject {{u"id"_s, sessionId}, {u"file_offset"_s, half}}));
    const HttpResult second = sendUploadBytes(user, session, half, file.mid(half));
    QCOMPARE(second.status, 200);
    const QString handle = second.json()[u"h"_s].toString();
    QVERIFY2(handle.count(u':') >= 2, qPrintable(handle));

    const HttpResult created = publishVideo(page, handle, u"Our first video"_s);
    QCOMPARE(created.status, 200);
    const QString videoId = created.json()[u"id"_s].toString();
    QCOMPARE(created.json(), (QJsonObject {{u"id"_s, u"122300000000000001"_s}}));

    const auto listedMessages = [&] {
        QStringList messages;
        const HttpResult listing = m_client->get(
            Graph + u'/' + PageOne + u"/published_posts?fields=id,message&access_token="_s + page);
        for (const QJsonValue &post : listing.json()[u"data"_s].toArray())
            messages.append(post[u"message"_s].toString());
        return messages;
    };
    // Not published before its processing is over.
    QCOMPARE(listedMessages(), QStringList());
    QCOMPARE(admin("GET", u"/posts?platform=facebook"_s).items().size(), 0);

    const QJsonObject processing = videoStatus(page, videoId);
    QCOMPARE(processing[u"id"_s].toString(), videoId);
    const QJsonObject during = processing[u"status"_s].toObject();
    QCOMPARE(during[u"video_status"_s].toString(), u"processing"_s);
    QCOMPARE(during[u"uploading_phase"_s][u"status"_s].toString(), u"complete"_s);
    QCOMPARE(during[u"processing_phase"_s][u"status"_s].toString(), u"in_progress"_s);
    QCOMPARE(during[u"publishing_phase"_s][u"status"_s].toString(), u"not_started"_s);
    QCOMPARE(listedMessages(), QStringList());

    const QJsonObject after = videoStatus(page, videoId)[u"status"_s].toObject();
    QCOMPARE(after[u"video_status"_s].toString(), u"ready"_s);
    QCOMPARE(after[u"processing_phase"_s][u"status"_s].toString(), u"complete"_s);
    QCOMPARE(after[u"publishing_phase"_s][u"status"_s].toString(), u"complete"_s);
    QCOMPARE(after[u"publishing_phase"_s][u"publish_status"_s].toString(), u"published"_s);

    QCOMPARE(listedMessages(), QStringList {u"Our first video"_s});
    const QJsonArray posts = admin("GET", u"/posts?platform=facebook"_s).items();
    QCOMPARE(posts.size(), 1);
    const QJsonObject post = posts.first().toObject();
    QCOMPARE(post[u"text"_s].toString(), u"Our first video"_s);
    QCOMPARE(post[u"videoId"_s].toString(), videoId);
    QCOMPARE(post[u"videoSha256"_s].toString(), sha256Of(file));
    QCOMPARE(post[u"videoBytes"_s].toInteger(), file.size());
    QVERIFY(post[u"id"_s].toString().startsWith(PageOne + u'_'));
}

void TstFakePlatforms::facebookUploadSessionRefusals()
{
    const QStringList tokens = facebookPageTokens();
    const QString user = tokens.at(0);
    const QString page = tokens.at(1);
    const auto start = [&](const QString &app, const QString &query) {
        return m_client->send("POST", Graph + u'/' + app + u"/uploads?"_s + query);
    };
    const QString described = u"file_name=clip.mp4&file_length=10&file_type=video%2Fmp4"_s;

    const HttpResult otherApp
        = start(u"someone-elses-app"_s, described + u"&access_token="_s + user);
    QCOMPARE(otherApp.status, 400);
    QCOMPARE(graphCode(otherApp), 100);
    QVERIFY(
        graphMessage(otherApp).contains(u"Object with ID 'someone-elses-app' does not exist"_s));
    QCOMPARE(graphCode(start(u"fake-facebook-client"_s, described + u"&access_token="_s + page)),
             190);
    QCOMPARE(graphCode(start(u"fake-facebook-client"_s, described + u"&access_token=nonsense"_s)),
             190);
    const HttpResult quicktime = start(
        u"fake-facebook-client"_s,
        u"file_name=a.mov&file_length=10&file_type=video%2Fquicktime&access_token="_s + user);
    QCOMPARE(graphCode(quicktime), 100);
    QVERIFY(graphMessage(quicktime).contains(u"file_type"_s));
    for (const QString &length : {u"0"_s, u"-5"_s, u"ten"_s}) {
        const HttpResult bad = start(u"fake-facebook-client"_s,
                                     u"file_name=clip.mp4&file_type=video%2Fmp4&file_length="_s
                                         + length + u"&access_token="_s + user);
        QCOMPARE(graphCode(bad), 100);
        QVERIFY(graphMessage(bad).contains(u"file_length"_s));
    }

    // The same parameters as a form, the token in the header.
    const HttpResult asForm = m_client->send("POST", Graph + u"/fake-facebook-client/uploads"_s,
                                             oauth(user, FormHeaders),
                                             formOf({{u"file_name"_s, u"clip.mp4"_s},
                                                     {u"file_length"_s, u"10"_s},
                                                     {u"file_type"_s, u"video/mp4"_s}}));
    QCOMPARE(asForm.status, 200);
    const QString session = asForm.json()[u"id"_s].toString();
    const QString withoutSig = session.left(session.indexOf(u'?'));

    // The bytes' calls take the token from the header only.
    const HttpResult tokenInQuery
        = m_client->send("POST", sessionTarget(session) + u"&access_token="_s + user,
                         {{"file_offset", "0"}}, "0123456789");
    QCOMPARE(tokenInQuery.status, 400);
    QCOMPARE(graphCode(tokenInQuery), 2500);
    QCOMPARE(graphCode(sendUploadBytes(page, session, 0, "0123456789")), 190);
    QCOMPARE(graphCode(sendUploadBytes(user, withoutSig + u"?sig=ARwrong"_s, 0, "0123456789")),
             100);
    QCOMPARE(graphCode(m_client->send("POST", Graph + u'/' + withoutSig,
                                      oauth(user, {{"file_offset", "0"}}), "0123456789")),
             100);
    QCOMPARE(graphCode(m_client->send("POST", sessionTarget(session), oauth(user), "0123456789")),
             100);

    const HttpResult wrongOffset = sendUploadBytes(user, session, 4, "456789");
    QCOMPARE(wrongOffset.status, 400);
    QCOMPARE(graphCode(wrongOffset), 100);
    QVERIFY2(graphMessage(wrongOffset).contains(u"file_offset 4 "_s)
                 && graphMessage(wrongOffset).contains(u"offset 0"_s),
             qPrintable(graphMessage(wrongOffset)));
    QCOMPARE(graphCode(sendUploadBytes(user, session, 0, "0123456789A")), 100);
    // Nothing of the refused calls was kept.
    QCOMPARE(uploadOffset(user, session).json()[u"file_offset"_s].toInteger(), 0);
    QVERIFY(sendUploadBytes(user, session, 0, "0123456789").json().contains(u"h"_s));
}

void TstFakePlatforms::facebookVideoHandleUnknownOrUsedTwice()
{
    const QStringList tokens = facebookPageTokens();
    const QByteArray file = videoBytes(1000);
    const QString session = startFacebookUpload(tokens.at(0), file.size());
    const QString handle
        = sendUploadBytes(tokens.at(0), session, 0, file).json()[u"h"_s].toString();
    QVERIFY(!handle.isEmpty());

    const HttpResult unknown
        = publishVideo(tokens.at(1), u"4:bm9uZQ==:video/mp4:x:e:1:ARx"_s, u"Unknown handle"_s);
    QCOMPARE(unknown.status, 400);
    QCOMPARE(graphCode(unknown), 100);
    // A user token does not publish on a Page.
    QCOMPARE(graphCode(publishVideo(tokens.at(0), handle, u"As the user"_s)), 200);
    QCOMPARE(publishVideo(tokens.at(1), handle, u"Once"_s).status, 200);
    const HttpResult twice = publishVideo(tokens.at(1), handle, u"Twice"_s);
    QCOMPARE(twice.status, 400);
    QCOMPARE(graphCode(twice), 100);
    QCOMPARE(admin("GET", u"/state"_s)
                 .json()[u"platforms"_s][u"facebook"_s][u"videos"_s]
                 .toArray()
                 .size(),
             1);
}

void TstFakePlatforms::facebookVideoCreateMeetsTheFeedsFailures()
{
    const QStringList tokens = facebookPageTokens();
    const QString user = tokens.at(0);
    const QString page = tokens.at(1);
    const auto uploaded = [&](qint64 size) {
        const QByteArray file = videoBytes(size);
        return sendUploadBytes(user, startFacebookUpload(user, size), 0, file)
            .json()[u"h"_s]
            .toString();
    };

    QCOMPARE(publishVideo(page, uploaded(100), u"Same words"_s).status, 200);
    const HttpResult feedDuplicate = facebookPost(*m_client, PageOne, page, u"Same words"_s);
    QCOMPARE(graphCode(feedDuplicate), 506);
    const QString second = uploaded(200);
    const HttpResult videoDuplicate = publishVideo(page, second, u"Same words"_s);
    QCOMPARE(videoDuplicate.status, 400);
    QCOMPARE(graphCode(videoDuplicate), 506);
    QCOMPARE(videoDuplicate.json()[u"error"_s][u"error_subcode"_s].toInt(), 1455006);
    // A refused call leaves the handle usable.
    QCOMPARE(publishVideo(page, second, u"Other words"_s).status, 200);

    admin("POST", u"/switches"_s, {{u"platform"_s, u"facebook"_s}, {u"policyBlock"_s, true}});
    const QString third = uploaded(300);
    QCOMPARE(graphCode(publishVideo(page, third, u"Blocked words"_s)), 368);
    admin("POST", u"/switches"_s, {{u"platform"_s, u"facebook"_s}, {u"policyBlock"_s, false}});

    // The create happens, its answer is lost.
    QCOMPARE(admin("POST", u"/faults"_s,
                   {{u"platform"_s, u"facebook"_s},
                    {u"method"_s, u"POST"_s},
                    {u"path"_s, QString(u"/v26.0/"_s + PageOne + u"/videos"_s)},
                    {u"nth"_s, 1},
                    {u"action"_s, u"apply-then-drop"_s}})
                 .status,
             201);
    RawHttpClient raw(m_server->port());
    const QByteArray form
        = formOf({{u"description"_s, u"Lost answer"_s}, {u"fbuploader_video_file_chunk"_s, third}});
    raw.write("POST /facebook/v26.0/" + PageOne.toUtf8()
              + "/videos HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + page.toUtf8()
              + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: "
              + QByteArray::number(form.size()) + "\r\n\r\n" + form);
    QCOMPARE(raw.readUntilClosed(), QByteArray());
    const QJsonObject last
        = admin("GET", u"/journal?platform=facebook"_s).items().last().toObject();
    QCOMPARE(last[u"status"_s].toInt(), 0);
    QCOMPARE(last[u"dropped"_s].toBool(), true);
    const QJsonArray videos
        = admin("GET", u"/state"_s).json()[u"platforms"_s][u"facebook"_s][u"videos"_s].toArray();
    QCOMPARE(videos.size(), 3);
    const QString lostId = videos.last()[u"id"_s].toString();
    QCOMPARE(lostId, u"122300000000000003"_s);
    videoStatus(page, lostId);
    QCOMPARE(videoStatus(page, lostId)[u"status"_s][u"video_status"_s].toString(), u"ready"_s);
    QCOMPARE(m_client
                 ->get(Graph + u'/' + PageOne + u"/published_posts?fields=message&access_token="_s
                       + page)
                 .json()[u"data"_s][0][u"message"_s]
                 .toString(),
             u"Lost answer"_s);
}

void TstFakePlatforms::facebookInterruptedUploadResumesFromItsOffset()
{
    const QStringList tokens = facebookPageTokens();
    const QString user = tokens.at(0);
    // Over HttpListener::LargeBodyBytes: the interrupted body is read from a file.
    const QByteArray file = videoBytes(HttpListener::LargeBodyBytes + 4 * MiB + 3);
    const qint64 dropAt = 5 * MiB + 1;
    const HttpResult armed = admin(
        "POST", u"/switches"_s, {{u"platform"_s, u"facebook"_s}, {u"uploadDropAtByte"_s, dropAt}});
    QCOMPARE(armed.status, 200);
    QCOMPARE(armed.json()[u"uploadDropAtByte"_s].toInteger(), dropAt);
    const QString session = startFacebookUpload(user, file.size());

    // A bare socket: QNetworkAccessManager would send the POST again after the drop.
    RawHttpClient raw(m_server->port());
    raw.write(rawUploadRequest(user, session, 0, file));
    QCOMPARE(raw.readUntilClosed(), QByteArray());
    const QJsonObject dropped
        = admin("GET", u"/journal?platform=facebook"_s).items().last().toObject();
    QCOMPARE(dropped[u"status"_s].toInt(), 0);
    QCOMPARE(dropped[u"bodySize"_s].toInteger(), file.size());
    QCOMPARE(dropped[u"body"_s].toString(), u"size:"_s + QString::number(file.size()));

    const HttpResult offset = uploadOffset(user, session);
    QCOMPARE(offset.status, 200);
    QCOMPARE(offset.json()[u"file_offset"_s].toInteger(), dropAt);
    // Once only.
    QCOMPARE(admin("GET", u"/state"_s)
                 .json()[u"platforms"_s][u"facebook"_s][u"uploadDropAtByte"_s]
                 .toInteger(),
             0);
    // Sending from the start again is refused: the session holds what it holds.
    QCOMPARE(graphCode(sendUploadBytes(user, session, 0, file.left(10))), 100);

    const HttpResult rest = sendUploadBytes(user, session, dropAt, file.mid(dropAt));
    QCOMPARE(rest.status, 200);
    const QString handle = rest.json()[u"h"_s].toString();
    QVERIFY(!handle.isEmpty());
    const QString videoId
        = publishVideo(tokens.at(1), handle, u"Resumed"_s).json()[u"id"_s].toString();
    videoStatus(tokens.at(1), videoId);
    QCOMPARE(videoStatus(tokens.at(1), videoId)[u"status"_s][u"video_status"_s].toString(),
             u"ready"_s);
    const QJsonObject post = admin("GET", u"/posts?platform=facebook"_s).items().first().toObject();
    QCOMPARE(post[u"videoBytes"_s].toInteger(), file.size());
    QCOMPARE(post[u"videoSha256"_s].toString(), sha256Of(file));
}

void TstFakePlatforms::facebookLostFinalAnswerGivesTheHandleAgain()
{
    const QStringList tokens = facebookPageTokens();
    const QString user = tokens.at(0);
    const QByteArray file = videoBytes(5000);
    admin("POST", u"/switches"_s,
          {{u"platform"_s, u"facebook"_s}, {u"uploadDropAtByte"_s, file.size()}});
    const QString session = startFacebookUpload(user, file.size());
    RawHttpClient raw(m_server->port());
    raw.write(rawUploadRequest(user, session, 0, file));
    QCOMPARE(raw.readUntilClosed(), QByteArray());

    QCOMPARE(uploadOffset(user, session).json()[u"file_offset"_s].toInteger(), file.size());
    const HttpResult again = sendUploadBytes(user, session, file.size(), QByteArray());
    QCOMPARE(again.status, 200);
    const QString handle = again.json()[u"h"_s].toString();
    QVERIFY(!handle.isEmpty());
    QCOMPARE(publishVideo(tokens.at(1), handle, u"Complete after all"_s).status, 200);
}

void TstFakePlatforms::facebookVideoProcessingFailsBySwitch()
{
    const QStringList tokens = facebookPageTokens();
    const QString user = tokens.at(0);
    const QString page = tokens.at(1);
    const HttpResult switched
        = admin("POST", u"/switches"_s,
                {{u"platform"_s, u"facebook"_s}, {u"videoProcessing"_s, u"fail"_s}});
    QCOMPARE(switched.status, 200);
    QCOMPARE(switched.json()[u"videoProcessing"_s].toString(), u"fail"_s);
    const QByteArray file = videoBytes(2000);
    const QString handle = sendUploadBytes(user, startFacebookUpload(user, file.size()), 0, file)
                               .json()[u"h"_s]
                               .toString();
    const QString videoId
        = publishVideo(page, handle, u"Will not play"_s).json()[u"id"_s].toString();
    QVERIFY(!videoId.isEmpty());

    QCOMPARE(videoStatus(page, videoId)[u"status"_s][u"video_status"_s].toString(),
             u"processing"_s);
    for (int look = 0; look < 2; ++look) {
        const QJsonObject status = videoStatus(page, videoId)[u"status"_s].toObject();
        QCOMPARE(status[u"video_status"_s].toString(), u"error"_s);
        QCOMPARE(status[u"processing_phase"_s][u"status"_s].toString(), u"error"_s);
        const QJsonObject error = status[u"processing_phase"_s][u"errors"_s][0].toObject();
        QVERIFY(error[u"code"_s].toInt() != 0);
        QVERIFY(!error[u"message"_s].toString().isEmpty());
        QCOMPARE(status[u"publishing_phase"_s][u"status"_s].toString(), u"not_started"_s);
    }
    QCOMPARE(m_client->get(Graph + u'/' + PageOne + u"/published_posts?access_token="_s + page)
                 .json()[u"data"_s]
                 .toArray()
                 .size(),
             0);
    QCOMPARE(admin("GET", u"/posts?platform=facebook"_s).items().size(), 0);
    // A video that never became a post is no duplicate of the next try.
    admin("POST", u"/switches"_s,
          {{u"platform"_s, u"facebook"_s}, {u"videoProcessing"_s, u"succeed"_s}});
    const QString retry = sendUploadBytes(user, startFacebookUpload(user, file.size()), 0, file)
                              .json()[u"h"_s]
                              .toString();
    QCOMPARE(publishVideo(page, retry, u"Will not play"_s).status, 200);
}

void TstFakePlatforms::largeBodyGoesToAFileAndTheConnectionGoesOn()
{
    struct Seen
    {
        QByteArray path;
        bool inFile = false;
        qint64 size = 0;
        qsizetype inMemory = 0;
        QString fileName;
        QString sha256;
    };
    QList<Seen> seen;
    HttpListener listener([&seen](const FakeRequest &request) {
        QCryptographicHash hash(QCryptographicHash::Sha256);
        const bool read
            = request.readBody(MiB, -1, [&hash](const QByteArray &piece) { hash.addData(piece); });
        seen.append({request.rawTarget, request.bodyFile != nullptr, request.bodySize(),
                     request.body.size(),
                     request.bodyFile ? request.bodyFile->fileName() : QString(),
                     read ? QString::fromLatin1(hash.result().toHex()) : QString()});
        return FakeResponse::text(200, seen.last().sha256);
    });
    const quint16 port = listener.listen(QHostAddress::LocalHost, 0);
    QVERIFY(port != 0);

    const QByteArray body = videoBytes(20 * MiB + 5);
    RawHttpClient raw(port);
    raw.write("POST /large HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream"
              "\r\nExpect: 100-continue\r\nContent-Length: "
              + QByteArray::number(body.size()) + "\r\n\r\n");
    // The go-ahead comes before any of the body, as libcurl waits for it.
    QCOMPARE(RawHttpClient::statusOf(raw.readResponse()), 100);
    for (qint64 at = 0; at < body.size(); at += MiB)
        raw.write(body.mid(at, MiB));
    // The next request right behind the body, on the same connection.
    raw.write("GET /after HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");

    const QByteArray first = raw.readResponse();
    QCOMPARE(RawHttpClient::statusOf(first), 200);
    QCOMPARE(QString::fromLatin1(RawHttpClient::bodyOf(first)), sha256Of(body));
    const QByteArray second = raw.readResponse();
    QCOMPARE(RawHttpClient::statusOf(second), 200);
    QCOMPARE(seen.size(), 2);
    QVERIFY(seen.at(0).inFile);
    QCOMPARE(seen.at(0).size, body.size());
    QCOMPARE(seen.at(0).inMemory, 0);
    QCOMPARE(seen.at(0).sha256, sha256Of(body));
    // Gone once answered.
    QVERIFY(!seen.at(0).fileName.isEmpty());
    QVERIFY(!QFile::exists(seen.at(0).fileName));
    QCOMPARE(seen.at(1).path, QByteArray("/after"));
    QVERIFY(!seen.at(1).inFile);

    // A body under the bound stays in memory, on the same connection still.
    raw.write("POST /small HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello");
    QCOMPARE(RawHttpClient::statusOf(raw.readResponse()), 200);
    QCOMPARE(seen.size(), 3);
    QVERIFY(!seen.at(2).inFile);
    QCOMPARE(seen.at(2).inMemory, 5);
    QCOMPARE(seen.at(2).sha256, sha256Of("hello"));
    QVERIFY(raw.isConnected());
}

void TstFakePlatforms::largeBodyReachesAnEndpointThatReadsItWhole()
{
    const QStringList tokens = facebookPageTokens();
    const QString message(HttpListener::LargeBodyBytes + MiB, u'a');
    const HttpResult answer = facebookPost(*m_client, PageOne, tokens.at(1), message);
    // The form was read: its message is too long for a post.
    QCOMPARE(answer.status, 400);
    QCOMPARE(graphCode(answer), 100);
    QVERIFY(graphMessage(answer).contains(u"63206"_s));
    const QJsonObject entry
        = admin("GET", u"/journal?platform=facebook"_s).items().last().toObject();
    QCOMPARE(entry[u"bodySize"_s].toInteger(), qint64(message.size()) + 8);
}

QTEST_GUILESS_MAIN(TstFakePlatforms)
#include "tst_fakeplatforms.moc"
