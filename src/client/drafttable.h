#pragma once

#include "client/localdraft.h"
#include "core/draft.h"

#include <QList>
#include <QString>

#include <optional>

namespace slotline {
class Database;
}

namespace slotline::client {

// The drafts' rows in the app's database, and nothing else: LocalStore decides what goes
// into the outbox with each change. A deleted draft keeps its row (marked) until the
// server has the deletion.
class DraftTable
{
public:
    explicit DraftTable(Database &database);

    static QString newLocalId();

    // Not deleted.
    std::optional<LocalDraft> find(const QString &localId) const;
    // The drafts not deleted, the most recently edited first.
    QList<LocalDraft> all() const;
    // The drafts not deleted that carry this medium (a web address or a local reference).
    QList<LocalDraft> withMedium(const QString &url) const;
    // Deleted or not: what a change still to be sent is about.
    std::optional<LocalDraft> findAny(const QString &localId) const;
    bool isDeleted(const QString &localId) const;
    std::optional<LocalDraft> findByServerId(const QString &serverId) const;
    // Synced, not deleted, known to the server: (local id, server id).
    QList<std::pair<QString, QString>> synced() const;

    void insert(const LocalDraft &draft);
    // What the user typed; a refusal's reason goes with the old text.
    void setContent(const QString &localId, const QString &text, const QList<Platform> &platforms,
                    const QStringList &mediaUrls, qint64 updatedAtMs);
    // Only its media, as the app put them right (an upload's address for its reference):
    // not an edit, so when it was made and any refusal stay.
    void setMediaUrls(const QString &localId, const QStringList &mediaUrls);
    // The server's version of it replaces the text here.
    void adoptServerVersion(const QString &localId, const Draft &onServer);
    // The server has it as `serverId` at `revision` (any conflict and problem are over).
    void link(const QString &localId, const QString &serverId, qint64 revision);
    // Linked to the server's draft only if it never was: a create's answer that got lost.
    void linkIfNew(const QString &localId, const QString &serverId, qint64 revision);
    // Forgotten by the server: to be made anew from what is here.
    void unlink(const QString &localId);
    void setTheirs(const QString &localId, const Draft &theirs);
    // A change was refused: the draft is back (if it was being deleted), with why.
    void setRefused(const QString &localId, const QString &problem);
    void markDeleted(const QString &localId);
    void remove(const QString &localId);
    // Only while synced; false when it was not.
    bool removeIfSynced(const QString &localId);
    void setState(const QString &localId, DraftSyncState state);

private:
    Database &m_database;
};

} // namespace slotline::client
