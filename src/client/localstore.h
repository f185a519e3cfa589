#pragma once

#include "client/draftpublication.h"
#include "client/draftqueue.h"
#include "client/drafttable.h"
#include "client/localdraft.h"
#include "client/mediaupload.h"
#include "client/outbox.h"
#include "client/pendingchange.h"
#include "client/postcache.h"
#include "client/referencecache.h"
#include "client/schedulingqueue.h"
#include "client/slotqueue.h"
#include "client/uploadqueue.h"
#include "client/wirerequest.h"
#include "core/account.h"
#include "core/creditbalance.h"
#include "core/draft.h"
#include "core/subaccount.h"
#include "core/submission.h"
#include "core/userprofile.h"
#include "core/weeklyslot.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace slotline {
class Database;
}

namespace slotline::client {

struct PostCreated;

// The desktop app's own SQLite file: the last known state of the server (snapshots of
// lists, for opening with no server), the drafts as the user last wrote them, and the
// outbox of changes still to be sent, in order. Every change is written here before
// the app may say it is saved, so a killed app loses nothing typed.
//
// A draft has a local id for ever (drafts made offline have no server id yet) and, once
// the server has it, its server id and the revision the local text was based on.
class LocalStore : public QObject
{
    Q_OBJECT

public:
    using SyncState = DraftSyncState;
    using Resolution = DraftQueue::Resolution;
    using LocalDraft = client::LocalDraft;

    using OutboxEntry = Outbox::Entry;

    // Where a draft is to be published: the client's one type for it.
    using Publication = DraftPublication;

    explicit LocalStore(QObject *parent = nullptr);
    ~LocalStore() override;

    // Opens (or creates) the file; throws StoreError.
    void open(const QString &filePath);

    // --- drafts, as the user edits them -------------------------------------------------
    QString createDraft(const QString &text, const QList<Platform> &platforms,
                        const QStringList &mediaUrls, qint64 nowMs);
    // False when there is no such draft (deleted, here or elsewhere).
    bool editDraft(const QString &localId, const QString &text, const QList<Platform> &platforms,
                   const QStringList &mediaUrls, qint64 nowMs);
    void deleteDraft(const QString &localId);
    // The draft `post` was made from, when one still says the same (text, platform,
    // media); else a new draft of the post. Its local id.
    QString draftFor(const Submission &post, qint64 nowMs);
    void resolveConflict(const QString &localId, Resolution resolution, qint64 nowMs);

    std::optional<LocalDraft> draft(const QString &localId) const;
    // The drafts not deleted, the most recently edited first.
    QList<LocalDraft> drafts() const;

    // --- scheduling, offline as online ---------------------------------------------------
    // Queued like draft changes; a cached post shows the change at once and is put back
    // if the server refuses it. A publication already waiting is not queued again (its
    // sequence is answered).
    qint64 queuePublication(const QString &draftLocalId, const Publication &publication);
    // Whether this same publication of the draft still waits to go through (so a second
    // click does not publish it twice).
    bool isPublicationQueued(const QString &draftLocalId, const Publication &publication) const;
    // Takes back a publication that has not been sent yet (undo before it went out). False
    // when it is gone or already on its way: then only cancelling the post undoes it.
    bool withdrawPublication(qint64 sequence);
    // Undoes a publication: withdrawn when unsent; on its way, marked so that its post is
    // cancelled as soon as the server has made it, also after a restart. False when the
    // entry is gone (its post, if any, is the caller's to cancel).
    bool retractPublication(qint64 sequence);
    static bool isRetracted(const OutboxEntry &entry);
    void queueMove(const Submission &post, qint64 newAtMs);
    void queueCancel(const Submission &post);
    // The draft's publications that wait in the outbox (not those taken back), oldest first.
    QList<Publication> queuedPublications(const QString &draftLocalId) const;
    // Publications, moves and cancellations not yet through, oldest first.
    QList<OutboxEntry> pendingScheduling() const;
    bool isPending(const QString &scheduleId) const;

    // --- weekly slots, offline as online -------------------------------------------------
    // Queued like everything else: the week shows the change at once, under an id of the
    // app's own for a new slot until the server has made it.
    QString queueSlotAddition(const WeeklySlot &slot);
    // False when there is no such slot (any more).
    bool queueSlotRemoval(const QString &slotId);
    // The cached slots with the changes that wait applied: what the week shows.
    QList<WeeklySlot> plannedSlots() const { return m_slots.plannedSlots(); }

    // --- media, offline as online ---------------------------------------------------------
    // Where the app keeps its copies of files until the server has them: beside the
    // store's file, so one folder per server.
    QString mediaFolder() const { return m_mediaFolder; }
    // Queues the upload of a copy in mediaFolder(); the reference it answers stands in
    // the draft's mediaUrls until the server has the file.
    QString queueUpload(const MediaUpload &upload);
    std::optional<MediaUpload> upload(const QString &reference) const;
    // Whether the draft carries a reference no upload waits for any more (nothing will
    // ever give it an address): it must not be published as if it had its file.
    bool hasLostMedia(const QString &draftLocalId) const;

