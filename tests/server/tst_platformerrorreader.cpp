#include "server/platforms/platformerrorreader.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QTest>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

Q_DECLARE_METATYPE(slotline::PlatformError::Kind)

namespace {

// 2026-03-02T09:00:00Z
constexpr qint64 Now = 1'772'442'000'000;

PlatformResponse answer(int status, const QByteArray &body, const HttpHeaders &headers = {})
{
    PlatformResponse response;
    response.status = status;
    response.body = body;
    response.headers = headers;
    return response;
}

} // namespace

// Every platform's way of saying "rate limited", "token refused", "duplicate" and "bad
// request", read into what Slotline does about it.
class TestPlatformErrorReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsEachPlatformsSignals_data()
    {
        QTest::addColumn<QString>("platform");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<HttpHeaders>("headers");
        QTest::addColumn<PlatformError::Kind>("kind");
        QTest::addColumn<QString>("code");
        QTest::addColumn<qint64>("retryAtMs"); // 0: none
        QTest::addColumn<QString>("words");

        using Kind = PlatformError::Kind;
        const QByteArray xDate = "Mon, 02 Mar 2026 09:00:00 GMT";
        QTest::newRow("X 429: the 15-minute window, counted from X's own Date")
            << u"X"_s << 429 << QByteArray("{\"title\":\"Too Many Requests\",\"status\":429}")
            << HttpHeaders {{"date", xDate},
                            {"x-rate-limit-remaining", "0"},
                            // X's clock says 09:00:00; the window resets 12 minutes later.
                            {"x-rate-limit-reset", QByteArray::number((Now + 720'000) / 1000)}}
            << Kind::RateLimited << QString() << Now + 720'000 << u"until 09:12 UTC"_s;
        QTest::newRow("X 429: the 24-hour cap outlasts the 15-minute window")
            << u"X"_s << 429 << QByteArray("{\"title\":\"Too Many Requests\"}")
            << HttpHeaders {{"date", xDate},
                            {"x-rate-limit-remaining", "3"},
                            {"x-rate-limit-reset", QByteArray::number((Now + 60'000) / 1000)},
                            {"x-user-limit-24hour-remaining", "0"},
                            {"x-user-limit-24hour-reset",
                             QByteArray::number((Now + 5 * 3600'000) / 1000)}}
            << Kind::RateLimited << QString() << Now + 5 * 3600'000 << u"until 14:00 UTC"_s;
        QTest::newRow("X 429 without headers: one 15-minute window")
            << u"X"_s << 429
            << QByteArray("{\"errors\":[{\"code\":88,\"message\":\"Rate limit exceeded\"}]}")
            << HttpHeaders {} << Kind::RateLimited << QString() << Now + 15 * 60'000
            << u"until 09:15 UTC"_s;
        QTest::newRow("X 429 with a reset in the year 5000: a week at most")
            << u"X"_s << 429 << QByteArray("{}")
            << HttpHeaders {{"date", xDate},
                            {"x-rate-limit-remaining", "0"},
                            {"x-rate-limit-reset", "95617584000"}}
            << Kind::RateLimited << QString() << Now + PlatformErrorReader::LongestWaitMs
            << u"until 09:00 UTC"_s;
        QTest::newRow("Facebook 429 without Graph's error: a minute")
            << u"Facebook"_s << 429 << QByteArray("Too Many Requests") << HttpHeaders {}
            << Kind::RateLimited << QString() << Now + 60'000 << u"HTTP 429"_s;
        QTest::newRow("Facebook 80001 with a nonsense estimate: a week at most")
            << u"Facebook"_s << 400
            << QByteArray("{\"error\":{\"message\":\"Too many\",\"code\":80001}}")
            << HttpHeaders {{"x-business-use-case-usage",
                             "{\"1\":[{\"estimated_time_to_regain_access\":1e300}]}"}}
            << Kind::RateLimited << u"80001"_s << Now + PlatformErrorReader::LongestWaitMs
            << u"until 09:00 UTC"_s;
        // X's paid usage used up: app-wide, and not a 15-minute window.
        QTest::newRow("X 402 credits depleted (api.x.com problem)")
            << u"X"_s << 402
            << QByteArray("{\"detail\":\"credits depleted\",\"status\":402,\"title\":\"Payment "
                          "Required\",\"type\":\"https://api.x.com/2/problems/credits-depleted\"}")
            << HttpHeaders {} << Kind::RateLimited << u"credits_depleted"_s
            << Now + PlatformErrorReader::XUsageRetryMs
            << u"credits are used up (credits depleted)"_s;
        QTest::newRow("X 402 CreditsDepleted (api.twitter.com problem)")
            << u"X"_s << 402
            << QByteArray("{\"title\":\"CreditsDepleted\",\"detail\":\"Your enrolled account "
                          "does not have any credits to fulfill this request.\",\"type\":"
                          "\"https://api.twitter.com/2/problems/credits\"}")
            << HttpHeaders {} << Kind::RateLimited << u"credits_depleted"_s
            << Now + PlatformErrorReader::XUsageRetryMs << u"tries again at 09:15 UTC"_s;
        QTest::newRow("X 429 monthly usage cap, with calls left in the window")
            << u"X"_s << 429
            << QByteArray("{\"title\":\"UsageCapExceeded\",\"period\":\"Monthly\",\"scope\":"
                          "\"Product\",\"detail\":\"Usage cap exceeded: Monthly product cap\","
                          "\"type\":\"https://api.twitter.com/2/problems/usage-capped\"}")
            << HttpHeaders {{"date", xDate},
                            {"x-rate-limit-remaining", "39999"},
                            {"x-rate-limit-reset", QByteArray::number((Now + 60'000) / 1000)}}
            << Kind::RateLimited << u"usage_capped"_s << Now + PlatformErrorReader::XUsageCapRetryMs
            << u"monthly usage cap"_s;
        QTest::newRow("X 429 daily usage cap: until the next UTC midnight")
            << u"X"_s << 429
            << QByteArray("{\"title\":\"UsageCapExceeded\",\"period\":\"Daily\",\"scope\":"
                          "\"Account\",\"type\":\"https://api.twitter.com/2/problems/"
                          "usage-capped\"}")
            << HttpHeaders {} << Kind::RateLimited << u"usage_capped"_s
            << QDateTime(QDateTime::fromMSecsSinceEpoch(Now, Qt::UTC).date().addDays(1),
                         QTime(0, 0), Qt::UTC)
                   .toMSecsSinceEpoch()
            << u"daily usage cap"_s;
        QTest::newRow("X 401: token refused")
            << u"X"_s << 401
            << QByteArray("{\"title\":\"Unauthorized\",\"detail\":\"Unauthorized\"}")
            << HttpHeaders {} << Kind::TokenRejected << QString() << qint64(0) << u"Unauthorized"_s;
        QTest::newRow("X 403 duplicate")
            << u"X"_s << 403
            << QByteArray(
                   "{\"detail\":\"You are not allowed to create a Tweet with duplicate "
                   "content.\",\"type\":\"about:blank\",\"title\":\"Forbidden\",\"status\":403}")
            << HttpHeaders {} << Kind::Refused << u"duplicate"_s << qint64(0)
            << u"duplicate of one already on the account"_s;
        QTest::newRow("X 403 other")
            << u"X"_s << 403
            << QByteArray("{\"detail\":\"You are not permitted to perform this action.\"}")
            << HttpHeaders {} << Kind::Refused << QString() << qint64(0) << u"not permitted"_s;
        QTest::newRow("X 503") << u"X"_s << 503 << QByteArray("{}") << HttpHeaders {}
                               << Kind::Unavailable << QString() << qint64(0) << u"HTTP 503"_s;

        for (const int code : {65600, 65601, 65602})
            QTest::addRow("LinkedIn %d", code)
                << u"LinkedIn"_s << 401
                << QByteArray("{\"serviceErrorCode\":" + QByteArray::number(code)
                              + ",\"message\":\"Invalid access token\",\"status\":401}")
                << HttpHeaders {} << Kind::TokenRejected << QString::number(code) << qint64(0)
                << u"LinkedIn refused the account's sign-in"_s;
        QTest::newRow("LinkedIn 429: no header, until the next UTC midnight")
            << u"LinkedIn"_s << 429
            << QByteArray(
                   "{\"status\":429,\"serviceErrorCode\":101,\"message\":\"Resource level throttle "
                   "APPLICATION DAY limit for calls to this resource is reached.\"}")
            << HttpHeaders {} << Kind::RateLimited << QString()
            << QDateTime(QDate(2026, 3, 3), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch()
            << u"until 00:00 UTC"_s;
        QTest::newRow("LinkedIn 426 retired version")
            << u"LinkedIn"_s << 426
            << QByteArray("{\"status\":426,\"code\":\"NONEXISTENT_VERSION\",\"message\":"
                          "\"Requested version 20240101 is not active\"}")
            << HttpHeaders {} << Kind::Refused << u"NONEXISTENT_VERSION"_s << qint64(0)
            << u"--set version=YYYYMM"_s;
        QTest::newRow("LinkedIn 422 duplicate")
            << u"LinkedIn"_s << 422
            << QByteArray(
                   "{\"message\":\"ERROR :: /commentary :: Content is a duplicate of "
                   "urn:li:share:1\",\"errorDetails\":{\"inputErrors\":[{\"description\":"
                   "\"Duplicate post is detected\",\"code\":\"DUPLICATE_POST\"}]},\"status\":422}")
            << HttpHeaders {} << Kind::Refused << u"DUPLICATE_POST"_s << qint64(0)
            << u"duplicate"_s;

        QTest::newRow("Facebook 80001 with the Page's estimate")
            << u"Facebook"_s << 400
            << QByteArray("{\"error\":{\"message\":\"There have been too many calls to this Page "
                          "account.\",\"type\":\"OAuthException\",\"code\":80001}}")
            << HttpHeaders {{"x-business-use-case-usage",
                             "{\"100000000000001\":[{\"type\":\"pages\",\"call_count\":100,\"total_"
                             "cputime\":20,\"total_time\":30,\"estimated_time_to_regain_access\":7}"
                             "]}"}}
            << Kind::RateLimited << u"80001"_s << Now + 7 * 60'000 << u"until 09:07 UTC"_s;
        for (const int code : {4, 17, 32, 613})
            QTest::addRow("Facebook %d without an estimate: Graph's one-hour window", code)
                << u"Facebook"_s << 400
                << QByteArray("{\"error\":{\"message\":\"Rate "
                              "limited\",\"type\":\"OAuthException\",\"code\":"
                              + QByteArray::number(code) + "}}")
                << HttpHeaders {{"x-app-usage",
                                 "{\"call_count\":100,\"total_time\":5,\"total_cputime\":5}"}}
                << Kind::RateLimited << QString::number(code) << Now + 3600'000
                << u"until 10:00 UTC"_s;
        for (const auto &[subcode, words] :
             {std::pair {460, "password was changed"}, std::pair {463, "sign-in expired"},
              std::pair {467, "no longer valid"}, std::pair {458, "app was removed"}})
            QTest::addRow("Facebook 190/%d", subcode)
                << u"Facebook"_s << 400
                << QByteArray("{\"error\":{\"message\":\"Error validating access "
                              "token\",\"type\":\"OAuthException\",\"code\":190,\"error_subcode\":"
                              + QByteArray::number(subcode) + "}}")
                << HttpHeaders {} << Kind::TokenRejected << u"190/%1"_s.arg(subcode) << qint64(0)
                << QString::fromLatin1(words);
        QTest::newRow("Facebook 506 duplicate")
            << u"Facebook"_s << 400
            << QByteArray(
                   "{\"error\":{\"message\":\"(#506) Duplicate status "
                   "message\",\"type\":\"OAuthException\",\"code\":506,\"error_subcode\":1455006}}")
            << HttpHeaders {} << Kind::Refused << u"506/1455006"_s << qint64(0) << u"duplicate"_s;
        QTest::newRow("Facebook 368 block")
            << u"Facebook"_s << 400
            << QByteArray(
                   "{\"error\":{\"message\":\"It looks like you were misusing this feature by "
                   "going too "
                   "fast.\",\"type\":\"OAuthException\",\"code\":368,\"error_subcode\":1390008}}")
            << HttpHeaders {} << Kind::Refused << u"368/1390008"_s << qint64(0)
            << u"Facebook blocked this post"_s;
        QTest::newRow("Facebook 100 bad value")
            << u"Facebook"_s << 400
            << QByteArray("{\"error\":{\"message\":\"(#100) Invalid "
                          "parameter\",\"type\":\"OAuthException\",\"code\":100}}")
            << HttpHeaders {} << Kind::Refused << u"100"_s << qint64(0)
            << u"refused a value in this post: (#100) Invalid parameter"_s;
        QTest::newRow("Facebook code 2, HTTP 500")
            << u"Facebook"_s << 500
            << QByteArray(
                   "{\"error\":{\"message\":\"An unexpected error has "
                   "occurred.\",\"type\":\"OAuthException\",\"code\":2,\"is_transient\":true}}")
            << HttpHeaders {} << Kind::Unavailable << u"2"_s << qint64(0) << u"unexpected"_s;
        QTest::newRow("Facebook transient code under 500")
            << u"Facebook"_s << 400
            << QByteArray("{\"error\":{\"message\":\"Temporary "
                          "issue\",\"type\":\"OAuthException\",\"code\":1,\"is_transient\":true}}")
            << HttpHeaders {} << Kind::Unavailable << u"1"_s << qint64(0) << u"Temporary"_s;
    }
    void readsEachPlatformsSignals()
    {
        QFETCH(QString, platform);
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(HttpHeaders, headers);
        QFETCH(PlatformError::Kind, kind);
        QFETCH(QString, code);
        QFETCH(qint64, retryAtMs);
        QFETCH(QString, words);

        const auto error = PlatformErrorReader::read(answer(status, body, headers), platform, Now);
        QVERIFY(error);
        QVERIFY2(error->kind == kind, qPrintable(error->message));
        QCOMPARE(error->code, code);
        QCOMPARE(error->retryAtMs.value_or(0), retryAtMs);
        QVERIFY2(error->message.contains(words), qPrintable(error->message));
        QCOMPARE(error->status, status);
    }

    // Only X's paid usage stops the whole app; a rate limit is the account's own.
    void xUsageUsedUpStopsTheWholeApp()
    {
        const auto credits = PlatformErrorReader::read(
            answer(402, "{\"title\":\"Payment Required\"}", {}), u"X"_s, Now);
        QVERIFY(credits && credits->wholeApp);
        const auto window = PlatformErrorReader::read(
            answer(429, "{\"title\":\"Too Many Requests\"}", {}), u"X"_s, Now);
        QVERIFY(window && !window->wholeApp);
        QCOMPARE(window->kind, PlatformError::Kind::RateLimited);
    }

    void successAndTransportFailures()
    {
        QVERIFY(!PlatformErrorReader::read(answer(201, "{}"), u"X"_s, Now));
        PlatformResponse lost;
        lost.failure = PlatformResponse::Failure::Unknown;
        lost.failureText = u"Server returned nothing"_s;
        auto error = PlatformErrorReader::read(lost, u"LinkedIn"_s, Now);
        QVERIFY(error && error->kind == PlatformError::Kind::Unknown);
        QVERIFY(error->message.contains(u"LinkedIn did not answer (Server returned nothing)"_s));
        PlatformResponse refused;
        refused.failure = PlatformResponse::Failure::NotSent;
        refused.failureText = u"Connection refused"_s;
        error = PlatformErrorReader::read(refused, u"Facebook"_s, Now);
        QVERIFY(error && error->kind == PlatformError::Kind::Unavailable);
    }

    // A reset already past (X's clock ahead of ours, or a slow answer) never means "wait
    // a negative time".
    void aResetInThePastWaitsNothing()
    {
        const auto error = PlatformErrorReader::read(
            answer(429, "{}",
                   {{"date", "Mon, 02 Mar 2026 09:00:00 GMT"},
                    {"x-rate-limit-remaining", "0"},
                    {"x-rate-limit-reset", QByteArray::number((Now - 5000) / 1000)}}),
            u"X"_s, Now);
        QVERIFY(error && error->kind == PlatformError::Kind::RateLimited);
        QCOMPARE(*error->retryAtMs, Now);
    }
};

QTEST_GUILESS_MAIN(TestPlatformErrorReader)
#include "tst_platformerrorreader.moc"
