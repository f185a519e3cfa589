// How late posts go out when many fall due at once: 10,000 posts scheduled for the same
// instant, published by the server's own Dispatcher through the sandbox connector into a
// real database file. It reports the lateness of each post (published minus scheduled)
// and checks that every post was published, none of them twice, and every credit charged.

#include "server/publishing/dispatcher.h"

#include "benchdatabase.h"
#include "core/clock.h"
#include "core/ids.h"
#include "core/submission.h"
#include "server/connectors/sandboxconnector.h"
#include "server/publishing/connectorregistry.h"
#include "storage/accountrepository.h"
#include "storage/creditrepository.h"
#include "storage/database.h"
#include "storage/projectrepository.h"
#include "storage/statement.h"
#include "storage/submissionrepository.h"
#include "storage/transaction.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QTextStream>
#include <QTimer>

#include <algorithm>

using namespace slotline;

namespace {

// Passes every call on to the sandbox and counts how often each token was sent: the
// sandbox would quietly answer a repeated token with its first result, and a repeat is
// exactly what must never happen.
class CountingConnector final : public Connector
{
public:
    explicit CountingConnector(Connector &inner)
        : m_inner(inner)
    { }
    QString name() const override { return m_inner.name(); }
    void publish(const PublishRequest &request, Done done) override
    {
        ++m_sent[request.token];
        m_inner.publish(request, std::move(done));
    }
    void lookup(const PublishRequest &request, Found found) override
    {
        m_inner.lookup(request, std::move(found));
    }

