#include "server/publishing/dispatcher.h"

#include "core/clock.h"
#include "core/ids.h"
#include "server/api/logcategories.h"
#include "server/publishing/connectorregistry.h"
#include "storage/accountrepository.h"
#include "storage/creditrepository.h"
#include "storage/databaseerror.h"
#include "storage/publishedpostrepository.h"
#include "storage/submissionrepository.h"
#include "storage/transaction.h"

#include <QHash>
#include <QPointer>

namespace slotline {

Dispatcher::Dispatcher(Database &database, const Clock &clock, ConnectorRegistry &connectors,
                       const DispatcherConfig &config, QObject *parent)
    : QObject(parent)
    , m_database(database)
    , m_clock(clock)
    , m_connectors(connectors)
    , m_config(config)
    , m_submissions(std::make_unique<SubmissionRepository>(database, clock))
    , m_accounts(std::make_unique<AccountRepository>(database, clock))
    , m_credits(std::make_unique<CreditRepository>(database, clock))
    , m_published(std::make_unique<PublishedPostRepository>(database))
{
    m_dueTimer.setSingleShot(true);
    m_dueTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_dueTimer, &QTimer::timeout, this, &Dispatcher::run);
    m_resultTimer.setSingleShot(true);
    m_resultTimer.setInterval(0);
    connect(&m_resultTimer, &QTimer::timeout, this, &Dispatcher::applyResults);
    m_progressTimer.setInterval(std::chrono::milliseconds(m_config.progressEveryMs));
    connect(&m_progressTimer, &QTimer::timeout, this, &Dispatcher::reportProgress);
}

Dispatcher::~Dispatcher() = default;

void Dispatcher::start()
{
    m_oneAtATime = m_connectors.oneAtATimePerAccount();
    QList<Submission> unsettled;
    try {
        unsettled = m_submissions->claimed();
    } catch (const DatabaseError &error) {
        qCCritical(lcDispatcher).noquote()
            << "cannot read unsettled publications:" << error.message();
    }
    if (!unsettled.isEmpty())
        // Only those whose create call was out are looked for on their platform (the
        // connector says which); the others simply go again.
        qCInfo(lcDispatcher).noquote()
            << unsettled.size() << "posts were left in progress by an earlier run: settling them";
    for (const Submission &submission : std::as_const(unsettled)) {
        const auto account = m_accounts->findAnyProject(submission.accountId);
        Connector *connector = account ? m_connectors.find(account->connector) : nullptr;
        if (!connector) {
            send(submission); // reports the missing account or connector as a failure
            continue;
        }
        ++m_inFlight;
        QPointer<Dispatcher> self(this);
        connector->lookup(requestFor(submission, *account),
                          [self, submission](const std::optional<PublishResult> &found) {
                              if (Dispatcher *dispatcher = self.data())
                                  dispatcher->settleUnfinished(submission, found);
                          });
    }
    arm();
}

void Dispatcher::settleUnfinished(const Submission &submission,
                                  const std::optional<PublishResult> &found)
{
    if (found) {
        receive(submission, *found); // it was published: record it, once
        return;
    }
    --m_inFlight; // send() counts it again
    send(submission); // it was not: the same token again
}

void Dispatcher::wake()
{
    // On the next event-loop turn: the change that woke it may still be inside a
    // transaction, and a claim must never see a post that could be rolled back.
    m_dueTimer.start(0);
}

