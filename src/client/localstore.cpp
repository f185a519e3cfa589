#include "client/localstore.h"

#include "client/apiresults.h"
#include "client/localstoreschema.h"
#include "client/storeerror.h"
#include "core/isotime.h"
#include "core/jsonwriter.h"
#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/statement.h"
#include "storage/transaction.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QUuid>

#include <algorithm>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {
namespace {

QString newId(QStringView prefix)
{
    return prefix + QUuid::createUuid().toString(QUuid::Id128);
}

QString platformsJson(const QList<Platform> &list)
{
    QJsonArray names;
    for (const Platform platform : list)
        names.append(platforms::toString(platform));
    return QString::fromUtf8(QJsonDocument(names).toJson(QJsonDocument::Compact));
}

QList<Platform> platformsFrom(const QString &json)
{
    QList<Platform> list;
    for (const QJsonValue &name : QJsonDocument::fromJson(json.toUtf8()).array()) {
        if (const auto platform = platforms::fromString(name.toString()))
            list.append(*platform);
    }
    return list;
}

QString stringsJson(const QStringList &values)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(values)).toJson(QJsonDocument::Compact));
}

QStringList stringsFrom(const QString &json)
{
    QStringList values;
    for (const QJsonValue &value : QJsonDocument::fromJson(json.toUtf8()).array())
        values.append(value.toString());
    return values;
}

QString stateName(LocalStore::SyncState state)
{
    switch (state) {
    case LocalStore::SyncState::Synced: return u"synced"_s;
    case LocalStore::SyncState::Pending: return u"pending"_s;
    case LocalStore::SyncState::Conflict: return u"conflict"_s;
    case LocalStore::SyncState::Refused: return u"refused"_s;
    }
    return u"pending"_s;
}

LocalStore::SyncState stateFrom(const QString &name)
{
    if (name == u"synced")
        return LocalStore::SyncState::Synced;
    if (name == u"conflict")
        return LocalStore::SyncState::Conflict;
    if (name == u"refused")
        return LocalStore::SyncState::Refused;
    return LocalStore::SyncState::Pending;
}

const QString DraftColumns = u"SELECT local_id, server_id, base_revision, text, platforms, "
                             "media_urls, updated_at, state, theirs, problem FROM drafts "_s;

LocalStore::LocalDraft readDraft(const Statement &row)
{
    LocalStore::LocalDraft draft;
    draft.localId = row.text(0);
    draft.serverId = row.text(1);
    draft.baseRevision = row.integer(2);
    draft.text = row.text(3);
    draft.platforms = platformsFrom(row.text(4));
    draft.mediaUrls = stringsFrom(row.text(5));
    draft.updatedAtMs = row.integer(6);
    draft.state = stateFrom(row.text(7));
    if (const QString theirs = row.text(8); !theirs.isEmpty())
        draft.theirs = Draft::fromJson(QJsonDocument::fromJson(theirs.toUtf8()).object());
    draft.problem = row.text(9);
    return draft;
}

} // namespace

LocalStore::LocalStore(QObject *parent)
    : QObject(parent)
    , m_database(std::make_unique<Database>())
    , m_outbox(*m_database)
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
    const QString localId = newId(u"local_");
    Transaction transaction(*m_database);
    Statement(*m_database,
              u"INSERT INTO drafts (local_id, text, platforms, media_urls, updated_at, state) "
              "VALUES (?, ?, ?, ?, ?, 'pending')"_s)
        .bind(localId)
        .bind(text)
        .bind(platformsJson(platforms))
        .bind(stringsJson(mediaUrls))
        .bind(nowMs)
        .exec();
    enqueue(OutboxEntry::Kind::SaveDraft, localId);
    transaction.commit();
    changed();
    return localId;
}