    qsizetype tokens() const { return m_sent.size(); }
    qsizetype repeated() const
    {
        return std::count_if(m_sent.cbegin(), m_sent.cend(), [](int sent) { return sent > 1; });
    }

private:
    Connector &m_inner;
    QHash<QString, int> m_sent;
};

qint64 countOf(Database &database, const QString &sql)
{
    Statement query(database, sql);
    query.exec();
    query.next();
    return query.integer(0);
}

// Stands where the server has its platform connectors: they publish an account's posts one
// at a time, which makes every claim bound those accounts (a heavier query), though none of
// this benchmark's posts goes to them.
class PlatformStandIn final : public Connector
{
public:
    QString name() const override { return QStringLiteral("x"); }
    void publish(const PublishRequest &, Done) override { }
    void lookup(const PublishRequest &, Found) override { }
    bool oneAtATimePerAccount() const override { return true; }
};

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Publishes many posts due at the same instant and reports how late they go out."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("posts"), QStringLiteral("Posts due at the same instant."),
                      QStringLiteral("n"), QStringLiteral("10000")});
    parser.addOption({QStringLiteral("accounts"), QStringLiteral("Accounts they are spread over."),
                      QStringLiteral("n"), QStringLiteral("20")});
    parser.addOption({QStringLiteral("lead"),
                      QStringLiteral("How far ahead the instant is, in ms (default: enough to "
                                     "submit the posts first)."),
                      QStringLiteral("ms")});
    parser.addOption({QStringLiteral("sandbox-only"),
                      QStringLiteral("No platform connector beside the sandbox: claims need not "
                                     "bound any account.")});
    BenchDatabase::addOption(parser);
    parser.process(app);
    const int postCount = std::max(10, parser.value(QStringLiteral("posts")).toInt());
    const int accountCount = std::max(1, parser.value(QStringLiteral("accounts")).toInt());
    QTextStream out(stdout);

    BenchDatabase storage;
    Database database;
    if (!storage.open(parser, database, out))
        return 2;
    const SystemClock clock;

    ProjectRepository projects(database, clock);
    AccountRepository accounts(database, clock);
    CreditRepository credits(database, clock);
    SubmissionRepository submissions(database, clock);
    const QString projectId
        = projects
              .create(NewProject {
                  QStringLiteral("Bench"), QStringLiteral("UTC"), {}, QStringLiteral("B")})
              .id;
    credits.grant(projectId, postCount, QStringLiteral("benchmark"));
    const Platform platformOf[] = {Platform::LinkedIn, Platform::Twitter, Platform::Facebook};
    QList<Account> team;
    for (int i = 0; i < accountCount; ++i)
        team.append(accounts.add(NewAccount {projectId,
                                             platformOf[i % 3],
                                             QStringLiteral("Account %1").arg(i),
                                             QStringLiteral("account%1").arg(i),
                                             {},
                                             QStringLiteral("sandbox")}));

    SandboxConnector sandbox(database, clock, QStringLiteral("http://127.0.0.1:8080"));
    CountingConnector counting(sandbox);
    ConnectorRegistry connectors;
    connectors.add(&counting);
    PlatformStandIn platform;
    const bool sandboxOnly = parser.isSet(QStringLiteral("sandbox-only"));
    if (!sandboxOnly)
        connectors.add(&platform);
    const DispatcherConfig config;
    Dispatcher dispatcher(database, clock, connectors, config);
    dispatcher.start(); // sleeping: nothing is due yet

    // Every post is submitted (its credit held) before the instant, as a user would; the
    // instant is far enough ahead for the inserts to finish first.
    QElapsedTimer setup;
    setup.start();
    const qint64 lead = parser.isSet(QStringLiteral("lead"))
                            ? parser.value(QStringLiteral("lead")).toLongLong()
                            : 2'000 + postCount / 2;
    const qint64 dueAt = clock.nowMs() + lead;
    {
        Transaction transaction(database);
        for (int i = 0; i < postCount; ++i) {
            const Account &account = team[i % team.size()];
            Submission post;
            post.id = ids::generate(IdKind::PostSubmission);
            post.projectId = projectId;
            post.accountId = account.id;
            post.platform = account.platform;
            post.text = QStringLiteral("Post %1 of the launch, all at once").arg(i);
            post.status = SubmissionStatus::Scheduled;
            post.scheduledAtMs = dueAt;
            post.scheduleId = ids::generate(IdKind::Schedule);
            post.createdAtMs = post.updatedAtMs = clock.nowMs();
            if (!credits.reserve(projectId, post.id)) {
                out << "error: no credit left for post " << i << Qt::endl;
                return 1;
            }
            submissions.insert(post, dueAt);
        }
        transaction.commit();
    }
    const qint64 setupMs = setup.elapsed();
    // A slow machine may still be submitting when the posts fall due. The run stays
    // correct (they are published at once), but their lateness then includes the wait
    // for the submissions' transaction; say so rather than fail.
    const qint64 overrunMs = clock.nowMs() - dueAt;
    if (overrunMs >= 0)
        out << "warning: the posts fell due " << overrunMs
            << " ms before they were all submitted; use a longer --lead for figures" << Qt::endl;
    dispatcher.wake(); // as POST /posts does

    // Settled after the instant means nothing is due and nothing is out: all done.
    bool finished = false;
    QObject::connect(&dispatcher, &Dispatcher::settled, &app, [&] {
        if (clock.nowMs() >= dueAt
            && countOf(database, QStringLiteral("SELECT count(*) FROM "
                                                "submissions WHERE status "
                                                "IN ('scheduled', "
                                                "'in-progress')"))
                   == 0) {
            finished = true;
            app.quit();
        }
    });
    QTimer::singleShot(dueAt - clock.nowMs() + 120'000, &app, &QCoreApplication::quit);
    app.exec();

    out << "dispatcher: " << postCount << " posts over " << accountCount
        << " accounts due at the same instant (" << setupMs << " ms to submit), sandbox connector"
        << (sandboxOnly ? " only" : " beside a platform's") << Qt::endl
        << Qt::endl;
    if (!finished) {
        out << "error: not all posts were settled two minutes after they were due" << Qt::endl;
        return 1;
    }

    QList<qint64> lateness;
    lateness.reserve(postCount);
    {
        Statement query(database,
                        QStringLiteral("SELECT published_at - scheduled_at FROM submissions "
                                       "WHERE status = 'published' ORDER BY 1"));
        query.exec();
        while (query.next())
            lateness.append(query.integer(0));
    }
    const qint64 failed = countOf(
        database, QStringLiteral("SELECT count(*) FROM submissions WHERE status <> 'published'"));
    const qint64 publications
        = countOf(database, QStringLiteral("SELECT count(*) FROM sandbox_publications"));
    const qint64 publishedPosts
        = countOf(database, QStringLiteral("SELECT count(*) FROM published_posts"));
    const CreditBalance balance = *credits.balance(projectId);

    const auto at = [&](double fraction) {
        return lateness.isEmpty() ? 0 : lateness[qsizetype(fraction * double(lateness.size() - 1))];
    };
    out << "published        " << lateness.size() << " of " << postCount << " (" << failed
        << " not published)" << Qt::endl
        << "sent twice       " << counting.repeated() << " (" << counting.tokens()
        << " tokens sent, " << publications << " sandbox publications, " << publishedPosts
        << " published posts)" << Qt::endl
        << "credits          " << balance.used << " charged, " << balance.reserved << " still held"
        << Qt::endl
        << "lateness         median " << at(0.5) << " ms, p99 " << at(0.99) << " ms, max "
        << (lateness.isEmpty() ? 0 : lateness.last()) << " ms (targets: median under 1000 ms, "
        << "p99 under 5000 ms)" << Qt::endl
        << "throughput       "
        << (lateness.isEmpty() || lateness.last() == 0
                ? 0
                : qint64(lateness.size()) * 1000 / std::max<qint64>(1, lateness.last()))
        << " posts/s" << Qt::endl;

    const bool correct = lateness.size() == postCount && failed == 0 && counting.repeated() == 0
                         && counting.tokens() == postCount && publications == postCount
                         && publishedPosts == postCount && balance.used == postCount
                         && balance.reserved == 0;
    if (!correct) {
        out << "error: the publications do not add up" << Qt::endl;
        return 1;
    }
    return 0;
}
