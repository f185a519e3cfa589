#include "client/syncengine.h"

#include "client/apiclient.h"
#include "client/connectivity.h"
#include "client/localstore.h"
#include "client/logcategories.h"
#include "client/writerequests.h"

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
    const qint64 sequence = entry->sequence;
    std::optional<WireRequest> request = entry->sent;
    if (!request) {
        const auto change = m_store.changeToSend(sequence);
        if (!change || !reachedServer(*change)) {
            dropUnsendable(*entry);
            replayNext();
            return;
        }
        request = writerequests::of(*change);
    }
    m_store.recordAttempt(sequence, *request);
    const QString &key = entry->idempotencyKey;
    using Kind = LocalStore::OutboxEntry::Kind;
    switch (entry->kind) {
    case Kind::SaveDraft:
        m_client.send<Draft>(*request, key, this, [this, entry = *entry](const auto &result) {
            if (result.ok())
                m_store.draftSaved(entry.sequence, result.value());
            afterAnswer(entry, result.ok() ? std::nullopt : std::optional(result.error()));
        });
        return;
    case Kind::DeleteDraft:
        m_client.send<Done>(*request, key, this, [this, entry = *entry](const auto &result) {
            if (result.ok())
                m_store.draftDeleted(entry.sequence);
            afterAnswer(entry, result.ok() ? std::nullopt : std::optional(result.error()));
        });
        return;
    case Kind::PublishDraft:
        m_client.send<PostCreated>(*request, key, this, [this, entry = *entry](const auto &result) {
            if (result.ok()) {
                m_store.publicationDone(entry.sequence, result.value(), nowMs());
                Q_EMIT published(entry.sequence, entry.subject, result.value());
            } else if (madeButNotUnderstood(entry, result.error())) {
                return;
            }
            if (result.ok())
                refreshCredits(); // the post took one
            afterAnswer(entry, result.ok() ? std::nullopt : std::optional(result.error()));
        });
        return;
    case Kind::UpdateSchedule:
        m_client.send<Schedule>(*request, key, this, [this, entry = *entry](const auto &result) {
            if (result.ok())
                m_store.schedulingDone(entry.sequence, result.value().submission);
            else if (madeButNotUnderstood(entry, result.error()))
                return;
            afterAnswer(entry, result.ok() ? std::nullopt : std::optional(result.error()));
        });
        return;
    case Kind::CancelSchedule:
        m_client.send<Done>(*request, key, this, [this, entry = *entry](const auto &result) {
            if (result.ok()) {
                m_store.schedulingDone(entry.sequence, std::nullopt);
                refreshCredits(); // the post's credit came back
            }
            afterAnswer(entry, result.ok() ? std::nullopt : std::optional(result.error()));
        });
        return;
    case Kind::AddSlot:
        m_client.send<QList<WeeklySlot>>(
            *request, key, this, [this, entry = *entry](const auto &result) {
                if (result.ok() && result.value().size() == 1) {
                    ++m_slotChangesDone;
                    m_store.slotAdded(entry.sequence, result.value().constFirst(), nowMs());
                    afterAnswer(entry, std::nullopt);
                    return;
                }
                const ApiError error = result.ok() ? ApiError(ApiError::Kind::MalformedAnswer,
                                                              tr("The server made no slot."))
                                                   : result.error();
                // An answer not understood, or a conflict met by a retry: the slot may be
                // in, and sending it again would bring the same answer back.
                if (error.kind() == ApiError::Kind::MalformedAnswer
                    || (entry.sent && error.kind() == ApiError::Kind::Conflict)) {
                    settleAddedSlot(entry, error);
                    return;
                }
                afterAnswer(entry, error);
            });
        return;
    case Kind::DeleteSlot:
        m_client.send<Done>(*request, key, this, [this, entry = *entry](const auto &result) {
            if (result.ok()) {
                ++m_slotChangesDone;
                m_store.slotRemoved(entry.sequence, nowMs());
            }
            afterAnswer(entry, result.ok() ? std::nullopt : std::optional(result.error()));
        });
        return;
    }
}

bool SyncEngine::reachedServer(const PendingChange &change)
{
    if (const auto *deletion = std::get_if<DraftDeletion>(&change))
        return !deletion->draftId.isEmpty();
    if (const auto *publishing = std::get_if<DraftPublishing>(&change))
        return !publishing->draftId.isEmpty();
    return true;
}

void SyncEngine::dropUnsendable(const LocalStore::OutboxEntry &entry)
{
    // The draft never reached the server (its save was refused), or is gone here.
    using Kind = LocalStore::OutboxEntry::Kind;
    switch (entry.kind) {
    case Kind::SaveDraft:
    case Kind::DeleteDraft: m_store.draftDeleted(entry.sequence); return;
    case Kind::PublishDraft:
        m_store.schedulingRefused(entry.sequence);
        Q_EMIT schedulingRefused(entry.subject,
                                 ApiError(ApiError::Kind::Validation,
                                          tr("The draft could not be saved on the server, so it "
                                             "was not published.")));
        return;
    case Kind::UpdateSchedule:
    case Kind::CancelSchedule: m_store.schedulingRefused(entry.sequence); return;
    case Kind::AddSlot:
    case Kind::DeleteSlot: m_store.slotChangeRefused(entry.sequence); return;
    }
}

