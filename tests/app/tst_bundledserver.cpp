#include "app/bundledserver.h"
#include "client/apiclient.h"
#include "client/credentialstore.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <memory>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;
using slotline::app::BundledServer;
using slotline::client::ApiClient;
using slotline::client::ApiError;
using slotline::client::ApiResult;
using slotline::client::CredentialStore;

namespace {

constexpr int StartTimeoutMs = 60'000;

template<typename T, typename Start>
std::optional<ApiResult<T>> await(Start start)
{
    std::optional<ApiResult<T>> result;
    start([&result](const ApiResult<T> &answer) { result.emplace(answer); });
    if (!QTest::qWaitFor([&] { return result.has_value(); }, 15'000))
        qWarning("no answer");
    return result;
}

bool processExists(qint64 pid)
{
    return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno != ESRCH);
}

} // namespace

// The real slotline-server, run as the app runs it.
class TestBundledServer : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    CredentialStore m_credentials;

    std::unique_ptr<BundledServer> makeServer(const QString &name)
    {
        auto server = std::make_unique<BundledServer>(m_directory.filePath(name), m_credentials);
        server->setProgram(QStringLiteral(SLOTLINE_SERVER_BINARY));
        return server;
    }

    // The address and key ready() gave, or why there were none.
    struct Started
    {
        QUrl baseUrl;
        QString apiKey;
        QString failure;
    };
    static Started startAndWait(BundledServer &server)
    {
        QSignalSpy ready(&server, &BundledServer::ready);
        QSignalSpy failed(&server, &BundledServer::failed);
        server.start();
        if (!QTest::qWaitFor([&] { return !ready.isEmpty() || !failed.isEmpty(); }, StartTimeoutMs))
            return {{}, {}, u"neither ready() nor failed()"_s};
        if (!failed.isEmpty())
            return {{}, {}, failed.first().first().toString()};
        return {ready.first().at(0).toUrl(), ready.first().at(1).toString(), {}};
    }

    static bool stopAndWait(BundledServer &server)
    {
        QSignalSpy stopped(&server, &BundledServer::stopped);
        server.stop();
        return QTest::qWaitFor([&] { return !stopped.isEmpty(); }, 20'000) && stopped.size() == 1
               && server.state() == BundledServer::State::Stopped;
    }

    std::optional<ApiResult<UserProfile>> user(const QUrl &baseUrl, const QString &key)
    {
        ApiClient client;
        client.setBaseUrl(baseUrl);
        client.setApiKey(key);
        return await<UserProfile>([&](auto done) { client.getUser(this, done); });
    }

    QString storedKey(const QString &name)
    {
        std::optional<CredentialStore::Result> result;
        m_credentials.read(u"bundled-server:"_s + QDir::cleanPath(m_directory.filePath(name)), this,
                           [&result](const CredentialStore::Result &read) { result = read; });
        std::ignore = QTest::qWaitFor([&] { return result.has_value(); }, 5'000);
        return result ? result->secret : QString();
    }

    // A fake slotline-server: a shell script.
    QString script(const QString &name, const QByteArray &body)
    {
        const QString path = m_directory.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write("#!/bin/sh\n" + body + '\n') < 0)
            return QString();
        file.close();
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_directory.isValid());
        m_credentials.setKeychainEnabled(false);
        m_credentials.setFallbackFile(m_directory.filePath(u"credentials.json"_s));
        QVERIFY(QFileInfo(QStringLiteral(SLOTLINE_SERVER_BINARY)).isExecutable());
    }

    void firstStartMakesAWorkingKeyAndLaterStartsReuseIt()
    {
        auto server = makeServer(u"reuse"_s);
        const Started first = startAndWait(*server);
        QVERIFY2(first.failure.isEmpty(), qPrintable(first.failure));
        QCOMPARE(server->state(), BundledServer::State::Running);
        QCOMPARE(first.baseUrl.host(), u"127.0.0.1"_s);
        QVERIFY(first.baseUrl.port() > 0);
        QCOMPARE(server->baseUrl(), first.baseUrl);
        QVERIFY(first.apiKey.startsWith(u"slk_"));
        QCOMPARE(server->apiKey(), first.apiKey);
        QCOMPARE(storedKey(u"reuse"_s), first.apiKey);

        const auto demo = user(first.baseUrl, first.apiKey);
        QVERIFY(demo && demo->ok());
        QVERIFY(!demo->value().projectId.isEmpty());
        const QString projectId = demo->value().projectId;

        const qint64 pid = server->processId();
        QVERIFY(processExists(pid));
        QVERIFY(stopAndWait(*server));
        QVERIFY(!processExists(pid));
        QCOMPARE(server->processId(), 0);
        const auto gone = user(first.baseUrl, first.apiKey);
        QVERIFY(gone && !gone->ok());
        QCOMPARE(gone->error().kind(), ApiError::Kind::Network);

        // Again, by a new object as after a restart of the app: no second init-demo.
        server = makeServer(u"reuse"_s);
        const Started second = startAndWait(*server);
        QVERIFY2(second.failure.isEmpty(), qPrintable(second.failure));
        QCOMPARE(second.apiKey, first.apiKey);
        const auto again = user(second.baseUrl, second.apiKey);
        QVERIFY(again && again->ok());
        QCOMPARE(again->value().projectId, projectId);
        ApiClient client;
        client.setBaseUrl(second.baseUrl);
        client.setApiKey(second.apiKey);
        const auto keys = await<client::ItemPage<ApiKeyInfo>>(
            [&](auto done) { client.listApiKeys({}, this, done); });
        QVERIFY(keys && keys->ok());
        QCOMPARE(keys->value().items.size(), 1); // init-demo would have made another
        QVERIFY(stopAndWait(*server));
    }