void Dispatcher::run()
{
    try {
        const int room = m_config.maxInFlight - m_inFlight;
        // Most wakes come from posts submitted for later: a read tells, without the claim's
        // write transaction (which would queue behind the call log's writes for nothing).
        if (room > 0) {
            const std::optional<qint64> next = m_submissions->nextDueAt();
            if (!next || *next > m_clock.nowMs()) {
                armFor(next); // nothing due: what was just read tells when to look again
                return;
            }
            const QString claim = ids::generate(IdKind::Request);
            const int asked = std::min(room, m_config.claimBatch);
            const qint64 now = m_clock.nowMs();
            const QList<Submission> due = m_submissions->claimDue(
                now, asked, claim, {m_oneAtATime, m_config.claimsPerAccount});
            m_heldBackDueBy = due.size() < asked ? std::optional(now) : std::nullopt;
            QHash<QString, std::optional<Account>> accounts; // a batch often shares a few
            for (const Submission &submission : due) {
                auto account = accounts.find(submission.accountId);
                if (account == accounts.end())
                    account = accounts.insert(submission.accountId,
                                              m_accounts->findAnyProject(submission.accountId));
                sendTo(submission, account.value());
            }
        }
    } catch (const DatabaseError &error) {
        qCCritical(lcDispatcher).noquote() << "cannot claim due posts:" << error.message();
    }
    arm();
}

void Dispatcher::arm()
{
    if (m_inFlight >= m_config.maxInFlight) {
        m_dueTimer.stop(); // results will run() again when there is room
        if (!m_progressTimer.isActive())
            m_progressTimer.start();
        return;
    }
    std::optional<qint64> next;
    try {
        next = m_submissions->nextDueAt();
    } catch (const DatabaseError &error) {
        qCCritical(lcDispatcher).noquote() << "cannot read the next due time:" << error.message();
        m_dueTimer.start(1000);
        return;
    }
    armFor(next);
}

void Dispatcher::armFor(std::optional<qint64> next)
{
    const qint64 now = m_clock.nowMs();
    qint64 waitMs = next ? std::clamp<qint64>(*next - now, 0, m_config.longestSleepMs) : -1;
    // What is due now waits for its accounts' claims to come back, and their results look
    // again; the timer only covers a claim no result of this server will end.
    if (waitMs == 0 && m_heldBackDueBy && *next <= *m_heldBackDueBy && m_inFlight > 0)
        waitMs = 250;
    if (waitMs >= 0)
        m_dueTimer.start(std::chrono::milliseconds(waitMs));
    else
        m_dueTimer.stop();
    const bool overdue = next && *next <= now;
    if ((overdue || m_behind) && !m_progressTimer.isActive())
        m_progressTimer.start();
    if (m_inFlight == 0 && m_results.isEmpty() && (!next || *next > now))
        Q_EMIT settled();
}

void Dispatcher::send(const Submission &submission)
{
    sendTo(submission, m_accounts->findAnyProject(submission.accountId));
}

void Dispatcher::sendTo(const Submission &submission, const std::optional<Account> &account)
{
    ++m_inFlight;
    Connector *connector = account ? m_connectors.find(account->connector) : nullptr;
    if (!connector) {
        const QString why = account
                                ? QStringLiteral("The account's connector \"%1\" is not available.")
                                      .arg(account->connector)
                                : QStringLiteral("The account no longer exists.");
        receive(submission, PublishResult::failure(account ? FailureCode::ConnectorUnavailable
                                                           : FailureCode::AccountDisconnected,
                                                   why, false));
        return;
    }
    QPointer<Dispatcher> self(this);
    connector->publish(requestFor(submission, *account),
                       [self, submission](const PublishResult &result) {
                           if (self)
                               self->receive(submission, result);
                       });
}

PublishRequest Dispatcher::requestFor(const Submission &submission, const Account &account) const
{
    PublishRequest request {submission.id, submission, account, {}};
    if (submission.target && !submission.target->pageId.isEmpty()) {
        if (const auto page
            = m_accounts->findSubaccount(account.projectId, account.id, submission.target->pageId))
            request.pageName = page->name;
    }
    return request;
}

void Dispatcher::receive(const Submission &submission, const PublishResult &result)
{
    m_results.append(Result {submission, result});
    if (!m_resultTimer.isActive())
        m_resultTimer.start();
}