bool LocalStore::editDraft(const QString &localId, const QString &text,
                           const QList<Platform> &platforms, const QStringList &mediaUrls,
                           qint64 nowMs)
{
    const auto current = draft(localId);
    if (!current)
        return false;
    Transaction transaction(*m_database);
    Statement(*m_database, u"UPDATE drafts SET text = ?, platforms = ?, media_urls = ?, "
                           "updated_at = ?, problem = NULL WHERE local_id = ?"_s)
        .bind(text)
        .bind(platformsJson(platforms))
        .bind(stringsJson(mediaUrls))
        .bind(nowMs)
        .bind(localId)
        .exec();
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
        Statement(*m_database, u"DELETE FROM drafts WHERE local_id = ?"_s).bind(localId).exec();
        m_posts.forgetDraft(localId);
    } else {
        Statement(*m_database, u"UPDATE drafts SET deleted = 1, theirs = NULL WHERE local_id = ?"_s)
            .bind(localId)
            .exec();
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
        Statement(*m_database, u"UPDATE drafts SET server_id = ?, base_revision = ?, theirs = NULL "
                               "WHERE local_id = ?"_s)
            .bind(theirs.id)
            .bind(theirs.revision)
            .bind(localId)
            .exec();
        enqueue(OutboxEntry::Kind::SaveDraft, localId);
    } else {
        Statement(*m_database,
                  u"UPDATE drafts SET server_id = ?, base_revision = ?, text = ?, platforms = ?, "
                  "media_urls = ?, updated_at = ?, theirs = NULL WHERE local_id = ?"_s)
            .bind(theirs.id)
            .bind(theirs.revision)
            .bind(theirs.text)
            .bind(platformsJson(theirs.platforms))
            .bind(stringsJson(theirs.mediaUrls))
            .bind(theirs.updatedAtMs)
            .bind(localId)
            .exec();
    }
    updateState(localId);
    transaction.commit();
    changed();
}

std::optional<LocalStore::LocalDraft> LocalStore::draft(const QString &localId) const
{
    Statement query(*m_database, DraftColumns + u"WHERE local_id = ? AND deleted = 0"_s);
    query.bind(localId).exec();
    if (!query.next())
        return std::nullopt;
    return readDraft(query);
}

