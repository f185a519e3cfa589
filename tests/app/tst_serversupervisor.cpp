#include "app/bundledserver.h"
#include "app/serversupervisor.h"
#include "client/credentialstore.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;
using slotline::app::BundledServer;
using slotline::app::ServerSupervisor;

// The built-in server watched as the app watches it, with a stand-in for slotline-server
// (a shell script) whose behaviour each test chooses: it restarts after a stop, on its old
// port first, gives up after its tries with the reason and the log, and tries again when
// asked.
class TestServerSupervisor : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    client::CredentialStore m_credentials;
    int m_servers = 0;

    // A stand-in that prepares its data (init-demo) and serves: it says where it listens,
    // as slotline-server does, and stays up. When the file `fail` exists in its data
    // directory, serve fails at once instead, with an error of its own.
    QString standIn()
    {
        const QString path = m_directory.filePath(u"stand-in-server"_s);
        if (QFile::exists(path))
            return path;
        QFile file(path);
        const QByteArray body = "#!/bin/sh\n"
                                "data=$3\n"
                                "case \"$1\" in\n"
                                "init-demo)\n"
                                "    mkdir -p \"$data\" && touch \"$data/slotline.db\"\n"
                                "    echo '{\"apiKey\": \"slk_standin\"}'\n"
                                "    ;;\n"
                                "serve)\n"
                                "    if [ -e \"$data/fail\" ]; then\n"
                                "        echo \"error: the data directory $data is used by another "
                                "Slotline server\" >&2\n"
                                "        exit 1\n"
                                "    fi\n"
                                "    echo \"$5\" >> \"$data/listen-arguments\"\n"
                                "    port=${5#127.0.0.1:}\n"
                                "    [ \"$port\" = 0 ] && port=$((20000 + $$ % 20000))\n"
                                "    echo \"Slotline server listening on "
                                "http://127.0.0.1:$port/api/v2 (data: $data)\"\n"
                                // A SIGTERM ends it cleanly, as it does slotline-server.
                                "    sleep 60 </dev/null >/dev/null 2>&1 &\n"
                                "    child=$!\n"
                                "    trap 'kill $child; exit 0' TERM\n"
                                "    wait $child\n"
                                "    ;;\n"
                                "esac\n";
        if (!file.open(QIODevice::WriteOnly) || file.write(body) < 0)
            return QString();
        file.close();
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        return path;
    }

    struct Watched
    {
        std::unique_ptr<BundledServer> server;
        std::unique_ptr<ServerSupervisor> supervisor;
        QString directory;
    };

    Watched startWatched(const QList<int> &pausesMs)
    {
        Watched watched;
        watched.directory = m_directory.filePath(u"server-%1"_s.arg(++m_servers));
        watched.server = std::make_unique<BundledServer>(watched.directory, m_credentials);
        watched.server->setProgram(standIn());
        watched.supervisor = std::make_unique<ServerSupervisor>(*watched.server);
        watched.supervisor->setPausesMs(pausesMs);
        QSignalSpy ready(watched.server.get(), &BundledServer::ready);
        watched.server->start();
        if (!QTest::qWaitFor([&] { return !ready.isEmpty(); }, 10'000))
            qWarning("the stand-in did not start");
        return watched;
    }

    QStringList listenArguments(const Watched &watched)
    {
        QFile file(QDir(watched.directory).filePath(u"listen-arguments"_s));
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
    }

    static void makeServeFail(const Watched &watched, bool fail)
    {
        QFile marker(QDir(watched.directory).filePath(u"fail"_s));
        if (fail) {
            if (marker.open(QIODevice::WriteOnly))
                marker.close();
        } else {
            marker.remove();
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_directory.isValid());
        m_credentials.setKeychainEnabled(false);
        m_credentials.setFallbackFile(m_directory.filePath(u"credentials.json"_s));
        QVERIFY(!standIn().isEmpty());
    }

    void aServerThatStopsIsStartedAgainOnItsOldPort()
    {
        Watched watched = startWatched({100, 100, 100});
        QCOMPARE(watched.server->state(), BundledServer::State::Running);
        const int port = watched.server->baseUrl().port();
        QVERIFY(port > 0);
        QSignalSpy lost(watched.supervisor.get(), &ServerSupervisor::serverLost);
        QSignalSpy planned(watched.supervisor.get(), &ServerSupervisor::restartPlanned);
        QSignalSpy ready(watched.server.get(), &BundledServer::ready);

        ::kill(pid_t(watched.server->processId()), SIGKILL);
        QTRY_COMPARE(lost.size(), 1);
        QVERIFY2(lost.first().first().toString().contains(u"crashed or was killed"_s),
                 qPrintable(lost.first().first().toString()));
        QVERIFY(watched.supervisor->isRecovering());
        QCOMPARE(planned.size(), 1);
        QCOMPARE(planned.first().at(0).toInt(), 1); // the first try
        QCOMPARE(planned.first().at(1).toInt(), 3); // of three
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 10'000);
        QVERIFY(!watched.supervisor->isRecovering());
        QCOMPARE(watched.server->baseUrl().port(), port);
        QCOMPARE(listenArguments(watched),
                 QStringList({u"127.0.0.1:0"_s, u"127.0.0.1:%1"_s.arg(port)}));

        // A SIGTERM from outside is a stop nobody here asked for, too.
        ::kill(pid_t(watched.server->processId()), SIGTERM);
        QTRY_COMPARE(lost.size(), 2);
        QVERIFY2(lost.last().first().toString().contains(u"from outside"_s),
                 qPrintable(lost.last().first().toString()));
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 2, 10'000);
        // A second stop soon after the first is its second try, yet still the first since
        // this stop: the old port again.
        QCOMPARE(watched.server->baseUrl().port(), port);
        QCOMPARE(listenArguments(watched).value(2), u"127.0.0.1:%1"_s.arg(port));
        watched.supervisor->halt();
        watched.server->stop();
    }

    void everyTryFailingGivesUpWithTheReasonAndTheLogThenTriesAgainWhenAsked()
    {
        Watched watched = startWatched({50, 100});
        QSignalSpy planned(watched.supervisor.get(), &ServerSupervisor::restartPlanned);
        QSignalSpy gaveUp(watched.supervisor.get(), &ServerSupervisor::gaveUp);
        QSignalSpy ready(watched.server.get(), &BundledServer::ready);
        makeServeFail(watched, true);
        ::kill(pid_t(watched.server->processId()), SIGKILL);

        QTRY_COMPARE_WITH_TIMEOUT(gaveUp.size(), 1, 10'000);
        QCOMPARE(planned.size(), 2); // one try per pause, then no more
        QVERIFY(watched.supervisor->hasGivenUp());
        const QString reason = gaveUp.first().at(0).toString();
        const QString log = gaveUp.first().at(1).toString();
        QVERIFY2(reason.contains(u"stopped before it was ready"_s), qPrintable(reason));
        QVERIFY2(log.contains(u"used by another Slotline server"_s), qPrintable(log));
        QTest::qWait(300);
        QCOMPARE(planned.size(), 2); // given up: nothing more on its own
        QCOMPARE(ready.size(), 0);

        makeServeFail(watched, false);
        watched.supervisor->retryNow();
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 10'000);
        QVERIFY(!watched.supervisor->hasGivenUp());
        QVERIFY(!watched.supervisor->isRecovering());
        watched.supervisor->halt();
        watched.server->stop();
    }

    void aServerThatRanLongEnoughGetsEveryTryAnew()
    {
        Watched watched = startWatched({50});
        watched.supervisor->setStableAfterMs(200);
        QSignalSpy ready(watched.server.get(), &BundledServer::ready);
        QSignalSpy gaveUp(watched.supervisor.get(), &ServerSupervisor::gaveUp);
        // Three stops, each after it ran long enough: one try each is enough every time.
        for (int stop = 1; stop <= 3; ++stop) {
            QTest::qWait(400);
            ::kill(pid_t(watched.server->processId()), SIGKILL);
            QTRY_COMPARE_WITH_TIMEOUT(ready.size(), stop, 10'000);
        }
        QCOMPARE(gaveUp.size(), 0);
        QTest::qWait(400); // well again

        // Stopping again at once, before it counts as well: the one try is spent.
        watched.supervisor->setStableAfterMs(60'000);
        ::kill(pid_t(watched.server->processId()), SIGKILL);
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 4, 10'000);
        ::kill(pid_t(watched.server->processId()), SIGKILL);
        QTRY_COMPARE_WITH_TIMEOUT(gaveUp.size(), 1, 10'000);
        watched.supervisor->halt();
        watched.server->stop();
    }

    void haltedItRestartsNothing()
    {
        Watched watched = startWatched({100});
        QSignalSpy lost(watched.supervisor.get(), &ServerSupervisor::serverLost);
        QSignalSpy ready(watched.server.get(), &BundledServer::ready);
        watched.supervisor->halt();
        ::kill(pid_t(watched.server->processId()), SIGKILL);
        QTRY_COMPARE(watched.server->state(), BundledServer::State::Stopped);
        QTest::qWait(400);
        QCOMPARE(lost.size(), 0);
        QCOMPARE(ready.size(), 0);
    }
};

QTEST_MAIN(TestServerSupervisor)
#include "tst_serversupervisor.moc"
