#include "client/drafttable.h"

#include "core/jsonwriter.h"
#include "storage/database.h"
#include "storage/statement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QUuid>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {
namespace {

QString platformsJson(const QList<Platform> &list)
{
    QJsonArray names;
    for (const Platform platform : list)
        names.append(platforms::toString(platform));
    return QString::fromUtf8(QJsonDocument(names).toJson(QJsonDocument::Compact));
}

QList<Platform> platformsFrom(const QString &json)
{
    QList<Platform> list;
    for (const QJsonValue &name : QJsonDocument::fromJson(json.toUtf8()).array()) {
        if (const auto platform = platforms::fromString(name.toString()))
            list.append(*platform);
    }
    return list;
}

QString stringsJson(const QStringList &values)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(values)).toJson(QJsonDocument::Compact));
}

QStringList stringsFrom(const QString &json)
{
    QStringList values;
    for (const QJsonValue &value : QJsonDocument::fromJson(json.toUtf8()).array())
        values.append(value.toString());
    return values;
}

QString stateName(DraftSyncState state)
{
    switch (state) {
    case DraftSyncState::Synced: return u"synced"_s;
    case DraftSyncState::Pending: return u"pending"_s;
    case DraftSyncState::Conflict: return u"conflict"_s;
    case DraftSyncState::Refused: return u"refused"_s;
    }
    return u"pending"_s;
}

DraftSyncState stateFrom(const QString &name)
{
    if (name == u"synced")
        return DraftSyncState::Synced;
    if (name == u"conflict")
        return DraftSyncState::Conflict;
    if (name == u"refused")
        return DraftSyncState::Refused;
    return DraftSyncState::Pending;
}

const QString Columns = u"SELECT local_id, server_id, base_revision, text, platforms, "
                        "media_urls, updated_at, state, theirs, problem FROM drafts "_s;

LocalDraft readDraft(const Statement &row)
{
    LocalDraft draft;
    draft.localId = row.text(0);
    draft.serverId = row.text(1);
    draft.baseRevision = row.integer(2);
    draft.text = row.text(3);
    draft.platforms = platformsFrom(row.text(4));
    draft.mediaUrls = stringsFrom(row.text(5));
    draft.updatedAtMs = row.integer(6);
    draft.state = stateFrom(row.text(7));
    if (const QString theirs = row.text(8); !theirs.isEmpty())
        draft.theirs = Draft::fromJson(QJsonDocument::fromJson(theirs.toUtf8()).object());
    draft.problem = row.text(9);
    return draft;
}

} // namespace

DraftTable::DraftTable(Database &database)
    : m_database(database)
{ }

QString DraftTable::newLocalId()
{
    return u"local_"_s + QUuid::createUuid().toString(QUuid::Id128);
}

std::optional<LocalDraft> DraftTable::find(const QString &localId) const
{
    Statement query(m_database, Columns + u"WHERE local_id = ? AND deleted = 0"_s);
    query.bind(localId).exec();
    if (!query.next())
        return std::nullopt;
    return readDraft(query);
}

QList<LocalDraft> DraftTable::all() const
{
    Statement query(m_database,
                    Columns + u"WHERE deleted = 0 ORDER BY updated_at DESC, local_id"_s);
    query.exec();
    QList<LocalDraft> list;
    while (query.next())
        list.append(readDraft(query));
    return list;
}

QList<LocalDraft> DraftTable::withMedium(const QString &url) const
{
    Statement query(m_database, Columns
                                    + u"WHERE deleted = 0 AND EXISTS (SELECT 1 FROM "
                                      "json_each(media_urls) WHERE value = ?) ORDER BY local_id"_s);
    query.bind(url).exec();
    QList<LocalDraft> list;
    while (query.next())
        list.append(readDraft(query));
    return list;
}

std::optional<LocalDraft> DraftTable::findAny(const QString &localId) const
{
    Statement query(m_database, Columns + u"WHERE local_id = ?"_s);
    query.bind(localId).exec();
    if (!query.next())
        return std::nullopt;
    return readDraft(query);
}

bool DraftTable::isDeleted(const QString &localId) const
{
    Statement query(m_database, u"SELECT deleted FROM drafts WHERE local_id = ?"_s);
    query.bind(localId).exec();
    return query.next() && query.integer(0) != 0;
}

std::optional<LocalDraft> DraftTable::findByServerId(const QString &serverId) const
{
    Statement query(m_database, Columns + u"WHERE server_id = ?"_s);
    query.bind(serverId).exec();
    if (!query.next())
        return std::nullopt;
    return readDraft(query);
}