    // --- the outbox, for the sync engine -------------------------------------------------
    std::optional<OutboxEntry> nextEntry() const;
    int pendingChanges() const;
    // What an entry asks for, to be sent for the first time (a save: the draft as it is
    // now). None when there is nothing to send any more (its draft is gone).
    std::optional<PendingChange> changeToSend(qint64 sequence) const;
    // An attempt is under way, sent as `request`; from the second on, the entry's `sent`.
    void recordAttempt(qint64 sequence, const WireRequest &request);
    void draftSaved(qint64 sequence, const Draft &onServer);
    void draftDeleted(qint64 sequence);
    void draftConflict(qint64 sequence, const Draft &theirs);
    // The server refused the entry for good: it is dropped and the draft says why.
    void entryRefused(qint64 sequence, const QString &problem);
    // A scheduling entry went through (the cached post takes `onServer` when given).
    void schedulingDone(qint64 sequence, const std::optional<Submission> &onServer);
    // A publication went through: the post is cached at once, from the draft and where it
    // was to go, until the next read of its range brings the server's own.
    void publicationDone(qint64 sequence, const PostCreated &created, qint64 nowMs);
    // The server refused a scheduling entry: it is dropped and the cached post put back.
    void schedulingRefused(qint64 sequence);
    void slotAdded(qint64 sequence, const WeeklySlot &onServer, qint64 nowMs);
    void slotRemoved(qint64 sequence, qint64 nowMs);
    // The server refused a slot's addition or removal: the week is as before it.
    void slotChangeRefused(qint64 sequence);

    // The server has an upload's file: every draft carrying it has its address instead,
    // and is saved so.
    void mediaUploaded(qint64 sequence, const QString &publicUrl);
    // The server will not take an upload's file: it leaves its drafts (saved without it),
    // and their publications still waiting are refused. Answers those publications.
    QList<OutboxEntry> mediaRefused(qint64 sequence);
    // Its upload address expired unused: it asks for another.
    void renewUpload(qint64 sequence);

    // The server's drafts, as listed: drafts with nothing pending take the server's
    // text. Answers the synced drafts the list did not have, for the caller to ask the
    // server about (a paged list can miss a draft saved while it was read).
    QStringList mergeServerDrafts(const QList<Draft> &onServer);
    // A synced draft the server no longer has goes, unless something waits for it.
    void forgetDraft(const QString &localId);
    // A save met 404: the draft was deleted elsewhere; it is made again from what is here.
    void draftGoneOnServer(qint64 sequence);

    // --- snapshots of what the server said ------------------------------------------------
    void putSnapshot(const QString &name, const QJsonDocument &document, qint64 nowMs);
    std::optional<QJsonDocument> snapshot(const QString &name) const;

    // The last known lists, for showing with no server. Read them here; the put* calls
    // below write them and say so (referenceChanged, postsChanged).
    const ReferenceCache &reference() const { return m_reference; }
    // The posts of the ranges viewed, as shown (with changes still waiting applied), and
    // the posts made of each draft.
    const PostCache &posts() const { return m_posts; }

    void putUser(const UserProfile &user, qint64 nowMs);
    void putAccounts(const QList<Account> &accounts, qint64 nowMs);
    void putSubaccounts(const QString &accountId, const QList<Subaccount> &subaccounts,
                        qint64 nowMs);
    void putSlots(const QString &timezone, const QList<WeeklySlot> &slots, qint64 nowMs);
    void putCredits(const CreditBalance &credits, qint64 nowMs);
    // The posts of a time range as the server listed them, replacing what was cached for
    // it (posts published now count at their creation time).
    void replacePosts(qint64 sinceMs, qint64 untilMs, const QList<Submission> &posts);
    // Posts as the server has them, added or updated (nothing else in their range goes).
    void putPosts(const QList<Submission> &posts);

Q_SIGNALS:
    void draftsChanged();
    void outboxChanged(int pendingChanges);
    void referenceChanged(); // user, accounts, slots or credits
    void postsChanged();

private:
    std::optional<OutboxEntry> entry(qint64 sequence) const;
    void changed();
    void postsAndOutboxChanged();
    void slotsAndOutboxChanged();

    std::unique_ptr<Database> m_database;
    Outbox m_outbox;
    DraftTable m_drafts;
    ReferenceCache m_reference;
    PostCache m_posts;
    SchedulingQueue m_scheduling;
    SlotQueue m_slots;
    UploadQueue m_uploads;
    DraftQueue m_draftQueue;
    QString m_mediaFolder;
};

} // namespace slotline::client
