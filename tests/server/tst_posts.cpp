#include "core/isotime.h"
#include "server/api/operationregistry.h"
#include "support/jsontext.h"
#include "support/schemacheck.h"
#include "support/testserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace slotline;
using namespace slotline::test;

namespace {

QString inMinutes(const TestServer &server, int minutes)
{
    return isotime::format(const_cast<TestServer &>(server).clock().nowMs()
                           + qint64(minutes) * 60'000);
}

} // namespace

class TestPosts : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_a;
    Tenant m_b;

    void expectSchema(const QString &operation, const HttpResult &result)
    {
        const QStringList errors
            = resultSchemaErrors(m_server->server().registry(), operation, result.json());
        QVERIFY2(errors.isEmpty(),
                 qPrintable(errors.join(u'\n') + u'\n' + QString::fromUtf8(result.body)));
    }
    QJsonObject credits(const Tenant &tenant)
    {
        return m_server->get(QStringLiteral("/api/v2/credits"), tenant).json();
    }

private Q_SLOTS:
    void initTestCase()
    {
        ServerConfig config;
        config.readsPerMinute = 100'000;
        config.writesPerMinute = 100'000;
        m_server = std::make_unique<TestServer>(config);
        m_a = m_server->addTenant(QStringLiteral("Alpha"));
        m_b = m_server->addTenant(QStringLiteral("Beta"));
        m_server->grantCredits(m_a, 1000);
    }
    void cleanupTestCase() { m_server.reset(); }

    void publishNowIsPublishedThroughTheSandbox()
    {
        const HttpResult created
            = m_server->createPost(m_a, m_a.twitterAccountId, QStringLiteral("x"),
                                   QStringLiteral("Hello https://example.com 👋"));
        QCOMPARE(created.status, 201);
        expectSchema(QStringLiteral("create_post"), created);
        QCOMPARE(created.json().value(QStringLiteral("status")).toString(),
                 QStringLiteral("in-progress"));
        QVERIFY(created.json().value(QStringLiteral("scheduledTime")).isNull());
        QVERIFY(created.json().value(QStringLiteral("scheduleId")).isNull());
        const QString id = created.json().value(QStringLiteral("postSubmissionId")).toString();

        QVERIFY(m_server->waitForStatus(m_a, id, QStringLiteral("published")));
        const HttpResult post = m_server->get(QStringLiteral("/api/v2/posts/") + id, m_a);
        expectSchema(QStringLiteral("get_post"), post);
        const QJsonObject submission = post.json();
        QCOMPARE(submission.value(QStringLiteral("platform")).toString(),
                 QStringLiteral("twitter"));
        const QString publicUrl = submission.value(QStringLiteral("publicUrl")).toString();
        QVERIFY(publicUrl.startsWith(m_server->server().publicBaseUrl()
                                     + QStringLiteral("/sandbox/posts/")));
        QVERIFY(!submission.value(QStringLiteral("publishedAt")).isNull());

        // The public page is there, without a key, and shows the post.
        const HttpResult page
            = m_server->http().get(publicUrl.sliced(m_server->server().publicBaseUrl().size()));
        QCOMPARE(page.status, 200);
        QVERIFY(page.header("Content-Type").startsWith("text/html"));
        QVERIFY(page.body.contains("Hello <a href=\"https://example.com\""));

        const HttpResult published
            = m_server->get(QStringLiteral("/api/v2/published-posts?query=hello"), m_a);
        expectSchema(QStringLiteral("list_published_posts"), published);
        QCOMPARE(published.items().size(), 1);
        QCOMPARE(
            published.items()[0].toObject().value(QStringLiteral("postSubmissionId")).toString(),
            id);
    }

    void theServiceDescriptionsBodyIsAcceptedAsIs()
    {
        const QString body
            = QStringLiteral("{'post': {'accountId': '%1', 'content': {'text': 'Launch day', "
                             "'platform': 'linkedin', 'mediaUrls': []}, 'target': {'targetType': "
                             "'linkedin'}}, "
                             "'scheduledTime': '%2'}")
                  .arg(m_a.linkedinAccountId, inMinutes(*m_server, 90));
        const HttpResult created
            = m_server->post(QStringLiteral("/posts"), m_a, json(body.toUtf8().constData()));
        QCOMPARE(created.status, 201);
        QCOMPARE(created.json().value(QStringLiteral("status")).toString(),
                 QStringLiteral("scheduled"));
        QCOMPARE(created.json().value(QStringLiteral("scheduledTime")).toString(),
                 inMinutes(*m_server, 90));
        QVERIFY(created.json().value(QStringLiteral("scheduleId")).toString().startsWith(u"sch_"));
    }

