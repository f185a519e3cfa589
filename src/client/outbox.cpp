#include "client/outbox.h"

#include "storage/database.h"
#include "storage/statement.h"

#include <QJsonDocument>
#include <QUuid>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {
namespace {

const QString Columns = u"SELECT sequence, kind, subject, payload, undo, idempotency_key, "
                        "sent_parameters, attempts FROM outbox "_s;

Outbox::Entry::Kind kindFrom(const QString &name)
{
    using Kind = Outbox::Entry::Kind;
    for (const Kind kind : {Kind::SaveDraft, Kind::DeleteDraft, Kind::PublishDraft,
                            Kind::UpdateSchedule, Kind::CancelSchedule}) {
        if (Outbox::toolName(kind) == name)
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

Outbox::Entry readEntry(const Statement &row)
{
    Outbox::Entry entry;
    entry.sequence = row.integer(0);
    entry.kind = kindFrom(row.text(1));
    entry.subject = row.text(2);
    entry.payload = objectFrom(row.text(3));
    entry.undo = objectFrom(row.text(4));
    entry.idempotencyKey = row.text(5);
    entry.sentParameters = objectFrom(row.text(6));
    entry.attempts = int(row.integer(7));
    return entry;
}

QString kindList(const QList<Outbox::Entry::Kind> &kinds)
{
    QStringList names;
    for (const Outbox::Entry::Kind kind : kinds)
        names.append(u'\'' + Outbox::toolName(kind) + u'\'');
    return names.join(u", "_s);
}

} // namespace

Outbox::Outbox(Database &database)
    : m_database(database)
{ }

QString Outbox::toolName(Entry::Kind kind)
{
    switch (kind) {
    case Entry::Kind::SaveDraft: return u"save_draft"_s;
    case Entry::Kind::DeleteDraft: return u"delete_draft"_s;
    case Entry::Kind::PublishDraft: return u"publish_draft"_s;
    case Entry::Kind::UpdateSchedule: return u"update_schedule"_s;
    case Entry::Kind::CancelSchedule: return u"cancel_schedule"_s;
    }
    return QString();
}

qint64 Outbox::append(Entry::Kind kind, const QString &subject, const QJsonObject &payload,
                      const QJsonObject &undo, const QString &idempotencyKey)
{
    Statement insert(m_database, u"INSERT INTO outbox (kind, subject, payload, undo, "
                                 "idempotency_key) VALUES (?, ?, ?, ?, ?) "
                                 "ON CONFLICT (idempotency_key) DO NOTHING RETURNING sequence"_s);
    insert.bind(toolName(kind))
        .bind(subject)
        .bindNullableText(jsonText(payload))
        .bindNullableText(jsonText(undo))
        .bind(idempotencyKey.isEmpty()
                  ? QString(u"slotline-"_s + QUuid::createUuid().toString(QUuid::Id128))
                  : idempotencyKey)
        .exec();
    return insert.next() ? insert.integer(0) : 0;
}

bool Outbox::hasUnsent(Entry::Kind kind, const QString &subject) const
{
    Statement query(m_database, u"SELECT 1 FROM outbox WHERE subject = ? AND kind = ? AND "
                                "sent_parameters IS NULL LIMIT 1"_s);
    query.bind(subject).bind(toolName(kind)).exec();
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
                  kindList(kinds), onlyUnsent ? u" AND sent_parameters IS NULL"_s : QString()))
        .bind(subject)
        .exec();
}

void Outbox::remove(qint64 sequence)
{
    Statement(m_database, u"DELETE FROM outbox WHERE sequence = ?"_s).bind(sequence).exec();
}

void Outbox::recordAttempt(qint64 sequence, const QJsonObject &parameters)
{
    Statement(m_database, u"UPDATE outbox SET sent_parameters = ?, attempts = attempts + 1 "
                          "WHERE sequence = ?"_s)
        .bind(QString::fromUtf8(QJsonDocument(parameters).toJson(QJsonDocument::Compact)))
        .bind(sequence)
        .exec();
}

void Outbox::setPayload(qint64 sequence, const QJsonObject &payload)
{
    Statement(m_database, u"UPDATE outbox SET payload = ? WHERE sequence = ?"_s)
        .bind(QString::fromUtf8(QJsonDocument(payload).toJson(QJsonDocument::Compact)))
        .bind(sequence)
        .exec();
}

std::optional<Outbox::Entry> Outbox::next() const
{
    Statement query(m_database, Columns + u"ORDER BY sequence LIMIT 1"_s);
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

int Outbox::count() const
{
    Statement query(m_database, u"SELECT count(*) FROM outbox"_s);
    query.exec();
    return query.next() ? int(query.integer(0)) : 0;
}

} // namespace slotline::client
