#include "client/accountconnector.h"
#include "client/session.h"
#include "support/fakeaccountserver.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;
using slotline::client::AccountConnector;
using Stage = slotline::client::AccountConnector::Stage;

class TestAccountConnector : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_directory;
    std::unique_ptr<FakeAccountServer> m_server;
    std::unique_ptr<client::Session> m_session;
    std::unique_ptr<AccountConnector> m_connector;

    static Account account(const QString &id, Platform platform, AccountStatus status)
    {
        Account value;
        value.id = id;
        value.platform = platform;
        value.name = u"Ada on "_s + platforms::displayName(platform);
        value.username = u"ada"_s;
        value.status = status;
        return value;
    }

private Q_SLOTS:
    void init()
    {
        m_directory = std::make_unique<QTemporaryDir>();
        m_server = std::make_unique<FakeAccountServer>();
        m_session
            = std::make_unique<client::Session>(m_server->baseUrl(), FakeAccountServer::apiKey(),
                                                m_directory->filePath(u"store.sqlite"_s));
        m_connector = std::make_unique<AccountConnector>(m_session->client(), m_session->sync());
        m_connector->setPollIntervalMs(20);
    }

    void cleanup()
    {
        m_connector.reset();
        m_session.reset();
        m_server.reset();
        m_directory.reset();
    }

    void aNewAccountIsInTheStoreWhenConnected()
    {
        Subaccount page;
        page.id = u"sub_1"_s;
        page.name = u"Ada's Bakery"_s;
        page.type = u"page"_s;
        m_server->setNewAccount(account(u"acc_fb"_s, Platform::Facebook, AccountStatus::Connected),
                                {page});
        m_server->setScript({u"pending"_s, u"pending"_s, u"connected"_s});
        QSignalSpy ready(m_connector.get(), &AccountConnector::authorizationReady);
        m_connector->start(Platform::Facebook);
        QCOMPARE(m_connector->stage(), Stage::Starting);
        QTRY_COMPARE(ready.size(), 1);
        QCOMPARE(ready.first().first().toUrl().host(), u"www.facebook.com"_s);
        QCOMPARE(m_connector->stage(), Stage::Waiting);
        QTRY_COMPARE(m_connector->stage(), Stage::Connected);
        QCOMPARE(m_connector->accountId(), u"acc_fb"_s);
        QCOMPARE(m_server->polls(), 3);
        // Read into the store before it says so, with the pages.
        const QList<Account> cached = m_session->store().reference().accounts();
        QCOMPARE(cached.size(), 1);
        QCOMPARE(cached.first().id, u"acc_fb"_s);
        QCOMPARE(m_session->store().reference().subaccounts(u"acc_fb"_s).size(), 1);
        QTest::qWait(100);
        QCOMPARE(m_server->polls(), 3); // no more questions
    }

    void reconnectingNamesTheAccount()
    {
        m_server->addAccount(account(u"acc_x"_s, Platform::Twitter, AccountStatus::NeedsReconnect));
        m_server->setScript({u"connected"_s});
        m_connector->start(Platform::Twitter, u"acc_x"_s);
        QTRY_COMPARE(m_connector->stage(), Stage::Connected);
        QCOMPARE(m_connector->accountId(), u"acc_x"_s);
        const auto sent = m_server->requestsTo("POST", u"/api/v2/users/me/accounts/connect"_s);
        QCOMPARE(sent.size(), 1);
        QCOMPARE(sent.first().body.value(u"accountId"_s).toString(), u"acc_x"_s);
        QVERIFY(sent.first().idempotencyKey.startsWith("connect-"));
        QVERIFY(m_session->store().reference().accounts().first().status
                == AccountStatus::Connected);
    }

    void failedAndExpiredAttemptsSaySo()
    {
        m_server->setScript({u"pending"_s, u"failed"_s});
        m_server->setFailureReason(u"X refused: the app was not authorized."_s);
        m_connector->start(Platform::Twitter);
        QTRY_COMPARE(m_connector->stage(), Stage::Failed);
        QCOMPARE(m_connector->failureReason(), u"X refused: the app was not authorized."_s);

        m_server->setScript({u"expired"_s});
        m_connector->start(Platform::LinkedIn);
        QTRY_COMPARE(m_connector->stage(), Stage::Expired);
        QVERIFY(m_connector->failureReason().isEmpty());
    }

    void aServerThatNeverSaysExpiredIsNotAskedForever()
    {
        m_server->setAttemptLifetimeMs(-5 * 60'000); // long over
        m_server->setScript({u"pending"_s});
        m_connector->start(Platform::LinkedIn);
        QTRY_COMPARE(m_connector->stage(), Stage::Expired);
        QCOMPARE(m_server->polls(), 1);
    }

    void aRefusedStartIsAnError()
    {
        m_server->setUnconfigured({Platform::LinkedIn});
        m_connector->start(Platform::LinkedIn);
        QTRY_COMPARE(m_connector->stage(), Stage::Error);
        QVERIFY(m_connector->error());
        QCOMPARE(m_connector->error()->code(), u"platform_not_configured"_s);
        QCOMPARE(m_server->polls(), 0);
    }

    void cancellingStopsAsking()
    {
        m_server->setScript({u"pending"_s});
        m_connector->start(Platform::LinkedIn);
        QTRY_COMPARE(m_connector->stage(), Stage::Waiting);
        QTRY_VERIFY(m_server->polls() >= 1);
        m_connector->cancel();
        QCOMPARE(m_connector->stage(), Stage::Idle);
        const int asked = m_server->polls();
        QTest::qWait(150);
        QVERIFY(m_server->polls() <= asked + 1); // at most the question already on its way
        QVERIFY(m_connector->authorizationUrl().isEmpty());
    }

    // A newly connected account must not be missed by a refresh already under way.
    void aRefreshAskedForWhileOneRunsRunsAgain()
    {
        client::SyncEngine &sync = m_session->sync();
        QSignalSpy refreshed(&sync, &client::SyncEngine::referenceRefreshed);
        sync.refreshReference();
        QVERIFY(sync.isRefreshing());
        sync.refreshReference();
        QTRY_COMPARE(refreshed.size(), 2);
        QVERIFY(!sync.isRefreshing());
        QCOMPARE(m_server->requestsTo("GET", u"/api/v2/users/me/accounts"_s).size(), 2);
        QTest::qWait(100);
        QCOMPARE(refreshed.size(), 2); // and no more
    }

    void anUnreachableServerIsAskedAgain()
    {
        m_server->setScript({u"pending"_s});
        m_connector->start(Platform::LinkedIn);
        QTRY_COMPARE(m_connector->stage(), Stage::Waiting);
        QSignalSpy trouble(m_connector.get(), &AccountConnector::pollTroubleChanged);
        m_server.reset(); // gone
        QTRY_VERIFY(m_connector->pollTrouble().has_value());
        QCOMPARE(m_connector->stage(), Stage::Waiting);
        QVERIFY(trouble.size() >= 1);
    }
};

QTEST_GUILESS_MAIN(TestAccountConnector)
#include "tst_accountconnector.moc"
