#include "storage/publishedpostrepository.h"

#include "storage/statement.h"
#include "storage/wordsearch.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::Literals::StringLiterals;

namespace slotline {

PublishedPostRepository::PublishedPostRepository(Database &database)
    : m_database(database)
{ }

void PublishedPostRepository::insert(const QString &projectId, const PublishedPost &post)
{
    Statement(m_database,
              QStringLiteral("INSERT INTO published_posts (id, submission_id, project_id, "
                             "account_id, platform, text, search_text, media_urls, public_url, "
                             "published_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"))
        .bind(post.id)
        .bind(post.submissionId)
        .bind(projectId)
        .bind(post.accountId)
        .bind(platforms::toString(post.platform))
        .bind(post.text)
        .bind(WordSearch::searchForm(post.text))
        .bind(QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(post.mediaUrls))
                                    .toJson(QJsonDocument::Compact)))
        .bind(post.publicUrl)
        .bind(post.publishedAtMs)
        .exec();
}

Page<PublishedPost> PublishedPostRepository::list(const QString &projectId,
                                                  const PublishedPostFilter &filter,
                                                  const PageRequest &page)
{
    QString sql
        = QStringLiteral("SELECT id, submission_id, account_id, platform, text, media_urls, "
                         "public_url, published_at FROM published_posts WHERE project_id = ? ");
    QVariantList binds {projectId};
    WordSearch::appendConditions(sql, binds, QStringLiteral("search_text"), filter.query);
    if (filter.platform) {
        sql += QStringLiteral("AND platform = ? ");
        binds << platforms::toString(*filter.platform);
    }
    if (!filter.accountId.isEmpty()) {
        sql += QStringLiteral("AND account_id = ? ");
        binds << filter.accountId;
    }
    if (filter.sinceMs) {
        sql += QStringLiteral("AND published_at >= ? ");
        binds << *filter.sinceMs;
    }
    if (filter.untilMs) {
        sql += QStringLiteral("AND published_at < ? ");
        binds << *filter.untilMs;
    }
    page.appendTo(sql, binds, "published_at"_L1, PageRequest::Order::Descending);
    Statement query(m_database, sql);
    query.bindAll(binds).exec();
    return collectPage<PublishedPost>(
        query, page.limit,
        [](const Statement &row) {
            PublishedPost post;
            post.id = row.text(0);
            post.submissionId = row.text(1);
            post.accountId = row.text(2);
            post.platform = platforms::fromString(row.text(3)).value_or(Platform::LinkedIn);
            post.text = row.text(4);
            for (const QJsonValue &url : QJsonDocument::fromJson(row.text(5).toUtf8()).array())
                post.mediaUrls.append(url.toString());
            post.publicUrl = row.text(6);
            post.publishedAtMs = row.integer(7);
            return post;
        },
        [](const PublishedPost &last) {
            return QJsonArray {last.publishedAtMs, last.id};
        });
}

} // namespace slotline
