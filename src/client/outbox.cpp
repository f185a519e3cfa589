#include "client/outbox.h"

#include "core/isotime.h"
#include "core/jsonwriter.h"
#include "storage/database.h"
#include "storage/statement.h"

#include <QJsonDocument>
#include <QUuid>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {
namespace {

const QString Columns = u"SELECT sequence, kind, subject, payload, undo, idempotency_key, "
                        "sent_method, sent_path, sent_body, attempts FROM outbox "_s;

using Kind = Outbox::Entry::Kind;

Kind kindFrom(const QString &name)
{
    for (const Kind kind :
         {Kind::SaveDraft, Kind::DeleteDraft, Kind::PublishDraft, Kind::UpdateSchedule,
          Kind::CancelSchedule, Kind::AddSlot, Kind::DeleteSlot, Kind::UploadMedia}) {
        if (Outbox::kindName(kind) == name)
            return kind;
    }
    return Kind::SaveDraft;
}

QJsonObject objectFrom(const QString &json)
{
    return QJsonDocument::fromJson(json.toUtf8()).object();
}

QString jsonText(const QJsonObject &object)
{
    return object.isEmpty()
               ? QString()
               : QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

std::optional<qint64> timeIn(const QJsonObject &payload)
{
    const auto at = isotime::parse(payload.value(u"scheduledTime"_s).toString());
    if (const auto *ms = std::get_if<qint64>(&at))
        return *ms;
    return std::nullopt;
}

// What an entry asks for, as stored (the same keys the API's tools take).
QJsonObject payloadOf(const Outbox::Entry &entry)
{
    QJsonObject payload;
    if (entry.publication) {
        payload.insert(u"accountId"_s, entry.publication->accountId);
        if (!entry.publication->pageId.isEmpty())
            payload.insert(u"pageId"_s, entry.publication->pageId);
        if (entry.publication->scheduledAtMs)
            payload.insert(u"scheduledTime"_s, isotime::format(*entry.publication->scheduledAtMs));
        if (entry.publication->useNextFreeSlot)
            payload.insert(u"useNextFreeSlot"_s, true);
    }
    if (entry.moveToMs)
        payload.insert(u"scheduledTime"_s, isotime::format(*entry.moveToMs));
    if (entry.retracted)
        payload.insert(u"retracted"_s, true);
    if (entry.slot) {
        WeeklySlot slot = *entry.slot;
        slot.id = entry.subject;
        payload.insert(u"slot"_s, JsonWriter::toObject(slot));
    }
    if (entry.upload) {
        QJsonObject upload {{u"file"_s, entry.upload->filePath},
                            {u"name"_s, entry.upload->name},
                            {u"size"_s, entry.upload->size}};
        if (!entry.upload->contentType.isEmpty())
            upload.insert(u"contentType"_s, entry.upload->contentType);
        payload.insert(u"upload"_s, upload);
    }
    return payload;
}

void readPayload(Outbox::Entry &entry, const QJsonObject &payload)
{
    if (entry.kind == Kind::PublishDraft) {
        DraftPublication publication;
        publication.accountId = payload.value(u"accountId"_s).toString();
        publication.pageId = payload.value(u"pageId"_s).toString();
        publication.scheduledAtMs = timeIn(payload);
        publication.useNextFreeSlot = payload.value(u"useNextFreeSlot"_s).toBool();
        entry.publication = publication;
        entry.retracted = payload.value(u"retracted"_s).toBool();
    } else if (entry.kind == Kind::UpdateSchedule) {
        entry.moveToMs = timeIn(payload);
    } else if (entry.kind == Kind::AddSlot) {
        entry.slot = WeeklySlot::fromJson(payload.value(u"slot"_s).toObject());
    } else if (entry.kind == Kind::UploadMedia) {
        const QJsonObject stored = payload.value(u"upload"_s).toObject();
        MediaUpload upload;
        upload.reference = entry.subject;
        upload.filePath = stored.value(u"file"_s).toString();
        upload.name = stored.value(u"name"_s).toString();
        upload.contentType = stored.value(u"contentType"_s).toString();
        upload.size = qint64(stored.value(u"size"_s).toDouble());
        entry.upload = upload;
        entry.renewals = payload.value(u"renewals"_s).toInt();
    }
}

Outbox::Entry readEntry(const Statement &row)
{
    Outbox::Entry entry;
    entry.sequence = row.integer(0);
    entry.kind = kindFrom(row.text(1));
    entry.subject = row.text(2);
    readPayload(entry, objectFrom(row.text(3)));
    if (const QJsonObject undo = objectFrom(row.text(4)); !undo.isEmpty())
        entry.undo = Submission::fromJson(undo);
    entry.idempotencyKey = row.text(5);
    if (const QVariant method = row.value(6); !method.isNull())
        entry.sent = WireRequest {method.toByteArray(), row.text(7), row.value(8).toByteArray()};
    entry.attempts = int(row.integer(9));
    return entry;
}

QString newKey()
{
    return u"slotline-"_s + QUuid::createUuid().toString(QUuid::Id128);
}

QString kindList(const QList<Kind> &kinds)
{
    QStringList names;
    for (const Kind kind : kinds)
        names.append(u'\'' + Outbox::kindName(kind) + u'\'');
    return names.join(u", "_s);
}

} // namespace

Outbox::Outbox(Database &database)
    : m_database(database)
{ }

QString Outbox::kindName(Entry::Kind kind)
{
    switch (kind) {
    case Entry::Kind::SaveDraft: return u"save_draft"_s;
    case Entry::Kind::DeleteDraft: return u"delete_draft"_s;
    case Entry::Kind::PublishDraft: return u"publish_draft"_s;
    case Entry::Kind::UpdateSchedule: return u"update_schedule"_s;
    case Entry::Kind::CancelSchedule: return u"cancel_schedule"_s;
    case Entry::Kind::AddSlot: return u"add_slots"_s;
    case Entry::Kind::DeleteSlot: return u"delete_slot"_s;
    case Entry::Kind::UploadMedia: return u"upload_media"_s;
    }
    return QString();
}

qint64 Outbox::append(const Entry &entry)
{
    Statement insert(m_database, u"INSERT INTO outbox (kind, subject, payload, undo, "
                                 "idempotency_key) VALUES (?, ?, ?, ?, ?) "
                                 "ON CONFLICT (idempotency_key) DO NOTHING RETURNING sequence"_s);
    insert.bind(kindName(entry.kind))
        .bind(entry.subject)
        .bindNullableText(jsonText(payloadOf(entry)))
        .bindNullableText(entry.undo ? jsonText(JsonWriter::toObject(*entry.undo)) : QString())
        .bind(entry.idempotencyKey.isEmpty() ? newKey() : entry.idempotencyKey)
        .exec();
    return insert.next() ? insert.integer(0) : 0;
}

bool Outbox::hasUnsent(Entry::Kind kind, const QString &subject) const
{
    Statement query(m_database, u"SELECT 1 FROM outbox WHERE subject = ? AND kind = ? AND "
                                "sent_method IS NULL LIMIT 1"_s);
    query.bind(subject).bind(kindName(kind)).exec();
    return query.next();
}

bool Outbox::hasEntriesFor(const QString &subject, const QList<Entry::Kind> &kinds) const
{
    Statement query(m_database, u"SELECT 1 FROM outbox WHERE subject = ? AND kind IN (%1) "
                                "LIMIT 1"_s.arg(kindList(kinds)));
    query.bind(subject).exec();
    return query.next();
}

void Outbox::removeFor(const QString &subject, const QList<Entry::Kind> &kinds, bool onlyUnsent)
{
    Statement(m_database,
              u"DELETE FROM outbox WHERE subject = ? AND kind IN (%1)%2"_s.arg(
                  kindList(kinds), onlyUnsent ? u" AND sent_method IS NULL"_s : QString()))
        .bind(subject)
        .exec();
}

void Outbox::remove(qint64 sequence)
{
    Statement(m_database, u"DELETE FROM outbox WHERE sequence = ?"_s).bind(sequence).exec();
}

void Outbox::recordAttempt(qint64 sequence, const WireRequest &request)
{
    Statement(m_database, u"UPDATE outbox SET sent_method = ?, sent_path = ?, sent_body = ?, "
                          "attempts = attempts + 1 WHERE sequence = ?"_s)
        .bind(QString::fromLatin1(request.method))
        .bind(request.path)
        .bind(request.body)
        .bind(sequence)
        .exec();
}

void Outbox::markRetracted(qint64 sequence)
{
    Statement(m_database, u"UPDATE outbox SET payload = json_set(coalesce(payload, '{}'), "
                          "'$.retracted', json('true')) WHERE sequence = ?"_s)
        .bind(sequence)
        .exec();
}
void Outbox::renameSubject(const QString &from, const QString &to, const QList<Entry::Kind> &kinds)
{
    Statement(m_database, u"UPDATE outbox SET subject = ? WHERE subject = ? AND kind IN (%1)"_s.arg(
                              kindList(kinds)))
        .bind(to)
        .bind(from)
        .exec();
}

void Outbox::renewKey(qint64 sequence)
{
    Statement(m_database,
              u"UPDATE outbox SET idempotency_key = ?, sent_method = NULL, sent_path = NULL, "
              "sent_body = NULL, payload = json_set(coalesce(payload, '{}'), '$.renewals', "
              "coalesce(json_extract(payload, '$.renewals'), 0) + 1) WHERE sequence = ?"_s)
        .bind(newKey())
        .bind(sequence)
        .exec();
}

std::optional<Outbox::Entry> Outbox::next() const
{
    Statement query(m_database,
                    Columns + u"ORDER BY kind = 'upload_media' DESC, sequence LIMIT 1"_s);
    query.exec();
    if (!query.next())
        return std::nullopt;
    return readEntry(query);
}

std::optional<Outbox::Entry> Outbox::find(qint64 sequence) const
{
    Statement query(m_database, Columns + u"WHERE sequence = ?"_s);
    query.bind(sequence).exec();
    if (!query.next())
        return std::nullopt;
    return readEntry(query);
}

QList<Outbox::Entry> Outbox::entries(const QList<Entry::Kind> &kinds) const
{
    Statement query(m_database,
                    Columns + u"WHERE kind IN (%1) ORDER BY sequence"_s.arg(kindList(kinds)));
    query.exec();
    QList<Entry> list;
    while (query.next())
        list.append(readEntry(query));
    return list;
}

QList<Outbox::Entry> Outbox::entriesFor(const QString &subject,
                                        const QList<Entry::Kind> &kinds) const
{
    Statement query(
        m_database,
        Columns + u"WHERE subject = ? AND kind IN (%1) ORDER BY sequence"_s.arg(kindList(kinds)));
    query.bind(subject).exec();
    QList<Entry> list;
    while (query.next())
        list.append(readEntry(query));
    return list;
}

int Outbox::count() const
{
    Statement query(m_database, u"SELECT count(*) FROM outbox"_s);
    query.exec();
    return query.next() ? int(query.integer(0)) : 0;
}

} // namespace slotline::client
