#include "storage/apikeyrepository.h"
#include "support/testserver.h"

#include <QTest>

using namespace slotline;
using namespace slotline::test;

class TestAuthentication : public QObject
{
    Q_OBJECT

private:
    static HttpResult me(TestServer &server, const Headers &headers)
    {
        return server.http().get(QStringLiteral("/api/v2/users/me"), headers);
    }

private Q_SLOTS:
    void keyHeaders_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<QByteArray>("prefix");
        QTest::newRow("x-api-key") << QByteArray("x-api-key") << QByteArray();
        QTest::newRow("X-API-Key any case") << QByteArray("X-API-Key") << QByteArray();
        QTest::newRow("bearer") << QByteArray("Authorization") << QByteArray("Bearer ");
        QTest::newRow("bearer lower case") << QByteArray("Authorization") << QByteArray("bearer ");
    }
    void keyHeaders()
    {
        QFETCH(QByteArray, header);
        QFETCH(QByteArray, prefix);
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Auth"));
        const HttpResult result = me(server, {{header, prefix + tenant.apiKey.toLatin1()}});
        QCOMPARE(result.status, 200);
        QCOMPARE(result.json().value(QStringLiteral("projectId")).toString(), tenant.projectId);
        QCOMPARE(result.json().value(QStringLiteral("apiKeyId")).toString(), tenant.apiKeyId);
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("no key") << QByteArray("X-Other") << QByteArray("1") << "Send your API key";
        QTest::newRow("empty key")
            << QByteArray("x-api-key") << QByteArray("") << "Send your API key";
        QTest::newRow("basic auth") << QByteArray("Authorization")
                                    << QByteArray("Basic dXNlcjpwYXNz") << "Send your API key";
        QTest::newRow("bearer without key")
            << QByteArray("Authorization") << QByteArray("Bearer ") << "Send your API key";
        QTest::newRow("not a key")
            << QByteArray("x-api-key") << QByteArray("hunter2") << "not valid";
        QTest::newRow("unknown key")
            << QByteArray("x-api-key") << QByteArray("slk_0000000000000000000000000000000000000000")
            << "not valid";
        QTest::newRow("SQL") << QByteArray("x-api-key") << QByteArray("slk_' OR '1'='1")
                             << "not valid";
    }
    void refusals()
    {
        QFETCH(QByteArray, header);
        QFETCH(QByteArray, value);
        QFETCH(QString, message);
        TestServer server;
        server.addTenant(QStringLiteral("Auth"));
        const HttpResult result = me(server, {{header, value}});
        QCOMPARE(result.status, 401);
        QCOMPARE(result.errorCode(), QStringLiteral("unauthorized"));
        QVERIFY(result.json()
                    .value(QStringLiteral("error"))
                    .toObject()
                    .value(QStringLiteral("message"))
                    .toString()
                    .contains(message));
        QVERIFY(result.header("X-Request-Id").startsWith("req_"));
        QVERIFY(result.header("X-RateLimit-Limit").isEmpty());
    }

    void aKeyWithTheRightPrefixButWrongSecretIsRefused()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Auth"));
        QString forged = tenant.apiKey;
        forged[forged.size() - 1] = forged.back() == u'a' ? u'b' : u'a';
        QCOMPARE(me(server, withKey(forged)).status, 401);
    }

    // A key that authenticated is remembered by its hash; a key differing in one character
    // (or only in its length) is still hashed and refused, before and after.
    void aRememberedKeyVouchesForNoOtherKey()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(QStringLiteral("Auth"));
        QString forged = tenant.apiKey;
        forged[forged.size() - 1] = forged.back() == u'a' ? u'b' : u'a';
        QCOMPARE(me(server, withKey(tenant.apiKey)).status, 200);
        QCOMPARE(me(server, withKey(forged)).status, 401);
        QCOMPARE(me(server, withKey(tenant.apiKey + u'x')).status, 401);
        QCOMPARE(me(server, withKey(tenant.apiKey.chopped(1))).status, 401);
        QCOMPARE(me(server, withKey(tenant.apiKey)).status, 200);
    }

    void revocationTakesEffectAtOnceWhenCheckedOnEveryRequest()
    {
        ServerConfig config;
        config.identityRecheckMs = 0;
        TestServer server(config);
        const Tenant tenant = server.addTenant(QStringLiteral("Auth"));
        QCOMPARE(me(server, withKey(tenant.apiKey)).status, 200);
        ApiKeyRepository(server.database(), server.clock()).revoke(tenant.apiKeyId);
        const HttpResult result = me(server, withKey(tenant.apiKey));
        QCOMPARE(result.status, 401);
        QVERIFY(result.body.contains("revoked"));
    }

    void revocationByAnotherProcessTakesEffectWithinTheRecheckInterval()
    {
        TestServer server; // the default: identities rechecked every 250 ms
        const Tenant tenant = server.addTenant(QStringLiteral("Auth"));
        QCOMPARE(me(server, withKey(tenant.apiKey)).status, 200); // now cached
        {
            // The admin commands run in another process, with another connection.
            Database other;
            other.open(server.database().filePath());
            ApiKeyRepository(other, server.clock()).revoke(tenant.apiKeyId);
        }
        QTRY_COMPARE_WITH_TIMEOUT(me(server, withKey(tenant.apiKey)).status, 401, 5000);
    }

    void eachKeyActsForItsOwnProject()
    {
        TestServer server;
        const Tenant a = server.addTenant(QStringLiteral("Alpha"));
        const Tenant b = server.addTenant(QStringLiteral("Beta"));
        QCOMPARE(
            me(server, withKey(a.apiKey)).json().value(QStringLiteral("projectName")).toString(),
            QStringLiteral("Alpha"));
        QCOMPARE(
            me(server, withKey(b.apiKey)).json().value(QStringLiteral("projectName")).toString(),
            QStringLiteral("Beta"));
    }

    void failedAttemptsAreLimitedPerAddress()
    {
        ServerConfig config;
        config.authFailuresPerMinute = 3;
        TestServer server(config);
        const Tenant tenant = server.addTenant(QStringLiteral("Auth"));
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(me(server, withKey(QStringLiteral("slk_wrongwrongwrongwrong"))).status, 401);
            server.clock().advanceMs(1000);
        }
        const HttpResult limited = me(server, withKey(QStringLiteral("slk_wrongwrongwrongwrong")));
        QCOMPARE(limited.status, 429);
        QCOMPARE(limited.errorCode(), QStringLiteral("rate_limited"));
        QCOMPARE(limited.header("Retry-After"),
                 QByteArray("57")); // first failure at t, now t + 3 s
        QCOMPARE(limited.json()
                     .value(QStringLiteral("error"))
                     .toObject()
                     .value(QStringLiteral("retryAfter"))
                     .toInt(),
                 57);

        // While locked out, even the right key is not looked at: guessing gains nothing.
        QCOMPARE(me(server, withKey(tenant.apiKey)).status, 429);
        // Refused attempts do not extend the lock.
        server.clock().advanceMs(57'000);
        QCOMPARE(me(server, withKey(tenant.apiKey)).status, 200);
    }
};

QTEST_GUILESS_MAIN(TestAuthentication)
#include "tst_authentication.moc"
