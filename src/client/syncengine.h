#pragma once

#include "client/apierror.h"
#include "client/apiresults.h"
#include "client/connectivity.h"
#include "client/localstore.h"
#include "client/mediauploader.h"
#include "client/pendingchange.h"
#include "client/referencerefresher.h"
#include "core/account.h"
#include "core/draft.h"
#include "core/submission.h"
#include "core/weeklyslot.h"

#include <QObject>
#include <QTimer>

namespace slotline::client {

class ApiClient;

// Sends the outbox to the server in order whenever it can be reached, one change at a
// time, each with its idempotency key, then reads the server's drafts back into the
// store. A change the server applied but whose answer was lost is sent again as it was
// and answered from the server's record, so nothing is applied twice; a draft saved
// elsewhere meanwhile becomes a conflict for the user instead of being overwritten.
class SyncEngine : public QObject
{
    Q_OBJECT

public:
    // Between tries while the server answers with errors of its own (5xx).
    static constexpr int ServerErrorRetryMs = 10'000;
    // An upload whose fresh addresses keep refusing the file (a server whose public address
    // is misconfigured, say) is refused after this many, rather than sent for ever.
    static constexpr int MaxUploadRenewals = 3;

    SyncEngine(ApiClient &client, LocalStore &store, Connectivity &connectivity,
               QObject *parent = nullptr);

    // Sends what waits and refreshes the drafts; does nothing while already at it.
    void syncNow();
    bool isSyncing() const { return m_syncing; }

    // Reads the user, accounts (with their pages), weekly slots and credits into the
    // store, for showing them with no server (ReferenceRefresher). Done when the server
    // comes back, and when asked; not after every change, which would spend the read limit.
    void refreshReference() { m_reference.refresh(); }
    // Reading, or about to read once more: a referenceRefreshed() is still to come.
    bool isRefreshing() const { return m_reference.isRefreshing(); }
    // Reads the posts of a time range (what a calendar shows) into the store.
    void loadPosts(qint64 sinceMs, qint64 untilMs);
    // Reads the posts that failed lately (of any range, shown or not) into the store, so
    // that a failure is noticed even when no view shows its day. Done every
    // FailureCheckMs while the server can be reached, with what changed of the accounts,
    // slots and credits (one read when nothing did): an account's new state reaches the
    // app within that time even when no post failed.
    void checkFailures();
    static constexpr int FailureCheckMs = 60'000;
    void setFailureCheckIntervalMs(int ms) { m_failureCheck.setInterval(ms); }
    static constexpr qint64 FailureLookBackMs = 14LL * 24 * 3'600'000;

Q_SIGNALS:
    // A draft was saved elsewhere meanwhile: the user keeps theirs, mine or both.
    void conflict(const QString &localId);
    // The server refused a change for good; the store has put the draft right. Also when
    // a draft edited here had been deleted elsewhere: it is then saved again as a new one.
    void refused(const QString &localId, const slotline::client::ApiError &error);
    // The server refused a publication, move or cancellation; the cached post is back
    // as it was. `subject` is the draft's local id or the schedule's id.
    void schedulingRefused(const QString &subject, const slotline::client::ApiError &error);
    // The server refused to add (`addition`) or remove a weekly slot; the week shows the
    // slots as they were.
    void slotRefused(const slotline::WeeklySlot &slot, bool addition,
                     const slotline::client::ApiError &error);
    // A file waiting in the outbox is on its way (`reference` stands for it in drafts).
    void uploadProgress(const QString &reference, qint64 sent, qint64 total);
    // The server has the file at `publicUrl`, which takes the reference's place in the
    // drafts as soon as this returns (said first, so that a view showing the file takes
    // the address as it is, and then finds the draft as it shows it).
    void mediaUploaded(const QString &reference, const QString &publicUrl);
    // The server will not take the file `name`: it leaves its drafts as soon as this
    // returns, and their publications that waited for it are refused (schedulingRefused
    // says so for each).
    void uploadRefused(const QString &reference, const QString &name,
                       const slotline::client::ApiError &error);
    // A draft's publication (the outbox entry `sequence`) went through: the post is made
    // (now, or scheduled).
    void published(qint64 sequence, const QString &localId,
                   const slotline::client::PostCreated &post);
    // Everything is sent and the drafts are as the server has them.
    void synced();
    void referenceRefreshed();
    void postsLoaded(qint64 sinceMs, qint64 untilMs);
    // A read for the store failed; the store keeps what it had.
    void refreshFailed(const slotline::client::ApiError &error);
    void failuresChecked();

private:
    void replayNext();
    // Whether the change names what the server has (a draft it never saved has no id).
    static bool reachedServer(const PendingChange &change);
    // An entry with nothing left to send: dropped, its draft or post put right.
    void dropUnsendable(const LocalStore::OutboxEntry &entry);
    // A publication or move the server made whose answer could not be read: done, and
    // the next one goes. False for any other failure.
    bool madeButNotUnderstood(const LocalStore::OutboxEntry &entry, const ApiError &error);
    // After an entry's answer (applied already when it succeeded): the next one, or
    // what the failure means for this one.
    void afterAnswer(const LocalStore::OutboxEntry &entry, const std::optional<ApiError> &failure);
    void refuseSlotChange(const LocalStore::OutboxEntry &entry, const ApiError &error);
    void sendUpload(const LocalStore::OutboxEntry &entry, const WireRequest &request);
    // The entry stays first and goes again with its key: when Connectivity says the
    // server is back, or after ServerErrorRetryMs.
    void waitToRetry(const ApiError &error);
    void refuseUpload(const LocalStore::OutboxEntry &entry, const ApiError &error);
    // A slot addition whose outcome the answer did not say: settled by the server's slots.
    void settleAddedSlot(const LocalStore::OutboxEntry &entry, const ApiError &error);
    void refreshDrafts(const QString &cursor, QList<Draft> collected);
    void stop();
    // After a change that costs or gives back a credit: the status bar shows the balance.
    void refreshCredits();
    // Whether any of `posts` failed since the cache last saw it (its credit came back).
    bool anyNewlyFailed(const QList<Submission> &posts) const;
    // Reads what a failure may have changed: the credits and the accounts' states.
    void afterNewFailures();
    // The accounts alone (a post failing because its account needs reconnecting).
    void refreshAccountStates(const QString &cursor, QList<Account> collected);
    void loadPostsPage(qint64 sinceMs, qint64 untilMs, const QString &cursor,
                       QList<Submission> collected);

    ApiClient &m_client;
    LocalStore &m_store;
    Connectivity &m_connectivity;
    ReferenceRefresher m_reference;
    MediaUploader m_uploader;
    QTimer m_retry;
    QTimer m_failureCheck;
    bool m_syncing = false;
    bool m_again = false; // more changed while syncing
    Connectivity::State m_lastState = Connectivity::State::Unknown;
};

} // namespace slotline::client
