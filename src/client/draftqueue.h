#pragma once

#include "client/localdraft.h"
#include "client/outbox.h"
#include "client/pendingchange.h"
#include "core/draft.h"
#include "core/submission.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace slotline {
class Database;
}

namespace slotline::client {

class DraftTable;
class PostCache;
class UploadQueue;

// Drafts as the user edits them, offline as online, and what the server's answers mean
// for them: each edit is written at once and its save queued (one unsent save a draft,
// built from the draft when it goes); a save from elsewhere meanwhile becomes a conflict
// for the user; the server's list is merged in. LocalStore says what changed; this
// decides what is queued and what each draft becomes.
class DraftQueue
{
public:
    using SyncState = DraftSyncState;
    using OutboxEntry = Outbox::Entry;
    enum class Resolution { KeepMine, KeepTheirs, KeepBoth };

    DraftQueue(Database &database, Outbox &outbox, DraftTable &drafts, PostCache &posts,
               UploadQueue &uploads);

    QString createDraft(const QString &text, const QList<Platform> &platforms,
                        const QStringList &mediaUrls, qint64 nowMs);
    // False when there is no such draft. Files taken out that no draft carries any more
    // are not uploaded (unless already tried); a deleted draft keeps its files' uploads,
    // for its deletion may be undone.
    bool editDraft(const QString &localId, const QString &text, const QList<Platform> &platforms,
                   const QStringList &mediaUrls, qint64 nowMs);
    void deleteDraft(const QString &localId);
    // The draft `post` was made from, when one still says the same; else a new one.
    QString draftFor(const Submission &post, qint64 nowMs);
    void resolveConflict(const QString &localId, Resolution resolution, qint64 nowMs);
    // The app changed the draft's media (an upload's address in, a refused file out): it
    // is saved so, unless the user has a conflict to settle first.
    void saveMediaChange(const QString &localId);

    // A save, deletion or publication of a draft, as it is to be sent now.
    std::optional<PendingChange> changeToSend(const OutboxEntry &entry) const;

    void draftSaved(qint64 sequence, const Draft &onServer);
    void draftDeleted(qint64 sequence);
    void draftConflict(qint64 sequence, const Draft &theirs);
    void entryRefused(qint64 sequence, const QString &problem);
    QStringList mergeServerDrafts(const QList<Draft> &onServer);
    void forgetDraft(const QString &localId);
    void draftGoneOnServer(qint64 sequence);

private:
    void enqueue(OutboxEntry::Kind kind, const QString &localId);
    void removeEntries(const QString &localId, bool onlyUnsent);
    bool hasEntries(const QString &localId) const;
    void updateState(const QString &localId);
    void linkCreatedDraft(const Draft &onServer);
    void mergeDraftPosts(const QString &draftLocalId, const Draft &onServer);

    Database &m_database;
    Outbox &m_outbox;
    DraftTable &m_drafts;
    PostCache &m_posts;
    UploadQueue &m_uploads;
};

} // namespace slotline::client
