#pragma once

#include "client/draftpublication.h"
#include "client/mediaupload.h"
#include "client/wirerequest.h"
#include "core/submission.h"
#include "core/weeklyslot.h"

#include <QList>
#include <QString>

#include <optional>

namespace slotline {
class Database;
}

namespace slotline::client {

// The changes made while the server was away (or before it answered), in the order
// they were made, in the app's own database. Each has an idempotency key of its own and,
// once it has been sent, the exact request it was sent as: a retry repeats it byte for
// byte, so a change the server applied but whose answer was lost is not applied twice.
class Outbox
{
public:
    struct Entry
    {
        enum class Kind {
            SaveDraft,
            DeleteDraft,
            PublishDraft,
            UpdateSchedule,
            CancelSchedule,
            AddSlot,
            DeleteSlot,
            UploadMedia
        };

        qint64 sequence = 0;
        Kind kind = Kind::SaveDraft;
        // What it acts on: a draft's local id, a schedule's id, a slot's id (the app's
        // own while its addition waits), or a medium's reference (localmedia).
        QString subject;
        // What was asked for, beyond the subject: where a publication goes, where a move
        // takes its post.
        std::optional<DraftPublication> publication; // PublishDraft
        std::optional<qint64> moveToMs; // UpdateSchedule
        std::optional<WeeklySlot> slot; // AddSlot
        std::optional<MediaUpload> upload; // UploadMedia
        int renewals = 0; // UploadMedia: how often its address was asked for anew
        // A publication taken back while on its way: its post is cancelled once made.
        bool retracted = false;
        std::optional<Submission> undo; // the cached post to put back if the server refuses
        QString idempotencyKey; // empty when appending: a new random one
        std::optional<WireRequest> sent; // none until first sent
        int attempts = 0;
    };

    explicit Outbox(Database &database);

    // The name a kind is stored under: the API's tool of the same change, where there is
    // one (an upload is two calls: its address, then the file).
    static QString kindName(Entry::Kind kind);

    // `sequence`, `sent` and `attempts` of `entry` are ignored. 0 when an entry already
    // has its idempotency key.
    qint64 append(const Entry &entry);
    bool hasUnsent(Entry::Kind kind, const QString &subject) const;
    bool hasEntriesFor(const QString &subject, const QList<Entry::Kind> &kinds) const;
    // The entries of the subject of these kinds, or only those never sent.
    void removeFor(const QString &subject, const QList<Entry::Kind> &kinds, bool onlyUnsent);
    void remove(qint64 sequence);
    // One more attempt, sent as `request` (the first one's, from the second on).
    void recordAttempt(qint64 sequence, const WireRequest &request);
    void markRetracted(qint64 sequence);
    // The entries of these kinds that act on `from` act on `to` from now on (a slot's
    // removal queued while its addition was on its way, once the server has named it).
    void renameSubject(const QString &from, const QString &to, const QList<Entry::Kind> &kinds);

    // The upload's first request asks for an address that took no file and has expired:
    // it is asked for again, under a new key (the old one would answer the same address),
    // and the entry counts it.
    void renewKey(qint64 sequence);

    // The next entry to send: uploads first, since saves and publications may wait for
    // their media, and nothing waits for them; then the others in the order they were made.
    std::optional<Entry> next() const;
    std::optional<Entry> find(qint64 sequence) const;
    QList<Entry> entries(const QList<Entry::Kind> &kinds) const;
    // Those of these kinds that act on `subject`, in order.
    QList<Entry> entriesFor(const QString &subject, const QList<Entry::Kind> &kinds) const;
    int count() const;

private:
    Database &m_database;
};

} // namespace slotline::client
