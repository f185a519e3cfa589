#include "client/schedulingqueue.h"

#include "client/apiresults.h"
#include "client/drafttable.h"
#include "client/postcache.h"
#include "client/referencecache.h"
#include "core/isotime.h"
#include "core/localmedia.h"
#include "storage/database.h"
#include "storage/transaction.h"

#include <QCryptographicHash>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {

namespace {

const QList<Outbox::Entry::Kind> SchedulingKinds {Outbox::Entry::Kind::PublishDraft,
                                                  Outbox::Entry::Kind::UpdateSchedule,
                                                  Outbox::Entry::Kind::CancelSchedule};

} // namespace

SchedulingQueue::SchedulingQueue(Database &database, Outbox &outbox, const DraftTable &drafts,
                                 PostCache &posts, const ReferenceCache &reference)
    : m_database(database)
    , m_outbox(outbox)
    , m_drafts(drafts)
    , m_posts(posts)
    , m_reference(reference)
{ }

QList<DraftPublication> SchedulingQueue::queuedPublications(const QString &draftLocalId) const
{
    QList<DraftPublication> queued;
    for (const Outbox::Entry &entry : m_outbox.entries({Outbox::Entry::Kind::PublishDraft})) {
        if (entry.subject == draftLocalId && !entry.retracted && entry.publication)
            queued.append(*entry.publication);
    }
    return queued;
}

qint64 SchedulingQueue::queuePublication(const QString &draftLocalId,
                                         const DraftPublication &publication)
{
    // The same publication of the same draft goes once, whoever asks twice (a double
    // click, a drop repeated while offline): each one would cost a credit.
    if (const auto queued = queuedPublication(draftLocalId, publication))
        return *queued;
    Outbox::Entry entry;
    entry.kind = Outbox::Entry::Kind::PublishDraft;
    entry.subject = draftLocalId;
    entry.publication = publication;
    entry.idempotencyKey = publicationKey(draftLocalId, publication);
    const qint64 sequence = m_outbox.append(entry);
    return sequence;
}

QString SchedulingQueue::publicationKey(const QString &draftLocalId,
                                        const DraftPublication &publication) const
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
    for (const Outbox::Entry &entry : m_outbox.entries({Outbox::Entry::Kind::PublishDraft})) {
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

bool SchedulingQueue::isPublicationQueued(const QString &draftLocalId,
                                          const DraftPublication &publication) const
{
    return queuedPublication(draftLocalId, publication).has_value();
}

std::optional<qint64> SchedulingQueue::queuedPublication(const QString &draftLocalId,
                                                         const DraftPublication &publication) const
{
    for (const Outbox::Entry &entry : m_outbox.entries({Outbox::Entry::Kind::PublishDraft})) {
        if (entry.subject == draftLocalId && !entry.retracted && entry.publication == publication)
            return entry.sequence;
    }
    return std::nullopt;
}

bool SchedulingQueue::withdrawPublication(qint64 sequence)
{
    const auto found = m_outbox.find(sequence);
    if (!found || found->kind != Outbox::Entry::Kind::PublishDraft || found->sent)
        return false;
    m_outbox.remove(sequence);
    return true;
}

bool SchedulingQueue::retractPublication(qint64 sequence)
{
    if (withdrawPublication(sequence))
        return true;
    const auto found = m_outbox.find(sequence);
    if (!found || found->kind != Outbox::Entry::Kind::PublishDraft)
        return false;
    m_outbox.markRetracted(sequence);
    return true;
}

bool SchedulingQueue::isRetracted(const Outbox::Entry &entry)
{
    return entry.retracted;
}

void SchedulingQueue::queueMove(const Submission &post, qint64 newAtMs)
{
    Transaction transaction(m_database);
    Submission moved = post;
    moved.scheduledAtMs = newAtMs;
    m_posts.put(moved);
    Outbox::Entry move;
    move.kind = Outbox::Entry::Kind::UpdateSchedule;
    move.subject = post.scheduleId;
    move.moveToMs = newAtMs;
    move.undo = post;
    m_outbox.append(move);
    transaction.commit();
}

void SchedulingQueue::appendCancel(const Submission &post)
{
    // Shown cancelled at once; put back as it was if the server refuses.
    Submission cancelled = post;
    cancelled.status = SubmissionStatus::Cancelled;
    m_posts.put(cancelled);
    Outbox::Entry cancel;
    cancel.kind = Outbox::Entry::Kind::CancelSchedule;
    cancel.subject = post.scheduleId;
    cancel.undo = post;
    m_outbox.append(cancel);
}

void SchedulingQueue::queueCancel(const Submission &post)
{
    Transaction transaction(m_database);
    appendCancel(post);
    transaction.commit();
}

QList<Outbox::Entry> SchedulingQueue::pendingScheduling() const
{
    return m_outbox.entries(SchedulingKinds);
}

bool SchedulingQueue::isPending(const QString &scheduleId) const
{
    return m_outbox.hasEntriesFor(scheduleId, SchedulingKinds);
}

void SchedulingQueue::schedulingDone(qint64 sequence, const std::optional<Submission> &onServer)
{
    Transaction transaction(m_database);
    m_outbox.remove(sequence);
    if (onServer)
        m_posts.put(*onServer);
    transaction.commit();
}

void SchedulingQueue::publicationDone(qint64 sequence, const PostCreated &created, qint64 nowMs)
{
    const auto found = m_outbox.find(sequence);
    Transaction transaction(m_database);
    m_outbox.remove(sequence);
    const DraftPublication publication
        = found ? found->publication.value_or(DraftPublication {}) : DraftPublication {};
    const QString accountId = publication.accountId;
    const auto status = submissionStatusFromString(created.status);
    const auto draft = found ? m_drafts.find(found->subject) : std::nullopt;
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
        post.mediaUrls = localmedia::withoutReferences(draft->mediaUrls);
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
}

void SchedulingQueue::schedulingRefused(qint64 sequence)
{
    const auto found = m_outbox.find(sequence);
    if (!found)
        return;
    Transaction transaction(m_database);
    m_outbox.remove(sequence);
    // Moves and cancellations keep the post as it was; a publication changed no post.
    if (found->undo)
        m_posts.put(*found->undo);
    transaction.commit();
}

} // namespace slotline::client
