#include "core/ids.h"
#include "server/connectors/sandboxconnector.h"
#include "server/publishing/connectorregistry.h"
#include "server/publishing/dispatcher.h"
#include "storage/accountrepository.h"
#include "storage/creditrepository.h"
#include "storage/database.h"
#include "storage/projectrepository.h"
#include "storage/sandboxpublicationrepository.h"
#include "storage/statement.h"
#include "storage/submissionrepository.h"
#include "support/manualclock.h"

#include <QLoggingCategory>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::test;

namespace {

// Takes publications and never answers, like a connector whose server died mid-call;
// optionally it publishes before going silent.
class SilentConnector : public Connector
{
public:
    SilentConnector(Database &database, bool publishFirst)
        : m_database(database)
        , m_publishFirst(publishFirst)
    { }
    QString name() const override { return QStringLiteral("sandbox"); }
    void publish(const PublishRequest &request, Done) override
    {
        ++received;
        if (!m_publishFirst)
            return;
        SandboxPublication publication;
        publication.id = ids::unguessableToken();
        publication.token = request.token;
        publication.accountId = request.account.id;
        publication.accountName = request.account.name;
        publication.username = request.account.username;
        publication.platform = request.account.platform;
        publication.text = request.submission.text;
        publication.publishedAtMs = 1;
        SandboxPublicationRepository(m_database).publish(publication);
    }
    void lookup(const PublishRequest &, Found) override { }

    int received = 0;

private:
    Database &m_database;
    bool m_publishFirst;
};

// Holds one account's publications until told to let them go, as a platform that answers
// slowly holds an account's queue; every other account's go to the sandbox at once.
class HoldingConnector : public Connector
{
public:
    HoldingConnector(Connector &sandbox, const QString &heldAccountId)
        : m_sandbox(sandbox)
        , m_heldAccountId(heldAccountId)
    { }
    QString name() const override { return m_sandbox.name(); }
    bool oneAtATimePerAccount() const override { return true; }
    void publish(const PublishRequest &request, Done done) override
    {
        if (request.account.id != m_heldAccountId) {
            m_sandbox.publish(request, std::move(done));
            return;
        }
        ++heldEver;
        m_held.append({request, std::move(done)});
    }
    void lookup(const PublishRequest &request, Found found) override
    {
        m_sandbox.lookup(request, std::move(found));
    }
    // From now on the held account's publications go through too.
    void release()
    {
        m_heldAccountId.clear();
        const auto held = std::exchange(m_held, {});
        for (const auto &[request, done] : held)
            m_sandbox.publish(request, done);
    }
    qsizetype holding() const { return m_held.size(); }

    int heldEver = 0;

private:
    Connector &m_sandbox;
    QString m_heldAccountId;
    QList<std::pair<PublishRequest, Done>> m_held;
};

// The dispatcher's log lines, for a test that reads what it says about its progress.
QStringList capturedLog;
QtMessageHandler previousHandler = nullptr;
QLoggingCategory::CategoryFilter previousFilter = nullptr;
// Whatever the environment's logging rules say, the dispatcher's info lines are wanted here.
void dispatcherInfoOn(QLoggingCategory *category)
{
    if (previousFilter)
        previousFilter(category);
    if (qstrcmp(category->categoryName(), "slotline.server.dispatcher") == 0)
        category->setEnabled(QtInfoMsg, true);
}
void captureLog(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (qstrcmp(context.category, "slotline.server.dispatcher") == 0)
        capturedLog.append(message);
    if (previousHandler)
        previousHandler(type, context, message);
}

} // namespace

