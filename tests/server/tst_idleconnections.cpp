#include "server/http/guardedtcpserver.h"
#include "server/http/httplimits.h"
#include "support/serveprocess.h"
#include "support/socketflood.h"
#include "support/testserver.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QTest>

#include <arpa/inet.h>
#include <cerrno>
#include <functional>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <tuple>
#include <unistd.h>

using namespace slotline;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;

namespace {

const QByteArray LegitimateRequest
    = "GET /api/v2/openapi.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";

// One request on a connection of its own, as a well-behaved client makes it: the status
// of the answer (0 when none came within `timeoutMs`, or the connection was reset) and how
// long it took. `meanwhile` runs once the request is sent, before the answer is read.
std::pair<int, qint64> legitimateRequest(quint16 port, const std::function<void()> &meanwhile = {},
                                         int timeoutMs = 20'000)
{
    QElapsedTimer elapsed;
    elapsed.start();
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return {0, 0};
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    std::ignore = ::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address);
    QByteArray toSend = LegitimateRequest;
    QByteArray received;
    bool closed = false;
    // The server may run in this process: wait with its event loop running.
    std::ignore = QTest::qWaitFor(
        [&] {
            if (!toSend.isEmpty()) {
                const ssize_t sent
                    = ::send(fd, toSend.constData(), size_t(toSend.size()), MSG_NOSIGNAL);
                if (sent > 0)
                    toSend.remove(0, sent);
                if (toSend.isEmpty() && meanwhile)
                    meanwhile();
            }
            char buffer[16384];
            for (;;) {
                const ssize_t got = ::recv(fd, buffer, sizeof buffer, 0);
                if (got > 0) {
                    received.append(buffer, got);
                    continue;
                }
                closed = got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
                break;
            }
            return closed;
        },
        timeoutMs);
    ::close(fd);
    const int status = received.startsWith("HTTP/1.1 ") ? received.mid(9, 3).toInt() : 0;
    return {status, elapsed.elapsed()};
}

rlimit fileLimit()
{
    rlimit limit {};
    ::getrlimit(RLIMIT_NOFILE, &limit);
    return limit;
}

const QString ServerBinary = QStringLiteral(SLOTLINE_SERVER_BINARY);

} // namespace

// Connection floods against the request guard's cap on connections, its idle timeout and
// the process's open file limit: a server in a process of its own, so that the client's
// ten thousand descriptors and the server's are counted apart, as in real life.
class TestIdleConnections : public QObject
{
    Q_OBJECT

private:
    static constexpr int FloodSize = 10'000;
    static constexpr int IdleTimeoutSeconds = 5;

