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
    , m_reference(client, store)
    , m_uploader(client)
{
    connect(&m_uploader, &MediaUploader::progress, this, &SyncEngine::uploadProgress);
    connect(&m_reference, &ReferenceRefresher::refreshed, this, &SyncEngine::referenceRefreshed);
    connect(&m_reference, &ReferenceRefresher::failed, this, &SyncEngine::refreshFailed);
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
        if (entry->kind == LocalStore::OutboxEntry::Kind::PublishDraft
            && m_store.hasLostMedia(entry->subject)) {
            m_store.schedulingRefused(sequence);
            Q_EMIT schedulingRefused(entry->subject,
                                     ApiError(ApiError::Kind::Validation,
                                              tr("A file of the draft is no longer kept for its "
                                                 "upload, so the post was not published: add "
                                                 "the file again.")));
            replayNext();
            return;
        }
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
                    m_reference.noteSlotChange();
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
                m_reference.noteSlotChange();
                m_store.slotRemoved(entry.sequence, nowMs());
            }
            afterAnswer(entry, result.ok() ? std::nullopt : std::optional(result.error()));
        });
        return;
    case Kind::UploadMedia: sendUpload(*entry, *request); return;
    }
}

void SyncEngine::sendUpload(const LocalStore::OutboxEntry &entry, const WireRequest &request)
{
    if (!entry.upload) {
        dropUnsendable(entry);
        replayNext();
        return;
    }
    using Outcome = MediaUploader::Outcome;
    m_uploader.send(
        *entry.upload, request, entry.idempotencyKey, [this, entry](const Outcome &outcome) {
            switch (outcome.kind) {
            case Outcome::Kind::Uploaded:
                // Said first: a view showing the file takes the address as it is, and
                // finds the draft as it shows it once the store has changed.
                Q_EMIT mediaUploaded(entry.subject, outcome.publicUrl);
                m_store.mediaUploaded(entry.sequence, outcome.publicUrl);
                replayNext();
                return;
            case Outcome::Kind::Refused:
                refuseUpload(entry, outcome.error);
                replayNext();
                return;
            case Outcome::Kind::Expired:
                if (entry.renewals < MaxUploadRenewals)
                    m_store.renewUpload(entry.sequence);
                else
                    refuseUpload(entry,
                                 ApiError(ApiError::Kind::Gone,
                                          tr("The server's upload addresses did not take the "
                                             "file (%n tries).",
                                             "", entry.renewals + 1)));
                replayNext();
                return;
            case Outcome::Kind::Waits:
                // Sent again later with the same key, which answers the same address.
                waitToRetry(outcome.error);
                return;
            }
        });
}

void SyncEngine::waitToRetry(const ApiError &error)
{
    qCInfo(lcClient).noquote() << "outbox waits:" << error.message();
    stop();
    // Connectivity says when the server is back (or the key or the limit is right again);
    // anything else the server answered (its own failure, an answer not understood, a
    // request of ours still in progress there) is tried again soon.
    const ApiError::Kind kind = error.kind();
    if (kind != ApiError::Kind::Network && kind != ApiError::Kind::Timeout
        && kind != ApiError::Kind::RateLimited && kind != ApiError::Kind::Unauthorized
        && kind != ApiError::Kind::Cancelled)
        m_retry.start(ServerErrorRetryMs);
}

void SyncEngine::refuseUpload(const LocalStore::OutboxEntry &entry, const ApiError &error)
{
    const QString name = entry.upload ? entry.upload->name : entry.subject;
    Q_EMIT uploadRefused(entry.subject, name, error); // first, as mediaUploaded()
    for (const LocalStore::OutboxEntry &publication : m_store.mediaRefused(entry.sequence)) {
        Q_EMIT schedulingRefused(
            publication.subject,
            ApiError(error.kind(),
                     tr("“%1” could not be uploaded, so the post was not published: %2")
                         .arg(name, error.toDisplayString())));
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
    case Kind::UploadMedia:
        refuseUpload(entry, ApiError(ApiError::Kind::Validation,
                                     tr("The file kept for the upload is not known any more.")));
        return;
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
        // The change may be in, so the entry stays and is sent again with its key, which
        // answers it again.
        waitToRetry(error);
        return;
    }
    const bool scheduling = entry.kind == Kind::PublishDraft || entry.kind == Kind::UpdateSchedule
                            || entry.kind == Kind::CancelSchedule;
    if (entry.kind == Kind::DeleteSlot && error.kind() == ApiError::Kind::NotFound) {
        m_reference.noteSlotChange();
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
                m_reference.noteSlotChange();
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
