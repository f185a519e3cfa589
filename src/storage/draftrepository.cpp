#include "storage/draftrepository.h"

#include "storage/statement.h"
#include "storage/wordsearch.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

const QString Columns = QStringLiteral(
    "id, text, platforms, media_urls, revision, created_at, updated_at, client_id FROM drafts ");

QString jsonArray(const QStringList &values)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(values)).toJson(QJsonDocument::Compact));
}

QStringList platformNames(const QList<Platform> &platformList)
{
    QStringList names;
    for (const Platform platform : platformList)
        names.append(platforms::toString(platform));
    return names;
}

Draft readDraft(const Statement &row)
{
    Draft draft;
    draft.id = row.text(0);
    draft.text = row.text(1);
    for (const QJsonValue &name : QJsonDocument::fromJson(row.text(2).toUtf8()).array()) {
        if (const auto platform = platforms::fromString(name.toString()))
            draft.platforms.append(*platform);
    }
    for (const QJsonValue &url : QJsonDocument::fromJson(row.text(3).toUtf8()).array())
        draft.mediaUrls.append(url.toString());
    draft.revision = row.integer(4);
    draft.createdAtMs = row.integer(5);
    draft.updatedAtMs = row.integer(6);
    draft.clientId = row.text(7);
    return draft;
}

} // namespace

DraftRepository::DraftRepository(Database &database)
    : m_database(database)
{ }

std::optional<Draft> DraftRepository::find(const QString &projectId, const QString &draftId)
{
    Statement query(m_database, QStringLiteral("SELECT ") + Columns
                                    + QStringLiteral("WHERE id = ? AND project_id = ?"));
    query.bind(draftId).bind(projectId).exec();
    if (!query.next())
        return std::nullopt;
    return readDraft(query);
}

std::optional<Draft> DraftRepository::findByClientId(const QString &projectId,
                                                     const QString &clientId)
{
    Statement query(m_database, QStringLiteral("SELECT ") + Columns
                                    + QStringLiteral("WHERE project_id = ? AND client_id = ?"));
    query.bind(projectId).bind(clientId).exec();
    if (!query.next())
        return std::nullopt;
    return readDraft(query);
}

Page<Draft> DraftRepository::list(const QString &projectId, const QString &searchQuery,
                                  const PageRequest &page)
{
    QString sql = QStringLiteral("SELECT ") + Columns + QStringLiteral("WHERE project_id = ? ");
    QVariantList binds {projectId};
    WordSearch::appendConditions(sql, binds, QStringLiteral("search_text"), searchQuery);
    page.appendTo(sql, binds, "updated_at"_L1, PageRequest::Order::Descending);
    Statement query(m_database, sql);
    query.bindAll(binds).exec();
    return collectPage<Draft>(query, page.limit, readDraft, [](const Draft &last) {
        return QJsonArray {last.updatedAtMs, last.id};
    });
}

bool DraftRepository::insert(const QString &projectId, const Draft &draft)
{
    // The unique index decides, not a look-up before: two creates with one client id at
    // the same moment both pass a look-up. The conflict target names that index alone, so
    // anything else wrong is still an error.
    Statement query(m_database,
                    QStringLiteral("INSERT INTO drafts (id, project_id, client_id, text, "
                                   "search_text, platforms, media_urls, revision, created_at, "
                                   "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                                   "ON CONFLICT (project_id, client_id) "
                                   "WHERE client_id IS NOT NULL DO NOTHING"));
    query.bind(draft.id)
        .bind(projectId)
        .bindNullableText(draft.clientId)
        .bind(draft.text)
        .bind(WordSearch::searchForm(draft.text))
        .bind(jsonArray(platformNames(draft.platforms)))
        .bind(jsonArray(draft.mediaUrls))
        .bind(draft.revision)
        .bind(draft.createdAtMs)
        .bind(draft.updatedAtMs)
        .exec();
    return query.rowsAffected() == 1;
}

bool DraftRepository::update(const QString &projectId, const Draft &draft, qint64 expectedRevision)
{
    Statement query(m_database,
                    QStringLiteral("UPDATE drafts SET text = ?, search_text = ?, platforms = ?, "
                                   "media_urls = ?, revision = ?, updated_at = ? "
                                   "WHERE id = ? AND project_id = ? AND revision = ?"));
    query.bind(draft.text)
        .bind(WordSearch::searchForm(draft.text))
        .bind(jsonArray(platformNames(draft.platforms)))
        .bind(jsonArray(draft.mediaUrls))
        .bind(draft.revision)
        .bind(draft.updatedAtMs)
        .bind(draft.id)
        .bind(projectId)
        .bind(expectedRevision)
        .exec();
    return query.rowsAffected() == 1;
}

bool DraftRepository::remove(const QString &projectId, const QString &draftId)
{
    Statement query(m_database,
                    QStringLiteral("DELETE FROM drafts WHERE id = ? AND project_id = ?"));
    query.bind(draftId).bind(projectId).exec();
    return query.rowsAffected() == 1;
}

} // namespace slotline