    // Opens `count` more connections of the flood, `batch` at a time, each batch
    // established before the next starts (as a client on a real network would be).
    static bool openInBatches(SocketFlood &flood, int count, int batch)
    {
        for (int opened = 0; opened < count; opened += batch) {
            const int now = std::min(batch, count - opened);
            if (flood.open(now) != now || !flood.waitUntilEstablished(60'000))
                return false;
        }
        return true;
    }

private Q_SLOTS:
    void initTestCase()
    {
        // The flood's descriptors are this process's: take what the hard limit allows.
        rlimit limit = fileLimit();
        limit.rlim_cur = limit.rlim_max;
        QVERIFY(::setrlimit(RLIMIT_NOFILE, &limit) == 0);
        QVERIFY2(fileLimit().rlim_cur >= rlim_t(FloodSize) + 1024,
                 qPrintable(u"the open file limit (%1) does not allow %2 connections"_s
                                .arg(fileLimit().rlim_cur)
                                .arg(FloodSize)));
    }

    void tenThousandIdleConnectionsCannotCrowdOutAClient()
    {
        const int cap = HttpLimits().maxConnections;
        const rlim_t hard = fileLimit().rlim_max;
        ServeProcess server(ServerBinary, 1024, hard,
                            {u"--idle-timeout"_s, QString::number(IdleTimeoutSeconds)});
        QVERIFY2(server.port() != 0, qPrintable(server.standardError()));

        // Started with Debian's default soft limit, it took all the hard limit allows.
        QCOMPARE(server.fileLimits(), (std::pair<qint64, qint64>(qint64(hard), qint64(hard))));
        QVERIFY2(
            server.standardError().contains(u"open file limit raised from 1024 to %1"_s.arg(hard)),
            qPrintable(server.standardError()));

        QCOMPARE(legitimateRequest(server.port()).first, 200);
        const int baselineDescriptors = server.openDescriptors();
        const qint64 baselineKb = server.residentKb();

        SocketFlood flood(server.port());
        // As many idle connections as the server takes...
        QVERIFY(openInBatches(flood, cap, 256));
        QTRY_VERIFY_WITH_TIMEOUT(server.openDescriptors() >= baselineDescriptors + cap, 60'000);
        const qint64 atCapacityKb = server.residentKb();
        const auto [statusAtCapacity, latencyAtCapacity] = legitimateRequest(server.port());
        QCOMPARE(statusAtCapacity, 200);

        // ...and four times as many again: each newcomer closes the longest-idle one.
        qint64 slowestLegitimateMs = latencyAtCapacity;
        while (flood.size() < FloodSize) {
            QVERIFY(openInBatches(flood, std::min(2000, FloodSize - flood.size()), 500));
            const auto [status, latency] = legitimateRequest(server.port());
            QCOMPARE(status, 200);
            qInfo("%d connections opened; a request took %lld ms", flood.size(), latency);
            slowestLegitimateMs = std::max(slowestLegitimateMs, latency);
            QVERIFY2(server.openDescriptors() <= baselineDescriptors + cap + 2,
                     qPrintable(QString::number(server.openDescriptors())));
        }
        QVERIFY2(flood.waitUntilOpenAtMost(cap, 60'000),
                 qPrintable(QString::number(flood.count(SocketFlood::State::Open))));
        QCOMPARE(flood.count(SocketFlood::State::Failed), 0);
        // The oldest went first, quietly (no error response for an idle connection).
        QCOMPARE(flood.state(0), SocketFlood::State::ClosedByPeer);
        QCOMPARE(flood.state(FloodSize - 1), SocketFlood::State::Open);
        QCOMPARE(flood.connectionsWithData(), 0);
        const qint64 floodedKb = server.residentKb();

        // Memory follows the connections held, not the connections ever made: the 7,952
        // beyond the cap cost less than the first 2,048 did.
        qInfo("server memory: %lld KiB at rest, %lld KiB holding %d connections, %lld KiB "
              "after %d (peak %lld KiB); descriptors %d at rest; slowest request meanwhile "
              "%lld ms",
              baselineKb, atCapacityKb, cap, floodedKb, FloodSize, server.peakResidentKb(),
              baselineDescriptors, slowestLegitimateMs);
        QVERIFY2(floodedKb - atCapacityKb < atCapacityKb - baselineKb,
                 qPrintable(
                     u"%1 KiB, %2 KiB, %3 KiB"_s.arg(baselineKb).arg(atCapacityKb).arg(floodedKb)));

        // Left alone, the rest are closed after the idle timeout, and the server serves on.
        QVERIFY2(flood.waitUntilOpenAtMost(0, (IdleTimeoutSeconds + 60) * 1000),
                 qPrintable(QString::number(flood.count(SocketFlood::State::Open))));
        QTRY_VERIFY_WITH_TIMEOUT(server.openDescriptors() <= baselineDescriptors + 2, 30'000);
        flood.closeAll();
        QCOMPARE(legitimateRequest(server.port()).first, 200);
        QVERIFY2(server.stop(), qPrintable(server.standardError()));
    }

    void atTheOpenFileLimitIdleConnectionsMakeRoom()
    {
        // A hard limit below --max-connections: the process runs out of descriptors first.
        const rlim_t limit = 512;
        ServeProcess server(ServerBinary, limit, limit,
                            {u"--idle-timeout"_s, QString::number(IdleTimeoutSeconds)});
        QVERIFY2(server.port() != 0, qPrintable(server.standardError()));
        QVERIFY2(server.standardError().contains(
                     u"open file limit is 512 - fewer connections than 2048 can be served"_s),
                 qPrintable(server.standardError()));

        const int baselineDescriptors = server.openDescriptors();
        SocketFlood flood(server.port());
        QVERIFY(openInBatches(flood, 1500, 100));
        // Connections stop short of the limit by the reserve, evicting the longest idle.
        const int ceiling = int(limit) - GuardedTcpServer::ReservedDescriptors;
        QVERIFY(flood.waitUntilOpenAtMost(ceiling, 60'000));
        QVERIFY2(
            server.openDescriptors() <= baselineDescriptors + ceiling + 1,
            qPrintable(
                u"%1 open, %2 before"_s.arg(server.openDescriptors()).arg(baselineDescriptors)));
        const qint64 ticksBefore = server.cpuTicks();
        const auto [status, latency] = legitimateRequest(server.port());
        QCOMPARE(status, 200);
        QTest::qWait(1000);
        qInfo("at the open file limit: %d connections held, a request took %lld ms; the idle "
              "server used %lld CPU ticks in the second after",
              flood.count(SocketFlood::State::Open), latency, server.cpuTicks() - ticksBefore);

        QVERIFY(flood.waitUntilOpenAtMost(0, (IdleTimeoutSeconds + 60) * 1000));
        flood.closeAll();
        QCOMPARE(legitimateRequest(server.port()).first, 200);
        QVERIFY2(server.stop(), qPrintable(server.standardError()));
    }

    void aClientAmidAFloodIsServedNotEvicted()
    {
        // More newcomers at once than the server holds, a client among them: it must not
        // be evicted as idle before its request, already sent, has been read.
        ServeProcess server(ServerBinary, 1024, fileLimit().rlim_max,
                            {u"--max-connections"_s, u"200"_s});
        QVERIFY2(server.port() != 0, qPrintable(server.standardError()));
        for (int round = 0; round < 3; ++round) {
            SocketFlood flood(server.port());
            QCOMPARE(flood.open(800), 800);
            const auto [status, latency]
                = legitimateRequest(server.port(), [&] { QCOMPARE(flood.open(800), 800); });
            QVERIFY2(status == 200, qPrintable(u"round %1: %2"_s.arg(round).arg(status)));
            qInfo("amid 1,600 newcomers a request took %lld ms", latency);
        }
        QVERIFY2(server.stop(), qPrintable(server.standardError()));
    }

    void slowClientsFillingEverySlotAreCutOffThenOthersAreServed()
    {
        // Slow clients are never idle, so none can be evicted: while they hold every slot,
        // a newcomer is told to come back (503, Retry-After); after the header timeout they
        // are gone (408) and it is served.
        const int cap = 100;
        ServeProcess server(
            ServerBinary, 1024, fileLimit().rlim_max,
            {u"--max-connections"_s, QString::number(cap), u"--header-timeout"_s, u"2"_s});
        QVERIFY2(server.port() != 0, qPrintable(server.standardError()));
        const int baselineDescriptors = server.openDescriptors();
        SocketFlood slow(server.port());
        QVERIFY(openInBatches(slow, cap, 50));
        QCOMPARE(slow.sendToOpen("GET /api/v2/openapi.json HTTP/1.1\r\nHost: x\r\n"), cap);
        QTRY_VERIFY_WITH_TIMEOUT(server.openDescriptors() >= baselineDescriptors + cap, 30'000);

        // Answered at once: told to come back, unless it came before the server had seen
        // a slow one's first bytes, which then made room as the longest idle.
        SocketFlood newcomer(server.port());
        QCOMPARE(newcomer.open(1), 1);
        QVERIFY(newcomer.waitUntilEstablished(30'000));
        newcomer.sendToOpen(LegitimateRequest);
        QVERIFY(newcomer.waitUntilOpenAtMost(0, 30'000));
        const QByteArray answer = newcomer.firstData();
        QVERIFY2((answer.startsWith("HTTP/1.1 503 ") && answer.contains("Retry-After: 1\r\n"))
                     || answer.startsWith("HTTP/1.1 200 "),
                 answer.left(300).constData());

        // The slow ones cannot finish in time, a byte at a time: each is answered 408 and
        // closed, and the server serves again.
        for (int i = 0; i < 4 && slow.count(SocketFlood::State::Open) > 0; ++i) {
            QTest::qWait(1000);
            slow.update();
            slow.sendToOpen("X");
        }
        QVERIFY(slow.waitUntilOpenAtMost(0, 30'000));
        QVERIFY(slow.connectionsWithData() >= cap - 1);
        QVERIFY2(slow.firstData().startsWith("HTTP/1.1 408 "), slow.firstData().constData());
        // Once they have lingered (the server drains what a refused client still sends for
        // a moment, then closes), their slots are free.
        QTRY_VERIFY_WITH_TIMEOUT(server.openDescriptors() <= baselineDescriptors + 2, 30'000);
        QCOMPARE(legitimateRequest(server.port()).first, 200);
        QVERIFY2(server.stop(), qPrintable(server.standardError()));
    }

    void acceptingResumesAfterRunningOutOfDescriptors()
    {
        // The sanitizers need descriptors of their own to check the warning the server
        // logs; none will be left.
        QLoggingCategory::setFilterRules(u"slotline.server.guard.warning=false"_s);
        TestServer server;
        // A client socket made while descriptors are still to be had...
        const int client = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        QVERIFY(client >= 0);
        // ...then none left: the lowest free descriptor is the limit.
        const int lowestFree = ::dup(0);
        QVERIFY(lowestFree >= 0);
        ::close(lowestFree);
        const rlimit saved = fileLimit();
        rlimit exhausted = saved;
        exhausted.rlim_cur = rlim_t(lowestFree);
        QVERIFY(::setrlimit(RLIMIT_NOFILE, &exhausted) == 0);

        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_port = htons(server.port());
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        std::ignore
            = ::connect(client, reinterpret_cast<const sockaddr *>(&address), sizeof address);
        // The server's first accept() fails, and QTcpServer stops accepting.
        const bool failed = QTest::qWaitFor(
            [&] { return server.server().guardStatistics().acceptFailures > 0; }, 10'000);
        QVERIFY(::setrlimit(RLIMIT_NOFILE, &saved) == 0);
        QVERIFY(failed);

        // Descriptors free again: the server accepts, and serves, new connections...
        QCOMPARE(legitimateRequest(server.port()).first, 200);
        // ...and the one that waited meanwhile is served or closed, not left hanging (were
        // it taken while none were free, it was the longest idle, and made room).
        QByteArray received;
        // A send that fails found the connection closed already.
        bool closed = ::send(client, LegitimateRequest.constData(),
                             size_t(LegitimateRequest.size()), MSG_NOSIGNAL)
                      != LegitimateRequest.size();
        const bool answered
            = closed
              || QTest::qWaitFor(
                  [&] {
                      char buffer[4096];
                      const ssize_t got = ::recv(client, buffer, sizeof buffer, 0);
                      if (got > 0)
                          received.append(buffer, got);
                      closed = got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
                      return received.size() >= 12 || closed;
                  },
                  10'000);
        ::close(client);
        QVERIFY(answered);
        QVERIFY2(closed || received.startsWith("HTTP/1.1 200"), received.left(200).constData());
        QLoggingCategory::setFilterRules(QString());
    }
};

QTEST_GUILESS_MAIN(TestIdleConnections)
#include "tst_idleconnections.moc"
