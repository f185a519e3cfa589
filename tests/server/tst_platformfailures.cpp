#include "core/isotime.h"
#include "fakeplatforms/fakeplatform.h"
#include "realplatformsfixture.h"
#include "storage/creditrepository.h"
#include "storage/database.h"
#include "storage/statement.h"
#include "support/testvideo.h"

#include <QDateTime>
#include <QJsonArray>
#include <QLocale>
#include <QTest>

using namespace slotline;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;

namespace {

// Where each platform's create call goes, and how a person posts there.
struct Target
{
    QString connector;
    QString platform; // the API's name for it
    QString createPath;
    bool onPage = false;
};

Target target(const QString &connector)
{
    if (connector == u"x")
        return {u"x"_s, u"twitter"_s, u"/2/tweets"_s, false};
    if (connector == u"linkedin")
        return {u"linkedin"_s, u"linkedin"_s, u"/rest/posts"_s, false};
    return {u"facebook"_s, u"facebook"_s, u"/v26.0/100000000000001/feed"_s, true};
}

QByteArray httpDate(qint64 ms)
{
    return QLocale::c()
        .toString(QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC), u"ddd, dd MMM yyyy hh:mm:ss 'GMT'"_s)
        .toLatin1();
}

// Graph's error body: {"error": {message, type, code[, error_subcode]}}.
QJsonObject graphError(const QString &message, int code, int subcode = 0)
{
    QJsonObject error {
        {u"message"_s, message}, {u"type"_s, u"OAuthException"_s}, {u"code"_s, code}};
    if (subcode != 0)
        error.insert(u"error_subcode"_s, subcode);
    return QJsonObject {{u"error"_s, error}};
}

ServerConfig quickConfig()
{
    ServerConfig config;
    // The tests poll; the API's own limits are not what they test.
    config.readsPerMinute = 100'000;
    config.writesPerMinute = 100'000;
    config.platformLookup.firstLookAfterMs = 100;
    config.platformLookup.secondLookAfterMs = 300;
    config.platformLookup.freshTokenGraceMs = 200;
    config.dispatcher.firstRetryDelayMs = 100;
    return config;
}

} // namespace

