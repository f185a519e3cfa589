#include "storage/database.h"
#include "storage/statement.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <csignal>
#include <tuple>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

// `slotline-server serve` as a user runs it: a real process, a port it picked, a
// signal to stop it.
class TestServeProcess : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    QString m_key;

    QProcess *startServe(const QStringList &extra = {}, const QString &dataDirectory = {})
    {
        auto *process = new QProcess(this);
        process->setProgram(QStringLiteral(SLOTLINE_SERVER_BINARY));
        process->setArguments(
            QStringList {QStringLiteral("serve"), QStringLiteral("--data"),
                         dataDirectory.isEmpty() ? m_directory.path() : dataDirectory,
                         QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")}
            + extra);
        process->start();
        return process;
    }

    static quint16 waitForPort(QProcess *process)
    {
        static const QRegularExpression listening(
            QStringLiteral("listening on http://127\\.0\\.0\\.1:(\\d+)/api/v2"));
        QByteArray output;
        QRegularExpressionMatch match;
        std::ignore = QTest::qWaitFor(
            [&] {
                output += process->readAllStandardOutput();
                match = listening.match(QString::fromUtf8(output));
                return match.hasMatch() || process->state() == QProcess::NotRunning;
            },
            20'000);
        return match.hasMatch() ? quint16(match.captured(1).toUInt()) : 0;
    }

    static int getStatus(quint16 port, const QString &path, const QString &key)
    {
        QNetworkAccessManager manager;
        QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)));
        request.setRawHeader("x-api-key", key.toLatin1());
        std::unique_ptr<QNetworkReply> reply(manager.get(request));
        std::ignore = QTest::qWaitFor([&] { return reply->isFinished(); }, 10'000);
        return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    }

    // A request with the demo key; the answer's status and JSON body.
    std::pair<int, QJsonObject> call(quint16 port, const QByteArray &method, const QString &path,
                                     const QJsonObject &body = {})
    {
        QNetworkAccessManager manager;
        QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)));
        request.setRawHeader("x-api-key", m_key.toLatin1());
        request.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArrayLiteral("application/json"));
        std::unique_ptr<QNetworkReply> reply(
            manager.sendCustomRequest(request, method, QJsonDocument(body).toJson()));
        std::ignore = QTest::qWaitFor([&] { return reply->isFinished(); }, 10'000);
        return {reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
                QJsonDocument::fromJson(reply->readAll()).object()};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QProcess demo;
        demo.start(QStringLiteral(SLOTLINE_SERVER_BINARY),
                   {QStringLiteral("init-demo"), QStringLiteral("--data"), m_directory.path(),
                    QStringLiteral("--timezone"), QStringLiteral("Europe/Berlin"),
                    QStringLiteral("--json")});
        QVERIFY(demo.waitForFinished(30'000));
        QCOMPARE(demo.exitCode(), 0);
        m_key = QJsonDocument::fromJson(demo.readAllStandardOutput())
                    .object()
                    .value(QStringLiteral("apiKey"))
                    .toString();
        QVERIFY(m_key.startsWith(u"slk_"));
    }

    void servesOnThePortItPrintsAndStopsCleanlyOnSigterm()
    {
        QProcess *serve = startServe();
        const quint16 port = waitForPort(serve);
        QVERIFY2(port > 0, serve->readAllStandardError().constData());
        QCOMPARE(getStatus(port, QStringLiteral("/api/v2/users/me"), m_key), 200);
        QCOMPARE(getStatus(port, QStringLiteral("/api/v2/users/me"),
                           QStringLiteral("slk_wrongwrongwrong")),
                 401);

        ::kill(pid_t(serve->processId()), SIGTERM);
        QVERIFY(serve->waitForFinished(10'000));
        QCOMPARE(serve->exitStatus(), QProcess::NormalExit);
        QCOMPARE(serve->exitCode(), 0);
        QVERIFY(serve->readAllStandardOutput().contains("Slotline server stopped."));

        // The call log was written before exit, not lost with the process.
        Database database;
        database.open(m_directory.filePath(QStringLiteral("slotline.db")));
        Statement calls(database,
                        QStringLiteral("SELECT count(*) FROM call_log WHERE path = '/users/me'"));
        calls.exec();
        QVERIFY(calls.next());
        QCOMPARE(calls.integer(0), 1);
    }

    void demoPostsArePublishedAtThePublicUrl()
    {
        QProcess *serve = startServe(
            {QStringLiteral("--public-url"), QStringLiteral("https://posts.example.com/")});
        const quint16 port = waitForPort(serve);
        QVERIFY(port > 0);
        const auto [status, accounts]
            = call(port, "GET", QStringLiteral("/api/v2/users/me/accounts"));
        QCOMPARE(status, 200);
        QString twitter;
        for (const QJsonValue &account : accounts.value(QStringLiteral("items")).toArray())
            if (account.toObject().value(QStringLiteral("platform")).toString() == u"twitter")
                twitter = account.toObject().value(QStringLiteral("id")).toString();
        QVERIFY(!twitter.isEmpty());

        const QJsonObject post {
            {QStringLiteral("post"),
             QJsonObject {{QStringLiteral("accountId"), twitter},
                          {QStringLiteral("content"),
                           QJsonObject {{QStringLiteral("text"), u"Hello from the demo"_s},
                                        {QStringLiteral("platform"), u"x"_s}}}}}};
        const auto [created, submission]
            = call(port, "POST", QStringLiteral("/api/v2/posts"), post);
        QCOMPARE(created, 201);
        const QString id = submission.value(QStringLiteral("postSubmissionId")).toString();
        QJsonObject published;
        QVERIFY(QTest::qWaitFor(
            [&] {
                published = call(port, "GET", QStringLiteral("/api/v2/posts/") + id).second;
                return published.value(QStringLiteral("status")).toString() == u"published";
            },
            10'000));
        const QString publicUrl = published.value(QStringLiteral("publicUrl")).toString();
        QVERIFY2(publicUrl.startsWith(u"https://posts.example.com/sandbox/posts/"),
                 qPrintable(publicUrl));
        QCOMPARE(getStatus(port, QUrl(publicUrl).path(), QString()), 200);

        // The demo's weekday slots give useNextFreeSlot somewhere to go.
        QJsonObject scheduled = post;
        scheduled.insert(QStringLiteral("useNextFreeSlot"), true);
        const auto [slotted, slot] = call(port, "POST", QStringLiteral("/api/v2/posts"), scheduled);
        QCOMPARE(slotted, 201);
        const QDateTime at = QDateTime::fromString(
            slot.value(QStringLiteral("scheduledTime")).toString(), Qt::ISODateWithMs);
        QVERIFY(at.isValid());
        const QDateTime wallClock = at.toTimeZone(QTimeZone("Europe/Berlin"));
        QVERIFY(wallClock.date().dayOfWeek() <= Qt::Friday);
        QVERIFY2(
            QList<QTime>({QTime(9, 0), QTime(12, 30), QTime(17, 0)}).contains(wallClock.time()),
            qPrintable(wallClock.toString(Qt::ISODate)));
        QCOMPARE(call(port, "DELETE",
                      QStringLiteral("/api/v2/schedules/")
                          + slot.value(QStringLiteral("scheduleId")).toString())
                     .first,
                 204);

        serve->terminate();
        QVERIFY(serve->waitForFinished(10'000));
    }

    void sigintStopsItToo()
    {
        QProcess *serve = startServe();
        QVERIFY(waitForPort(serve) > 0);
        ::kill(pid_t(serve->processId()), SIGINT);
        QVERIFY(serve->waitForFinished(10'000));
        QCOMPARE(serve->exitCode(), 0);
    }

    void badOptionsAndBusyPortsAreReported()
    {
        QProcess *bad = startServe({QStringLiteral("--listen"), QStringLiteral("nowhere")});
        QVERIFY(bad->waitForFinished(10'000));
        QCOMPARE(bad->exitCode(), 2);
        QVERIFY(bad->readAllStandardError().contains("--listen must be ADDRESS:PORT"));

        QProcess *limit = startServe({QStringLiteral("--read-limit"), QStringLiteral("0")});
        QVERIFY(limit->waitForFinished(10'000));
        QCOMPARE(limit->exitCode(), 2);

        QProcess *first = startServe();
        const quint16 port = waitForPort(first);
        QVERIFY(port > 0);
        // Another data directory: the same one would be refused before the port is tried.
        QTemporaryDir otherData;
        QProcess *second
            = startServe({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(port)},
                         otherData.path());
        QVERIFY(second->waitForFinished(10'000));
        QCOMPARE(second->exitCode(), 1);
        QVERIFY(second->readAllStandardError().contains("cannot listen"));
        first->terminate();
        QVERIFY(first->waitForFinished(10'000));
    }

    void aSecondServerOnTheSameDataIsRefusedUntilTheFirstIsGone()
    {
        QProcess *first = startServe();
        const quint16 port = waitForPort(first);
        QVERIFY(port > 0);

        QProcess *second = startServe();
        QVERIFY(second->waitForFinished(10'000));
        QCOMPARE(second->exitCode(), 1);
        const QByteArray refusal = second->readAllStandardError();
        QVERIFY2(
            refusal.contains(QByteArray("another slotline-server (process "
                                        + QByteArray::number(first->processId()) + ") is serving")),
            refusal.constData());
        QCOMPARE(getStatus(port, u"/api/v2/users/me"_s, m_key), 200);

        // The administrative commands are not servers: they still work beside it.
        QProcess projects;
        projects.start(QStringLiteral(SLOTLINE_SERVER_BINARY),
                       {u"projects"_s, u"list"_s, u"--data"_s, m_directory.path()});
        QVERIFY(projects.waitForFinished(30'000));
        QVERIFY2(projects.exitCode() == 0, projects.readAllStandardError().constData());

        // A server killed outright leaves no lock behind.
        first->kill();
        QVERIFY(first->waitForFinished(10'000));
        QProcess *third = startServe();
        const quint16 thirdPort = waitForPort(third);
        QVERIFY2(thirdPort > 0, third->readAllStandardError().constData());
        QCOMPARE(getStatus(thirdPort, u"/api/v2/users/me"_s, m_key), 200);
        third->terminate();
        QVERIFY(third->waitForFinished(10'000));
        QCOMPARE(third->exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TestServeProcess)
#include "tst_serveprocess.moc"
