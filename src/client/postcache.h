#pragma once

#include "client/outbox.h"
#include "core/submission.h"

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace slotline {
class Database;
}

namespace slotline::client {

// The posts as last known, in the app's database: those of the ranges viewed (what the
// calendar and the lists show with no server), and, per draft, the posts made of it (what
// decides whether the app asks before sending a draft somewhere again).
class PostCache
{
public:
    explicit PostCache(Database &database);

    // The range's posts as the server listed them, replacing what was kept for it (posts
    // published now count at their creation time). Each is kept with the moves and
    // cancellations of `waiting` applied (the outbox's, oldest first): the server does not
    // have them yet, and a read of the week must not put the posts back.
    void replaceRange(qint64 sinceMs, qint64 untilMs, const QList<Submission> &posts,
                      const QList<Outbox::Entry> &waiting);
    QList<Submission> inRange(qint64 sinceMs, qint64 untilMs) const;
    // Added or updated; a draft's record of the post follows.
    void put(const Submission &post);
    QList<Submission> failed() const; // the latest first
    std::optional<Submission> find(const QString &submissionId) const;

    void recordForDraft(const QString &draftLocalId, const Submission &post);
    // The draft's record only: the posts stay in the ranges.
    void forgetDraft(const QString &draftLocalId);
    QList<Submission> ofDraft(const QString &draftLocalId) const; // oldest first
    QHash<QString, QList<Submission>> ofDrafts() const;

private:
    void updateDraftPost(const QString &postId, const QString &json);

    Database &m_database;
};

} // namespace slotline::client
