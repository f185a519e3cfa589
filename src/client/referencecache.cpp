#include "client/referencecache.h"

#include "core/jsonwriter.h"
#include "storage/database.h"
#include "storage/statement.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {
namespace {

template<typename T>
QJsonArray toArray(const QList<T> &values)
{
    QJsonArray array;
    for (const T &value : values)
        array.append(JsonWriter::toObject(value));
    return array;
}

// The items that still read as T (a snapshot of an older version may hold others).
template<typename T>
QList<T> fromArray(const QJsonArray &array)
{
    QList<T> values;
    for (const QJsonValue &item : array) {
        if (auto value = T::fromJson(item.toObject()))
            values.append(std::move(*value));
    }
    return values;
}

} // namespace

ReferenceCache::ReferenceCache(Database &database)
    : m_database(database)
{ }

void ReferenceCache::putSnapshot(const QString &name, const QJsonDocument &document, qint64 nowMs)
{
    Statement(m_database, u"INSERT INTO snapshots (name, json, fetched_at) VALUES (?, ?, ?) "
                          "ON CONFLICT (name) DO UPDATE SET json = excluded.json, "
                          "fetched_at = excluded.fetched_at"_s)
        .bind(name)
        .bind(QString::fromUtf8(document.toJson(QJsonDocument::Compact)))
        .bind(nowMs)
        .exec();
}

std::optional<QJsonDocument> ReferenceCache::snapshot(const QString &name) const
{
    Statement query(m_database, u"SELECT json FROM snapshots WHERE name = ?"_s);
    query.bind(name).exec();
    if (!query.next())
        return std::nullopt;
    return QJsonDocument::fromJson(query.text(0).toUtf8());
}

void ReferenceCache::putUser(const UserProfile &user, qint64 nowMs)
{
    putSnapshot(u"user"_s, QJsonDocument(JsonWriter::toObject(user)), nowMs);
}

std::optional<UserProfile> ReferenceCache::user() const
{
    const auto document = snapshot(u"user"_s);
    return document ? UserProfile::fromJson(document->object()) : std::nullopt;
}

void ReferenceCache::putAccounts(const QList<Account> &accounts, qint64 nowMs)
{
    putSnapshot(u"accounts"_s, QJsonDocument(toArray(accounts)), nowMs);
}

QList<Account> ReferenceCache::accounts() const
{
    const auto document = snapshot(u"accounts"_s);
    return document ? fromArray<Account>(document->array()) : QList<Account>();
}

void ReferenceCache::putSubaccounts(const QString &accountId, const QList<Subaccount> &subaccounts,
                                    qint64 nowMs)
{
    putSnapshot(u"subaccounts/"_s + accountId, QJsonDocument(toArray(subaccounts)), nowMs);
}

QList<Subaccount> ReferenceCache::subaccounts(const QString &accountId) const
{
    const auto document = snapshot(u"subaccounts/"_s + accountId);
    return document ? fromArray<Subaccount>(document->array()) : QList<Subaccount>();
}

void ReferenceCache::putSlots(const QString &timezone, const QList<WeeklySlot> &slots, qint64 nowMs)
{
    putSnapshot(
        u"slots"_s,
        QJsonDocument(QJsonObject {{u"timezone"_s, timezone}, {u"items"_s, toArray(slots)}}),
        nowMs);
}

QList<WeeklySlot> ReferenceCache::slots() const
{
    const auto document = snapshot(u"slots"_s);
    return document ? fromArray<WeeklySlot>(document->object().value(u"items"_s).toArray())
                    : QList<WeeklySlot>();
}

QString ReferenceCache::timezone() const
{
    const auto document = snapshot(u"slots"_s);
    return document ? document->object().value(u"timezone"_s).toString() : QString();
}

void ReferenceCache::putCredits(const CreditBalance &credits, qint64 nowMs)
{
    putSnapshot(u"credits"_s, QJsonDocument(JsonWriter::toObject(credits)), nowMs);
}

std::optional<CreditBalance> ReferenceCache::credits() const
{
    const auto document = snapshot(u"credits"_s);
    return document ? CreditBalance::fromJson(document->object()) : std::nullopt;
}

} // namespace slotline::client
