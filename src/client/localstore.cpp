#include "client/localstore.h"

#include "client/apiresults.h"
#include "client/localstoreschema.h"
#include "client/storeerror.h"
#include "core/isotime.h"
#include "core/localmedia.h"
#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/transaction.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>

#include <algorithm>

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
    , m_uploads(m_outbox, m_drafts)
    , m_draftQueue(*m_database, m_outbox, m_drafts, m_posts, m_uploads)
{ }

LocalStore::~LocalStore() = default;

void LocalStore::open(const QString &filePath)
{
    try {
        m_database->open(filePath, localStoreMigrations());
    } catch (const DatabaseError &error) {
        throw StoreError(error.message());
    }
    const QFileInfo file(filePath);
    m_mediaFolder = file.absoluteDir().filePath(file.completeBaseName() + u"-media"_s);
    // Copies no upload waits for: the app stopped between copying a file and queueing it.
    m_uploads.removeCopiesNotWaiting(m_mediaFolder);
}

void LocalStore::changed()
{
    Q_EMIT draftsChanged();
    Q_EMIT outboxChanged(pendingChanges());
}

QString LocalStore::createDraft(const QString &text, const QList<Platform> &platforms,
                                const QStringList &mediaUrls, qint64 nowMs)
{
    const QString localId = m_draftQueue.createDraft(text, platforms, mediaUrls, nowMs);
    changed();
    return localId;
}

bool LocalStore::editDraft(const QString &localId, const QString &text,
                           const QList<Platform> &platforms, const QStringList &mediaUrls,
                           qint64 nowMs)
{
    if (!m_draftQueue.editDraft(localId, text, platforms, mediaUrls, nowMs))
        return false;
    changed();
    return true;
}

void LocalStore::deleteDraft(const QString &localId)
{
    m_draftQueue.deleteDraft(localId);
    changed();
}

QString LocalStore::draftFor(const Submission &post, qint64 nowMs)
{
    const QString localId = m_draftQueue.draftFor(post, nowMs);
    changed();
    return localId;
}

void LocalStore::resolveConflict(const QString &localId, Resolution resolution, qint64 nowMs)
{
    m_draftQueue.resolveConflict(localId, resolution, nowMs);
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
    case Kind::UploadMedia: return UploadQueue::changeToSend(*found);
    case Kind::SaveDraft:
    case Kind::DeleteDraft:
    case Kind::PublishDraft: return m_draftQueue.changeToSend(*found);
    }
    return std::nullopt;
}

void LocalStore::recordAttempt(qint64 sequence, const WireRequest &request)
{
    m_outbox.recordAttempt(sequence, request);
}

void LocalStore::draftSaved(qint64 sequence, const Draft &onServer)
{
    m_draftQueue.draftSaved(sequence, onServer);
    changed();
}

void LocalStore::draftDeleted(qint64 sequence)
{
    m_draftQueue.draftDeleted(sequence);
    changed();
}

void LocalStore::draftConflict(qint64 sequence, const Draft &theirs)
{
    m_draftQueue.draftConflict(sequence, theirs);
    changed();
}

void LocalStore::entryRefused(qint64 sequence, const QString &problem)
{
    m_draftQueue.entryRefused(sequence, problem);
    changed();
}

QStringList LocalStore::mergeServerDrafts(const QList<Draft> &onServer)
{
    const QStringList unlisted = m_draftQueue.mergeServerDrafts(onServer);
    changed();
    return unlisted;
}

void LocalStore::forgetDraft(const QString &localId)
{
    m_draftQueue.forgetDraft(localId);
    changed();
}

void LocalStore::draftGoneOnServer(qint64 sequence)
{
    m_draftQueue.draftGoneOnServer(sequence);
    changed();
}

// --- media, through the upload queue -----------------------------------------------------

QString LocalStore::queueUpload(const MediaUpload &upload)
{
    const QString reference = m_uploads.queue(upload);
    Q_EMIT outboxChanged(pendingChanges());
    return reference;
}

std::optional<MediaUpload> LocalStore::upload(const QString &reference) const
{
    return m_uploads.find(reference);
}

bool LocalStore::hasLostMedia(const QString &draftLocalId) const
{
    const auto draft = m_drafts.findAny(draftLocalId);
    if (!draft)
        return false;
    return std::any_of(draft->mediaUrls.cbegin(), draft->mediaUrls.cend(),
                       [this](const QString &url) {
                           return localmedia::isReference(url) && !m_uploads.find(url);
                       });
}

void LocalStore::mediaUploaded(qint64 sequence, const QString &publicUrl)
{
    const auto found = entry(sequence);
    if (!found)
        return;
    Transaction transaction(*m_database);
    for (const QString &localId : m_uploads.uploaded(*found, publicUrl))
        m_draftQueue.saveMediaChange(localId);
    transaction.commit();
    m_uploads.removeForgottenFiles();
    changed();
}

QList<LocalStore::OutboxEntry> LocalStore::mediaRefused(qint64 sequence)
{
    const auto found = entry(sequence);
    if (!found)
        return {};
    Transaction transaction(*m_database);
    const QStringList drafts = m_uploads.refused(*found);
    // A post without a medium it was meant to carry is not the post the user made.
    QList<OutboxEntry> refused;
    for (const OutboxEntry &waiting : m_scheduling.pendingScheduling()) {
        // One queued before the file was added would have gone without it: it still goes.
        if (waiting.kind == OutboxEntry::Kind::PublishDraft && !waiting.sent
            && waiting.sequence > found->sequence && drafts.contains(waiting.subject)) {
            m_scheduling.schedulingRefused(waiting.sequence);
            refused.append(waiting);
        }
    }
    for (const QString &localId : drafts)
        m_draftQueue.saveMediaChange(localId);
    transaction.commit();
    m_uploads.removeForgottenFiles();
    changed();
    if (!refused.isEmpty())
        Q_EMIT postsChanged();
    return refused;
}

void LocalStore::renewUpload(qint64 sequence)
{
    m_outbox.renewKey(sequence);
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
