#include "client/localstore.h"

#include "client/apiresults.h"
#include "client/localstoreschema.h"
#include "client/storeerror.h"
#include "core/isotime.h"
#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/transaction.h"

#include <QCryptographicHash>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {

LocalStore::LocalStore(QObject *parent)
    : QObject(parent)
    , m_database(std::make_unique<Database>())
    , m_outbox(*m_database)
    , m_drafts(*m_database)
    , m_reference(*m_database)
    , m_posts(*m_database)
    , m_scheduling(*m_database, m_outbox, m_drafts, m_posts, m_reference)
    , m_slots(*m_database, m_outbox, m_reference)
{ }

LocalStore::~LocalStore() = default;

void LocalStore::open(const QString &filePath)
{
    try {
        m_database->open(filePath, localStoreMigrations());
    } catch (const DatabaseError &error) {
        throw StoreError(error.message());
    }
}

void LocalStore::changed()
{
    Q_EMIT draftsChanged();
    Q_EMIT outboxChanged(pendingChanges());
}

QString LocalStore::draftFor(const Submission &post, qint64 nowMs)
{
    for (const LocalDraft &draft : drafts()) {
        if (draft.text == post.text && draft.platforms.contains(post.platform)
            && draft.mediaUrls == post.mediaUrls)
            return draft.localId;
    }
    return createDraft(post.text, {post.platform}, post.mediaUrls, nowMs);
}

QString LocalStore::createDraft(const QString &text, const QList<Platform> &platforms,
                                const QStringList &mediaUrls, qint64 nowMs)
{
    LocalDraft draft;
    draft.localId = DraftTable::newLocalId();
    draft.text = text;
    draft.platforms = platforms;
    draft.mediaUrls = mediaUrls;
    draft.updatedAtMs = nowMs;
    Transaction transaction(*m_database);
    m_drafts.insert(draft);
    enqueue(OutboxEntry::Kind::SaveDraft, draft.localId);
    transaction.commit();
    changed();
    return draft.localId;
}

bool LocalStore::editDraft(const QString &localId, const QString &text,
                           const QList<Platform> &platforms, const QStringList &mediaUrls,
                           qint64 nowMs)
{
    const auto current = draft(localId);
    if (!current)
        return false;
    Transaction transaction(*m_database);
    m_drafts.setContent(localId, text, platforms, mediaUrls, nowMs);
    // While in conflict nothing is sent: the user's choice decides what goes.
    if (current->state != SyncState::Conflict)
        enqueue(OutboxEntry::Kind::SaveDraft, localId);
    updateState(localId);
    transaction.commit();
    changed();
    return true;
}

void LocalStore::deleteDraft(const QString &localId)
{
    const auto current = draft(localId);
    if (!current)
        return;
    Transaction transaction(*m_database);
    removeEntries(localId, true);
    if (current->serverId.isEmpty() && !hasEntries(localId)) {
        // The server never heard of it.
        m_drafts.remove(localId);
        m_posts.forgetDraft(localId);
    } else {
        m_drafts.markDeleted(localId);
        enqueue(OutboxEntry::Kind::DeleteDraft, localId);
    }
    transaction.commit();
    changed();
}

void LocalStore::resolveConflict(const QString &localId, Resolution resolution, qint64 nowMs)
{
    const auto current = draft(localId);
    if (!current || !current->theirs)
        return;
    const Draft theirs = *current->theirs;
    Transaction transaction(*m_database);
    if (resolution == Resolution::KeepBoth)
        createDraft(current->text, current->platforms, current->mediaUrls, nowMs);
    if (resolution == Resolution::KeepMine) {
        // Saved over theirs, knowingly: from the revision the server has now.
        m_drafts.link(localId, theirs.id, theirs.revision);
        enqueue(OutboxEntry::Kind::SaveDraft, localId);
    } else {
        m_drafts.adoptServerVersion(localId, theirs);
    }
    updateState(localId);
    transaction.commit();
    changed();
}

std::optional<LocalStore::LocalDraft> LocalStore::draft(const QString &localId) const
{
    return m_drafts.find(localId);
}

QList<LocalStore::LocalDraft> LocalStore::drafts() const
{
    return m_drafts.all();
}

namespace {

const QList<Outbox::Entry::Kind> DraftKinds {Outbox::Entry::Kind::SaveDraft,
                                             Outbox::Entry::Kind::DeleteDraft};

} // namespace

void LocalStore::enqueue(OutboxEntry::Kind kind, const QString &localId)
{
    // One unsent save per draft is enough: it is built from the draft when it goes.
    if (kind == OutboxEntry::Kind::SaveDraft && m_outbox.hasUnsent(kind, localId))
        return;
    OutboxEntry change;
    change.kind = kind;
    change.subject = localId;
    m_outbox.append(change);
}

