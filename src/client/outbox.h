#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace slotline {
class Database;
}

namespace slotline::client {

// The changes made while the server was away (or before it answered), in the order
// they were made, in the app's own database. Each has an idempotency key of its own and,
// once it has been sent, the exact parameters it was sent with: a retry repeats the
// request as it was, so a change the server applied but whose answer was lost is not
// applied twice.
class Outbox
{
public:
    struct Entry
    {
        enum class Kind { SaveDraft, DeleteDraft, PublishDraft, UpdateSchedule, CancelSchedule };

        qint64 sequence = 0;
        Kind kind = Kind::SaveDraft;
        // What it acts on: a draft's local id, or a schedule's id.
        QString subject;
        QJsonObject payload; // what was asked for, beyond the subject
        QJsonObject undo; // what to put back if the server refuses
        QString idempotencyKey;
        QJsonObject sentParameters; // empty until first sent
        int attempts = 0;
    };

    explicit Outbox(Database &database);

    static QString toolName(Entry::Kind kind);

    // `idempotencyKey` empty: a new random one. 0 when an entry already has that key.
    qint64 append(Entry::Kind kind, const QString &subject, const QJsonObject &payload = {},
                  const QJsonObject &undo = {}, const QString &idempotencyKey = {});
    bool hasUnsent(Entry::Kind kind, const QString &subject) const;
    bool hasEntriesFor(const QString &subject, const QList<Entry::Kind> &kinds) const;
    // The entries of the subject of these kinds, or only those never sent.
    void removeFor(const QString &subject, const QList<Entry::Kind> &kinds, bool onlyUnsent);
    void remove(qint64 sequence);
    void recordAttempt(qint64 sequence, const QJsonObject &parameters);
    // What the entry asks for, changed after it was sent (what a retry sends stays).
    void setPayload(qint64 sequence, const QJsonObject &payload);

    std::optional<Entry> next() const;
    std::optional<Entry> find(qint64 sequence) const;
    QList<Entry> entries(const QList<Entry::Kind> &kinds) const;
    int count() const;

private:
    Database &m_database;
};

} // namespace slotline::client
