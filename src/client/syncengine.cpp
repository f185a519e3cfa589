#include "client/syncengine.h"

#include "client/apiclient.h"
#include "client/connectivity.h"
#include "client/localstore.h"
#include "client/logcategories.h"

#include <QDateTime>

#include <algorithm>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {

namespace {

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

SyncEngine::SyncEngine(ApiClient &client, LocalStore &store, Connectivity &connectivity,
                       QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_store(store)
    , m_connectivity(connectivity)
{
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &SyncEngine::syncNow);
    m_failureCheck.setInterval(FailureCheckMs);
    connect(&m_failureCheck, &QTimer::timeout, this, [this] {
        if (m_connectivity.state() == Connectivity::State::Online) {
            checkFailures();
            refreshReference();
        }
    });
    m_failureCheck.start();
    connect(&connectivity, &Connectivity::stateChanged, this, [this](Connectivity::State state) {
        const bool cameBack = state == Connectivity::State::Online
                              && m_lastState != Connectivity::State::RateLimited;
        m_lastState = state;
        if (cameBack) {
            syncNow();
            refreshReference();
            checkFailures();
        } else if (state == Connectivity::State::Online) {
            syncNow(); // the limit is over: what waits may go
        }
    });
    connect(&store, &LocalStore::outboxChanged, this, [this](int pending) {
        if (pending > 0 && m_connectivity.state() != Connectivity::State::Offline
            && m_connectivity.state() != Connectivity::State::Unauthorized)
            syncNow();
    });
}

void SyncEngine::syncNow()
{
    if (m_syncing) {
        m_again = true;
        return;
    }
    m_syncing = true;
    m_again = false;
    m_retry.stop();
    replayNext();
}

void SyncEngine::stop()
{
    m_syncing = false;
    m_again = false;
}

void SyncEngine::replayNext()
{
    const auto entry = m_store.nextEntry();
    if (!entry) {
        refreshDrafts(QString(), {});
        return;
    }
    using Kind = LocalStore::OutboxEntry::Kind;
    const qint64 sequence = entry->sequence;
    const QString subject = entry->subject;
    const Kind kind = entry->kind;
    const bool scheduling = kind == Kind::PublishDraft || kind == Kind::UpdateSchedule
                            || kind == Kind::CancelSchedule;
    const QJsonObject parameters = m_store.prepareAttempt(sequence);
    if ((kind == Kind::DeleteDraft || kind == Kind::PublishDraft)
        && parameters.value(u"draftId"_s).toString().isEmpty()) {
        // The draft never reached the server (its save was refused).
        if (kind == Kind::DeleteDraft) {
            m_store.draftDeleted(sequence);
        } else {
            m_store.schedulingRefused(sequence);
            Q_EMIT schedulingRefused(
                subject, ApiError(ApiError::Kind::Validation,
                                  tr("The draft could not be saved on the server, so it was "
                                     "not published.")));
        }
        replayNext();
        return;
    }
    m_client.callTool(
        Outbox::toolName(kind), parameters, entry->idempotencyKey, this,
        [this, sequence, subject, kind, scheduling](const ApiResult<QJsonObject> &result) {
            if (result.ok()) {
                if (applyResult(sequence, subject, kind, result.value())) {
                    replayNext();
                } else {
                    stop();
                    m_retry.start(ServerErrorRetryMs);
                }
                return;
            }
            const ApiError &error = result.error();
            if (error.isTransient() || error.kind() == ApiError::Kind::Unauthorized
                || error.kind() == ApiError::Kind::Cancelled) {
                // Tried again when the server is back (Connectivity says so), or soon
                // when it answered with a failure of its own.
                qCInfo(lcClient).noquote() << "outbox waits:" << error.message();
                stop();
                if (error.kind() == ApiError::Kind::Server)
                    m_retry.start(ServerErrorRetryMs);
                return;
            }
            if (scheduling) {
                m_store.schedulingRefused(sequence);
                Q_EMIT schedulingRefused(subject, error);
            } else if (error.kind() == ApiError::Kind::Conflict
                       && error.errorCode() == ErrorCode::DraftConflict && error.currentDraft()) {
                // A publication waiting behind the save would publish the server's text,
                // which the user has not seen: it waits for the user's choice instead.
                for (const LocalStore::OutboxEntry &waiting : m_store.pendingScheduling()) {
                    if (waiting.kind != Kind::PublishDraft || waiting.subject != subject)
                        continue;
                    m_store.schedulingRefused(waiting.sequence);
                    Q_EMIT schedulingRefused(
                        subject,
                        ApiError(ApiError::Kind::Conflict,
                                 tr("The draft was changed elsewhere too. Choose which version "
                                    "to keep, then publish it again.")));
                }
                m_store.draftConflict(sequence, *error.currentDraft());
                Q_EMIT conflict(subject);
            } else if (kind == Kind::DeleteDraft && error.kind() == ApiError::Kind::NotFound) {
                m_store.draftDeleted(sequence); // gone already
            } else if (kind == Kind::SaveDraft && error.kind() == ApiError::Kind::NotFound) {
                m_store.draftGoneOnServer(sequence);
                Q_EMIT refused(subject, error);
            } else {
                m_store.entryRefused(sequence, error.toDisplayString());
                Q_EMIT refused(subject, error);
            }
            replayNext();
        });
}

bool SyncEngine::applyResult(qint64 sequence, const QString &subject,
                             LocalStore::OutboxEntry::Kind kind, const QJsonObject &result)
{
    using Kind = LocalStore::OutboxEntry::Kind;
    switch (kind) {
    case Kind::DeleteDraft: m_store.draftDeleted(sequence); return true;
    case Kind::SaveDraft: {
        QString why;
        const auto saved = Draft::fromJson(result.value(u"draft"_s).toObject(), &why);
        if (!saved) {
            // The change is in, but which draft it made is unknown: the entry stays and
            // is sent again later with its key, which answers it again.
            qCWarning(lcClient).noquote() << "unreadable draft answer:" << why;
            return false;
        }
        m_store.draftSaved(sequence, *saved);
        return true;
    }
    case Kind::UpdateSchedule: {
        const auto schedule = Schedule::fromJson(result);
        std::optional<Submission> post;
        if (schedule)
            post = schedule->submission;
        m_store.schedulingDone(sequence, post);
        return true;
    }
    case Kind::PublishDraft: {
        QString why;
        const auto created = PostCreated::fromJson(result, &why);
        if (created) {
            m_store.publicationDone(sequence, *created, nowMs());
            Q_EMIT published(sequence, subject, *created);
        } else {
            // The post is read with the next range the app loads.
            m_store.schedulingDone(sequence, std::nullopt);
            qCWarning(lcClient).noquote() << "unreadable publication answer:" << why;
        }
        refreshCredits(); // the post took one
        return true;
    }
    case Kind::CancelSchedule:
        m_store.schedulingDone(sequence, std::nullopt);
        refreshCredits(); // the post's credit came back
        return true;
    }
    return true;
}

void SyncEngine::refreshDrafts(const QString &cursor, QList<Draft> collected)
{
    m_client.listDrafts(
        QString(), Paging {250, cursor}, this,
        [this, collected = std::move(collected)](const ApiResult<ItemPage<Draft>> &result) mutable {
            if (!result.ok()) {
                stop();
                return;
            }
            collected.append(result.value().items);
            if (result.value().hasMore()) {
                refreshDrafts(result.value().cursor, std::move(collected));
                return;
            }
            // Changes made while the list was read go first; the list is read again after.
            if (m_store.pendingChanges() > 0) {
                replayNext();
                return;
            }
            // A draft the list did not have is gone only if the server says so.
            for (const QString &localId : m_store.mergeServerDrafts(collected)) {
                const auto draft = m_store.draft(localId);
                if (!draft)
                    continue;
                m_client.getDraft(
                    draft->serverId, this, [this, localId](const ApiResult<Draft> &found) {
                        if (!found.ok() && found.error().kind() == ApiError::Kind::NotFound)
                            m_store.forgetDraft(localId);
                    });
            }
            const bool again = m_again;
            stop();
            Q_EMIT synced();
            if (again)
                syncNow();
        });
}

void SyncEngine::refreshReference()
{
    if (m_refreshing) {
        // What is being read may have been read before the change that asks again (a
        // newly connected account): read once more when this is done.
        m_refreshAgain = true;
        return;
    }
    m_refreshing = true;
    m_refreshAgain = false;
    // One read says which lists changed since the store last read them: a sync with
    // nothing new costs that read alone, not the user, the accounts, each account's pages,
    // the slots and the credits.
    m_client.getChanges(this, [this](const ApiResult<ChangeVersions> &result) {
        m_plan = RefreshPlan {};
        if (!result.ok()) {
            // A server without GET /changes answers 404: everything is read, as before.
            if (result.error().kind() != ApiError::Kind::NotFound) {
                failRefresh(result.error());
                return;
            }
        } else {
            const ChangeVersions &now = result.value();
            m_plan.versions = now;
            if (m_seenVersions) {
                m_plan.user = now.project != m_seenVersions->project;
                m_plan.accounts = now.accounts != m_seenVersions->accounts;
                m_plan.slots = now.slots != m_seenVersions->slots;
                m_plan.credits = now.credits != m_seenVersions->credits;
            }
        }
        refreshUser();
    });
}

void SyncEngine::refreshUser()
{
    if (!m_plan.user) {
        if (m_plan.accounts)
            refreshAccounts(QString(), {});
        else
            refreshSlots();
        return;
    }
    m_client.getUser(this, [this](const ApiResult<UserProfile> &result) {
        if (!result.ok()) {
            failRefresh(result.error());
            return;
        }
        m_store.putUser(result.value(), nowMs());
        if (m_plan.accounts)
            refreshAccounts(QString(), {});
        else
            refreshSlots();
    });
}

void SyncEngine::refreshAccounts(const QString &cursor, QList<Account> collected)
{
    m_client.listAccounts(std::nullopt, Paging {250, cursor}, this,
                          [this, collected = std::move(collected)](
                              const ApiResult<ItemPage<Account>> &result) mutable {
                              if (!result.ok()) {
                                  failRefresh(result.error());
                                  return;
                              }
                              collected.append(result.value().items);
                              if (result.value().hasMore()) {
                                  refreshAccounts(result.value().cursor, std::move(collected));
                                  return;
                              }
                              m_store.putAccounts(collected, nowMs());
                              refreshSubaccounts(std::move(collected));
                          });
}

void SyncEngine::refreshSubaccounts(QList<Account> remaining)
{
    if (remaining.isEmpty()) {
        refreshSlots();
        return;
    }
    const QString accountId = remaining.takeFirst().id;
    m_client.listSubaccounts(accountId, Paging {250, {}}, this,
                             [this, accountId, remaining = std::move(remaining)](
                                 const ApiResult<ItemPage<Subaccount>> &result) mutable {
                                 if (!result.ok()) {
                                     failRefresh(result.error());
                                     return;
                                 }
                                 m_store.putSubaccounts(accountId, result.value().items, nowMs());
                                 refreshSubaccounts(std::move(remaining));
                             });
}

void SyncEngine::refreshSlots()
{
    if (!m_plan.slots) {
        refreshCreditsOfReference();
        return;
    }
    m_client.getSlots(this, [this](const ApiResult<SlotList> &slots) {
        if (!slots.ok()) {
            failRefresh(slots.error());
            return;
        }
        m_store.putSlots(slots.value().timezone, slots.value().slots, nowMs());
        refreshCreditsOfReference();
    });
}

void SyncEngine::refreshCreditsOfReference()
{
    if (!m_plan.credits) {
        finishRefresh();
        return;
    }
    m_client.getCredits(this, [this](const ApiResult<CreditBalance> &credits) {
        if (!credits.ok()) {
            failRefresh(credits.error());
            return;
        }
        m_store.putCredits(credits.value(), nowMs());
        finishRefresh();
    });
}

void SyncEngine::finishRefresh()
{
    // Only a reading that went through to the end brings the store to these versions.
    m_seenVersions = m_plan.versions;
    m_refreshing = false;
    Q_EMIT referenceRefreshed();
    if (std::exchange(m_refreshAgain, false))
        refreshReference();
}

void SyncEngine::refreshCredits()
{
    m_client.getCredits(this, [this](const ApiResult<CreditBalance> &credits) {
        if (credits.ok())
            m_store.putCredits(credits.value(), nowMs());
    });
}

bool SyncEngine::anyNewlyFailed(const QList<Submission> &posts) const
{
    // A failed post's credit comes back on the server: the balance shown must follow.
    return std::any_of(posts.cbegin(), posts.cend(), [this](const Submission &post) {
        if (post.status != SubmissionStatus::Failed)
            return false;
        const auto known = m_store.cachedPost(post.id);
        return !known || known->status != SubmissionStatus::Failed;
    });
}

void SyncEngine::afterNewFailures()
{
    // The credit came back; and a post fails when its account came to need reconnecting,
    // which the accounts list must show now, not at the next full sync.
    refreshCredits();
    refreshAccountStates(QString(), {});
}

void SyncEngine::refreshAccountStates(const QString &cursor, QList<Account> collected)
{
    m_client.listAccounts(std::nullopt, Paging {250, cursor}, this,
                          [this, collected = std::move(collected)](
                              const ApiResult<ItemPage<Account>> &result) mutable {
                              if (!result.ok())
                                  return; // the next full sync reads them
                              collected.append(result.value().items);
                              if (result.value().hasMore()) {
                                  refreshAccountStates(result.value().cursor, std::move(collected));
                                  return;
                              }
                              QStringList before;
                              for (const Account &account : m_store.cachedAccounts())
                                  before.append(account.id);
                              QStringList now;
                              for (const Account &account : std::as_const(collected))
                                  now.append(account.id);
                              before.sort();
                              now.sort();
                              m_store.putAccounts(collected, nowMs());
                              // Accounts came or went: their pages too, with the full read.
                              if (before != now)
                                  refreshReference();
                          });
}

void SyncEngine::failRefresh(const ApiError &error)
{
    m_refreshing = false;
    m_refreshAgain = false;
    Q_EMIT refreshFailed(error);
}

void SyncEngine::checkFailures()
{
    PostFilter filter;
    filter.sinceMs = nowMs() - FailureLookBackMs;
    filter.statuses = {u"failed"_s};
    filter.paging = Paging {250, QString()};
    m_client.listPosts(filter, this, [this](const ApiResult<ItemPage<Submission>> &result) {
        if (!result.ok()) {
            qCInfo(lcClient).noquote()
                << "the failed posts were not read:" << result.error().toDisplayString();
            return;
        }
        // The newest 250 are enough to notice; older ones were noticed before.
        const bool newlyFailed = anyNewlyFailed(result.value().items);
        m_store.putPosts(result.value().items);
        if (newlyFailed)
            afterNewFailures();
        Q_EMIT failuresChecked();
    });
}

void SyncEngine::loadPosts(qint64 sinceMs, qint64 untilMs)
{
    loadPostsPage(sinceMs, untilMs, QString(), {});
}

void SyncEngine::loadPostsPage(qint64 sinceMs, qint64 untilMs, const QString &cursor,
                               QList<Submission> collected)
{
    PostFilter filter;
    filter.sinceMs = sinceMs;
    filter.untilMs = untilMs;
    filter.paging = Paging {250, cursor};
    m_client.listPosts(filter, this,
                       [this, sinceMs, untilMs, collected = std::move(collected)](
                           const ApiResult<ItemPage<Submission>> &result) mutable {
                           if (!result.ok()) {
                               Q_EMIT refreshFailed(result.error());
                               return;
                           }
                           collected.append(result.value().items);
                           if (result.value().hasMore()) {
                               loadPostsPage(sinceMs, untilMs, result.value().cursor,
                                             std::move(collected));
                               return;
                           }
                           const bool newlyFailed = anyNewlyFailed(collected);
                           m_store.replacePosts(sinceMs, untilMs, collected);
                           if (newlyFailed)
                               afterNewFailures();
                           Q_EMIT postsLoaded(sinceMs, untilMs);
                       });
}

} // namespace slotline::client
