#include "client/draftqueue.h"

#include "client/drafttable.h"
#include "client/postcache.h"
#include "client/uploadqueue.h"
#include "core/localmedia.h"
#include "storage/database.h"
#include "storage/transaction.h"

namespace slotline::client {

namespace {

const QList<Outbox::Entry::Kind> DraftKinds {Outbox::Entry::Kind::SaveDraft,
                                             Outbox::Entry::Kind::DeleteDraft};

} // namespace

DraftQueue::DraftQueue(Database &database, Outbox &outbox, DraftTable &drafts, PostCache &posts,
                       UploadQueue &uploads)
    : m_database(database)
    , m_outbox(outbox)
    , m_drafts(drafts)
    , m_posts(posts)
    , m_uploads(uploads)
{ }

QString DraftQueue::draftFor(const Submission &post, qint64 nowMs)
{
    for (const LocalDraft &draft : m_drafts.all()) {
        if (draft.text == post.text && draft.platforms.contains(post.platform)
            && draft.mediaUrls == post.mediaUrls)
            return draft.localId;
    }
    return createDraft(post.text, {post.platform}, post.mediaUrls, nowMs);
}

QString DraftQueue::createDraft(const QString &text, const QList<Platform> &platforms,
                                const QStringList &mediaUrls, qint64 nowMs)
{
    LocalDraft draft;
    draft.localId = DraftTable::newLocalId();
    draft.text = text;
    draft.platforms = platforms;
    draft.mediaUrls = mediaUrls;
    draft.updatedAtMs = nowMs;
    Transaction transaction(m_database);
    m_drafts.insert(draft);
    enqueue(OutboxEntry::Kind::SaveDraft, draft.localId);
    transaction.commit();
    return draft.localId;
}

bool DraftQueue::editDraft(const QString &localId, const QString &text,
                           const QList<Platform> &platforms, const QStringList &mediaUrls,
                           qint64 nowMs)
{
    const auto current = m_drafts.find(localId);
    if (!current)
        return false;
    Transaction transaction(m_database);
    m_drafts.setContent(localId, text, platforms, mediaUrls, nowMs);
    // While in conflict nothing is sent: the user's choice decides what goes.
    if (current->state != SyncState::Conflict)
        enqueue(OutboxEntry::Kind::SaveDraft, localId);
    updateState(localId);
    QStringList removed = current->mediaUrls;
    removed.removeIf([&mediaUrls](const QString &url) { return mediaUrls.contains(url); });
    m_uploads.dropUnreferenced(removed);
    transaction.commit();
    m_uploads.removeForgottenFiles();
    return true;
}

void DraftQueue::deleteDraft(const QString &localId)
{
    const auto current = m_drafts.find(localId);
    if (!current)
        return;
    Transaction transaction(m_database);
    removeEntries(localId, true);
    if (current->serverId.isEmpty() && !hasEntries(localId)) {
        // The server never heard of it.
        m_drafts.remove(localId);
        m_posts.forgetDraft(localId);
    } else {
        m_drafts.markDeleted(localId);
        enqueue(OutboxEntry::Kind::DeleteDraft, localId);
    }
    // Its files still go up: undoing the deletion brings the draft back with them. An
    // upload no draft carries any more is done all the same, and nothing uses it.
    transaction.commit();
}

void DraftQueue::resolveConflict(const QString &localId, Resolution resolution, qint64 nowMs)
{
    const auto current = m_drafts.find(localId);
    if (!current || !current->theirs)
        return;
    const Draft theirs = *current->theirs;
    Transaction transaction(m_database);
    if (resolution == Resolution::KeepBoth)
        createDraft(current->text, current->platforms, current->mediaUrls, nowMs);
    if (resolution == Resolution::KeepMine) {
        // Saved over theirs, knowingly: from the revision the server has now.
        m_drafts.link(localId, theirs.id, theirs.revision);
        enqueue(OutboxEntry::Kind::SaveDraft, localId);
    } else {
        m_drafts.adoptServerVersion(localId, theirs);
        m_uploads.dropUnreferenced(current->mediaUrls);
    }
    updateState(localId);
    transaction.commit();
    m_uploads.removeForgottenFiles();
}

void DraftQueue::enqueue(OutboxEntry::Kind kind, const QString &localId)
{
    // One unsent save per draft is enough: it is built from the draft when it goes.
    if (kind == OutboxEntry::Kind::SaveDraft && m_outbox.hasUnsent(kind, localId))
        return;
    OutboxEntry change;
    change.kind = kind;
    change.subject = localId;
    m_outbox.append(change);
}

void DraftQueue::removeEntries(const QString &localId, bool onlyUnsent)
{
    m_outbox.removeFor(localId, DraftKinds, onlyUnsent);
}

bool DraftQueue::hasEntries(const QString &localId) const
{
    return m_outbox.hasEntriesFor(localId, DraftKinds);
}

void DraftQueue::updateState(const QString &localId)
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

void DraftQueue::draftSaved(qint64 sequence, const Draft &onServer)
{
    const auto found = m_outbox.find(sequence);
    if (!found)
        return;
    Transaction transaction(m_database);
    m_outbox.remove(sequence);
    if (!onServer.id.isEmpty())
        m_drafts.link(found->subject, onServer.id, onServer.revision);
    updateState(found->subject);
    transaction.commit();
}

void DraftQueue::draftDeleted(qint64 sequence)
{
    const auto found = m_outbox.find(sequence);
    if (!found)
        return;
    Transaction transaction(m_database);
    removeEntries(found->subject, false);
    m_drafts.remove(found->subject);
    m_posts.forgetDraft(found->subject);
    transaction.commit();
}

void DraftQueue::draftConflict(qint64 sequence, const Draft &theirs)
{
    const auto found = m_outbox.find(sequence);
    if (!found)
        return;
    Transaction transaction(m_database);
    if (m_drafts.isDeleted(found->subject)) {
        // Deleted meanwhile: the saves no longer matter, and the deletion (which has no
        // revision to conflict on) still goes.
        m_outbox.removeFor(found->subject, {OutboxEntry::Kind::SaveDraft}, false);
        transaction.commit();
        return;
    }
    // What else waits for this draft would meet the same conflict: the choice decides.
    removeEntries(found->subject, false);
    m_drafts.setTheirs(found->subject, theirs);
    updateState(found->subject);
    transaction.commit();
}

void DraftQueue::entryRefused(qint64 sequence, const QString &problem)
{
    const auto found = m_outbox.find(sequence);
    if (!found)
        return;
    Transaction transaction(m_database);
    m_outbox.remove(sequence);
    // A refused deletion brings the draft back; a refused save keeps the text, and why.
    m_drafts.setRefused(found->subject, problem);
    updateState(found->subject);
    transaction.commit();
}

QStringList DraftQueue::mergeServerDrafts(const QList<Draft> &onServer)
{
    Transaction transaction(m_database);
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
    return unlisted;
}

void DraftQueue::linkCreatedDraft(const Draft &onServer)
{
    if (onServer.clientId.isEmpty())
        return;
    // Only a draft the server never confirmed (no server id yet), at the revision the
    // server has: what was typed here since still goes, as a save of it. A create still
    // in the outbox is answered by the server from the same draft when it is sent again.
    m_drafts.linkIfNew(onServer.clientId, onServer.id, onServer.revision);
    updateState(onServer.clientId);
}

void DraftQueue::mergeDraftPosts(const QString &draftLocalId, const Draft &onServer)
{
    // The server's record of what was made of the draft (by this app or another client)
    // joins the one kept here; a post it names is taken as it says.
    for (const Draft::Publication &publication : onServer.publications)
        m_posts.recordForDraft(draftLocalId, onServer.postOf(publication));
}

void DraftQueue::forgetDraft(const QString &localId)
{
    // Only a draft with nothing pending: an edit made meanwhile keeps it.
    if (hasEntries(localId))
        return;
    m_drafts.removeIfSynced(localId);
    if (!m_drafts.find(localId))
        m_posts.forgetDraft(localId);
}

void DraftQueue::draftGoneOnServer(qint64 sequence)
{
    const auto found = m_outbox.find(sequence);
    if (!found)
        return;
    Transaction transaction(m_database);
    m_outbox.remove(sequence);
    // Deleted elsewhere while edited here: what was typed is kept, as a new draft.
    m_drafts.unlink(found->subject);
    enqueue(OutboxEntry::Kind::SaveDraft, found->subject);
    updateState(found->subject);
    transaction.commit();
}

void DraftQueue::saveMediaChange(const QString &localId)
{
    const auto current = m_drafts.find(localId);
    if (!current)
        return;
    if (current->state != SyncState::Conflict)
        enqueue(OutboxEntry::Kind::SaveDraft, localId);
    updateState(localId);
}

std::optional<PendingChange> DraftQueue::changeToSend(const OutboxEntry &entry) const
{
    using Kind = OutboxEntry::Kind;
    const auto row = m_drafts.findAny(entry.subject);
    if (!row)
        return std::nullopt;
    const QString serverId = row->serverId;
    if (entry.kind == Kind::DeleteDraft)
        return DraftDeletion {serverId};
    if (entry.kind == Kind::PublishDraft)
        return DraftPublishing {serverId, entry.publication.value_or(DraftPublication {})};
    DraftSaving saving;
    saving.draft.id = serverId;
    // Its identity from the start: a create sent again, however long after (the server
    // keeps idempotency keys for a day), finds the draft it made.
    saving.draft.clientId = serverId.isEmpty() ? entry.subject : QString();
    saving.draft.text = row->text;
    saving.draft.platforms = row->platforms;
    // Media still waiting for their upload are not the server's to know: the upload goes
    // first, and its address comes with the next save.
    saving.draft.mediaUrls = localmedia::withoutReferences(row->mediaUrls);
    if (!serverId.isEmpty())
        saving.baseRevision = row->baseRevision;
    return saving;
}

} // namespace slotline::client