    void rules_data()
    {
        QTest::addColumn<QString>("account"); // a, t, f, l (linkedin), b (other project's)
        QTest::addColumn<QByteArray>("body"); // %A = account id, %P = page id
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("field");

        const auto row = [](const char *name, const char *account, const char *body, int status,
                            const char *code, const char *field) {
            QTest::newRow(name) << QString::fromLatin1(account) << QByteArray(body) << status
                                << QString::fromLatin1(code) << QString::fromLatin1(field);
        };
        row("x means twitter", "t",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'x'}}}", 201, "",
            "");
        row("no post", "t", "{'scheduledTime': '2030-01-01T00:00:00Z'}", 422, "validation_failed",
            "post");
        row("unknown field", "t",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'x', 'title': "
            "'t'}}}",
            422, "validation_failed", "post.content.title");
        row("unknown platform", "t",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'myspace'}}}", 422,
            "validation_failed", "post.content.platform");
        row("unknown account", "t",
            "{'post': {'accountId': 'acc_00000000000000000000', 'content': {'text': 'hi', "
            "'platform': 'x'}}}",
            422, "validation_failed", "post.accountId");
        row("another project's account", "b",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'linkedin'}}}", 422,
            "validation_failed", "post.accountId");
        row("platform of another account", "l",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'x'}}}", 422,
            "validation_failed", "post.content.platform");
        row("target of another platform", "l",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'linkedin'}, "
            "'target': {'targetType': 'facebook'}}}",
            422, "validation_failed", "post.target.targetType");
        row("page of the account", "f",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'facebook'}, "
            "'target': {'targetType': 'facebook', 'pageId': '%P'}}}",
            201, "", "");
        row("page of nothing", "f",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'facebook'}, "
            "'target': {'targetType': 'facebook', 'pageId': 'sub_00000000000000000000'}}}",
            422, "validation_failed", "post.target.pageId");
        row("no text, no media", "t",
            "{'post': {'accountId': '%A', 'content': {'text': ' ', 'platform': 'x', 'mediaUrls': "
            "[]}}}",
            422, "validation_failed", "post.content.text");
        row("no text but media", "t",
            "{'post': {'accountId': '%A', 'content': {'platform': 'x', 'mediaUrls': "
            "['https://img.test/a.png']}}}",
            201, "", "");
        row("media not a web URL", "t",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'x', 'mediaUrls': "
            "['file:///etc/passwd']}}}",
            422, "validation_failed", "post.content.mediaUrls[0]");
        row("five media on X", "t",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'x', 'mediaUrls': "
            "['https://a.test/1', 'https://a.test/2', 'https://a.test/3', 'https://a.test/4', "
            "'https://a.test/5']}}}",
            422, "too_many_media", "post.content.mediaUrls");
        row("280 on X", "t",
            "{'post': {'accountId': '%A', 'content': {'text': '%280', 'platform': 'x'}}}", 201, "",
            "");
        row("281 on X", "t",
            "{'post': {'accountId': '%A', 'content': {'text': '%281', 'platform': 'x'}}}", 422,
            "text_too_long", "post.content.text");
        row("141 CJK on X", "t",
            "{'post': {'accountId': '%A', 'content': {'text': '%CJK', 'platform': 'x'}}}", 422,
            "text_too_long", "post.content.text");
        row("281 on LinkedIn is fine", "l",
            "{'post': {'accountId': '%A', 'content': {'text': '%281', 'platform': 'linkedin'}}}",
            201, "", "");
        row("time without a zone", "t",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'x'}}, "
            "'scheduledTime': '2030-01-01T09:00:00'}",
            422, "validation_failed", "scheduledTime");
        row("time in the past", "t",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'x'}}, "
            "'scheduledTime': '%PAST'}",
            422, "scheduled_time_in_past", "scheduledTime");
        row("time 30 s ago is now", "t",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'x'}}, "
            "'scheduledTime': '%RECENT'}",
            201, "", "");
        row("time and next slot", "t",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'x'}}, "
            "'scheduledTime': '%SOON', 'useNextFreeSlot': true}",
            422, "validation_failed", "useNextFreeSlot");
        row("next slot without slots", "t",
            "{'post': {'accountId': '%A', 'content': {'text': 'hi', 'platform': 'x'}}, "
            "'useNextFreeSlot': true}",
            404, "no_available_slot", "");
    }
    void rules()
    {
        QFETCH(QString, account);
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, code);
        QFETCH(QString, field);
        const Tenant &tenant = account == u"b" ? m_b : m_a;
        const QString accountId = account == u"t"   ? m_a.twitterAccountId
                                  : account == u"f" ? m_a.facebookAccountId
                                  : account == u"b" ? m_b.linkedinAccountId // another project's
                                                    : m_a.linkedinAccountId;
        QString text = QString::fromUtf8(body);
        text.replace(QStringLiteral("%A"), accountId)
            .replace(QStringLiteral("%PAST"), isotime::format(m_server->clock().nowMs() - 61'000))
            .replace(QStringLiteral("%RECENT"), isotime::format(m_server->clock().nowMs() - 30'000))
            .replace(QStringLiteral("%SOON"), inMinutes(*m_server, 5))
            .replace(QStringLiteral("%P"), m_a.facebookPageId)
            .replace(QStringLiteral("%280"), QString(280, u'a'))
            .replace(QStringLiteral("%281"), QString(281, u'a'))
            .replace(QStringLiteral("%CJK"), QString(141, QChar(0x65e5)));
        const HttpResult result
            = m_server->post(QStringLiteral("/posts"), account == u"b" ? m_a : tenant,
                             json(text.toUtf8().constData()));
        QVERIFY2(result.status == status, result.body.constData());
        QCOMPARE(result.errorCode(), code);
        if (!field.isEmpty()) {
            const QStringList details = result.errorDetails();
            QVERIFY2(std::any_of(details.begin(), details.end(),
                                 [&](const QString &detail) {
                                     return detail.startsWith(field + QLatin1Char(':'));
                                 }),
                     qPrintable(details.join(u'|')));
        }
    }

    void creditsAreHeldChargedAndReturned()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Credits")); // 10 credits
        const HttpResult scheduled = server.createPost(
            tenant, tenant.linkedinAccountId, QStringLiteral("linkedin"), QStringLiteral("later"),
            {{QStringLiteral("scheduledTime"), inMinutes(server, 60)}});
        QCOMPARE(server.get(QStringLiteral("/api/v2/credits"), tenant).json(),
                 json("{'creditsRemaining': 9, 'creditsReserved': 1, 'creditsUsed': 0}"));
        const QString scheduleId = scheduled.json().value(QStringLiteral("scheduleId")).toString();
        QCOMPARE(server.http()
                     .send("DELETE", QStringLiteral("/api/v2/schedules/") + scheduleId,
                           withKey(tenant.apiKey))
                     .status,
                 204);
        QCOMPARE(server.get(QStringLiteral("/api/v2/credits"), tenant).json(),
                 json("{'creditsRemaining': 10, 'creditsReserved': 0, 'creditsUsed': 0}"));

        const HttpResult now = server.createPost(tenant, tenant.linkedinAccountId,
                                                 QStringLiteral("linkedin"), QStringLiteral("now"));
        QVERIFY(server.waitForStatus(
            tenant, now.json().value(QStringLiteral("postSubmissionId")).toString(),
            QStringLiteral("published")));
        QCOMPARE(server.get(QStringLiteral("/api/v2/credits"), tenant).json(),
                 json("{'creditsRemaining': 9, 'creditsReserved': 0, 'creditsUsed': 1}"));
    }

    void withoutCreditsNothingIsSubmitted()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Poor"));
        for (int i = 0; i < 10; ++i)
            QCOMPARE(server
                         .createPost(tenant, tenant.linkedinAccountId, QStringLiteral("linkedin"),
                                     QStringLiteral("p"),
                                     {{QStringLiteral("scheduledTime"), inMinutes(server, 60 + i)}})
                         .status,
                     201);
        const HttpResult refused
            = server.createPost(tenant, tenant.linkedinAccountId, QStringLiteral("linkedin"),
                                QStringLiteral("one more"));
        QCOMPARE(refused.status, 402);
        QCOMPARE(refused.errorCode(), QStringLiteral("insufficient_credits"));
        QCOMPARE(server.get(QStringLiteral("/api/v2/posts?limit=250"), tenant).items().size(), 10);
    }

    void idempotencyKeysMakeRetriesSafe()
    {
        const QJsonObject body
            = json(QStringLiteral("{'post': {'accountId': '%1', 'content': {'text': 'once', "
                                  "'platform': 'linkedin'}}, 'scheduledTime': '%2'}")
                       .arg(m_a.linkedinAccountId, inMinutes(*m_server, 120))
                       .toUtf8()
                       .constData());
        const Headers key {{"Idempotency-Key", "order-42"}};
        const HttpResult first = m_server->send("POST", QStringLiteral("/posts"), m_a, body, key);
        QCOMPARE(first.status, 201);
        const HttpResult again = m_server->send("POST", QStringLiteral("/posts"), m_a, body, key);
        QCOMPARE(again.status, 201);
        QCOMPARE(again.body, first.body);
        QCOMPARE(again.header("Idempotent-Replayed"), QByteArray("true"));

        QJsonObject different = body;
        different.insert(QStringLiteral("scheduledTime"), inMinutes(*m_server, 121));
        const HttpResult reused
            = m_server->send("POST", QStringLiteral("/posts"), m_a, different, key);
        QCOMPARE(reused.status, 409);
        QCOMPARE(reused.errorCode(), QStringLiteral("idempotency_key_reused"));

        // Another project has its own keys.
        QCOMPARE(
            m_server
                ->send("POST", QStringLiteral("/posts"), m_b,
                       json(QStringLiteral("{'post': {'accountId': '%1', 'content': {'text': 'b', "
                                           "'platform': 'linkedin'}}, 'scheduledTime': '%2'}")
                                .arg(m_b.linkedinAccountId, inMinutes(*m_server, 120))
                                .toUtf8()
                                .constData()),
                       key)
                .status,
            201);

        // A refused request is not remembered: fixed, it goes through with the same key.
        const Headers fresh {{"Idempotency-Key", "order-43"}};
        QJsonObject bad = body;
        bad.insert(QStringLiteral("scheduledTime"), QStringLiteral("yesterday"));
        QCOMPARE(m_server->send("POST", QStringLiteral("/posts"), m_a, bad, fresh).status, 422);
        QCOMPARE(m_server->send("POST", QStringLiteral("/posts"), m_a, body, fresh).status, 201);

        // After 24 hours the key is free again.
        m_server->clock().advanceMs(24LL * 3600 * 1000 + 1);
        QJsonObject later = body;
        later.insert(QStringLiteral("scheduledTime"), inMinutes(*m_server, 120));
        const HttpResult expired
            = m_server->send("POST", QStringLiteral("/posts"), m_a, later, key);
        QCOMPARE(expired.status, 201);
        QVERIFY(expired.json().value(QStringLiteral("postSubmissionId"))
                != first.json().value(QStringLiteral("postSubmissionId")));

        QCOMPARE(m_server
                     ->send("POST", QStringLiteral("/posts"), m_a, body,
                            {{"Idempotency-Key", QByteArray(300, 'k')}})
                     .errorCode(),
                 QStringLiteral("invalid_idempotency_key"));
    }

    void listsPostsInTimeOrderWithFilters()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Lists"));
        server.grantCredits(tenant, 100);
        QStringList expected;
        for (int i = 5; i >= 1; --i) {
            const HttpResult created = server.createPost(
                tenant, i % 2 ? tenant.twitterAccountId : tenant.linkedinAccountId,
                i % 2 ? QStringLiteral("x") : QStringLiteral("linkedin"),
                QStringLiteral("post %1").arg(i),
                {{QStringLiteral("scheduledTime"), inMinutes(server, i * 10)}});
            expected.prepend(created.json().value(QStringLiteral("postSubmissionId")).toString());
        }
        const auto ids = [](const HttpResult &result) {
            QStringList list;
            for (const QJsonValue &item : result.items())
                list.append(item.toObject().value(QStringLiteral("postSubmissionId")).toString());
            return list;
        };
        const HttpResult all = server.get(QStringLiteral("/api/v2/posts"), tenant);
        QCOMPARE(all.status, 200);
        const QStringList errors = resultSchemaErrors(server.server().registry(),
                                                      QStringLiteral("list_posts"), all.json());
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
        QCOMPARE(ids(all), expected);

        QCOMPARE(server.get(QStringLiteral("/api/v2/posts?platform=x"), tenant).items().size(), 3);
        QCOMPARE(
            server
                .get(QStringLiteral("/api/v2/posts?accountId=") + tenant.linkedinAccountId, tenant)
                .items()
                .size(),
            2);
        QCOMPARE(
            server.get(QStringLiteral("/api/v2/posts?status=scheduled"), tenant).items().size(), 5);
        QCOMPARE(server.get(QStringLiteral("/api/v2/posts?status=published,failed"), tenant)
                     .items()
                     .size(),
                 0);
        QCOMPARE(ids(server.get(QStringLiteral("/api/v2/posts?since=%1&until=%2")
                                    .arg(inMinutes(server, 20), inMinutes(server, 40)),
                                tenant)),
                 expected.mid(1, 2));
        QCOMPARE(server.get(QStringLiteral("/api/v2/posts?status=done"), tenant).status, 400);
        QCOMPARE(server.get(QStringLiteral("/api/v2/posts?since=soon"), tenant).status, 400);

        // Paging stays stable while posts are added.
        const HttpResult first = server.get(QStringLiteral("/api/v2/posts?limit=2"), tenant);
        QCOMPARE(ids(first), expected.mid(0, 2));
        server.createPost(
            tenant, tenant.twitterAccountId, QStringLiteral("x"), QStringLiteral("squeezed in"),
            {{QStringLiteral("scheduledTime"), inMinutes(server, 5)}}); // before the cursor
        const QString cursor = first.json().value(QStringLiteral("cursor")).toString();
        QCOMPARE(ids(server.get(QStringLiteral("/api/v2/posts?limit=2&cursor=") + cursor, tenant)),
                 expected.mid(2, 2));
    }

    void publishedPostsAreSearchedNewestFirst()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Search"));
        server.grantCredits(tenant, 100);
        const QList<std::tuple<QString, QString, QString>> posts {
            {tenant.linkedinAccountId, QStringLiteral("linkedin"), QStringLiteral("Café opening")},
            {tenant.twitterAccountId, QStringLiteral("x"), QStringLiteral("CAFÉ 100% open")},
            {tenant.twitterAccountId, QStringLiteral("x"), QStringLiteral("snake_case tips")},
            {tenant.linkedinAccountId, QStringLiteral("linkedin"), QStringLiteral("nothing")}};
        QStringList published;
        for (const auto &[account, platform, text] : posts) {
            const QString id = server.createPost(tenant, account, platform, text)
                                   .json()
                                   .value(QStringLiteral("postSubmissionId"))
                                   .toString();
            QVERIFY(server.waitForStatus(tenant, id, QStringLiteral("published")));
            published.prepend(id);
            server.clock().advanceMs(60'000);
        }
        const auto ids = [&](const QString &query) {
            QStringList list;
            const HttpResult result
                = server.get(QStringLiteral("/api/v2/published-posts") + query, tenant);
            if (result.status != 200)
                return QStringList {QString::number(result.status)};
            for (const QJsonValue &item : result.items())
                list.append(item.toObject().value(QStringLiteral("postSubmissionId")).toString());
            return list;
        };
        QCOMPARE(ids(QString()), published);
        // Case-insensitive, also beyond ASCII.
        QCOMPARE(ids(QStringLiteral("?query=caf%C3%A9")),
                 (QStringList {published[2], published[3]}));
        // LIKE's wildcards are plain characters.
        QCOMPARE(ids(QStringLiteral("?query=100%25")), QStringList {published[2]});
        QCOMPARE(ids(QStringLiteral("?query=e_c")), QStringList {published[1]});
        QCOMPARE(ids(QStringLiteral("?query=%25")), QStringList {published[2]});
        QCOMPARE(ids(QStringLiteral("?platform=twitter")), published.mid(1, 2));
        QCOMPARE(ids(QStringLiteral("?accountId=") + tenant.linkedinAccountId),
                 (QStringList {published[0], published[3]}));
        QCOMPARE(ids(QStringLiteral("?query=cafe")), QStringList {});
        QCOMPARE(ids(QStringLiteral("?limit=2")), published.mid(0, 2));
        const QString cursor = server.get(QStringLiteral("/api/v2/published-posts?limit=2"), tenant)
                                   .json()
                                   .value(QStringLiteral("cursor"))
                                   .toString();
        QCOMPARE(ids(QStringLiteral("?limit=2&cursor=") + cursor), published.mid(2, 2));
        QCOMPARE(ids(QStringLiteral("?platform=myspace")), QStringList {QStringLiteral("400")});
    }

    // In a query string "+" is a space and "%2B" a plus sign, in every parameter.
    void aPlusInTheQueryIsASpace_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QStringList>("expected"); // the texts found, or the status
        const QStringList bothWords {QStringLiteral("day one of the launch, plus"),
                                     QStringLiteral("Launch day is here")};
        QTest::newRow("+ between words") << "query=launch+day" << bothWords;
        QTest::newRow("%20 between words") << "query=launch%20day" << bothWords;
        QTest::newRow("%2B is a plus")
            << "query=C%2B%2B" << QStringList {QStringLiteral("C++ tips")};
        QTest::newRow("both") << "query=tips+c%2B%2B" << QStringList {QStringLiteral("C++ tips")};
        QTest::newRow("a plus sign that is not one") << "query=launch%2Bday" << QStringList {};
        QTest::newRow("an offset sent as %2B") << "since=2026-03-02T09:00:00%2B00:00&platform=x"
                                               << QStringList {QStringLiteral("C++ tips")};
        QTest::newRow("an offset sent as +")
            << "since=2026-03-02T09:00:00+00:00" << QStringList {QStringLiteral("400")};
    }
    void aPlusInTheQueryIsASpace()
    {
        QFETCH(QString, query);
        QFETCH(QStringList, expected);
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Plus"));
        for (const auto &[account, platform, text] :
             {std::tuple {tenant.linkedinAccountId, QStringLiteral("linkedin"),
                          QStringLiteral("Launch day is here")},
              std::tuple {tenant.twitterAccountId, QStringLiteral("x"), QStringLiteral("C++ tips")},
              std::tuple {tenant.linkedinAccountId, QStringLiteral("linkedin"),
                          QStringLiteral("day one of the launch, plus")}}) {
            const QString id = server.createPost(tenant, account, platform, text)
                                   .json()
                                   .value(QStringLiteral("postSubmissionId"))
                                   .toString();
            QVERIFY(server.waitForStatus(tenant, id, QStringLiteral("published")));
            server.clock().advanceMs(60'000); // newest first, in this order
        }
        const HttpResult result
            = server.get(QStringLiteral("/api/v2/published-posts?") + query, tenant);
        QStringList found;
        if (result.status != 200)
            found.append(QString::number(result.status));
        for (const QJsonValue &item : result.items())
            found.append(item.toObject().value(QStringLiteral("text")).toString());
        QCOMPARE(found, expected);
        if (result.status == 400)
            QVERIFY2(result.errorDetails().first().contains(u"%2B"),
                     qPrintable(result.errorDetails().join(u'|')));
    }

    void anotherProjectsPostsAreNotFound()
    {
        const HttpResult created = m_server->createPost(
            m_a, m_a.linkedinAccountId, QStringLiteral("linkedin"), QStringLiteral("mine"),
            {{QStringLiteral("scheduledTime"), inMinutes(*m_server, 30)}});
        const QString id = created.json().value(QStringLiteral("postSubmissionId")).toString();
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/posts/") + id, m_a).status, 200);
        const HttpResult theirs = m_server->get(QStringLiteral("/api/v2/posts/") + id, m_b);
        QCOMPARE(theirs.status, 404);
        QVERIFY(!theirs.body.contains("mine"));
        QCOMPARE(m_server->get(QStringLiteral("/api/v2/posts/ps_00000000000000000000"), m_a).status,
                 404);
        for (const QJsonValue &item :
             m_server->get(QStringLiteral("/api/v2/posts?limit=250"), m_b).items())
            QVERIFY(item.toObject().value(QStringLiteral("postSubmissionId")).toString() != id);
        QVERIFY(m_server->get(QStringLiteral("/api/v2/published-posts?query=hello"), m_b)
                    .items()
                    .isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPosts)
#include "tst_posts.moc"