bool SyncEngine::madeButNotUnderstood(const LocalStore::OutboxEntry &entry, const ApiError &error)
{
    if (error.kind() != ApiError::Kind::MalformedAnswer)
        return false;
    // The change is in: the post is read as the server has it with the next range the
    // app loads (sending it again would only bring the same answer back).
    qCWarning(lcClient).noquote() << "answer not understood:" << error.message();
    m_store.schedulingDone(entry.sequence, std::nullopt);
    if (entry.kind == LocalStore::OutboxEntry::Kind::PublishDraft)
        refreshCredits(); // the post took one
    replayNext();
    return true;
}

void SyncEngine::afterAnswer(const LocalStore::OutboxEntry &entry,
                             const std::optional<ApiError> &failure)
{
    if (!failure) {
        replayNext();
        return;
    }
    const ApiError &error = *failure;
    using Kind = LocalStore::OutboxEntry::Kind;
    const QString &subject = entry.subject;
    if (error.isTransient() || error.kind() == ApiError::Kind::Unauthorized
        || error.kind() == ApiError::Kind::Cancelled
        || error.kind() == ApiError::Kind::MalformedAnswer) {
        // Tried again when the server is back (Connectivity says so), or soon when it
        // answered with a failure of its own or an answer not understood: the change
        // may be in, so the entry stays and is sent again with its key, which answers
        // it again.
        qCInfo(lcClient).noquote() << "outbox waits:" << error.message();
        stop();
        if (error.kind() == ApiError::Kind::Server
            || error.kind() == ApiError::Kind::MalformedAnswer)
            m_retry.start(ServerErrorRetryMs);
        return;
    }
    const bool scheduling = entry.kind == Kind::PublishDraft || entry.kind == Kind::UpdateSchedule
                            || entry.kind == Kind::CancelSchedule;
    if (entry.kind == Kind::DeleteSlot && error.kind() == ApiError::Kind::NotFound) {
        ++m_slotChangesDone;
        m_store.slotRemoved(entry.sequence, nowMs()); // gone already
    } else if (entry.kind == Kind::AddSlot || entry.kind == Kind::DeleteSlot) {
        refuseSlotChange(entry, error);
    } else if (scheduling) {
        m_store.schedulingRefused(entry.sequence);
        Q_EMIT schedulingRefused(subject, error);
    } else if (error.kind() == ApiError::Kind::Conflict
               && error.errorCode() == ErrorCode::DraftConflict && error.currentDraft()) {
        // A publication waiting behind the save would publish the server's text, which
        // the user has not seen: it waits for the user's choice instead.
        for (const LocalStore::OutboxEntry &waiting : m_store.pendingScheduling()) {
            if (waiting.kind != Kind::PublishDraft || waiting.subject != subject)
                continue;
            m_store.schedulingRefused(waiting.sequence);
            Q_EMIT schedulingRefused(
                subject, ApiError(ApiError::Kind::Conflict,
                                  tr("The draft was changed elsewhere too. Choose which version "
                                     "to keep, then publish it again.")));
        }
        m_store.draftConflict(entry.sequence, *error.currentDraft());
        Q_EMIT conflict(subject);
    } else if (entry.kind == Kind::DeleteDraft && error.kind() == ApiError::Kind::NotFound) {
        m_store.draftDeleted(entry.sequence); // gone already
    } else if (entry.kind == Kind::SaveDraft && error.kind() == ApiError::Kind::NotFound) {
        m_store.draftGoneOnServer(entry.sequence);
        Q_EMIT refused(subject, error);
    } else {
        m_store.entryRefused(entry.sequence, error.toDisplayString());
        Q_EMIT refused(subject, error);
    }
    replayNext();
}

void SyncEngine::settleAddedSlot(const LocalStore::OutboxEntry &entry, const ApiError &error)
{
    // The slot may well be on the server: an answer not understood, or a conflict met by
    // a retry (its first attempt made the slot, and the server no longer knows the key).
    // Sending it again would only bring the same answer back, so the server's slots are
    // read.
    m_client.getSlots(this, [this, entry, error](const ApiResult<SlotList> &slots) {
        if (!slots.ok()) {
            afterAnswer(entry, slots.error()); // waits, as any call that got no answer
            return;
        }
        for (const WeeklySlot &slot : slots.value().slots) {
            // The same day, time and targets: another app's slot at that time is not it.
            if (entry.slot && slot.sameTimeAs(*entry.slot) && slot.targets == entry.slot->targets) {
                ++m_slotChangesDone;
                m_store.slotAdded(entry.sequence, slot, nowMs());
                replayNext();
                return;
            }
        }
        refuseSlotChange(entry, error);
        replayNext();
    });
}

void SyncEngine::refuseSlotChange(const LocalStore::OutboxEntry &entry, const ApiError &error)
{
    // Said with the slot's day and time, which the store forgets with the entry.
    std::optional<WeeklySlot> slot = entry.slot;
    if (!slot) {
        for (const WeeklySlot &cached : m_store.reference().slots()) {
            if (cached.id == entry.subject)
                slot = cached;
        }
    }
    const bool addition = entry.kind == LocalStore::OutboxEntry::Kind::AddSlot;
    m_store.slotChangeRefused(entry.sequence);
    if (slot)
        Q_EMIT slotRefused(*slot, addition, error);
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
    const int slotChangesBefore = m_slotChangesDone;
    m_client.getSlots(this, [this, slotChangesBefore](const ApiResult<SlotList> &slots) {
        if (!slots.ok()) {
            failRefresh(slots.error());
            return;
        }
        // A slot added or removed while the list was read may be missing from it, and its
        // entry is gone: the list is read again rather than losing the change until the
        // next reading.
        if (m_slotChangesDone != slotChangesBefore) {
            refreshSlots();
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
        const auto known = m_store.posts().find(post.id);
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
                              for (const Account &account : m_store.reference().accounts())
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