void LocalStore::removeEntries(const QString &localId, bool onlyUnsent)
{
    m_outbox.removeFor(localId, DraftKinds, onlyUnsent);
}

bool LocalStore::hasEntries(const QString &localId) const
{
    return m_outbox.hasEntriesFor(localId, DraftKinds);
}

void LocalStore::updateState(const QString &localId)
{
    const auto found = m_drafts.findAny(localId);
    if (!found)
        return;
    SyncState state = SyncState::Synced;
    if (found->theirs)
        state = SyncState::Conflict;
    else if (hasEntries(localId) || found->serverId.isEmpty())
        state = found->problem.isEmpty() ? SyncState::Pending : SyncState::Refused;
    else if (!found->problem.isEmpty())
        state = SyncState::Refused;
    m_drafts.setState(localId, state);
}

std::optional<LocalStore::OutboxEntry> LocalStore::nextEntry() const
{
    return m_outbox.next();
}

std::optional<LocalStore::OutboxEntry> LocalStore::entry(qint64 sequence) const
{
    return m_outbox.find(sequence);
}

int LocalStore::pendingChanges() const
{
    return m_outbox.count();
}

std::optional<PendingChange> LocalStore::changeToSend(qint64 sequence) const
{
    const auto found = entry(sequence);
    if (!found)
        return std::nullopt;
    using Kind = OutboxEntry::Kind;
    switch (found->kind) {
    case Kind::UpdateSchedule:
        if (!found->moveToMs)
            return std::nullopt;
        return ScheduleMove {found->subject, *found->moveToMs};
    case Kind::CancelSchedule: return ScheduleCancellation {found->subject};
    case Kind::AddSlot:
    case Kind::DeleteSlot: return SlotQueue::changeToSend(*found);
    case Kind::SaveDraft:
    case Kind::DeleteDraft:
    case Kind::PublishDraft: break;
    }
    const auto row = m_drafts.findAny(found->subject);
    if (!row)
        return std::nullopt;
    const QString serverId = row->serverId;
    if (found->kind == Kind::DeleteDraft)
        return DraftDeletion {serverId};
    if (found->kind == Kind::PublishDraft)
        return DraftPublishing {serverId, found->publication.value_or(DraftPublication {})};
    DraftSaving saving;
    saving.draft.id = serverId;
    // Its identity from the start: a create sent again, however long after (the server
    // keeps idempotency keys for a day), finds the draft it made.
    saving.draft.clientId = serverId.isEmpty() ? found->subject : QString();
    saving.draft.text = row->text;
    saving.draft.platforms = row->platforms;
    saving.draft.mediaUrls = row->mediaUrls;
    if (!serverId.isEmpty())
        saving.baseRevision = row->baseRevision;
    return saving;
}

void LocalStore::recordAttempt(qint64 sequence, const WireRequest &request)
{
    m_outbox.recordAttempt(sequence, request);
}

void LocalStore::draftSaved(qint64 sequence, const Draft &onServer)
{
    const auto found = entry(sequence);
    if (!found)
        return;
    Transaction transaction(*m_database);
    m_outbox.remove(sequence);
    if (!onServer.id.isEmpty())
        m_drafts.link(found->subject, onServer.id, onServer.revision);
    updateState(found->subject);
    transaction.commit();
    changed();
}

void LocalStore::draftDeleted(qint64 sequence)
{
    const auto found = entry(sequence);
    if (!found)
        return;
    Transaction transaction(*m_database);
    removeEntries(found->subject, false);
    m_drafts.remove(found->subject);
    m_posts.forgetDraft(found->subject);
    transaction.commit();
    changed();
}

void LocalStore::draftConflict(qint64 sequence, const Draft &theirs)
{
    const auto found = entry(sequence);
    if (!found)
        return;
    Transaction transaction(*m_database);
    if (m_drafts.isDeleted(found->subject)) {
        // Deleted meanwhile: the saves no longer matter, and the deletion (which has no
        // revision to conflict on) still goes.
        m_outbox.removeFor(found->subject, {OutboxEntry::Kind::SaveDraft}, false);
        transaction.commit();
        changed();
        return;
    }
    // What else waits for this draft would meet the same conflict: the choice decides.
    removeEntries(found->subject, false);
    m_drafts.setTheirs(found->subject, theirs);
    updateState(found->subject);
    transaction.commit();
    changed();
}

