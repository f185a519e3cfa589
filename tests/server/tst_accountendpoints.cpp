#include "server/api/operationregistry.h"
#include "support/schemacheck.h"
#include "support/testserver.h"

#include <QJsonArray>
#include <QTest>

using namespace slotline;
using namespace slotline::test;

class TestAccountEndpoints : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_a;
    Tenant m_b;

    HttpResult get(const QString &path, const Tenant &tenant)
    {
        return m_server->get(QStringLiteral("/api/v2") + path, tenant);
    }
    void expectSchema(const QString &operation, const HttpResult &result)
    {
        const QStringList errors
            = resultSchemaErrors(m_server->server().registry(), operation, result.json());
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
    }
    static QStringList ids(const QJsonArray &items)
    {
        QStringList result;
        for (const QJsonValue &item : items)
            result.append(item.toObject().value(QStringLiteral("id")).toString());
        return result;
    }

private Q_SLOTS:
    void initTestCase()
    {
        ServerConfig config;
        config.readsPerMinute = 10'000;
        m_server = std::make_unique<TestServer>(config);
        m_a = m_server->addTenant(QStringLiteral("Alpha"), QStringLiteral("Europe/Berlin"));
        m_b = m_server->addTenant(QStringLiteral("Beta"));
    }
    void cleanupTestCase() { m_server.reset(); }

    void me()
    {
        const HttpResult result = get(QStringLiteral("/users/me"), m_a);
        QCOMPARE(result.status, 200);
        expectSchema(QStringLiteral("get_user"), result);
        const QJsonObject me = result.json();
        QCOMPARE(me.value(QStringLiteral("projectId")).toString(), m_a.projectId);
        QCOMPARE(me.value(QStringLiteral("projectName")).toString(), QStringLiteral("Alpha"));
        QCOMPARE(me.value(QStringLiteral("timezone")).toString(), QStringLiteral("Europe/Berlin"));
        QCOMPARE(me.value(QStringLiteral("apiKeyId")).toString(), m_a.apiKeyId);
        QCOMPARE(me.value(QStringLiteral("email")).toString(),
                 QStringLiteral("alpha@example.test"));
        QVERIFY(me.value(QStringLiteral("id")).toString().startsWith(u"usr_"));
    }

    void accounts()
    {
        const HttpResult result = get(QStringLiteral("/users/me/accounts"), m_a);
        QCOMPARE(result.status, 200);
        expectSchema(QStringLiteral("list_accounts"), result);
        QCOMPARE(ids(result.items()), (QStringList {m_a.linkedinAccountId, m_a.twitterAccountId,
                                                    m_a.facebookAccountId}));
        QVERIFY(result.json().value(QStringLiteral("cursor")).isNull());
        const QJsonObject facebook = result.items()[2].toObject();
        QCOMPARE(facebook.value(QStringLiteral("platform")).toString(), QStringLiteral("facebook"));
        QCOMPARE(facebook.value(QStringLiteral("profileImageUrl")).toString(),
                 QStringLiteral("https://img.example/fb.png"));
        QCOMPARE(facebook.value(QStringLiteral("status")).toString(), QStringLiteral("connected"));
    }

    void platformFilterAcceptsX_data()
    {
        QTest::addColumn<QString>("platform");
        QTest::newRow("twitter") << "twitter";
        QTest::newRow("x") << "x";
    }
    void platformFilterAcceptsX()
    {
        QFETCH(QString, platform);
        const HttpResult result
            = get(QStringLiteral("/users/me/accounts?platform=") + platform, m_a);
        QCOMPARE(ids(result.items()), QStringList {m_a.twitterAccountId});
        QCOMPARE(result.items()[0].toObject().value(QStringLiteral("platform")).toString(),
                 QStringLiteral("twitter"));
    }

    void accountsPageWithCursors()
    {
        const HttpResult first = get(QStringLiteral("/users/me/accounts?limit=2"), m_a);
        QCOMPARE(first.items().size(), 2);
        const QString cursor = first.json().value(QStringLiteral("cursor")).toString();
        QVERIFY(!cursor.isEmpty());
        const HttpResult second
            = get(QStringLiteral("/users/me/accounts?limit=2&cursor=") + cursor, m_a);
        QCOMPARE(ids(second.items()), QStringList {m_a.facebookAccountId});
        QVERIFY(second.json().value(QStringLiteral("cursor")).isNull());
        // A cursor of one list is refused by another.
        const HttpResult wrongList
            = get(QStringLiteral("/users/me/accounts/%1/subaccounts?cursor=%2")
                      .arg(m_a.facebookAccountId, cursor),
                  m_a);
        QCOMPARE(wrongList.status, 400);
        QCOMPARE(wrongList.errorCode(), QStringLiteral("invalid_cursor"));
    }

    void subaccounts()
    {
        const HttpResult pages = get(
            QStringLiteral("/users/me/accounts/%1/subaccounts").arg(m_a.facebookAccountId), m_a);
        QCOMPARE(pages.status, 200);
        expectSchema(QStringLiteral("list_subaccounts"), pages);
        QCOMPARE(ids(pages.items()), QStringList {m_a.facebookPageId});
        const QJsonObject page = pages.items()[0].toObject();
        QCOMPARE(page.value(QStringLiteral("accountId")).toString(), m_a.facebookAccountId);
        QCOMPARE(page.value(QStringLiteral("type")).toString(), QStringLiteral("page"));
        QCOMPARE(page.value(QStringLiteral("name")).toString(), QStringLiteral("Alpha Page"));

        const HttpResult none = get(
            QStringLiteral("/users/me/accounts/%1/subaccounts").arg(m_a.linkedinAccountId), m_a);
        QCOMPARE(none.status, 200);
        QVERIFY(none.items().isEmpty());
    }

    void unknownAccounts_data()
    {
        QTest::addColumn<QString>("accountId");
        QTest::newRow("never existed") << "acc_00000000000000000000";
        QTest::newRow("not an id") << "hello";
        QTest::newRow("SQL") << "acc_1' OR '1'='1";
        QTest::newRow("encoded slash") << "acc_1%2Fsubaccounts";
    }
    void unknownAccounts()
    {
        QFETCH(QString, accountId);
        const HttpResult result
            = get(QStringLiteral("/users/me/accounts/%1/subaccounts").arg(accountId), m_a);
        QCOMPARE(result.status, 404);
        QCOMPARE(result.errorCode(), QStringLiteral("not_found"));
    }

    void anotherProjectsAccountIsNotFoundNeverShown()
    {
        const HttpResult theirs = get(
            QStringLiteral("/users/me/accounts/%1/subaccounts").arg(m_a.facebookAccountId), m_b);
        const HttpResult missing
            = get(QStringLiteral("/users/me/accounts/acc_00000000000000000000/subaccounts"), m_b);
        QCOMPARE(theirs.status, 404);
        QCOMPARE(theirs.errorCode(), missing.errorCode());
        QVERIFY(!theirs.body.contains(m_a.facebookPageId.toLatin1()));
        QVERIFY(!theirs.body.contains("Alpha"));

        const QStringList visibleToB = ids(get(QStringLiteral("/users/me/accounts"), m_b).items());
        QCOMPARE(visibleToB, (QStringList {m_b.linkedinAccountId, m_b.twitterAccountId,
                                           m_b.facebookAccountId}));
    }

    void credits()
    {
        const HttpResult result = get(QStringLiteral("/credits"), m_a);
        QCOMPARE(result.status, 200);
        expectSchema(QStringLiteral("get_credits"), result);
        QCOMPARE(result.json().value(QStringLiteral("creditsRemaining")).toInt(), 10);
        QCOMPARE(result.json().value(QStringLiteral("creditsReserved")).toInt(), 0);
        QCOMPARE(result.json().value(QStringLiteral("creditsUsed")).toInt(), 0);
    }

    void errorBodiesMatchTheirSchema()
    {
        const HttpResult error = get(QStringLiteral("/users/me/accounts?limit=0"), m_a);
        const QStringList errors = componentSchemaErrors(m_server->server().registry(),
                                                         QStringLiteral("Error"), error.json());
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestAccountEndpoints)
#include "tst_accountendpoints.moc"