// Every way each platform says no, and what becomes of the post, the account and the
// credit: rate limits wait without spending an attempt, refused tokens are renewed once
// or the account needs reconnecting, duplicates and bad requests fail with the
// platform's reason and are never sent again.
class TestPlatformFailures : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<RealPlatformsFixture> m_fixture;

    RealPlatformsFixture &f() { return *m_fixture; }

    // Connects `connector`; the account and, for Facebook, the page posts go to.
    std::pair<QString, QString> connect(const Target &where)
    {
        const QString accountId = f().connectAccount(where.connector);
        if (accountId.isEmpty())
            return {};
        return {accountId, where.onPage ? f().pageNamed(accountId, u"Fake Page One"_s) : QString()};
    }

    int attemptsOf(const QString &submissionId)
    {
        Statement query(f().server().database(),
                        u"SELECT attempts FROM submissions WHERE id = ?"_s);
        query.bind(submissionId).exec();
        return query.next() ? int(query.integer(0)) : -1;
    }

    // A short video on the web; its address.
    QString clip()
    {
        f().web().route("/clip.mp4", FakeMediaServer::file("video/mp4", testVideo(300'000, 5)));
        return f().web().url("/clip.mp4").toString();
    }

    int createdOutcomes(const QString &submissionId)
    {
        Statement query(f().server().database(),
                        u"SELECT COUNT(*) FROM publish_attempts WHERE submission_id = ? "
                        u"AND outcome = 'created'"_s);
        query.bind(submissionId).exec();
        return query.next() ? int(query.integer(0)) : -1;
    }

    QJsonObject submission(const QString &id) { return f().server().submission(f().tenant(), id); }

    // Submits `text` to `where` (on `page`, when named), whose create call the platform
    // applies and whose answer is lost, and while the answer is awaited publishes `others`
    // posts of another project to the same account (and page). The submission's id,
    // empty on a setup failure.
    QString postLostAmongOthers(const Target &where, const QString &page, const QString &text,
                                int others)
    {
        const QString accountId = f().connectAccount(where.connector);
        const Tenant other = f().server().addTenant(u"Other agency"_s);
        f().server().grantCredits(other, others * 2);
        const QString sharedId = f().connectAccountIn(other, where.connector);
        if (accountId.isEmpty() || sharedId.isEmpty())
            return {};
        const QString pageId = page.isEmpty() ? QString() : f().pageNamed(accountId, page);
        const QString sharedPageId
            = page.isEmpty() ? QString() : f().pageNamedIn(other, sharedId, page);
        if (!page.isEmpty() && (pageId.isEmpty() || sharedPageId.isEmpty()))
            return {};
        // Enough calls for everyone: the platforms' quotas are not what is looked at here.
        QJsonObject noLimits;
        if (where.connector == u"x")
            noLimits = {{u"rateLimits"_s,
                         QJsonObject {{u"POST /2/tweets"_s,
                                       QJsonObject {{u"limit"_s, 0}, {u"windowSeconds"_s, 900}}}}},
                        {u"userLimit24Hour"_s, 0}};
        else if (where.connector == u"facebook")
            noLimits = {{u"rateLimits"_s, QJsonObject {{u"page"_s, QJsonObject {{u"limit"_s, 0}}},
                                                       {u"app"_s, QJsonObject {{u"limit"_s, 0}}}}}};
        if (!noLimits.isEmpty()
            && !f().fake().platform(where.connector)->applySwitches(noLimits).isEmpty())
            return {};
        // The platform makes the post and holds its answer until the others are out; then
        // the connection drops, with a hundred newer posts above the lost one.
        if (!f().addFault(createFault(where, QJsonObject {{u"nth"_s, 1},
                                                          {u"action"_s, u"apply-then-drop"_s},
                                                          {u"hold"_s, true}})))
            return {};
        const QString lost = f().submit(accountId, where.platform, text, {}, pageId);
        if (lost.isEmpty()
            || !QTest::qWaitFor([&] { return f().fake().posts(where.connector).size() == 1; }))
            return {};
        QStringList published;
        for (int i = 0; i < others; ++i)
            published.append(
                f().submitIn(other, sharedId, where.platform, u"Busy %1"_s.arg(i), sharedPageId));
        for (const QString &id : std::as_const(published)) {
            if (!f().server().waitForStatus(other, id, u"published"_s))
                return {};
        }
        if (f().fake().releaseHeld() != 1)
            return {};
        return lost;
    }

    CreditBalance credits()
    {
        return *CreditRepository(f().server().database(), f().server().clock())
                    .balance(f().tenant().projectId);
    }

    // A fault rule for the create call of `where`, with the rest of `rule`.
    static QJsonObject createFault(const Target &where, QJsonObject rule)
    {
        rule.insert(u"platform"_s, where.connector);
        rule.insert(u"method"_s, u"POST"_s);
        rule.insert(u"path"_s, where.createPath);
        return rule;
    }

    qsizetype creates(const Target &where)
    {
        return f().journal(where.connector, u"POST"_s, where.createPath).size();
    }

private Q_SLOTS:
    void init() { m_fixture = std::make_unique<RealPlatformsFixture>(quickConfig()); }
    void cleanup() { m_fixture.reset(); }

    // Over a quota, the account becomes rate_limited until the platform says; its due
    // posts wait without a call and without spending an attempt, then go out in order.
    void rateLimitedPostsWaitAndGoOutInOrder_data()
    {
        QTest::addColumn<QString>("connector");
        QTest::addColumn<QJsonObject>("fault");
        QTest::addColumn<qint64>("waitMs"); // from the server's clock; -1: to next UTC midnight
        const qint64 wall = QDateTime::currentMSecsSinceEpoch();
        QTest::newRow("X: x-rate-limit-reset")
            << u"x"_s
            << QJsonObject {{u"status"_s, 429},
                            {u"headers"_s,
                             QJsonObject {
                                 {u"date"_s, QString::fromLatin1(httpDate(wall))},
                                 {u"x-rate-limit-limit"_s, u"100"_s},
                                 {u"x-rate-limit-remaining"_s, u"0"_s},
                                 {u"x-rate-limit-reset"_s, QString::number(wall / 1000 + 600)}}},
                            {u"body"_s, QJsonObject {{u"title"_s, u"Too Many Requests"_s},
                                                     {u"status"_s, 429}}}}
            << qint64(600'000);
        QTest::newRow("LinkedIn: daily quota, no header")
            << u"linkedin"_s
            << QJsonObject {{u"status"_s, 429},
                            {u"body"_s,
                             QJsonObject {{u"status"_s, 429},
                                          {u"message"_s, u"Resource level throttle APPLICATION "
                                                         u"DAY limit for calls to this resource "
                                                         u"is reached."_s}}}}
            << qint64(-1);
        QTest::newRow("Facebook: Page limit with its estimate")
            << u"facebook"_s
            << QJsonObject {{u"status"_s, 400},
                            {u"headers"_s,
                             QJsonObject {{u"x-business-use-case-usage"_s,
                                           u"{\"100000000000001\":[{\"type\":\"pages\","
                                           u"\"call_count\":100,\"total_cputime\":10,"
                                           u"\"total_time\":10,"
                                           u"\"estimated_time_to_regain_access\":7}]}"_s}}},
                            {u"body"_s, graphError(u"Too many calls"_s, 80001)}}
            << qint64(7 * 60'000);
    }
    void rateLimitedPostsWaitAndGoOutInOrder()
    {
        QFETCH(QString, connector);
        QFETCH(QJsonObject, fault);
        QFETCH(qint64, waitMs);
        const Target where = target(connector);
        const auto [accountId, pageId] = connect(where);
        QVERIFY(!accountId.isEmpty());
        fault.insert(u"platform"_s, connector);
        fault.insert(u"method"_s, u"POST"_s);
        fault.insert(u"path"_s, where.createPath);
        fault.insert(u"nth"_s, 1);
        QVERIFY(f().addFault(fault));
        const CreditBalance before = credits();
        const qint64 startMs = f().server().clock().nowMs();

        const QString first = f().submit(accountId, where.platform, u"First in line"_s, {}, pageId);
        QVERIFY(!first.isEmpty());
        QTRY_VERIFY(submission(first)
                        .value(u"errorMessage"_s)
                        .toString()
                        .startsWith(u"Waiting for the account's rate limit"_s));
        const QJsonObject limited = f().account(accountId);
        QCOMPARE(limited.value(u"status"_s).toString(), u"rate_limited"_s);
        const qint64 until
            = *isotime::parseOptional(limited.value(u"rateLimitedUntil"_s).toString());
        if (waitMs < 0) {
            const QDate today = QDateTime::fromMSecsSinceEpoch(startMs, Qt::UTC).date();
            QCOMPARE(until, QDateTime(today.addDays(1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch());
        } else {
            // X's reset is whole seconds on X's clock.
            QVERIFY2(qAbs(until - (startMs + waitMs)) <= 2000,
                     qPrintable(QString::number(until - startMs)));
        }
        QVERIFY(limited.value(u"statusReason"_s).toString().contains(u"until"_s));
        QCOMPARE(attemptsOf(first), 0); // the refused call spent none

        // The next post waits too, without a call.
        f().server().clock().advanceMs(1);
        const QString second
            = f().submit(accountId, where.platform, u"Second in line"_s, {}, pageId);
        QTRY_VERIFY(submission(second)
                        .value(u"errorMessage"_s)
                        .toString()
                        .startsWith(u"Waiting for the account's rate limit"_s));
        QCOMPARE(creates(where), 1);
        QCOMPARE(attemptsOf(second), 0);
        QCOMPARE(submission(second).value(u"status"_s).toString(), u"in-progress"_s);

        // Once the limit has passed, both go out, in their order.
        f().server().clock().setNowMs(until + 1000);
        f().server().server().dispatcher().wake();
        QVERIFY(f().server().waitForStatus(f().tenant(), first, u"published"_s));
        QVERIFY(f().server().waitForStatus(f().tenant(), second, u"published"_s));
        QCOMPARE(creates(where), 3);
        const QJsonArray posts = f().fake().posts(connector);
        QCOMPARE(posts.size(), 2);
        QCOMPARE(posts.at(0).toObject().value(u"text"_s).toString(), u"First in line"_s);
        QCOMPARE(posts.at(1).toObject().value(u"text"_s).toString(), u"Second in line"_s);
        QCOMPARE(f().account(accountId).value(u"status"_s).toString(), u"connected"_s);
        QCOMPARE(credits().used, before.used + 2);
    }

    // X bills usage. Out of credits (402) or over the app's usage cap (429 with calls
    // left in the window), X refuses every call of the server's app: every X account, in
    // every project, waits with words that say why; the posts keep their credit and their
    // attempts, and go out once X takes calls again.
    void xUsedUpUsagePausesEveryXAccountUntilXTakesCallsAgain_data()
    {
        QTest::addColumn<QString>("usage");
        QTest::addColumn<QString>("words");
        QTest::addColumn<qint64>("waitMs");
        QTest::newRow("credits depleted (402)")
            << u"credits-depleted"_s << u"credits are used up"_s << qint64(15 * 60'000);
        QTest::newRow("monthly usage cap (429)")
            << u"monthly-cap"_s << u"monthly usage cap"_s << qint64(60 * 60'000);
    }
    void xUsedUpUsagePausesEveryXAccountUntilXTakesCallsAgain()
    {
        QFETCH(QString, usage);
        QFETCH(QString, words);
        QFETCH(qint64, waitMs);
        const Target where = target(u"x"_s);
        const QString accountId = f().connectAccount(u"x"_s);
        const Tenant other = f().server().addTenant(u"Other agency"_s);
        f().server().grantCredits(other, 10);
        const QString otherAccountId = f().connectAccountIn(other, u"x"_s);
        QVERIFY(!accountId.isEmpty() && !otherAccountId.isEmpty());
        fake::FakePlatform *x = f().fake().platform(u"x"_s);
        QCOMPARE(x->applySwitches(QJsonObject {{u"usage"_s, usage}}), QString());
        const CreditBalance before = credits();
        const qint64 startMs = f().server().clock().nowMs();

        const QString id = f().submit(accountId, where.platform, u"Billed by the call"_s);
        QVERIFY(!id.isEmpty());
        QTRY_VERIFY(submission(id).value(u"errorMessage"_s).toString().contains(words));
        QCOMPARE(submission(id).value(u"status"_s).toString(), u"in-progress"_s);
        QCOMPARE(attemptsOf(id), 0);
        for (const auto &[tenant, account] :
             {std::pair {f().tenant(), accountId}, std::pair {other, otherAccountId}}) {
            QJsonObject paused;
            for (const QJsonValue &value :
                 f().server().get(u"/api/v2/users/me/accounts"_s, tenant).items())
                if (value.toObject().value(u"id"_s).toString() == account)
                    paused = value.toObject();
            QCOMPARE(paused.value(u"status"_s).toString(), u"rate_limited"_s);
            QVERIFY2(paused.value(u"statusReason"_s).toString().contains(words),
                     qPrintable(paused.value(u"statusReason"_s).toString()));
            const qint64 until
                = *isotime::parseOptional(paused.value(u"rateLimitedUntil"_s).toString());
            QCOMPARE(until, startMs + waitMs);
        }
        // The other project's post waits without a call of its own.
        const QString otherPost
            = f().submitIn(other, otherAccountId, where.platform, u"Also billed"_s);
        QTRY_VERIFY(f().server()
                        .submission(other, otherPost)
                        .value(u"errorMessage"_s)
                        .toString()
                        .startsWith(u"Waiting for the account's rate limit"_s));
        QCOMPARE(creates(where), 1);
        QCOMPARE(credits().remaining, before.remaining - 1); // reserved, not spent twice

        // Someone added credits (or the period ended): both go out when their time comes.
        QCOMPARE(x->applySwitches(QJsonObject {{u"usage"_s, u"ok"_s}}), QString());
        f().server().clock().setNowMs(startMs + waitMs + 1000);
        f().server().server().dispatcher().wake();
        QVERIFY(f().server().waitForStatus(f().tenant(), id, u"published"_s));
        QVERIFY(f().server().waitForStatus(other, otherPost, u"published"_s));
        QCOMPARE(f().fake().posts(u"x"_s).size(), 2);
        QCOMPARE(f().account(accountId).value(u"status"_s).toString(), u"connected"_s);
        QCOMPARE(credits().used, before.used + 1);
    }

    // A duplicate is the platform's final word: failed with its reason, credit back, never
    // sent again.
    void duplicatesFailAndAreNeverRetried_data()
    {
        QTest::addColumn<QString>("connector");
        QTest::addColumn<QString>("words");
        QTest::newRow("X 403 duplicate content")
            << u"x"_s << u"X refused this post as a duplicate"_s;
        QTest::newRow("LinkedIn DUPLICATE_POST")
            << u"linkedin"_s << u"LinkedIn refused this post as a duplicate"_s;
        QTest::newRow("Facebook 506")
            << u"facebook"_s << u"Facebook refused this post as a duplicate"_s;
    }
    void duplicatesFailAndAreNeverRetried()
    {
        QFETCH(QString, connector);
        QFETCH(QString, words);
        const Target where = target(connector);
        const auto [accountId, pageId] = connect(where);
        QVERIFY(!accountId.isEmpty());
        QCOMPARE(f().publish(accountId, where.platform, u"Same words"_s, {}, pageId)
                     .value(u"status"_s)
                     .toString(),
                 u"published"_s);
        const CreditBalance before = credits();
        const QJsonObject again
            = f().publish(accountId, where.platform, u"Same words"_s, {}, pageId, u"failed"_s);
        QVERIFY2(again.value(u"errorMessage"_s).toString().contains(words),
                 qPrintable(again.value(u"errorMessage"_s).toString()));
        QCOMPARE(again.value(u"errorCode"_s).toString(), u"duplicate"_s);
        QTest::qWait(400); // a retry, were one made, would come after 100 ms
        QCOMPARE(creates(where), 2);
        QCOMPARE(f().fake().posts(connector).size(), 1);
        QCOMPARE(credits().used, before.used);
        QCOMPARE(credits().remaining, before.remaining);
        QCOMPARE(f().account(accountId).value(u"status"_s).toString(), u"connected"_s);
    }

    // A create call whose answer was lost, on a platform that cannot be asked whether it
    // made the post: the post fails, once, with the address where a person checks the
    // account (the page, for Facebook).
    void aLostAnswerThatCannotBeLookedUpSaysWhereToCheck_data()
    {
        QTest::addColumn<QString>("connector");
        QTest::addColumn<QString>("lookupPath");
        QTest::newRow("x") << u"x"_s << u"/2/users/*"_s;
        QTest::newRow("linkedin") << u"linkedin"_s << u"/rest/posts"_s;
        QTest::newRow("facebook") << u"facebook"_s << u"/v26.0/100000000000001/published_posts"_s;
    }
    void aLostAnswerThatCannotBeLookedUpSaysWhereToCheck()
    {
        QFETCH(QString, connector);
        QFETCH(QString, lookupPath);
        const Target where = target(connector);
        const auto [accountId, pageId] = connect(where);
        QVERIFY(!accountId.isEmpty());
        QVERIFY(f().addFault(
            createFault(where, QJsonObject {{u"nth"_s, 1}, {u"action"_s, u"apply-then-drop"_s}})));
        QVERIFY(f().addFault(QJsonObject {{u"platform"_s, connector},
                                          {u"method"_s, u"GET"_s},
                                          {u"path"_s, lookupPath},
                                          {u"status"_s, 500}}));
        const QJsonObject lost
            = f().publish(accountId, where.platform, u"Maybe out"_s, {}, pageId, u"failed"_s);
        QVERIFY2(lost.value(u"errorMessage"_s).toString().contains(u"may have published"_s),
                 qPrintable(lost.value(u"errorMessage"_s).toString()));
        QString expected;
        if (connector == u"x")
            expected = u"https://x.com/"_s + f().account(accountId).value(u"username"_s).toString();
        else if (connector == u"linkedin")
            expected = u"https://www.linkedin.com/in/me/"_s;
        else
            expected = u"https://www.facebook.com/100000000000001"_s;
        QVERIFY(expected != u"https://x.com/"_s);
        QCOMPARE(lost.value(u"checkUrl"_s).toString(), expected);
        QCOMPARE(creates(where), 1);
        QCOMPARE(f().fake().posts(connector).size(), 1);
    }

    // Facebook lists a video's post only once it has processed the video: a lost answer to
    // the /videos call cannot be settled by looking, so it is never sent again.
    void aLostFacebookVideoAnswerIsNeverSentAgain()
    {
        const Target where = target(u"facebook"_s);
        const auto [accountId, pageId] = connect(where);
        QVERIFY(!accountId.isEmpty());
        const QString videos = u"/v26.0/100000000000001/videos"_s;
        QVERIFY(f().addFault(QJsonObject {{u"platform"_s, u"facebook"_s},
                                          {u"method"_s, u"POST"_s},
                                          {u"path"_s, videos},
                                          {u"nth"_s, 1},
                                          {u"action"_s, u"apply-then-drop"_s}}));
        const CreditBalance before = credits();
        const QJsonObject lost = f().publish(accountId, where.platform, u"A clip, once"_s, {clip()},
                                             pageId, u"failed"_s);
        const QString message = lost.value(u"errorMessage"_s).toString();
        QVERIFY2(message.contains(u"may have published"_s), qPrintable(message));
        QVERIFY2(message.contains(u"processed the video"_s), qPrintable(message));
        QCOMPARE(lost.value(u"checkUrl"_s).toString(),
                 u"https://www.facebook.com/100000000000001"_s);
        QTest::qWait(400);
        QCOMPARE(f().journal(u"facebook"_s, u"POST"_s, videos).size(), 1);
        QCOMPARE(credits().remaining, before.remaining);
    }

    // A server stopped while Facebook processes a video it accepted: the answer was
    // recorded, so the next server publishes it with the video's id, asking nothing.
    void aServerStoppedWhileAVideoIsProcessedPublishesItOnRestart()
    {
        const Target where = target(u"facebook"_s);
        const auto [accountId, pageId] = connect(where);
        QVERIFY(!accountId.isEmpty());
        const QString videos = u"/v26.0/100000000000001/videos"_s;
        const QString id
            = f().submit(accountId, where.platform, u"Across a restart"_s, {clip()}, pageId);
        QVERIFY(!id.isEmpty());
        // Stopped once the answer is recorded, while processing is not yet looked at (a
        // second after the answer).
        QTRY_COMPARE(createdOutcomes(id), 1);
        f().restartServer();
        QVERIFY(f().server().waitForStatus(f().tenant(), id, u"published"_s));
        const QJsonObject published = submission(id);
        const QString videoId = published.value(u"platformPostId"_s).toString();
        QVERIFY(!videoId.isEmpty());
        QCOMPARE(published.value(u"publicUrl"_s).toString(),
                 u"https://www.facebook.com/100000000000001/videos/"_s + videoId);
        QCOMPARE(f().journal(u"facebook"_s, u"POST"_s, videos).size(), 1);
        QVERIFY(f().journal(u"facebook"_s, u"GET"_s, u"/v26.0/100000000000001/published_posts"_s)
                    .isEmpty());
    }

    // A post that failed plainly says nowhere to check.
    void aRefusedPostHasNothingToCheck()
    {
        const Target where = target(u"x"_s);
        const auto [accountId, pageId] = connect(where);
        QVERIFY(!accountId.isEmpty());
        QVERIFY(f().addFault(createFault(
            where, QJsonObject {{u"status"_s, 400},
                                {u"body"_s, QJsonObject {{u"title"_s, u"Invalid Request"_s},
                                                         {u"detail"_s, u"Bad text"_s}}}})));
        const QJsonObject refused
            = f().publish(accountId, where.platform, u"Refused"_s, {}, pageId, u"failed"_s);
        QVERIFY(refused.contains(u"checkUrl"_s));
        QVERIFY(refused.value(u"checkUrl"_s).isNull());
    }

    // Facebook's 368 (blocked for repeated or abusive posting) is not retried either.
    void facebookBlockIsNotRetried()
    {
        const Target where = target(u"facebook"_s);
        const auto [accountId, pageId] = connect(where);
        QVERIFY(!accountId.isEmpty());
        QVERIFY(f().addFault(createFault(
            where,
            QJsonObject {
                {u"status"_s, 400},
                {u"body"_s, graphError(u"It looks like you were misusing this feature by going "
                                       u"too fast."_s,
                                       368, 1390008)}})));
        const QJsonObject blocked
            = f().publish(accountId, where.platform, u"Too fast"_s, {}, pageId, u"failed"_s);
        QVERIFY(blocked.value(u"errorMessage"_s).toString().contains(u"Facebook blocked"_s));
        QTest::qWait(400);
        QCOMPARE(creates(where), 1);
    }

    // Requests the platform refuses as malformed fail with its words; a retired LinkedIn
    // version says which setting to change.
    void badRequestsFailWithThePlatformsWords_data()
    {
        QTest::addColumn<QString>("connector");
        QTest::addColumn<QJsonObject>("fault");
        QTest::addColumn<QString>("words");
        QTest::newRow("LinkedIn 426 version no longer active")
            << u"linkedin"_s
            << QJsonObject {{u"status"_s, 426},
                            {u"body"_s,
                             QJsonObject {
                                 {u"status"_s, 426},
                                 {u"code"_s, u"NONEXISTENT_VERSION"_s},
                                 {u"message"_s, u"Requested version 20240101 is not active"_s}}}}
            << u"slotline-server platforms set linkedin --set version=YYYYMM"_s;
        QTest::newRow("Facebook 100 invalid parameter")
            << u"facebook"_s
            << QJsonObject {{u"status"_s, 400},
                            {u"body"_s, graphError(u"(#100) Invalid parameter"_s, 100)}}
            << u"Facebook refused a value in this post: (#100) Invalid parameter"_s;
    }
    void badRequestsFailWithThePlatformsWords()
    {
        QFETCH(QString, connector);
        QFETCH(QJsonObject, fault);
        QFETCH(QString, words);
        const Target where = target(connector);
        const auto [accountId, pageId] = connect(where);
        QVERIFY(!accountId.isEmpty());
        fault.insert(u"platform"_s, connector);
        fault.insert(u"method"_s, u"POST"_s);
        fault.insert(u"path"_s, where.createPath);
        QVERIFY(f().addFault(fault));
        const CreditBalance before = credits();
        const QJsonObject failed
            = f().publish(accountId, where.platform, u"Malformed"_s, {}, pageId, u"failed"_s);
        QVERIFY2(failed.value(u"errorMessage"_s).toString().contains(words),
                 qPrintable(failed.value(u"errorMessage"_s).toString()));
        QCOMPARE(failed.value(u"errorCode"_s).toString(), u"platform_refused"_s);
        QTest::qWait(400);
        QCOMPARE(creates(where), 1);
        QCOMPARE(credits().remaining, before.remaining);
        QCOMPARE(f().account(accountId).value(u"status"_s).toString(), u"connected"_s);
    }

    // A refused token is renewed once and the post goes out; X's refresh token is spent
    // once.
    void xRenewsARefusedTokenOnce()
    {
        const Target where = target(u"x"_s);
        const auto [accountId, pageId] = connect(where);
        QVERIFY(!accountId.isEmpty());
        QVERIFY(f().addFault(createFault(
            where, QJsonObject {{u"nth"_s, 1},
                                {u"status"_s, 401},
                                {u"body"_s, QJsonObject {{u"title"_s, u"Unauthorized"_s},
                                                         {u"status"_s, 401}}}})));
        QCOMPARE(f().publish(accountId, where.platform, u"After a refresh"_s)
                     .value(u"status"_s)
                     .toString(),
                 u"published"_s);
        QCOMPARE(creates(where), 2);
        int refreshes = 0;
        for (const QJsonValue &call : f().journal(u"x"_s, u"POST"_s, u"/2/oauth2/token"_s))
            refreshes += call.toObject().value(u"body"_s).toString().contains(
                u"grant_type=refresh_token"_s);
        QCOMPARE(refreshes, 1);
        const QJsonArray posts = f().journal(u"x"_s, u"POST"_s, where.createPath);
        QVERIFY(posts.at(0).toObject().value(u"headers"_s).toObject().value(u"authorization"_s)
                != posts.at(1).toObject().value(u"headers"_s).toObject().value(u"authorization"_s));
    }

    // LinkedIn may refuse a token it has just issued (65601): after the refresh, one pause
    // and one more try.
    void linkedInWaitsForAFreshTokenOnce()
    {
        QCOMPARE(f().fake()
                     .platform(u"linkedin"_s)
                     ->applySwitches(QJsonObject {{u"programmaticRefresh"_s, true}}),
                 QString());
        const Target where = target(u"linkedin"_s);
        const auto [accountId, pageId] = connect(where);
        QVERIFY(!accountId.isEmpty());
        QVERIFY(f().addFault(createFault(
            where, QJsonObject {{u"nth"_s, 1},
                                {u"times"_s, 2},
                                {u"status"_s, 401},
                                {u"body"_s, QJsonObject {{u"serviceErrorCode"_s, 65601},
                                                         {u"message"_s,
                                                          u"The token used in the request has been "
                                                          u"revoked by the user"_s},
                                                         {u"status"_s, 401}}}})));
        QCOMPARE(f().publish(accountId, where.platform, u"Third time lucky"_s)
                     .value(u"status"_s)
                     .toString(),
                 u"published"_s);
        QCOMPARE(creates(where), 3);
        QCOMPARE(f().account(accountId).value(u"status"_s).toString(), u"connected"_s);
    }

    // A Page token cannot be renewed: Facebook's 190 makes the account need reconnecting,
    // in words that say why.
    void facebookRefusedTokenNeedsReconnecting()
    {
        const Target where = target(u"facebook"_s);
        const auto [accountId, pageId] = connect(where);
        QVERIFY(!accountId.isEmpty());
        QVERIFY(f().addFault(createFault(
            where,
            QJsonObject {
                {u"status"_s, 400},
                {u"body"_s, graphError(u"Error validating access token: The session has been "
                                       u"invalidated because the user changed their password."_s,
                                       190, 460)}})));
        const CreditBalance before = credits();
        const QJsonObject failed
            = f().publish(accountId, where.platform, u"Locked out"_s, {}, pageId, u"failed"_s);
        QVERIFY2(failed.value(u"errorMessage"_s).toString().contains(u"password was changed"_s),
                 qPrintable(failed.value(u"errorMessage"_s).toString()));
        QCOMPARE(failed.value(u"errorCode"_s).toString(), u"needs_reconnect"_s);
        QCOMPARE(creates(where), 1);
        const QJsonObject needing = f().account(accountId);
        QCOMPARE(needing.value(u"status"_s).toString(), u"needs_reconnect"_s);
        QVERIFY(needing.value(u"statusReason"_s).toString().contains(u"password was changed"_s));
        QCOMPARE(credits().remaining, before.remaining);
    }

    // The person's token, which Facebook's video uploads need, ran out (about 60 days)
    // while the Page's token did not: the video fails with words that say to reconnect for
    // videos, and the account stays connected, so that a text post still goes out.
    void anExpiredPersonTokenStopsOnlyVideos()
    {
        const Target where = target(u"facebook"_s);
        const auto [accountId, pageId] = connect(where);
        QVERIFY(!accountId.isEmpty());
        const QString video = clip();
        f().fake().clock().advance(61LL * 24 * 60 * 60);
        const CreditBalance before = credits();
        const QJsonObject failed = f().publish(accountId, where.platform, u"Our video"_s,
                                               QJsonArray {video}, pageId, u"failed"_s);
        const QString message = failed.value(u"errorMessage"_s).toString();
        QVERIFY2(message.contains(u"the sign-in expired"_s), qPrintable(message));
        QVERIFY2(message.contains(u"Connect the account again to publish videos"_s),
                 qPrintable(message));
        QCOMPARE(failed.value(u"errorCode"_s).toString(), u"needs_reconnect"_s);
        QCOMPARE(f().account(accountId).value(u"status"_s).toString(), u"connected"_s);
        QCOMPARE(credits().remaining, before.remaining);

        const QJsonObject published
            = f().publish(accountId, where.platform, u"Still on the Page"_s, {}, pageId);
        QCOMPARE(published.value(u"status"_s).toString(), u"published"_s);
        QCOMPARE(f().fake().posts(u"facebook"_s).size(), 1);
        QCOMPARE(f().account(accountId).value(u"status"_s).toString(), u"connected"_s);
    }

    // The platform made the post and its answer was lost: read back from the author's
    // posts, it is published with the platform's id, and never sent again.
    void aLostAnswerIsFoundOnThePlatform_data()
    {
        QTest::addColumn<QString>("connector");
        QTest::addColumn<QString>("page"); // empty: the person's own account
        QTest::addColumn<QString>("action");
        QTest::addColumn<QString>("text");
        for (const auto &[connector, page] :
             {std::pair {u"x"_s, QString()}, std::pair {u"linkedin"_s, u"Fake Devtestco"_s},
              std::pair {u"facebook"_s, u"Fake Page One"_s}}) {
            const QString plain = u"Said once (%1)"_s.arg(connector);
            QTest::addRow("%s: created, then the connection dropped", qPrintable(connector))
                << connector << page << u"apply-then-drop"_s << plain;
            QTest::addRow("%s: created, then a 500", qPrintable(connector))
                << connector << page << u"apply-then-respond"_s << plain;
            // X lists these three as HTML entities.
            QTest::addRow("%s: & < > in the text", qPrintable(connector))
                << connector << page << u"apply-then-drop"_s
                << u"Fish & chips <today> -> &amp; stays &amp; (%1) https://example.com/?a=1&b=2"_s
                       .arg(connector);
        }
    }
    void aLostAnswerIsFoundOnThePlatform()
    {
        QFETCH(QString, connector);
        QFETCH(QString, page);
        QFETCH(QString, action);
        QFETCH(QString, text);
        const Target where = target(connector);
        const QString accountId = f().connectAccount(connector);
        QVERIFY(!accountId.isEmpty());
        const QString pageId = page.isEmpty() ? QString() : f().pageNamed(accountId, page);
        QVERIFY(page.isEmpty() || !pageId.isEmpty());
        QJsonObject fault {{u"platform"_s, connector},
                           {u"method"_s, u"POST"_s},
                           {u"path"_s, where.createPath},
                           {u"nth"_s, 1},
                           {u"action"_s, action}};
        if (action == u"apply-then-respond") {
            fault.insert(u"status"_s, 500);
            fault.insert(
                u"body"_s,
                QJsonObject {{u"error"_s, QJsonObject {{u"message"_s, u"An unexpected error has "
                                                                      u"occurred."_s},
                                                       {u"code"_s, 2},
                                                       {u"is_transient"_s, true}}}});
        }
        QVERIFY(f().addFault(fault));
        const CreditBalance before = credits();
        const QJsonObject published = f().publish(accountId, where.platform, text, {}, pageId);
        QCOMPARE(published.value(u"status"_s).toString(), u"published"_s);
        const QJsonArray posts = f().fake().posts(connector);
        QCOMPARE(posts.size(), 1);
        QCOMPARE(published.value(u"platformPostId"_s).toString(),
                 posts.first().toObject().value(u"id"_s).toString());
        QVERIFY(!published.value(u"publicUrl"_s).toString().isEmpty());
        QTest::qWait(400);
        QCOMPARE(creates(where), 1);
        QCOMPARE(credits().used, before.used + 1);
    }

    // Nothing was made (the connection dropped before the platform acted): absent twice
    // from the author's posts, the post is sent again, once.
    void aPostNotMadeIsSentAgain()
    {
        const Target where = target(u"x"_s);
        const QString accountId = f().connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        QVERIFY(f().addFault(
            createFault(where, QJsonObject {{u"nth"_s, 1}, {u"action"_s, u"drop"_s}})));
        const QString id = f().submit(accountId, where.platform, u"Second try"_s);
        QVERIFY(!id.isEmpty());
        QTRY_VERIFY(
            submission(id)
                .value(u"errorMessage"_s)
                .toString()
                .contains(u"The post was not on the account when looked for twice since."_s));
        QCOMPARE(creates(where), 1);
        // The dispatcher's retry, when its time comes.
        f().server().clock().advanceMs(1000);
        f().server().server().dispatcher().wake();
        QVERIFY(f().server().waitForStatus(f().tenant(), id, u"published"_s));
        QCOMPARE(creates(where), 2);
        QCOMPARE(f().fake().posts(u"x"_s).size(), 1);
        // Looked for twice before the second call.
        QCOMPARE(f().journal(u"x"_s, u"GET"_s, u"/2/users/1880000000000000001/tweets"_s).size(), 2);
    }

    // The lost call made the post, but the platform did not list it yet when looked for,
    // so the post was sent again and refused as a duplicate: that refusal is the lost
    // post, found when it is listed by then, and otherwise a failure that says where to
    // check, never a plain "duplicate".
    void aDuplicateAfterALostAnswerIsTheLostPost_data()
    {
        QTest::addColumn<bool>("listedByThen");
        QTest::newRow("listed by the second call") << true;
        QTest::newRow("still not listed") << false;
    }
    void aDuplicateAfterALostAnswerIsTheLostPost()
    {
        QFETCH(bool, listedByThen);
        const Target where = target(u"x"_s);
        const QString accountId = f().connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        fake::FakePlatform *x = f().fake().platform(u"x"_s);
        QCOMPARE(x->applySwitches(QJsonObject {{u"listingDelaySeconds"_s, 3600}}), QString());
        QVERIFY(f().addFault(
            createFault(where, QJsonObject {{u"nth"_s, 1}, {u"action"_s, u"apply-then-drop"_s}})));
        const CreditBalance before = credits();
        const QString id = f().submit(accountId, where.platform, u"Lagging & listed"_s);
        QVERIFY(!id.isEmpty());
        QTRY_VERIFY(
            submission(id)
                .value(u"errorMessage"_s)
                .toString()
                .contains(u"The post was not on the account when looked for twice since."_s));
        QCOMPARE(creates(where), 1);
        if (listedByThen)
            QCOMPARE(x->applySwitches(QJsonObject {{u"listingDelaySeconds"_s, 0}}), QString());
        f().server().clock().advanceMs(1000);
        f().server().server().dispatcher().wake();
        if (listedByThen) {
            QVERIFY(f().server().waitForStatus(f().tenant(), id, u"published"_s));
            const QJsonObject published = submission(id);
            QCOMPARE(f().fake().posts(u"x"_s).size(), 1);
            QCOMPARE(published.value(u"platformPostId"_s).toString(),
                     f().fake().posts(u"x"_s).first().toObject().value(u"id"_s).toString());
            QCOMPARE(credits().used, before.used + 1);
        } else {
            QVERIFY(f().server().waitForStatus(f().tenant(), id, u"failed"_s));
            const QJsonObject failed = submission(id);
            const QString message = failed.value(u"errorMessage"_s).toString();
            QVERIFY2(message.contains(u"most likely published it"_s), qPrintable(message));
            QVERIFY2(message.contains(u"Check the account on X"_s), qPrintable(message));
            QVERIFY2(!message.contains(u"Change the text"_s), qPrintable(message));
            QCOMPARE(failed.value(u"checkUrl"_s).toString(), u"https://x.com/fake_x_user"_s);
            QCOMPARE(f().fake().posts(u"x"_s).size(), 1);
            QCOMPARE(credits().remaining, before.remaining);
        }
        QTest::qWait(400);
        QCOMPARE(creates(where), 2);
    }

    // LinkedIn lists a member's posts only to apps it grants r_member_social: whether the
    // lost call made the post cannot be told, so the post fails saying to check, with its
    // credit back, and is not sent again.
    void anUndeterminableOutcomeFailsAndSaysSo()
    {
        const Target where = target(u"linkedin"_s);
        const QString accountId = f().connectAccount(u"linkedin"_s);
        QVERIFY(!accountId.isEmpty());
        QVERIFY(f().addFault(
            createFault(where, QJsonObject {{u"nth"_s, 1}, {u"action"_s, u"apply-then-drop"_s}})));
        const CreditBalance before = credits();
        const QJsonObject failed
            = f().publish(accountId, where.platform, u"As a member"_s, {}, {}, u"failed"_s);
        const QString message = failed.value(u"errorMessage"_s).toString();
        QVERIFY2(message.contains(u"LinkedIn may have published this post"_s), qPrintable(message));
        QVERIFY2(message.contains(u"Check the account on LinkedIn"_s), qPrintable(message));
        QCOMPARE(failed.value(u"errorCode"_s).toString(), u"may_have_published"_s);
        QTest::qWait(400);
        QCOMPARE(creates(where), 1);
        QCOMPARE(f().fake().posts(u"linkedin"_s).size(), 1);
        QCOMPARE(credits().remaining, before.remaining);
    }

    // An organization's posts are read only with r_organization_social: connected without
    // it, the look-up after a lost answer cannot tell, and the failure names the scope.
    void anOrganizationLookupWithoutItsScopeNamesIt()
    {
        const Target where = target(u"linkedin"_s);
        f().configure(u"linkedin"_s,
                      {u"authorize=/linkedin/oauth/v2/authorization"_s,
                       u"token=/linkedin/oauth/v2/accessToken"_s, u"api=/linkedin"_s},
                      u"openid profile email w_member_social w_organization_social "
                      u"rw_organization_admin"_s);
        const QString accountId = f().connectAccount(u"linkedin"_s);
        QVERIFY(!accountId.isEmpty());
        const QString pageId = f().pageNamed(accountId, u"Fake Devtestco"_s);
        QVERIFY(!pageId.isEmpty());
        QVERIFY(f().addFault(
            createFault(where, QJsonObject {{u"nth"_s, 1}, {u"action"_s, u"apply-then-drop"_s}})));
        const QJsonObject failed
            = f().publish(accountId, where.platform, u"As the org"_s, {}, pageId, u"failed"_s);
        const QString message = failed.value(u"errorMessage"_s).toString();
        QVERIFY2(message.contains(u"may have published"_s), qPrintable(message));
        QVERIFY2(message.contains(u"r_organization_social"_s), qPrintable(message));
        QCOMPARE(failed.value(u"checkUrl"_s).toString(),
                 u"https://www.linkedin.com/company/2414183/"_s);
        QCOMPARE(creates(where), 1);
    }

    // The account is shared with another project that posts a full page of 100 posts
    // while the answer is lost: the look reads on to the next page and finds the post.
    void aBusyAccountIsReadPastItsFirstPage_data()
    {
        QTest::addColumn<QString>("connector");
        QTest::addColumn<QString>("page"); // empty: the person's own account
        QTest::addColumn<QString>("nextPage"); // what asks for a page after the first
        QTest::newRow("x") << u"x"_s << QString() << u"pagination_token"_s;
        QTest::newRow("linkedin") << u"linkedin"_s << u"Fake Devtestco"_s << u"start"_s;
        QTest::newRow("facebook") << u"facebook"_s << u"Fake Page One"_s << u"after"_s;
    }
    void aBusyAccountIsReadPastItsFirstPage()
    {
        QFETCH(QString, connector);
        QFETCH(QString, page);
        QFETCH(QString, nextPage);
        const Target where = target(connector);
        const QString text = u"Lost in the crowd"_s;
        const QString lost = postLostAmongOthers(where, page, text, 100);
        QVERIFY(!lost.isEmpty());
        QVERIFY(f().server().waitForStatus(f().tenant(), lost, u"published"_s));
        const QJsonArray posts = f().fake().posts(connector);
        QCOMPARE(posts.size(), 101);
        QString madeId;
        for (const QJsonValue &post : posts) {
            if (post[u"text"_s].toString() == text)
                madeId = post[u"id"_s].toString();
        }
        QVERIFY(!madeId.isEmpty());
        QCOMPARE(submission(lost).value(u"platformPostId"_s).toString(), madeId);
        QCOMPARE(creates(where), 101);
        const QJsonArray calls = f().fake().journal().items(connector);
        QVERIFY(std::any_of(calls.begin(), calls.end(), [&nextPage](const QJsonValue &call) {
            return call[u"method"_s] == u"GET"_s && call[u"query"_s].toObject().contains(nextPage);
        }));
    }

    // A look reads a bounded number of pages: when the post is not among them and X has
    // more, absence cannot be proven, so the post fails with words that say why and where
    // to check, and is not sent again.
    void aLookPastItsBoundCannotProveAbsence()
    {
        ServerConfig config = quickConfig();
        config.platformLookup.maxPages = 1;
        m_fixture = std::make_unique<RealPlatformsFixture>(config);
        const Target where = target(u"x"_s);
        const QString lost = postLostAmongOthers(where, {}, u"Lost in the crowd"_s, 100);
        QVERIFY(!lost.isEmpty());
        QVERIFY(f().server().waitForStatus(f().tenant(), lost, u"failed"_s));
        const QJsonObject failed = submission(lost);
        QVERIFY2(failed.value(u"errorMessage"_s)
                     .toString()
                     .contains(u"more posts on X since then than the 100 read"_s),
                 qPrintable(failed.value(u"errorMessage"_s).toString()));
        QVERIFY(!failed.value(u"checkUrl"_s).toString().isEmpty());
        QCOMPARE(creates(where), 101);
    }

    // The server stops while X holds the answer to a create call it acted on: the next
    // server finds the call recorded, reads X's list of posts and publishes it with X's id.
    void aServerStoppedMidCreateFindsThePostOnRestart()
    {
        const Target where = target(u"x"_s);
        const QString accountId = f().connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        QVERIFY(f().addFault(createFault(where, QJsonObject {{u"nth"_s, 1},
                                                             {u"action"_s, u"apply-then-respond"_s},
                                                             {u"delayMs"_s, 5000}})));
        const QString id = f().submit(accountId, where.platform, u"Across a restart"_s);
        QVERIFY(!id.isEmpty());
        QTRY_COMPARE(f().fake().posts(u"x"_s).size(), 1);
        f().restartServer();
        QVERIFY(f().server().waitForStatus(f().tenant(), id, u"published"_s));
        QCOMPARE(submission(id).value(u"platformPostId"_s).toString(),
                 f().fake().posts(u"x"_s).first().toObject().value(u"id"_s).toString());
        QCOMPARE(creates(where), 1);
        QCOMPARE(f().fake().posts(u"x"_s).size(), 1);
    }

    // What a stopped server had recorded decides: an answer recorded (but not yet the
    // result) publishes with its id and asks nothing; a call never sent is sent.
    void aRestartSettlesFromTheRecordedCall_data()
    {
        QTest::addColumn<bool>("answered");
        QTest::newRow("answer recorded") << true;
        QTest::newRow("never sent") << false;
    }
    void aRestartSettlesFromTheRecordedCall()
    {
        QFETCH(bool, answered);
        const Target where = target(u"x"_s);
        const QString accountId = f().connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        const HttpResult scheduled = f().server().createPost(
            f().tenant(), accountId, where.platform, u"Recorded"_s,
            QJsonObject {{u"scheduledTime"_s,
                          isotime::format(f().server().clock().nowMs() + 24LL * 3600 * 1000)}});
        QCOMPARE(scheduled.status, 201);
        const QString id = scheduled.json().value(u"postSubmissionId"_s).toString();
        const QString postId = u"1900000000000000777"_s;
        f().restartServer([&](Database &database) {
            Statement(database, u"UPDATE submissions SET status = 'in-progress', claim_token = "
                                u"'claim-before-stop', claimed_at = 1, attempts = 1 WHERE id = ?"_s)
                .bind(id)
                .exec();
            if (answered)
                Statement(database,
                          u"INSERT INTO publish_attempts (submission_id, claim_token, sent_at, "
                          u"outcome, platform_post_id, public_url, settled_at) VALUES (?, "
                          u"'claim-before-stop', 1, 'created', ?, ?, 2)"_s)
                    .bind(id)
                    .bind(postId)
                    .bind(QString(u"https://x.com/fake_x_user/status/"_s + postId))
                    .exec();
        });
        QVERIFY(f().server().waitForStatus(f().tenant(), id, u"published"_s));
        if (answered) {
            QCOMPARE(submission(id).value(u"platformPostId"_s).toString(), postId);
            QCOMPARE(creates(where), 0);
            QVERIFY(f().fake().journal().items(u"x"_s).size() > 0);
            QCOMPARE(f().journal(u"x"_s, u"GET"_s, u"/2/users/1880000000000000001/tweets"_s).size(),
                     0);
        } else {
            QCOMPARE(creates(where), 1);
            QCOMPARE(submission(id).value(u"platformPostId"_s).toString(),
                     f().fake().posts(u"x"_s).first().toObject().value(u"id"_s).toString());
        }
    }

    // Platforms list a new post a moment after making it, so a look right after the call
    // waits a little. A restart long after the call has nothing to wait for: it reads the
    // list at once, and once, and the account's next posts are not held up meanwhile.
    void aRestartLongAfterTheCallLooksAtOnce()
    {
        ServerConfig config = quickConfig();
        config.platformLookup.firstLookAfterMs = 120'000;
        config.platformLookup.secondLookAfterMs = 120'000;
        m_fixture = std::make_unique<RealPlatformsFixture>(config);
        const Target where = target(u"x"_s);
        const QString accountId = f().connectAccount(u"x"_s);
        QVERIFY(!accountId.isEmpty());
        const HttpResult scheduled = f().server().createPost(
            f().tenant(), accountId, where.platform, u"Sent before the stop"_s,
            QJsonObject {{u"scheduledTime"_s,
                          isotime::format(f().server().clock().nowMs() + 24LL * 3600 * 1000)}});
        QCOMPARE(scheduled.status, 201);
        const QString id = scheduled.json().value(u"postSubmissionId"_s).toString();
        const qint64 tenMinutesAgo = f().server().clock().nowMs() - 600'000;
        f().restartServer([&](Database &database) {
            Statement(database, u"UPDATE submissions SET status = 'in-progress', claim_token = "
                                u"'claim-before-stop', claimed_at = ?, attempts = 1 WHERE id = ?"_s)
                .bind(tenMinutesAgo)
                .bind(id)
                .exec();
            Statement(database, u"INSERT INTO publish_attempts (submission_id, claim_token, "
                                u"sent_at) VALUES (?, 'claim-before-stop', ?)"_s)
                .bind(id)
                .bind(tenMinutesAgo)
                .exec();
        });
        const QString next = f().submit(accountId, where.platform, u"The next post"_s);
        QVERIFY(!next.isEmpty());
        QVERIFY(f().server().waitForStatus(f().tenant(), id, u"published"_s));
        QVERIFY(f().server().waitForStatus(f().tenant(), next, u"published"_s));
        QCOMPARE(creates(where), 2);
        QCOMPARE(f().journal(u"x"_s, u"GET"_s, u"/2/users/1880000000000000001/tweets"_s).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestPlatformFailures)
#include "tst_platformfailures.moc"