QList<LocalStore::LocalDraft> LocalStore::drafts() const
{
    Statement query(*m_database,
                    DraftColumns + u"WHERE deleted = 0 ORDER BY updated_at DESC, local_id"_s);
    query.exec();
    QList<LocalDraft> list;
    while (query.next())
        list.append(readDraft(query));
    return list;
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
    Statement query(*m_database,
                    u"SELECT server_id, theirs, problem FROM drafts WHERE local_id = ?"_s);
    query.bind(localId).exec();
    if (!query.next())
        return;
    SyncState state = SyncState::Synced;
    if (!query.text(1).isEmpty())
        state = SyncState::Conflict;
    else if (hasEntries(localId) || query.text(0).isEmpty())
        state = query.text(2).isEmpty() ? SyncState::Pending : SyncState::Refused;
    else if (!query.text(2).isEmpty())
        state = SyncState::Refused;
    Statement(*m_database, u"UPDATE drafts SET state = ? WHERE local_id = ?"_s)
        .bind(stateName(state))
        .bind(localId)
        .exec();
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
    Statement row(*m_database, u"SELECT server_id, base_revision, text, platforms, "
                               "media_urls FROM drafts WHERE local_id = ?"_s);
    row.bind(found->subject).exec();
    if (!row.next())
        return std::nullopt;
    const QString serverId = row.text(0);
    if (found->kind == Kind::DeleteDraft)
        return DraftDeletion {serverId};
    if (found->kind == Kind::PublishDraft)
        return DraftPublishing {serverId, found->publication.value_or(DraftPublication {})};
    DraftSaving saving;
    saving.draft.id = serverId;
    // Its identity from the start: a create sent again, however long after (the server
    // keeps idempotency keys for a day), finds the draft it made.
    saving.draft.clientId = serverId.isEmpty() ? found->subject : QString();
    saving.draft.text = row.text(2);
    saving.draft.platforms = platformsFrom(row.text(3));
    saving.draft.mediaUrls = stringsFrom(row.text(4));
    if (!serverId.isEmpty())
        saving.baseRevision = row.integer(1);
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
        Statement(*m_database, u"UPDATE drafts SET server_id = ?, base_revision = ?, "
                               "problem = NULL WHERE local_id = ?"_s)
            .bind(onServer.id)
            .bind(onServer.revision)
            .bind(found->subject)
            .exec();
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
    Statement(*m_database, u"DELETE FROM drafts WHERE local_id = ?"_s).bind(found->subject).exec();
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
    Statement deleted(*m_database, u"SELECT deleted FROM drafts WHERE local_id = ?"_s);
    deleted.bind(found->subject).exec();
    if (deleted.next() && deleted.integer(0) != 0) {
        // Deleted meanwhile: the saves no longer matter, and the deletion (which has no
        // revision to conflict on) still goes.
        m_outbox.removeFor(found->subject, {OutboxEntry::Kind::SaveDraft}, false);
        transaction.commit();
        changed();
        return;
    }
    // What else waits for this draft would meet the same conflict: the choice decides.
    removeEntries(found->subject, false);
    Statement(*m_database, u"UPDATE drafts SET theirs = ? WHERE local_id = ?"_s)
        .bind(QString::fromUtf8(JsonWriter::serialize(theirs)))
        .bind(found->subject)
        .exec();
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
    Statement(*m_database, u"UPDATE drafts SET deleted = 0, problem = ? WHERE local_id = ?"_s)
        .bind(problem)
        .bind(found->subject)
        .exec();
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
        Statement local(*m_database, u"SELECT local_id, base_revision, deleted FROM drafts "
                                     "WHERE server_id = ?"_s);
        local.bind(draft.id).exec();
        if (!local.next()) {
            const QString localId = newId(u"local_");
            Statement(*m_database,
                      u"INSERT INTO drafts (local_id, server_id, base_revision, text, platforms, "
                      "media_urls, updated_at, state) VALUES (?, ?, ?, ?, ?, ?, ?, 'synced')"_s)
                .bind(localId)
                .bind(draft.id)
                .bind(draft.revision)
                .bind(draft.text)
                .bind(platformsJson(draft.platforms))
                .bind(stringsJson(draft.mediaUrls))
                .bind(draft.updatedAtMs)
                .exec();
            mergeDraftPosts(localId, draft);
            continue;
        }
        const QString localId = local.text(0);
        mergeDraftPosts(localId, draft);
        if (hasEntries(localId) || local.integer(2) != 0 || draft.revision <= local.integer(1))
            continue; // local changes wait to be sent, or nothing is new
        Statement synced(*m_database, u"SELECT state FROM drafts WHERE local_id = ?"_s);
        synced.bind(localId).exec();
        if (synced.next() && synced.text(0) != u"synced")
            continue; // a conflict or a refusal the user has not seen to
        Statement(*m_database, u"UPDATE drafts SET base_revision = ?, text = ?, platforms = ?, "
                               "media_urls = ?, updated_at = ? WHERE local_id = ?"_s)
            .bind(draft.revision)
            .bind(draft.text)
            .bind(platformsJson(draft.platforms))
            .bind(stringsJson(draft.mediaUrls))
            .bind(draft.updatedAtMs)
            .bind(localId)
            .exec();
    }
    // Synced drafts the list did not have: deleted elsewhere, or moved to a page already
    // read while the list was paged. The caller asks the server about each.
    Statement missing(*m_database, u"SELECT local_id, server_id FROM drafts WHERE "
                                   "state = 'synced' AND deleted = 0 AND server_id IS NOT NULL"_s);
    missing.exec();
    QStringList unlisted;
    while (missing.next()) {
        if (!known.contains(missing.text(1)) && !hasEntries(missing.text(0)))
            unlisted.append(missing.text(0));
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
    Statement(*m_database, u"UPDATE drafts SET server_id = ?, base_revision = ? "
                           "WHERE local_id = ? AND server_id IS NULL"_s)
        .bind(onServer.id)
        .bind(onServer.revision)
        .bind(onServer.clientId)
        .exec();
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
    Statement(*m_database, u"DELETE FROM drafts WHERE local_id = ? AND state = 'synced'"_s)
        .bind(localId)
        .exec();
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
    Statement(*m_database, u"UPDATE drafts SET server_id = NULL, base_revision = 0, "
                           "problem = NULL WHERE local_id = ?"_s)
        .bind(found->subject)
        .exec();
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