void Dispatcher::applyResults()
{
    QList<Result> results;
    results.swap(m_results);
    const qint64 now = m_clock.nowMs();
    try {
        Transaction transaction(m_database);
        for (const Result &result : std::as_const(results))
            apply(result, now);
        transaction.commit();
    } catch (const DatabaseError &error) {
        // Nothing of the batch was recorded; the claims stay, so try again shortly.
        qCCritical(lcDispatcher).noquote() << "cannot record" << results.size()
                                           << "publication results, retrying:" << error.message();
        results.append(m_results);
        m_results.swap(results);
        m_resultTimer.start(1000);
        return;
    }
    m_inFlight -= int(results.size());
    run();
}

void Dispatcher::apply(const Result &result, qint64 now)
{
    const Submission &submission = result.submission;
    const PublishResult &outcome = result.result;
    if (outcome.published) {
        if (!m_submissions->markPublished(submission.id, submission.claimToken, outcome.publicUrl,
                                          outcome.publishedAtMs, outcome.platformPostId))
            return; // the claim is no longer ours: someone else settled it
        PublishedPost post;
        post.id = ids::generate(IdKind::PublishedPost);
        post.submissionId = submission.id;
        post.accountId = submission.accountId;
        post.platform = submission.platform;
        post.text = submission.text;
        post.mediaUrls = submission.mediaUrls;
        post.publicUrl = outcome.publicUrl;
        post.publishedAtMs = outcome.publishedAtMs;
        m_published->insert(submission.projectId, post);
        m_credits->charge(submission.projectId, submission.id);
        ++m_publishedSinceStart;
        return;
    }
    if (outcome.deferUntilMs) {
        qCInfo(lcDispatcher).noquote() << submission.id << "waits until" << *outcome.deferUntilMs
                                       << "without spending an attempt:" << outcome.error;
        m_submissions->markDeferred(submission.id, submission.claimToken, *outcome.deferUntilMs,
                                    outcome.error);
        return;
    }
    if (outcome.retryable && submission.attempts < m_config.maxAttempts) {
        const qint64 delay = retryDelay(submission.attempts);
        qCInfo(lcDispatcher).noquote() << submission.id << "attempt" << submission.attempts
                                       << "failed, retrying in" << delay << "ms:" << outcome.error;
        m_submissions->markRetry(submission.id, submission.claimToken, now + delay, outcome.error);
        return;
    }
    qCInfo(lcDispatcher).noquote()
        << submission.id << "failed after" << submission.attempts << "attempts:" << outcome.error;
    if (m_submissions->markFailed(submission.id, submission.claimToken, outcome.error,
                                  outcome.checkUrl, failurecodes::toString(outcome.code))) {
        m_credits->release(submission.projectId, submission.id);
        ++m_failedSinceStart;
    }
}

void Dispatcher::reportProgress()
{
    SubmissionRepository::Overdue overdue;
    const qint64 now = m_clock.nowMs();
    try {
        overdue = m_submissions->overdue(now);
    } catch (const DatabaseError &error) {
        qCWarning(lcDispatcher).noquote() << "cannot count overdue posts:" << error.message();
        return;
    }
    // A post due this very moment is not behind; one waiting its turn for a while is.
    const qint64 lateMs = overdue.oldestDueAtMs ? now - *overdue.oldestDueAtMs : 0;
    if (overdue.count > 0 && lateMs >= m_config.progressEveryMs / 2) {
        m_behind = true;
        qCInfo(lcDispatcher).noquote()
            << "catching up:" << overdue.count << "posts due and waiting (the oldest for"
            << lateMs / 1000 << "s)," << m_inFlight << "being published;" << m_publishedSinceStart
            << "published and" << m_failedSinceStart << "failed since the start";
        return;
    }
    if (m_behind)
        qCInfo(lcDispatcher).noquote()
            << "caught up:" << m_publishedSinceStart << "published and" << m_failedSinceStart
            << "failed since the start," << m_inFlight << "being published";
    m_behind = false;
    if (overdue.count == 0)
        m_progressTimer.stop();
}

qint64 Dispatcher::retryDelay(int attempts) const
{
    qint64 delay = m_config.firstRetryDelayMs;
    for (int i = 1; i < attempts; ++i)
        delay *= m_config.retryBackoffFactor;
    return delay;
}

} // namespace slotline
