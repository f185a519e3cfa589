#include "support/testserver.h"

#include <QTest>

using namespace slotline;
using namespace slotline::test;

class TestRateLimits : public QObject
{
    Q_OBJECT

private:
    static HttpResult read(TestServer &server, const QString &key)
    {
        return server.http().get(QStringLiteral("/api/v2/credits"), withKey(key));
    }
    // A POST to a GET-only path is a write: it is counted, then refused with 405.
    static HttpResult write(TestServer &server, const QString &key)
    {
        return server.http().send("POST", QStringLiteral("/api/v2/credits"), withKey(key));
    }

private Q_SLOTS:
    void readsFollowTheContractDefaults()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Rate"));
        for (int i = 0; i < 60; ++i) {
            const HttpResult result = read(server, tenant.apiKey);
            QCOMPARE(result.status, 200);
            QCOMPARE(result.header("X-RateLimit-Limit"), QByteArray("60"));
            QCOMPARE(result.header("X-RateLimit-Remaining"), QByteArray::number(59 - i));
            QCOMPARE(result.header("X-RateLimit-Reset"), QByteArray("60"));
        }
        const HttpResult refused = read(server, tenant.apiKey);
        QCOMPARE(refused.status, 429);
        QCOMPARE(refused.errorCode(), QStringLiteral("rate_limited"));
        QCOMPARE(refused.header("Retry-After"), QByteArray("60"));
        QCOMPARE(refused.json()
                     .value(QStringLiteral("error"))
                     .toObject()
                     .value(QStringLiteral("retryAfter"))
                     .toInt(),
                 60);
        QCOMPARE(refused.header("X-RateLimit-Remaining"), QByteArray("0"));
        QVERIFY(refused.header("X-Request-Id").startsWith("req_"));
    }

    void retryAfterIsExactToTheSecondInARollingWindow()
    {
        ServerConfig config;
        config.readsPerMinute = 3;
        TestServer server(config);
        const Tenant tenant = server.addTenant(QStringLiteral("Rate"));
        QCOMPARE(read(server, tenant.apiKey).status, 200); // t = 0
        server.clock().advanceMs(20'000);
        QCOMPARE(read(server, tenant.apiKey).status, 200); // t = 20 s
        server.clock().advanceMs(20'000);
        QCOMPARE(read(server, tenant.apiKey).header("X-RateLimit-Reset"),
                 QByteArray("20")); // t = 40 s
        server.clock().advanceMs(5'500);
        const HttpResult refused = read(server, tenant.apiKey); // t = 45.5 s
        QCOMPARE(refused.status, 429);
        QCOMPARE(refused.header("Retry-After"), QByteArray("15")); // 14.5 s, rounded up

        server.clock().advanceMs(14'499); // t = 59.999 s: still inside the window
        QCOMPARE(read(server, tenant.apiKey).header("Retry-After"), QByteArray("1"));
        server.clock().advanceMs(1); // t = 60 s: the first read has left the window
        const HttpResult again = read(server, tenant.apiKey);
        QCOMPARE(again.status, 200);
        QCOMPARE(again.header("X-RateLimit-Remaining"), QByteArray("0"));
        // The refused reads at 45.5 s and 59.999 s were not counted: the next opening is
        // when the read at 20 s leaves, at 80 s.
        QCOMPARE(read(server, tenant.apiKey).header("Retry-After"), QByteArray("20"));
    }

    void readsAndWritesAreCountedApart()
    {
        ServerConfig config;
        config.readsPerMinute = 2;
        config.writesPerMinute = 1;
        TestServer server(config);
        const Tenant tenant = server.addTenant(QStringLiteral("Rate"));
        QCOMPARE(read(server, tenant.apiKey).status, 200);
        QCOMPARE(read(server, tenant.apiKey).status, 200);
        QCOMPARE(read(server, tenant.apiKey).status, 429);
        const HttpResult firstWrite = write(server, tenant.apiKey);
        QCOMPARE(firstWrite.status, 405);
        QCOMPARE(firstWrite.header("X-RateLimit-Limit"), QByteArray("1"));
        QCOMPARE(firstWrite.header("X-RateLimit-Remaining"), QByteArray("0"));
        QCOMPARE(write(server, tenant.apiKey).status, 429);
    }

    void limitsArePerKey()
    {
        ServerConfig config;
        config.readsPerMinute = 1;
        TestServer server(config);
        const Tenant tenant = server.addTenant(QStringLiteral("Rate"));
        const auto [secondKey, secondKeyId]
            = server.addKey(tenant.projectId, QStringLiteral("second"));
        QCOMPARE(read(server, tenant.apiKey).status, 200);
        QCOMPARE(read(server, tenant.apiKey).status, 429);
        QCOMPARE(read(server, secondKey).status, 200);
    }

    void unknownPathsCountAsTheirMethodsClass()
    {
        ServerConfig config;
        config.readsPerMinute = 1;
        TestServer server(config);
        const Tenant tenant = server.addTenant(QStringLiteral("Rate"));
        QCOMPARE(
            server.http().get(QStringLiteral("/api/v2/nowhere"), withKey(tenant.apiKey)).status,
            404);
        QCOMPARE(read(server, tenant.apiKey).status, 429);
    }
};

QTEST_GUILESS_MAIN(TestRateLimits)
#include "tst_ratelimits.moc"
