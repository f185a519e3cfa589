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
namespace { } // namespace

LocalStore::LocalStore(QObject *parent)
    : QObject(parent)
    , m_database(std::make_unique<Database>())
    , m_outbox(*m_database)
    , m_drafts(*m_database)
    , m_reference(*m_database)
    , m_posts(*m_database)
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
    for (const Draft::Publication &publication : onServer.publications) {
        Submission post;
        post.id = publication.postSubmissionId;
        post.accountId = publication.accountId;
        post.platform = publication.platform;
        post.text = onServer.text;
        if (!publication.pageId.isEmpty())
            post.target = PostTarget {QString(), publication.pageId};
        post.status = publication.status;
        post.scheduledAtMs = publication.scheduledAtMs;
        post.publishedAtMs = publication.publishedAtMs;
        post.publicUrl = publication.publicUrl;
        post.errorMessage = publication.errorMessage;
        post.createdAtMs = publication.createdAtMs;
        post.updatedAtMs = publication.createdAtMs;
        m_posts.recordForDraft(draftLocalId, post);
    }
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

namespace {

const QList<Outbox::Entry::Kind> SchedulingKinds {Outbox::Entry::Kind::PublishDraft,
                                                  Outbox::Entry::Kind::UpdateSchedule,
                                                  Outbox::Entry::Kind::CancelSchedule};

} // namespace

QList<LocalStore::Publication> LocalStore::queuedPublications(const QString &draftLocalId) const
{
    QList<Publication> queued;
    for (const OutboxEntry &entry : m_outbox.entries({OutboxEntry::Kind::PublishDraft})) {
        if (entry.subject == draftLocalId && !entry.retracted && entry.publication)
            queued.append(*entry.publication);
    }
    return queued;
}

qint64 LocalStore::queuePublication(const QString &draftLocalId, const Publication &publication)
{
    // The same publication of the same draft goes once, whoever asks twice (a double
    // click, a drop repeated while offline): each one would cost a credit.
    if (const auto queued = queuedPublication(draftLocalId, publication))
        return *queued;
    OutboxEntry entry;
    entry.kind = OutboxEntry::Kind::PublishDraft;
    entry.subject = draftLocalId;
    entry.publication = publication;
    entry.idempotencyKey = publicationKey(draftLocalId, publication);
    const qint64 sequence = m_outbox.append(entry);
    changed();
    return sequence;
}

QString LocalStore::publicationKey(const QString &draftLocalId,
                                   const Publication &publication) const
{
    // Derived from what is asked (draft, account, page, when) and from how many posts of
    // the draft this account already has: asking twice for the same thing, before the
    // first answer is known here, sends the same key, and the server replays its first
    // answer instead of posting again. A publication the user asked for again knowingly
    // (the draft went there before) counts one more post, so it gets a key of its own.
    // Entries still in the outbox count too (one taken back while on its way included),
    // so that no two entries ever share a key.
    qsizetype earlier = 0;
    for (const Submission &post : m_posts.ofDraft(draftLocalId)) {
        if (post.accountId == publication.accountId)
            ++earlier;
    }
    for (const OutboxEntry &entry : m_outbox.entries({OutboxEntry::Kind::PublishDraft})) {
        if (entry.subject == draftLocalId && entry.publication
            && entry.publication->accountId == publication.accountId)
            ++earlier;
    }
    const QString when = publication.useNextFreeSlot ? u"next-free-slot"_s
                         : publication.scheduledAtMs ? isotime::format(*publication.scheduledAtMs)
                                                     : u"now"_s;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &part : {draftLocalId, publication.accountId, publication.pageId, when,
                                QString::number(earlier)}) {
        hash.addData(part.toUtf8());
        hash.addData(QByteArrayView("\n", 1));
    }
    return u"slotline-publish-"_s + QString::fromLatin1(hash.result().toHex().left(40));
}

bool LocalStore::isPublicationQueued(const QString &draftLocalId,
                                     const Publication &publication) const
{
    return queuedPublication(draftLocalId, publication).has_value();
}

std::optional<qint64> LocalStore::queuedPublication(const QString &draftLocalId,
                                                    const Publication &publication) const
{
    for (const OutboxEntry &entry : m_outbox.entries({OutboxEntry::Kind::PublishDraft})) {
        if (entry.subject == draftLocalId && !entry.retracted && entry.publication == publication)
            return entry.sequence;
    }
    return std::nullopt;
}

bool LocalStore::withdrawPublication(qint64 sequence)
{
    const auto found = m_outbox.find(sequence);
    if (!found || found->kind != OutboxEntry::Kind::PublishDraft || found->sent)
        return false;
    m_outbox.remove(sequence);
    changed();
    return true;
}