    void aMissingProgramFailsClearly()
    {
        auto server = makeServer(u"missing"_s);
        const QString nowhere = m_directory.filePath(u"nowhere/slotline-server"_s);
        server->setProgram(nowhere);
        const Started started = startAndWait(*server);
        QVERIFY(started.failure.contains(nowhere));
        QVERIFY(started.failure.contains(u"does not exist"));
        QCOMPARE(server->state(), BundledServer::State::Stopped);

        server->setProgram(QString());
        const Started unnamed = startAndWait(*server);
        QVERIFY2(unnamed.failure.contains(u"SLOTLINE_SERVER"), qPrintable(unnamed.failure));
        QVERIFY(!QDir(server->dataDirectory()).exists());
    }

    void aDataDirectoryThatCannotBeCreatedFails()
    {
        QFile blocker(m_directory.filePath(u"a-file"_s));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        auto server = makeServer(u"a-file/server"_s);
        const Started started = startAndWait(*server);
        QVERIFY(!started.failure.isEmpty());
        QVERIFY2(started.failure.contains(server->dataDirectory()), qPrintable(started.failure));
        // The server's own words are passed on.
        QVERIFY2(started.failure.contains(u"cannot create the data directory"),
                 qPrintable(started.failure));
        QCOMPARE(server->state(), BundledServer::State::Stopped);
        QVERIFY(storedKey(u"a-file/server"_s).isEmpty());
    }

    void aServeThatExitsEarlyFailsWithItsErrors()
    {
        // A key is stored, so serve runs at once, over a database it cannot open.
        const QString directory = m_directory.filePath(u"broken"_s);
        QVERIFY(QDir().mkpath(directory + u"/slotline.db"_s));
        bool stored = false;
        m_credentials.write(
            u"bundled-server:"_s + directory, u"slk_whatever"_s, this,
            [&stored](const CredentialStore::Result &result) { stored = result.ok; });
        QTRY_VERIFY(stored);
        auto server = makeServer(u"broken"_s);
        const Started started = startAndWait(*server);
        QVERIFY2(started.failure.contains(u"stopped before it was ready"),
                 qPrintable(started.failure));
        QVERIFY2(started.failure.contains(u"error:"), qPrintable(started.failure));
        QCOMPARE(server->state(), BundledServer::State::Stopped);
    }

    void aServerThatNeverListensIsStoppedAfterTheTimeLimit()
    {
        const QString directory = m_directory.filePath(u"silent"_s);
        QVERIFY(QDir().mkpath(directory));
        QFile database(directory + u"/slotline.db"_s);
        QVERIFY(database.open(QIODevice::WriteOnly));
        database.close();
        bool stored = false;
        m_credentials.write(
            u"bundled-server:"_s + directory, u"slk_whatever"_s, this,
            [&stored](const CredentialStore::Result &result) { stored = result.ok; });
        QTRY_VERIFY(stored);

        auto server = makeServer(u"silent"_s);
        server->setProgram(script(u"silent-server"_s, "echo starting >&2\nexec sleep 60"));
        server->setStartTimeoutMs(500);
        QSignalSpy failed(server.get(), &BundledServer::failed);
        server->start();
        QTRY_VERIFY(server->processId() > 0);
        const qint64 pid = server->processId();
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10'000);
        const QString reason = failed.first().first().toString();
        QVERIFY2(reason.contains(u"did not start listening within 1 second"), qPrintable(reason));
        QVERIFY2(reason.contains(u"starting"), qPrintable(reason));
        QTRY_VERIFY(!processExists(pid));
        QCOMPARE(server->state(), BundledServer::State::Stopped);
    }

