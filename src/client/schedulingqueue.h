#pragma once

#include "client/draftpublication.h"
#include "client/outbox.h"
#include "core/submission.h"

#include <QList>
#include <QString>

#include <optional>

namespace slotline {
class Database;
}

namespace slotline::client {

class DraftTable;
class PostCache;
class ReferenceCache;
struct PostCreated;

// Publications, moves and cancellations in the outbox, and the cached posts they show
// on at once: a change appears as soon as it is asked for, and is put back if the server
// refuses it. LocalStore says what changed; this decides what is queued.
class SchedulingQueue
{
public:
    SchedulingQueue(Database &database, Outbox &outbox, const DraftTable &drafts, PostCache &posts,
                    const ReferenceCache &reference);

    // A publication already waiting is not queued again (its sequence is answered).
    qint64 queuePublication(const QString &draftLocalId, const DraftPublication &publication);
    bool isPublicationQueued(const QString &draftLocalId,
                             const DraftPublication &publication) const;
    // Takes back a publication not sent yet; false when gone or on its way.
    bool withdrawPublication(qint64 sequence);
    // Withdrawn when unsent; on its way, marked so that its post is cancelled as soon as
    // the server has made it. False when the entry is gone.
    bool retractPublication(qint64 sequence);
    static bool isRetracted(const Outbox::Entry &entry);
    void queueMove(const Submission &post, qint64 newAtMs);
    void queueCancel(const Submission &post);
    QList<DraftPublication> queuedPublications(const QString &draftLocalId) const;
    QList<Outbox::Entry> pendingScheduling() const;
    bool isPending(const QString &scheduleId) const;

    void schedulingDone(qint64 sequence, const std::optional<Submission> &onServer);
    void publicationDone(qint64 sequence, const PostCreated &created, qint64 nowMs);
    void schedulingRefused(qint64 sequence);

private:
    std::optional<qint64> queuedPublication(const QString &draftLocalId,
                                            const DraftPublication &publication) const;
    QString publicationKey(const QString &draftLocalId, const DraftPublication &publication) const;
    // Within a transaction: the post cancelled in the cache, the cancellation queued.
    void appendCancel(const Submission &post);

    Database &m_database;
    Outbox &m_outbox;
    const DraftTable &m_drafts;
    PostCache &m_posts;
    const ReferenceCache &m_reference;
};

} // namespace slotline::client