bool LocalStore::retractPublication(qint64 sequence)
{
    if (withdrawPublication(sequence))
        return true;
    const auto found = m_outbox.find(sequence);
    if (!found || found->kind != OutboxEntry::Kind::PublishDraft)
        return false;
    m_outbox.markRetracted(sequence);
    changed();
    return true;
}

bool LocalStore::isRetracted(const OutboxEntry &entry)
{
    return entry.retracted;
}

void LocalStore::queueMove(const Submission &post, qint64 newAtMs)
{
    Transaction transaction(*m_database);
    Submission moved = post;
    moved.scheduledAtMs = newAtMs;
    m_posts.put(moved);
    OutboxEntry move;
    move.kind = OutboxEntry::Kind::UpdateSchedule;
    move.subject = post.scheduleId;
    move.moveToMs = newAtMs;
    move.undo = post;
    m_outbox.append(move);
    transaction.commit();
    Q_EMIT postsChanged();
    changed();
}

void LocalStore::appendCancel(const Submission &post)
{
    // Shown cancelled at once; put back as it was if the server refuses.
    Submission cancelled = post;
    cancelled.status = SubmissionStatus::Cancelled;
    m_posts.put(cancelled);
    OutboxEntry cancel;
    cancel.kind = OutboxEntry::Kind::CancelSchedule;
    cancel.subject = post.scheduleId;
    cancel.undo = post;
    m_outbox.append(cancel);
}

void LocalStore::queueCancel(const Submission &post)
{
    Transaction transaction(*m_database);
    appendCancel(post);
    transaction.commit();
    Q_EMIT postsChanged();
    changed();
}

QList<LocalStore::OutboxEntry> LocalStore::pendingScheduling() const
{
    return m_outbox.entries(SchedulingKinds);
}

bool LocalStore::isPending(const QString &scheduleId) const
{
    return m_outbox.hasEntriesFor(scheduleId, SchedulingKinds);
}

void LocalStore::schedulingDone(qint64 sequence, const std::optional<Submission> &onServer)
{
    Transaction transaction(*m_database);
    m_outbox.remove(sequence);
    if (onServer)
        m_posts.put(*onServer);
    transaction.commit();
    Q_EMIT postsChanged();
    changed();
}

void LocalStore::publicationDone(qint64 sequence, const PostCreated &created, qint64 nowMs)
{
    const auto found = entry(sequence);
    Transaction transaction(*m_database);
    m_outbox.remove(sequence);
    const DraftPublication publication
        = found ? found->publication.value_or(DraftPublication {}) : DraftPublication {};
    const QString accountId = publication.accountId;
    const auto status = submissionStatusFromString(created.status);
    const auto draft = found ? this->draft(found->subject) : std::nullopt;
    std::optional<Platform> platform;
    for (const Account &account : m_reference.accounts()) {
        if (account.id == accountId)
            platform = account.platform;
    }
    if (status && draft && !created.postSubmissionId.isEmpty()) {
        Submission post;
        post.id = created.postSubmissionId;
        post.accountId = accountId;
        // Until the accounts are read, the draft's platform stands in; the next read of
        // the post puts the record right.
        post.platform = platform.value_or(draft->platforms.value(0, Platform::LinkedIn));
        post.text = draft->text;
        post.mediaUrls = draft->mediaUrls;
        if (!publication.pageId.isEmpty())
            post.target = PostTarget {QString(), publication.pageId};
        post.status = *status;
        post.scheduledAtMs = created.scheduledAtMs;
        post.scheduleId = created.scheduleId;
        post.createdAtMs = nowMs;
        post.updatedAtMs = nowMs;
        // Kept with the draft whatever else is known: where a draft went decides whether
        // the app asks before sending it there again.
        m_posts.recordForDraft(found->subject, post);
        // Shown as what it will be; without its account it waits for the server's.
        if (platform)
            m_posts.put(post);
    }
    if (found && isRetracted(*found) && !created.scheduleId.isEmpty()) {
        // Undone while it was on its way: the post goes again at once.
        Submission post = m_posts.find(created.postSubmissionId).value_or(Submission {});
        post.id = created.postSubmissionId;
        post.scheduleId = created.scheduleId;
        post.scheduledAtMs = created.scheduledAtMs;
        post.accountId = accountId;
        appendCancel(post);
    }
    transaction.commit();
    Q_EMIT postsChanged();
    changed();
}

void LocalStore::schedulingRefused(qint64 sequence)
{
    const auto found = entry(sequence);
    if (!found)
        return;
    Transaction transaction(*m_database);
    m_outbox.remove(sequence);
    // Moves and cancellations keep the post as it was; a publication changed no post.
    if (found->undo)
        m_posts.put(*found->undo);
    transaction.commit();
    Q_EMIT postsChanged();
    changed();
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
    m_posts.replaceRange(sinceMs, untilMs, posts, m_outbox.entries(SchedulingKinds));
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