    void anExitAfterReadyIsUnexpected()
    {
        auto server = makeServer(u"crash"_s);
        const Started started = startAndWait(*server);
        QVERIFY2(started.failure.isEmpty(), qPrintable(started.failure));
        QSignalSpy unexpected(server.get(), &BundledServer::stoppedUnexpectedly);
        QSignalSpy stopped(server.get(), &BundledServer::stopped);
        ::kill(pid_t(server->processId()), SIGKILL);
        QTRY_COMPARE_WITH_TIMEOUT(unexpected.size(), 1, 10'000);
        QVERIFY(unexpected.first().first().toString().contains(u"crashed"));
        QCOMPARE(stopped.size(), 0);
        QCOMPARE(server->state(), BundledServer::State::Stopped);

        // It may be started again.
        const Started again = startAndWait(*server);
        QVERIFY2(again.failure.isEmpty(), qPrintable(again.failure));
        QCOMPARE(again.apiKey, started.apiKey);
        QVERIFY(stopAndWait(*server));
    }

    void renewKeyMakesANewKeyAndRevokesTheOld()
    {
        auto server = makeServer(u"renew"_s);
        const Started started = startAndWait(*server);
        QVERIFY2(started.failure.isEmpty(), qPrintable(started.failure));

        QSignalSpy renewed(server.get(), &BundledServer::keyRenewed);
        QSignalSpy renewalFailed(server.get(), &BundledServer::keyRenewalFailed);
        server->renewKey();
        QTRY_VERIFY_WITH_TIMEOUT(!renewed.isEmpty() || !renewalFailed.isEmpty(), 30'000);
        QVERIFY2(renewalFailed.isEmpty(), qPrintable(renewalFailed.value(0).value(0).toString()));
        const QString newKey = renewed.first().first().toString();
        QVERIFY(newKey.startsWith(u"slk_"));
        QVERIFY(newKey != started.apiKey);
        QCOMPARE(server->apiKey(), newKey);
        QCOMPARE(storedKey(u"renew"_s), newKey);

        const auto withNew = user(started.baseUrl, newKey);
        QVERIFY(withNew && withNew->ok());
        // The running server notices the revocation within its identity recheck.
        QVERIFY(QTest::qWaitFor(
            [&] {
                const auto withOld = user(started.baseUrl, started.apiKey);
                return withOld && !withOld->ok()
                       && withOld->error().kind() == ApiError::Kind::Unauthorized;
            },
            10'000));
        QVERIFY(stopAndWait(*server));
    }

    void stopWithoutAServerIsImmediate()
    {
        auto server = makeServer(u"never"_s);
        QSignalSpy stopped(server.get(), &BundledServer::stopped);
        server->stop();
        QCOMPARE(stopped.size(), 1);

        // Stopped while it prepares its data: no ready(), no failed(), no process left.
        QSignalSpy ready(server.get(), &BundledServer::ready);
        QSignalSpy failed(server.get(), &BundledServer::failed);
        server->start();
        QCOMPARE(server->state(), BundledServer::State::Starting);
        server->stop();
        QCOMPARE(stopped.size(), 2);
        QCOMPARE(server->state(), BundledServer::State::Stopped);

        // What the stopped start had asked for must not disturb the next one.
        const Started started = startAndWait(*server);
        QVERIFY2(started.failure.isEmpty(), qPrintable(started.failure));
        QCOMPARE(ready.size(), 1);
        QCOMPARE(failed.size(), 0);
        QCOMPARE(storedKey(u"never"_s), started.apiKey);
        QVERIFY(user(started.baseUrl, started.apiKey)->ok());
        QVERIFY(stopAndWait(*server));
    }

    void destroyingARunningServerEndsItsProcess()
    {
        auto server = makeServer(u"destroyed"_s);
        const Started started = startAndWait(*server);
        QVERIFY2(started.failure.isEmpty(), qPrintable(started.failure));
        const qint64 pid = server->processId();
        QVERIFY(processExists(pid));
        server.reset();
        QVERIFY(!processExists(pid));
    }

    void theProgramCanBeNamedInTheEnvironment()
    {
        qputenv("SLOTLINE_SERVER", "/opt/elsewhere/slotline-server");
        QCOMPARE(BundledServer::locateProgram(), u"/opt/elsewhere/slotline-server"_s);
        qputenv("SLOTLINE_SERVER", "sh"); // a bare name is looked up on the PATH
        QVERIFY(QFileInfo(BundledServer::locateProgram()).isAbsolute());
        QVERIFY(BundledServer::locateProgram().endsWith(u"/sh"));
        qunsetenv("SLOTLINE_SERVER");
        QVERIFY(BundledServer::locateProgram() != u"/opt/elsewhere/slotline-server"_s);
    }
};

QTEST_GUILESS_MAIN(TestBundledServer)
#include "tst_bundledserver.moc"
