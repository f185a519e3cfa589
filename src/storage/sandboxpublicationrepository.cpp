#include "storage/sandboxpublicationrepository.h"

#include "storage/databaseerror.h"
#include "storage/statement.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace slotline {

SandboxPublicationRepository::SandboxPublicationRepository(Database &database)
    : m_database(database)
{ }

SandboxPublication SandboxPublicationRepository::publish(const SandboxPublication &publication)
{
    Statement insert(
        m_database,
        QStringLiteral("INSERT INTO sandbox_publications (id, token, account_id, account_name, "
                       "username, platform, page_name, text, media_urls, published_at) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (token) DO NOTHING"));
    insert.bind(publication.id)
        .bind(publication.token)
        .bind(publication.accountId)
        .bind(publication.accountName)
        .bind(publication.username)
        .bind(platforms::toString(publication.platform))
        .bindNullableText(publication.pageName)
        .bind(publication.text)
        .bind(QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(publication.mediaUrls))
                                    .toJson(QJsonDocument::Compact)))
        .bind(publication.publishedAtMs)
        .exec();
    if (insert.rowsAffected() == 1)
        return publication;
    // The token was published before: the first publication stands. One statement
    // inserts or leaves alone, so there is nothing between it and this read to guard.
    if (auto stored = findByToken(publication.token))
        return *stored;
    throw DatabaseError(
        QStringLiteral("the sandbox publication of token %1 vanished").arg(publication.token));
}

std::optional<SandboxPublication> SandboxPublicationRepository::findByToken(const QString &token)
{
    return findWhere(QStringLiteral("token"), token);
}

std::optional<SandboxPublication> SandboxPublicationRepository::find(const QString &id)
{
    return findWhere(QStringLiteral("id"), id);
}

int SandboxPublicationRepository::count()
{
    Statement query(m_database, QStringLiteral("SELECT count(*) FROM sandbox_publications"));
    query.exec();
    return query.next() ? int(query.integer(0)) : 0;
}

std::optional<SandboxPublication> SandboxPublicationRepository::findWhere(const QString &column,
                                                                          const QString &value)
{
    Statement query(
        m_database,
        QStringLiteral("SELECT id, token, account_id, account_name, username, platform, "
                       "page_name, text, media_urls, published_at "
                       "FROM sandbox_publications WHERE ")
            + column + QStringLiteral(" = ?"));
    query.bind(value).exec();
    if (!query.next())
        return std::nullopt;
    SandboxPublication publication;
    publication.id = query.text(0);
    publication.token = query.text(1);
    publication.accountId = query.text(2);
    publication.accountName = query.text(3);
    publication.username = query.text(4);
    publication.platform = platforms::fromString(query.text(5)).value_or(Platform::LinkedIn);
    publication.pageName = query.text(6);
    publication.text = query.text(7);
    for (const QJsonValue &url : QJsonDocument::fromJson(query.text(8).toUtf8()).array())
        publication.mediaUrls.append(url.toString());
    publication.publishedAtMs = query.integer(9);
    return publication;
}

} // namespace slotline
