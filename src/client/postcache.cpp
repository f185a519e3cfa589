#include "client/postcache.h"

#include "core/jsonwriter.h"
#include "storage/database.h"
#include "storage/statement.h"
#include "storage/transaction.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {
namespace {

// A post kept as its JSON in `column` of the current row.
std::optional<Submission> postFrom(const Statement &row, int column)
{
    return Submission::fromJson(QJsonDocument::fromJson(row.text(column).toUtf8()).object());
}

// Every row's post, from the first column; rows that no longer read as one are skipped.
QList<Submission> postsFrom(Statement &query)
{
    QList<Submission> posts;
    while (query.next()) {
        if (auto post = postFrom(query, 0))
            posts.append(std::move(*post));
    }
    return posts;
}

const QString Upsert = u"INSERT INTO posts (id, at, json, status) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT (id) DO UPDATE SET at = excluded.at, "
                       "json = excluded.json, status = excluded.status"_s;

} // namespace

PostCache::PostCache(Database &database)
    : m_database(database)
{ }

void PostCache::replaceRange(qint64 sinceMs, qint64 untilMs, const QList<Submission> &posts,
                             const QList<Outbox::Entry> &waiting)
{
    using Kind = Outbox::Entry::Kind;
    QHash<QString, const Outbox::Entry *> latest;
    for (const Outbox::Entry &entry : waiting) {
        if (entry.kind == Kind::UpdateSchedule || entry.kind == Kind::CancelSchedule)
            latest.insert(entry.subject, &entry); // the latest one counts
    }
    Transaction transaction(m_database);
    Statement(m_database, u"DELETE FROM posts WHERE at >= ? AND at < ?"_s)
        .bind(sinceMs)
        .bind(untilMs)
        .exec();
    Statement insert(m_database, Upsert);
    for (Submission post : posts) {
        if (const auto change = latest.constFind(post.scheduleId);
            !post.scheduleId.isEmpty() && change != latest.cend()
            && post.status == SubmissionStatus::Scheduled) {
            if ((*change)->kind == Kind::CancelSchedule)
                post.status = SubmissionStatus::Cancelled;
            else if ((*change)->moveToMs)
                post.scheduledAtMs = (*change)->moveToMs;
        }
        const QString json = QString::fromUtf8(JsonWriter::serialize(post));
        insert.bind(post.id)
            .bind(post.scheduledAtMs.value_or(post.createdAtMs))
            .bind(json)
            .bind(toString(post.status))
            .exec();
        updateDraftPost(post.id, json);
    }
    transaction.commit();
}

QList<Submission> PostCache::inRange(qint64 sinceMs, qint64 untilMs) const
{
    Statement query(m_database,
                    u"SELECT json FROM posts WHERE at >= ? AND at < ? ORDER BY at, id"_s);
    query.bind(sinceMs).bind(untilMs).exec();
    return postsFrom(query);
}

void PostCache::put(const Submission &post)
{
    const QString json = QString::fromUtf8(JsonWriter::serialize(post));
    Statement(m_database, Upsert)
        .bind(post.id)
        .bind(post.scheduledAtMs.value_or(post.createdAtMs))
        .bind(json)
        .bind(toString(post.status))
        .exec();
    updateDraftPost(post.id, json);
}

QList<Submission> PostCache::failed() const
{
    Statement query(m_database, u"SELECT json FROM posts WHERE status = 'failed' "
                                "ORDER BY at DESC, id"_s);
    query.exec();
    return postsFrom(query);
}

std::optional<Submission> PostCache::find(const QString &submissionId) const
{
    Statement query(m_database, u"SELECT json FROM posts WHERE id = ?"_s);
    query.bind(submissionId).exec();
    if (!query.next())
        return std::nullopt;
    return postFrom(query, 0);
}

void PostCache::recordForDraft(const QString &draftLocalId, const Submission &post)
{
    Statement(m_database,
              u"INSERT INTO draft_posts (post_id, draft_local_id, created_at, json) "
              "VALUES (?, ?, ?, ?) ON CONFLICT (post_id) DO UPDATE SET json = excluded.json"_s)
        .bind(post.id)
        .bind(draftLocalId)
        .bind(post.createdAtMs)
        .bind(QString::fromUtf8(JsonWriter::serialize(post)))
        .exec();
}

void PostCache::forgetDraft(const QString &draftLocalId)
{
    Statement(m_database, u"DELETE FROM draft_posts WHERE draft_local_id = ?"_s)
        .bind(draftLocalId)
        .exec();
}

QList<Submission> PostCache::ofDraft(const QString &draftLocalId) const
{
    Statement query(m_database, u"SELECT json FROM draft_posts WHERE draft_local_id = ? "
                                "ORDER BY created_at, post_id"_s);
    query.bind(draftLocalId).exec();
    return postsFrom(query);
}

QHash<QString, QList<Submission>> PostCache::ofDrafts() const
{
    Statement query(m_database, u"SELECT draft_local_id, json FROM draft_posts "
                                "ORDER BY created_at, post_id"_s);
    query.exec();
    QHash<QString, QList<Submission>> posts;
    while (query.next()) {
        if (auto post = postFrom(query, 1))
            posts[query.text(0)].append(std::move(*post));
    }
    return posts;
}

void PostCache::updateDraftPost(const QString &postId, const QString &json)
{
    Statement(m_database, u"UPDATE draft_posts SET json = ? WHERE post_id = ?"_s)
        .bind(json)
        .bind(postId)
        .exec();
}

} // namespace slotline::client
