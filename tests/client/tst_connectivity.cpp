#include "client/apiclient.h"
#include "client/connectivity.h"
#include "support/reusableport.h"
#include "support/testserver.h"

#include <QSignalSpy>
#include <QTest>

using namespace slotline;
using namespace slotline::test;
using slotline::client::ApiClient;
using slotline::client::Connectivity;

class TestConnectivity : public QObject
{
    Q_OBJECT

private:
    static ServerConfig config(int readsPerMinute = 10'000)
    {
        ServerConfig config;
        config.readsPerMinute = readsPerMinute;
        return config;
    }

private Q_SLOTS:
    void aServerThatGoesAwayAndComesBackIsNoticed()
    {
        const quint16 port = reusablePort();
        auto server = std::make_unique<TestServer>(config(), port);
        ApiClient client;
        client.setBaseUrl(QUrl(server->http().baseUrl()));
        client.setApiKey(server->addTenant(QStringLiteral("A")).apiKey);
        Connectivity connectivity(client);
        QSignalSpy changes(&connectivity, &Connectivity::stateChanged);
        QCOMPARE(connectivity.state(), Connectivity::State::Unknown);
        connectivity.checkNow();
        QTRY_COMPARE(connectivity.state(), Connectivity::State::Online);

        server.reset();
        connectivity.checkNow();
        QTRY_COMPARE(connectivity.state(), Connectivity::State::Offline);
        const int firstWait = connectivity.nextCheckInMs();
        QVERIFY2(firstWait > 0 && firstWait <= Connectivity::FirstRetryMs,
                 qPrintable(QString::number(firstWait)));
        // The check after the first wait fails too: the next wait is longer.
        QTRY_VERIFY_WITH_TIMEOUT(connectivity.nextCheckInMs() > Connectivity::FirstRetryMs, 5'000);
        QCOMPARE(connectivity.state(), Connectivity::State::Offline);

        // Back, on the same address: noticed by the next check, with no call from outside.
        server = std::make_unique<TestServer>(config(), port);
        client.setApiKey(server->addTenant(QStringLiteral("A")).apiKey);
        QTRY_COMPARE_WITH_TIMEOUT(connectivity.state(), Connectivity::State::Online, 10'000);
        QCOMPARE(connectivity.nextCheckInMs(), -1);
        // Unknown -> Online -> Offline -> Online, each told once.
        QCOMPARE(changes.size(), 3);
    }

    void aRefusedKeyIsUnauthorizedUntilItIsRight()
    {
        TestServer server(config());
        ApiClient client;
        client.setBaseUrl(QUrl(server.http().baseUrl()));
        client.setApiKey(QStringLiteral("slk_notakeynotakeynotakeynotakeynotakeynota"));
        Connectivity connectivity(client);
        connectivity.checkNow();
        QTRY_COMPARE(connectivity.state(), Connectivity::State::Unauthorized);
        QCOMPARE(connectivity.nextCheckInMs(), -1); // nothing to retry: the key must change
        client.setApiKey(server.addTenant(QStringLiteral("A")).apiKey);
        connectivity.checkNow();
        QTRY_COMPARE(connectivity.state(), Connectivity::State::Online);
    }

    void aRateLimitIsShownWithItsWaitAndEnds()
    {
        TestServer server(config(2));
        ApiClient client;
        client.setBaseUrl(QUrl(server.http().baseUrl()));
        client.setApiKey(server.addTenant(QStringLiteral("A")).apiKey);
        Connectivity connectivity(client);
        connectivity.checkNow();
        QTRY_COMPARE(connectivity.state(), Connectivity::State::Online);
        // 59 s on, one read of the minute is left; of two at once one is refused and
        // waits the 1 s until the first read leaves the window.
        server.clock().advanceMs(59'000);
        QList<Connectivity::State> states;
        connect(&connectivity, &Connectivity::stateChanged, this,
                [&states](Connectivity::State state) { states.append(state); });
        int answered = 0;
        client.getCredits(this, [&answered](const auto &) { ++answered; });
        client.getCredits(this, [&answered](const auto &) { ++answered; });
        QTRY_COMPARE(connectivity.state(), Connectivity::State::RateLimited);
        QVERIFY(connectivity.rateLimitedForMs() > 0);
        QVERIFY(connectivity.rateLimitedForMs() <= 1'000);
        QCOMPARE(answered, 1);
        // The server's window empties (its clock is the test's); the refused read goes
        // again after its wait and the limit is over.
        server.clock().advanceMs(61'000);
        QTRY_COMPARE_WITH_TIMEOUT(answered, 2, 10'000);
        QTRY_COMPARE(connectivity.state(), Connectivity::State::Online);
        // Told once each: no answer while limited read as being back online.
        QCOMPARE(states, (QList<Connectivity::State> {Connectivity::State::RateLimited,
                                                      Connectivity::State::Online}));
    }
};

QTEST_GUILESS_MAIN(TestConnectivity)
#include "tst_connectivity.moc"