void LocalStore::entryRefused(qint64 sequence, const QString &problem)
{
    const auto found = entry(sequence);
    if (!found)
        return;
    Transaction transaction(*m_database);
    m_outbox.remove(sequence);
    // A refused deletion brings the draft back; a refused save keeps the text, and why.
    m_drafts.setRefused(found->subject, problem);
    updateState(found->subject);
    transaction.commit();
    changed();
}

QStringList LocalStore::mergeServerDrafts(const QList<Draft> &onServer)
{
    Transaction transaction(*m_database);
    QStringList known;
    for (const Draft &draft : onServer) {
        known.append(draft.id);
        // A draft made here whose create's answer never arrived is ours: its client id is
        // our local id. It is linked, not listed a second time.
        linkCreatedDraft(draft);
        const auto local = m_drafts.findByServerId(draft.id);
        if (!local) {
            LocalDraft listed;
            listed.localId = DraftTable::newLocalId();
            listed.serverId = draft.id;
            listed.baseRevision = draft.revision;
            listed.text = draft.text;
            listed.platforms = draft.platforms;
            listed.mediaUrls = draft.mediaUrls;
            listed.updatedAtMs = draft.updatedAtMs;
            listed.state = SyncState::Synced;
            m_drafts.insert(listed);
            mergeDraftPosts(listed.localId, draft);
            continue;
        }
        mergeDraftPosts(local->localId, draft);
        if (hasEntries(local->localId) || m_drafts.isDeleted(local->localId)
            || draft.revision <= local->baseRevision)
            continue; // local changes wait to be sent, or nothing is new
        if (local->state != SyncState::Synced)
            continue; // a conflict or a refusal the user has not seen to
        m_drafts.adoptServerVersion(local->localId, draft);
    }
    // Synced drafts the list did not have: deleted elsewhere, or moved to a page already
    // read while the list was paged. The caller asks the server about each.
    QStringList unlisted;
    for (const auto &[localId, serverId] : m_drafts.synced()) {
        if (!known.contains(serverId) && !hasEntries(localId))
            unlisted.append(localId);
    }
    transaction.commit();
    changed();
    return unlisted;
}

void LocalStore::linkCreatedDraft(const Draft &onServer)
{
    if (onServer.clientId.isEmpty())
        return;
    // Only a draft the server never confirmed (no server id yet), at the revision the
    // server has: what was typed here since still goes, as a save of it. A create still
    // in the outbox is answered by the server from the same draft when it is sent again.
    m_drafts.linkIfNew(onServer.clientId, onServer.id, onServer.revision);
    updateState(onServer.clientId);
}

void LocalStore::mergeDraftPosts(const QString &draftLocalId, const Draft &onServer)
{
    // The server's record of what was made of the draft (by this app or another client)
    // joins the one kept here; a post it names is taken as it says.
    for (const Draft::Publication &publication : onServer.publications)
        m_posts.recordForDraft(draftLocalId, onServer.postOf(publication));
}

void LocalStore::forgetDraft(const QString &localId)
{
    // Only a draft with nothing pending: an edit made meanwhile keeps it.
    if (hasEntries(localId))
        return;
    m_drafts.removeIfSynced(localId);
    if (!draft(localId))
        m_posts.forgetDraft(localId);
    changed();
}

void LocalStore::draftGoneOnServer(qint64 sequence)
{
    const auto found = entry(sequence);
    if (!found)
        return;
    Transaction transaction(*m_database);
    m_outbox.remove(sequence);
    // Deleted elsewhere while edited here: what was typed is kept, as a new draft.
    m_drafts.unlink(found->subject);
    enqueue(OutboxEntry::Kind::SaveDraft, found->subject);
    updateState(found->subject);
    transaction.commit();
    changed();
}

// --- scheduling, through the queue ------------------------------------------------------

qint64 LocalStore::queuePublication(const QString &draftLocalId, const Publication &publication)
{
    const qint64 sequence = m_scheduling.queuePublication(draftLocalId, publication);
    changed();
    return sequence;
}

bool LocalStore::isPublicationQueued(const QString &draftLocalId,
                                     const Publication &publication) const
{
    return m_scheduling.isPublicationQueued(draftLocalId, publication);
}

bool LocalStore::withdrawPublication(qint64 sequence)
{
    if (!m_scheduling.withdrawPublication(sequence))
        return false;
    changed();
    return true;
}

bool LocalStore::retractPublication(qint64 sequence)
{
    if (!m_scheduling.retractPublication(sequence))
        return false;
    changed();
    return true;
}

bool LocalStore::isRetracted(const OutboxEntry &entry)
{
    return SchedulingQueue::isRetracted(entry);
}

void LocalStore::queueMove(const Submission &post, qint64 newAtMs)
{
    m_scheduling.queueMove(post, newAtMs);
    postsAndOutboxChanged();
}

