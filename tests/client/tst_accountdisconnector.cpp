#include "client/accountdisconnector.h"
#include "client/session.h"
#include "core/isotime.h"
#include "support/testserver.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;
using slotline::client::AccountDisconnector;

// Disconnecting against the real server: the 409 while posts are scheduled tells how many,
// and the second call with cancelScheduled cancels them; the store then has the account
// as the server has it.
class TestAccountDisconnector : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_tenant;
    QTemporaryDir m_directory;
    std::unique_ptr<client::Session> m_session;

    std::optional<Account> cached(const QString &id) const
    {
        for (const Account &account : m_session->store().reference().accounts()) {
            if (account.id == id)
                return account;
        }
        return std::nullopt;
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<TestServer>();
        m_tenant = m_server->addTenant(u"Disconnecting"_s);
        m_session = std::make_unique<client::Session>(
            QUrl(m_server->http().baseUrl()), m_tenant.apiKey,
            m_directory.filePath(QString::fromLatin1(QTest::currentTestFunction()) + u".db"_s));
        QSignalSpy refreshed(&m_session->sync(), &client::SyncEngine::referenceRefreshed);
        m_session->sync().refreshReference();
        QVERIFY(refreshed.wait(10'000));
        QVERIFY(cached(m_tenant.twitterAccountId)->status == AccountStatus::Connected);
    }
    void cleanup()
    {
        m_session.reset();
        m_server.reset();
    }

    void anAccountWithoutPostsIsDisconnectedAtOnce()
    {
        AccountDisconnector disconnector(m_session->client(), m_session->sync());
        QSignalSpy done(&disconnector, &AccountDisconnector::disconnected);
        QSignalSpy inTheWay(&disconnector, &AccountDisconnector::scheduledPostsInTheWay);
        disconnector.disconnect(m_tenant.twitterAccountId, false);
        QVERIFY(disconnector.isBusy());
        QVERIFY(done.wait(10'000));
        QCOMPARE(done.first().first().toString(), m_tenant.twitterAccountId);
        QVERIFY(inTheWay.isEmpty());
        QVERIFY(!disconnector.isBusy());
        // In the store before it says so.
        QVERIFY(cached(m_tenant.twitterAccountId)->status == AccountStatus::Disconnected);
    }

    void scheduledPostsAreCountedThenCancelledWhenAsked()
    {
        const qint64 tomorrow = m_server->clock().nowMs() + 24LL * 3'600'000;
        QStringList scheduled;
        for (int i = 0; i < 2; ++i) {
            const HttpResult created = m_server->createPost(
                m_tenant, m_tenant.twitterAccountId, u"twitter"_s, u"Later %1"_s.arg(i),
                QJsonObject {{u"scheduledTime"_s, isotime::format(tomorrow + i * 60'000)}});
            QCOMPARE(created.status, 201);
            scheduled.append(created.json().value(u"postSubmissionId"_s).toString());
        }
        AccountDisconnector disconnector(m_session->client(), m_session->sync());
        QSignalSpy done(&disconnector, &AccountDisconnector::disconnected);
        QSignalSpy inTheWay(&disconnector, &AccountDisconnector::scheduledPostsInTheWay);
        QSignalSpy failed(&disconnector, &AccountDisconnector::failed);
        disconnector.disconnect(m_tenant.twitterAccountId, false);
        QVERIFY(inTheWay.wait(10'000));
        QCOMPARE(inTheWay.first().at(1).toInt(), 2);
        QVERIFY(done.isEmpty());
        QVERIFY(failed.isEmpty());
        QCOMPARE(m_server->submission(m_tenant, scheduled.first()).value(u"status"_s).toString(),
                 u"scheduled"_s);

        disconnector.disconnect(m_tenant.twitterAccountId, true);
        QVERIFY(done.wait(10'000));
        for (const QString &id : std::as_const(scheduled))
            QCOMPARE(m_server->submission(m_tenant, id).value(u"status"_s).toString(),
                     u"cancelled"_s);
        QVERIFY(cached(m_tenant.twitterAccountId)->status == AccountStatus::Disconnected);
    }

    void aRefusalSaysWhy()
    {
        AccountDisconnector disconnector(m_session->client(), m_session->sync());
        std::optional<client::ApiError> refusal;
        connect(&disconnector, &AccountDisconnector::failed, this,
                [&refusal](const QString &, const client::ApiError &error) { refusal = error; });
        disconnector.disconnect(u"acc_nosuchaccount00000000"_s, false);
        QTRY_VERIFY_WITH_TIMEOUT(refusal.has_value(), 10'000);
        QCOMPARE(refusal->kind(), client::ApiError::Kind::NotFound);
        QVERIFY(!disconnector.isBusy());
    }
};

QTEST_GUILESS_MAIN(TestAccountDisconnector)
#include "tst_accountdisconnector.moc"