class TestDispatcher : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    ManualClock m_clock;
    std::unique_ptr<Database> m_database;
    QString m_project;
    QString m_account;

    QString submit(const QString &text, std::optional<qint64> at = std::nullopt,
                   const QString &accountId = {})
    {
        Submission submission;
        submission.id = ids::generate(IdKind::PostSubmission);
        submission.projectId = m_project;
        submission.accountId = accountId.isEmpty() ? m_account : accountId;
        submission.platform = Platform::LinkedIn;
        submission.text = text;
        submission.status = at ? SubmissionStatus::Scheduled : SubmissionStatus::InProgress;
        submission.scheduledAtMs = at;
        if (at)
            submission.scheduleId = ids::generate(IdKind::Schedule);
        submission.createdAtMs = submission.updatedAtMs = m_clock.nowMs();
        CreditRepository(*m_database, m_clock).reserve(m_project, submission.id);
        SubmissionRepository(*m_database, m_clock).insert(submission, at.value_or(m_clock.nowMs()));
        return submission.id;
    }
    Submission read(const QString &id)
    {
        return *SubmissionRepository(*m_database, m_clock).findAnyProject(id);
    }
    CreditBalance credits() { return *CreditRepository(*m_database, m_clock).balance(m_project); }
    int count(const QString &table)
    {
        Statement query(*m_database, QStringLiteral("SELECT count(*) FROM ") + table);
        query.exec();
        query.next();
        return int(query.integer(0));
    }
    static bool settle(Dispatcher &dispatcher)
    {
        QSignalSpy settled(&dispatcher, &Dispatcher::settled);
        dispatcher.wake();
        return settled.wait(10'000);
    }

private Q_SLOTS:
    void init()
    {
        m_database = std::make_unique<Database>();
        m_database->open(m_directory.filePath(QString::fromLatin1(QTest::currentTestFunction())
                                              + QStringLiteral(".db")));
        m_project = ProjectRepository(*m_database, m_clock)
                        .create(NewProject {
                            QStringLiteral("P"), QStringLiteral("UTC"), {}, QStringLiteral("O")})
                        .id;
        m_account = AccountRepository(*m_database, m_clock)
                        .add(NewAccount {m_project,
                                         Platform::LinkedIn,
                                         QStringLiteral("Brand"),
                                         QStringLiteral("brand"),
                                         {},
                                         QStringLiteral("sandbox")})
                        .id;
        CreditRepository(*m_database, m_clock).grant(m_project, 1000, {});
    }
    void cleanup() { m_database.reset(); }

    void publishesWhenDueNotBefore()
    {
        SandboxConnector sandbox(*m_database, m_clock, QStringLiteral("http://test"));
        ConnectorRegistry connectors;
        connectors.add(&sandbox);
        Dispatcher dispatcher(*m_database, m_clock, connectors, DispatcherConfig {});
        dispatcher.start();
        const QString now = submit(QStringLiteral("now"));
        const QString later = submit(QStringLiteral("later"), m_clock.nowMs() + 600'000);
        QVERIFY(settle(dispatcher));
        QVERIFY(read(now).status == SubmissionStatus::Published);
        QVERIFY(read(later).status == SubmissionStatus::Scheduled);
        QVERIFY(read(now).publicUrl.startsWith(u"http://test/sandbox/posts/"));

        m_clock.advanceMs(599'999);
        QVERIFY(settle(dispatcher));
        QVERIFY(read(later).status == SubmissionStatus::Scheduled);
        m_clock.advanceMs(1);
        QVERIFY(settle(dispatcher));
        QVERIFY(read(later).status == SubmissionStatus::Published);
        QCOMPARE(read(later).attempts, 1);
        QCOMPARE(count(QStringLiteral("published_posts")), 2);
        QCOMPARE(credits().used, 2);
        QCOMPARE(credits().reserved, 0);
    }

    void sleepsUntilTheNextDueTimeWithoutPolling()
    {
        SystemClock clock;
        SandboxConnector sandbox(*m_database, clock, QStringLiteral("http://test"));
        ConnectorRegistry connectors;
        connectors.add(&sandbox);
        Dispatcher dispatcher(*m_database, clock, connectors, DispatcherConfig {});
        dispatcher.start();
        const QString soon = submit(QStringLiteral("in 300 ms"), clock.nowMs() + 300);
        dispatcher.wake();
        QTest::qWait(100);
        QVERIFY(read(soon).status == SubmissionStatus::Scheduled);
        // Nobody wakes it: its own timer does, at the due time.
        QTRY_VERIFY_WITH_TIMEOUT(read(soon).status == SubmissionStatus::Published, 5000);
    }

    void retryableErrorsAreRetriedWithBackoffThenFail()
    {
        SandboxConnector sandbox(*m_database, m_clock, QStringLiteral("http://test"));
        int attempts = 0;
        sandbox.setFailureInjection([&attempts](const PublishRequest &) {
            ++attempts;
            return PublishResult::failure(FailureCode::PlatformUnavailable,
                                          QStringLiteral("platform timeout"), true);
        });
        ConnectorRegistry connectors;
        connectors.add(&sandbox);
        DispatcherConfig config; // 3 attempts, 2 s then 8 s apart
        Dispatcher dispatcher(*m_database, m_clock, connectors, config);
        dispatcher.start();
        const QString id = submit(QStringLiteral("flaky"));
        QVERIFY(settle(dispatcher));
        QCOMPARE(attempts, 1);
        QVERIFY(read(id).status == SubmissionStatus::InProgress);
        QCOMPARE(read(id).errorMessage, QStringLiteral("platform timeout"));

        m_clock.advanceMs(1999);
        QVERIFY(settle(dispatcher));
        QCOMPARE(attempts, 1); // not before the backoff
        m_clock.advanceMs(1);
        QVERIFY(settle(dispatcher));
        QCOMPARE(attempts, 2);
        m_clock.advanceMs(8000);
        QVERIFY(settle(dispatcher));
        QCOMPARE(attempts, 3);
        QVERIFY(read(id).status == SubmissionStatus::Failed);
        QCOMPARE(read(id).errorMessage, QStringLiteral("platform timeout"));
        QCOMPARE(read(id).errorCode, QStringLiteral("platform_unavailable"));
        QCOMPARE(credits().reserved, 0);
        QCOMPARE(credits().used, 0);
        m_clock.advanceMs(3'600'000);
        QVERIFY(settle(dispatcher));
        QCOMPARE(attempts, 3); // never again
    }

    void aFlakyPostSucceedsOnItsThirdAttempt()
    {
        SandboxConnector sandbox(*m_database, m_clock, QStringLiteral("http://test"));
        ConnectorRegistry connectors;
        connectors.add(&sandbox);
        Dispatcher dispatcher(*m_database, m_clock, connectors, DispatcherConfig {});
        dispatcher.start();
        const QString id = submit(QStringLiteral("hello [sandbox:flaky]"));
        QVERIFY(settle(dispatcher));
        m_clock.advanceMs(2000);
        QVERIFY(settle(dispatcher));
        m_clock.advanceMs(8000);
        QVERIFY(settle(dispatcher));
        QVERIFY(read(id).status == SubmissionStatus::Published);
        QCOMPARE(read(id).attempts, 3);
        QVERIFY(read(id).errorMessage.isEmpty());
        QCOMPARE(credits().used, 1);
    }

    void refusedPostsFailAtOnceAndGetTheirCreditBack()
    {
        SandboxConnector sandbox(*m_database, m_clock, QStringLiteral("http://test"));
        ConnectorRegistry connectors;
        connectors.add(&sandbox);
        Dispatcher dispatcher(*m_database, m_clock, connectors, DispatcherConfig {});
        dispatcher.start();
        const QString id = submit(QStringLiteral("[sandbox:fail]"));
        QVERIFY(settle(dispatcher));
        QVERIFY(read(id).status == SubmissionStatus::Failed);
        QCOMPARE(read(id).attempts, 1);
        QVERIFY(read(id).errorMessage.contains(QStringLiteral("refused")));
        QCOMPARE(read(id).errorCode, QStringLiteral("platform_refused"));
        QCOMPARE(credits().reserved, 0);
        QCOMPARE(count(QStringLiteral("sandbox_publications")), 0);
    }

    void anAccountWithoutAConnectorFails()
    {
        ConnectorRegistry connectors; // nothing registered
        Dispatcher dispatcher(*m_database, m_clock, connectors, DispatcherConfig {});
        dispatcher.start();
        const QString id = submit(QStringLiteral("nowhere to go"));
        QVERIFY(settle(dispatcher));
        QVERIFY(read(id).status == SubmissionStatus::Failed);
        QVERIFY(read(id).errorMessage.contains(QStringLiteral("connector")));
        QCOMPARE(read(id).errorCode, QStringLiteral("connector_unavailable"));
    }

    void aCrashAfterThePlatformPublishedIsSettledWithoutPublishingAgain()
    {
        const QString id = submit(QStringLiteral("published, then the server died"));
        {
            SilentConnector silent(*m_database, true);
            ConnectorRegistry connectors;
            connectors.add(&silent);
            Dispatcher crashed(*m_database, m_clock, connectors, DispatcherConfig {});
            crashed.start();
            crashed.wake();
            QTRY_COMPARE(silent.received, 1);
        } // the dispatcher is gone without hearing the result
        QVERIFY(read(id).status == SubmissionStatus::InProgress);
        QVERIFY(!read(id).claimToken.isEmpty());
        QCOMPARE(count(QStringLiteral("sandbox_publications")), 1);

        SandboxConnector sandbox(*m_database, m_clock, QStringLiteral("http://test"));
        int published = 0;
        sandbox.setFailureInjection([&published](const PublishRequest &) {
            ++published; // counts attempts that reach the platform again
            return std::nullopt;
        });
        ConnectorRegistry connectors;
        connectors.add(&sandbox);
        Dispatcher restarted(*m_database, m_clock, connectors, DispatcherConfig {});
        QSignalSpy settled(&restarted, &Dispatcher::settled);
        restarted.start();
        QVERIFY(settled.wait(10'000));
        QVERIFY(read(id).status == SubmissionStatus::Published);
        QCOMPARE(published, 0); // the connector was asked, not sent the post again
        QCOMPARE(count(QStringLiteral("sandbox_publications")), 1);
        QCOMPARE(count(QStringLiteral("published_posts")), 1);
        QCOMPARE(credits().used, 1);
        QCOMPARE(credits().reserved, 0);
        QCOMPARE(read(id).attempts, 1);
    }

    void aCrashBeforeThePlatformPublishedIsRetriedWithTheSameToken()
    {
        const QString id = submit(QStringLiteral("claimed, then the server died"));
        {
            SilentConnector silent(*m_database, false);
            ConnectorRegistry connectors;
            connectors.add(&silent);
            Dispatcher crashed(*m_database, m_clock, connectors, DispatcherConfig {});
            crashed.start();
            crashed.wake();
            QTRY_COMPARE(silent.received, 1);
        }
        QCOMPARE(count(QStringLiteral("sandbox_publications")), 0);

        SandboxConnector sandbox(*m_database, m_clock, QStringLiteral("http://test"));
        QStringList tokens;
        sandbox.setFailureInjection([&tokens](const PublishRequest &request) {
            tokens.append(request.token);
            return std::nullopt;
        });
        ConnectorRegistry connectors;
        connectors.add(&sandbox);
        Dispatcher restarted(*m_database, m_clock, connectors, DispatcherConfig {});
        QSignalSpy settled(&restarted, &Dispatcher::settled);
        restarted.start();
        QVERIFY(settled.wait(10'000));
        QCOMPARE(tokens, QStringList {id});
        QVERIFY(read(id).status == SubmissionStatus::Published);
        QCOMPARE(count(QStringLiteral("sandbox_publications")), 1);
        QCOMPARE(credits().used, 1);
    }

    void manyPostsDueAtOnceArePublishedOnceEach()
    {
        SandboxConnector sandbox(*m_database, m_clock, QStringLiteral("http://test"));
        ConnectorRegistry connectors;
        connectors.add(&sandbox);
        DispatcherConfig config;
        config.maxInFlight = 16; // several rounds of claims
        config.claimBatch = 10;
        Dispatcher dispatcher(*m_database, m_clock, connectors, config);
        dispatcher.start();
        const qint64 due = m_clock.nowMs() + 60'000;
        for (int i = 0; i < 300; ++i)
            submit(QStringLiteral("post %1").arg(i), due);
        m_clock.advanceMs(60'000);
        QVERIFY(settle(dispatcher));
        Statement statuses(
            *m_database,
            QStringLiteral("SELECT status, count(*) FROM submissions GROUP BY status"));
        statuses.exec();
        QVERIFY(statuses.next());
        QCOMPARE(statuses.text(0), QStringLiteral("published"));
        QCOMPARE(statuses.integer(1), 300);
        QVERIFY(!statuses.next());
        QCOMPARE(count(QStringLiteral("sandbox_publications")), 300);
        QCOMPARE(count(QStringLiteral("published_posts")), 300);
        Statement twice(
            *m_database,
            QStringLiteral("SELECT count(*) FROM (SELECT token FROM sandbox_publications "
                           "GROUP BY token HAVING count(*) > 1)"));
        twice.exec();
        twice.next();
        QCOMPARE(twice.integer(0), 0);
        QCOMPARE(credits().used, 300);
        QCOMPARE(dispatcher.inFlight(), 0);
    }

    void oneAccountsBacklogLeavesRoomForTheOthers()
    {
        const QString other = AccountRepository(*m_database, m_clock)
                                  .add(NewAccount {m_project,
                                                   Platform::Twitter,
                                                   QStringLiteral("Person"),
                                                   QStringLiteral("person"),
                                                   {},
                                                   QStringLiteral("sandbox")})
                                  .id;
        SandboxConnector sandbox(*m_database, m_clock, QStringLiteral("http://test"));
        HoldingConnector holding(sandbox, m_account);
        ConnectorRegistry connectors;
        connectors.add(&holding);
        DispatcherConfig config;
        config.maxInFlight = 16;
        config.claimsPerAccount = 4;
        config.progressEveryMs = 100;
        capturedLog.clear();
        previousFilter = QLoggingCategory::installFilter(dispatcherInfoOn);
        previousHandler = qInstallMessageHandler(captureLog);
        const auto restoreLog = qScopeGuard([] {
            qInstallMessageHandler(previousHandler);
            QLoggingCategory::installFilter(previousFilter);
        });

        // The held account's backlog is due first: without a bound per account it would take
        // every claim, and the other account's posts would wait behind it.
        const qint64 now = m_clock.nowMs();
        QStringList backlog;
        for (int i = 0; i < 40; ++i)
            backlog.append(submit(QStringLiteral("backlog %1").arg(i), now - 60'000));
        QStringList others;
        for (int i = 0; i < 5; ++i)
            others.append(submit(QStringLiteral("other %1").arg(i), now - 30'000, other));
        Dispatcher dispatcher(*m_database, m_clock, connectors, config);
        dispatcher.start();
        dispatcher.wake();
        QTRY_VERIFY(std::all_of(others.cbegin(), others.cend(), [this](const QString &id) {
            return read(id).status == SubmissionStatus::Published;
        }));
        QCOMPARE(holding.heldEver, 4);
        QCOMPARE(dispatcher.inFlight(), 4);
        QTRY_VERIFY(capturedLog.join(u'\n').contains(
            QStringLiteral("catching up: 36 posts due and waiting (the oldest for 60 s), 4 being "
                           "published; 5 published and 0 failed since the start")));

        holding.release();
        QTRY_VERIFY(std::all_of(backlog.cbegin(), backlog.cend(), [this](const QString &id) {
            return read(id).status == SubmissionStatus::Published;
        }));
        QCOMPARE(count(QStringLiteral("sandbox_publications")), 45);
        // Caught up means nothing is left waiting: each of the 45 posts is published or
        // being published when that is said (how many are still under way depends on when
        // the report's timer fires against the last results).
        static const QRegularExpression caughtUp(
            QStringLiteral("caught up: ([0-9]+) published and 0 failed since the start, ([0-9]+) "
                           "being published"));
        QTRY_VERIFY(caughtUp.match(capturedLog.join(u'\n')).hasMatch());
        const QRegularExpressionMatch report = caughtUp.match(capturedLog.join(u'\n'));
        QCOMPARE(report.captured(1).toInt() + report.captured(2).toInt(), 45);
    }
};

QTEST_GUILESS_MAIN(TestDispatcher)
#include "tst_dispatcher.moc"