QList<std::pair<QString, QString>> DraftTable::synced() const
{
    Statement query(m_database, u"SELECT local_id, server_id FROM drafts WHERE "
                                "state = 'synced' AND deleted = 0 AND server_id IS NOT NULL"_s);
    query.exec();
    QList<std::pair<QString, QString>> found;
    while (query.next())
        found.append({query.text(0), query.text(1)});
    return found;
}

void DraftTable::insert(const LocalDraft &draft)
{
    Statement(m_database,
              u"INSERT INTO drafts (local_id, server_id, base_revision, text, platforms, "
              "media_urls, updated_at, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"_s)
        .bind(draft.localId)
        .bindNullableText(draft.serverId)
        .bind(draft.baseRevision)
        .bind(draft.text)
        .bind(platformsJson(draft.platforms))
        .bind(stringsJson(draft.mediaUrls))
        .bind(draft.updatedAtMs)
        .bind(stateName(draft.state))
        .exec();
}

void DraftTable::setContent(const QString &localId, const QString &text,
                            const QList<Platform> &platforms, const QStringList &mediaUrls,
                            qint64 updatedAtMs)
{
    Statement(m_database, u"UPDATE drafts SET text = ?, platforms = ?, media_urls = ?, "
                          "updated_at = ?, problem = NULL WHERE local_id = ?"_s)
        .bind(text)
        .bind(platformsJson(platforms))
        .bind(stringsJson(mediaUrls))
        .bind(updatedAtMs)
        .bind(localId)
        .exec();
}

void DraftTable::setMediaUrls(const QString &localId, const QStringList &mediaUrls)
{
    Statement(m_database, u"UPDATE drafts SET media_urls = ? WHERE local_id = ?"_s)
        .bind(stringsJson(mediaUrls))
        .bind(localId)
        .exec();
}

void DraftTable::adoptServerVersion(const QString &localId, const Draft &onServer)
{
    Statement(m_database,
              u"UPDATE drafts SET server_id = ?, base_revision = ?, text = ?, platforms = ?, "
              "media_urls = ?, updated_at = ?, theirs = NULL WHERE local_id = ?"_s)
        .bind(onServer.id)
        .bind(onServer.revision)
        .bind(onServer.text)
        .bind(platformsJson(onServer.platforms))
        .bind(stringsJson(onServer.mediaUrls))
        .bind(onServer.updatedAtMs)
        .bind(localId)
        .exec();
}

void DraftTable::link(const QString &localId, const QString &serverId, qint64 revision)
{
    Statement(m_database, u"UPDATE drafts SET server_id = ?, base_revision = ?, theirs = NULL, "
                          "problem = NULL WHERE local_id = ?"_s)
        .bind(serverId)
        .bind(revision)
        .bind(localId)
        .exec();
}

void DraftTable::linkIfNew(const QString &localId, const QString &serverId, qint64 revision)
{
    Statement(m_database, u"UPDATE drafts SET server_id = ?, base_revision = ? "
                          "WHERE local_id = ? AND server_id IS NULL"_s)
        .bind(serverId)
        .bind(revision)
        .bind(localId)
        .exec();
}

void DraftTable::unlink(const QString &localId)
{
    Statement(m_database, u"UPDATE drafts SET server_id = NULL, base_revision = 0, "
                          "problem = NULL WHERE local_id = ?"_s)
        .bind(localId)
        .exec();
}

void DraftTable::setTheirs(const QString &localId, const Draft &theirs)
{
    Statement(m_database, u"UPDATE drafts SET theirs = ? WHERE local_id = ?"_s)
        .bind(QString::fromUtf8(JsonWriter::serialize(theirs)))
        .bind(localId)
        .exec();
}

void DraftTable::setRefused(const QString &localId, const QString &problem)
{
    Statement(m_database, u"UPDATE drafts SET deleted = 0, problem = ? WHERE local_id = ?"_s)
        .bind(problem)
        .bind(localId)
        .exec();
}

void DraftTable::markDeleted(const QString &localId)
{
    Statement(m_database, u"UPDATE drafts SET deleted = 1, theirs = NULL WHERE local_id = ?"_s)
        .bind(localId)
        .exec();
}

void DraftTable::remove(const QString &localId)
{
    Statement(m_database, u"DELETE FROM drafts WHERE local_id = ?"_s).bind(localId).exec();
}

bool DraftTable::removeIfSynced(const QString &localId)
{
    Statement remove(m_database, u"DELETE FROM drafts WHERE local_id = ? AND state = 'synced'"_s);
    remove.bind(localId).exec();
    return remove.rowsAffected() > 0;
}

void DraftTable::setState(const QString &localId, DraftSyncState state)
{
    Statement(m_database, u"UPDATE drafts SET state = ? WHERE local_id = ?"_s)
        .bind(stateName(state))
        .bind(localId)
        .exec();
}

} // namespace slotline::client