void LocalStore::queueCancel(const Submission &post)
{
    m_scheduling.queueCancel(post);
    postsAndOutboxChanged();
}

QList<LocalStore::Publication> LocalStore::queuedPublications(const QString &draftLocalId) const
{
    return m_scheduling.queuedPublications(draftLocalId);
}

QList<LocalStore::OutboxEntry> LocalStore::pendingScheduling() const
{
    return m_scheduling.pendingScheduling();
}

bool LocalStore::isPending(const QString &scheduleId) const
{
    return m_scheduling.isPending(scheduleId);
}

void LocalStore::schedulingDone(qint64 sequence, const std::optional<Submission> &onServer)
{
    m_scheduling.schedulingDone(sequence, onServer);
    postsAndOutboxChanged();
}

void LocalStore::publicationDone(qint64 sequence, const PostCreated &created, qint64 nowMs)
{
    m_scheduling.publicationDone(sequence, created, nowMs);
    postsAndOutboxChanged();
}

void LocalStore::schedulingRefused(qint64 sequence)
{
    m_scheduling.schedulingRefused(sequence);
    postsAndOutboxChanged();
}

void LocalStore::postsAndOutboxChanged()
{
    Q_EMIT postsChanged();
    changed();
}

// --- weekly slots, through the queue ------------------------------------------------------

// Queueing, and a refusal, change only the outbox (the week reads the planned slots when
// it changes); what the server did changes the cached slots too.

QString LocalStore::queueSlotAddition(const WeeklySlot &slot)
{
    const QString id = m_slots.queueAddition(slot);
    Q_EMIT outboxChanged(pendingChanges());
    return id;
}

bool LocalStore::queueSlotRemoval(const QString &slotId)
{
    if (!m_slots.queueRemoval(slotId))
        return false;
    Q_EMIT outboxChanged(pendingChanges());
    return true;
}

void LocalStore::slotAdded(qint64 sequence, const WeeklySlot &onServer, qint64 nowMs)
{
    m_slots.additionDone(sequence, onServer, nowMs);
    slotsAndOutboxChanged();
}

void LocalStore::slotRemoved(qint64 sequence, qint64 nowMs)
{
    m_slots.removalDone(sequence, nowMs);
    slotsAndOutboxChanged();
}

void LocalStore::slotChangeRefused(qint64 sequence)
{
    m_slots.refused(sequence);
    Q_EMIT outboxChanged(pendingChanges());
}

void LocalStore::slotsAndOutboxChanged()
{
    Q_EMIT referenceChanged();
    Q_EMIT outboxChanged(pendingChanges());
}

// --- what the server said, kept ----------------------------------------------------------

void LocalStore::putSnapshot(const QString &name, const QJsonDocument &document, qint64 nowMs)
{
    m_reference.putSnapshot(name, document, nowMs);
}

std::optional<QJsonDocument> LocalStore::snapshot(const QString &name) const
{
    return m_reference.snapshot(name);
}

void LocalStore::putUser(const UserProfile &user, qint64 nowMs)
{
    m_reference.putUser(user, nowMs);
    Q_EMIT referenceChanged();
}

void LocalStore::putAccounts(const QList<Account> &accounts, qint64 nowMs)
{
    m_reference.putAccounts(accounts, nowMs);
    Q_EMIT referenceChanged();
}

void LocalStore::putSubaccounts(const QString &accountId, const QList<Subaccount> &subaccounts,
                                qint64 nowMs)
{
    m_reference.putSubaccounts(accountId, subaccounts, nowMs);
    Q_EMIT referenceChanged();
}

void LocalStore::putSlots(const QString &timezone, const QList<WeeklySlot> &slots, qint64 nowMs)
{
    m_reference.putSlots(timezone, slots, nowMs);
    Q_EMIT referenceChanged();
}

void LocalStore::putCredits(const CreditBalance &credits, qint64 nowMs)
{
    m_reference.putCredits(credits, nowMs);
    Q_EMIT referenceChanged();
}

void LocalStore::replacePosts(qint64 sinceMs, qint64 untilMs, const QList<Submission> &posts)
{
    m_posts.replaceRange(sinceMs, untilMs, posts, m_scheduling.pendingScheduling());
    Q_EMIT postsChanged();
    // The drafts list shows what became of each draft's posts.
    Q_EMIT draftsChanged();
}

void LocalStore::putPosts(const QList<Submission> &posts)
{
    if (posts.isEmpty())
        return;
    Transaction transaction(*m_database);
    for (const Submission &post : posts)
        m_posts.put(post);
    transaction.commit();
    Q_EMIT postsChanged();
    Q_EMIT draftsChanged();
}

} // namespace slotline::client
