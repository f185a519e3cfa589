#pragma once

#include "core/submission.h"
#include "server/publishing/connector.h"

#include <QList>
#include <QObject>
#include <QStringList>
#include <QTimer>

namespace slotline {

class AccountRepository;
class Clock;
class ConnectorRegistry;
class CreditRepository;
class Database;
class PublishedPostRepository;
class SubmissionRepository;

struct DispatcherConfig
{
    int maxAttempts = 3; // the contract: three attempts, then failed
    qint64 firstRetryDelayMs = 2'000; // then 4 times longer each time
    int retryBackoffFactor = 4;
    int maxInFlight = 256; // publications waiting for their connector at once
    int claimBatch = 256;
    // Claims one account holds at once when its connector publishes one post at a time
    // (a platform's): more would only wait in its queue while other accounts' due posts
    // find no room.
    int claimsPerAccount = 16;
    // While posts are overdue, how often the log says how far behind publishing is.
    qint64 progressEveryMs = 10'000;
    qint64 longestSleepMs = 60 * 60 * 1000; // wake at least hourly, to be safe from clock jumps
};

// Publishes each post when it is due: it sleeps until the earliest due time (a change to
// the posts wakes it again), claims what is due, hands it to the account's connector,
// and records each result: published (credit charged), retried later for a retryable
// error, or failed (credit returned).
//
// A claim is written before the connector is asked, and the connector gets the post's id
// as its idempotency token. A claim found on start belongs to a server that stopped
// before hearing the result: the connector is asked whether it published the token, and
// if not the same token is sent again. So a post is never lost and never published twice.
class Dispatcher : public QObject
{
    Q_OBJECT

public:
    Dispatcher(Database &database, const Clock &clock, ConnectorRegistry &connectors,
               const DispatcherConfig &config, QObject *parent = nullptr);
    ~Dispatcher() override;

    // Settles claims left by an earlier run, then starts.
    void start();
    // Posts changed, or time moved: look again on the next event-loop turn.
    void wake();

    int inFlight() const { return m_inFlight; }

Q_SIGNALS:
    // Nothing is out with a connector and nothing is due now.
    void settled();

private:
    struct Result
    {
        Submission submission;
        PublishResult result;
    };

    void settleUnfinished(const Submission &submission, const std::optional<PublishResult> &found);
    void reportProgress();
    void run();
    void arm();
    // The timer for the next due post, as `next` says (nothing: none is scheduled).
    void armFor(std::optional<qint64> next);
    void send(const Submission &submission);
    void sendTo(const Submission &submission, const std::optional<Account> &account);
    PublishRequest requestFor(const Submission &submission, const Account &account) const;
    void receive(const Submission &submission, const PublishResult &result);
    void applyResults();
    void apply(const Result &result, qint64 now);
    qint64 retryDelay(int attempts) const;

    Database &m_database;
    const Clock &m_clock;
    ConnectorRegistry &m_connectors;
    DispatcherConfig m_config;
    std::unique_ptr<SubmissionRepository> m_submissions;
    std::unique_ptr<AccountRepository> m_accounts;
    std::unique_ptr<CreditRepository> m_credits;
    std::unique_ptr<PublishedPostRepository> m_published;

    QTimer m_dueTimer;
    QTimer m_resultTimer; // applies the results of one event-loop turn in one transaction
    QTimer m_progressTimer;
    QList<Result> m_results;
    int m_inFlight = 0;
    // The last claim left posts due by then behind: their accounts hold all the claims they
    // may, and their results run() again.
    std::optional<qint64> m_heldBackDueBy;
    // The connectors that publish an account's posts one at a time: read once at start(),
    // not on every claim.
    QStringList m_oneAtATime;
    bool m_behind = false; // the log said posts are overdue and has not said caught up
    qint64 m_publishedSinceStart = 0;
    qint64 m_failedSinceStart = 0;
};

} // namespace slotline
