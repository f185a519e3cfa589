#include "storage/apikeyrepository.h"

#include "core/apikeysecret.h"
#include "core/clock.h"
#include "core/ids.h"
#include "storage/statement.h"
#include "storage/transaction.h"

namespace slotline {
namespace {

const QString SelectKey = QStringLiteral(
    "SELECT id, project_id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys ");

ApiKeyInfo readKey(const Statement &row)
{
    return ApiKeyInfo {row.text(0),           row.text(1),    row.text(2),
                       row.text(3),           row.integer(4), row.optionalInteger(5),
                       row.optionalInteger(6)};
}

} // namespace

ApiKeyRepository::ApiKeyRepository(Database &database, const Clock &clock)
    : m_database(database)
    , m_clock(clock)
{ }

CreatedApiKey ApiKeyRepository::create(const QString &projectId, const QString &name)
{
    const ApiKeySecret secret = ApiKeySecret::generate();
    ApiKeyInfo info;
    info.id = ids::generate(IdKind::ApiKey);
    info.projectId = projectId;
    info.name = name;
    info.prefix = secret.prefix;
    info.createdAtMs = m_clock.nowMs();
    Statement(m_database,
              QStringLiteral("INSERT INTO api_keys (id, project_id, name, prefix, key_hash, "
                             "created_at) VALUES (?, ?, ?, ?, ?, ?)"))
        .bind(info.id)
        .bind(projectId)
        .bind(name)
        .bind(info.prefix)
        .bind(QString::fromLatin1(secret.hash.toHex()))
        .bind(info.createdAtMs)
        .exec();
    return CreatedApiKey {info, secret.plaintext};
}

std::optional<ApiKeyInfo> ApiKeyRepository::find(const QString &keyId)
{
    Statement query(m_database, SelectKey + QStringLiteral("WHERE id = ?"));
    query.bind(keyId).exec();
    if (!query.next())
        return std::nullopt;
    return readKey(query);
}

Page<ApiKeyInfo> ApiKeyRepository::list(const QString &projectId, const PageRequest &page)
{
    const bool hasCursor = page.hasCursor(2);
    Statement query(m_database,
                    SelectKey + QStringLiteral("WHERE project_id = ? ")
                        + (hasCursor ? QStringLiteral("AND (created_at, id) > (?, ?) ") : QString())
                        + QStringLiteral("ORDER BY created_at, id LIMIT ?"));
    query.bind(projectId);
    if (hasCursor)
        query.bind(page.after.at(0).toInteger()).bind(page.after.at(1).toString());
    query.bind(page.limit + 1).exec();
    return collectPage<ApiKeyInfo>(query, page.limit, readKey, [](const ApiKeyInfo &last) {
        return QJsonArray {last.createdAtMs, last.id};
    });
}

QList<ApiKeyInfo> ApiKeyRepository::listAll(const QString &projectId)
{
    Statement query(
        m_database,
        SelectKey + (projectId.isEmpty() ? QString() : QStringLiteral("WHERE project_id = ? "))
            + QStringLiteral("ORDER BY created_at, id"));
    if (!projectId.isEmpty())
        query.bind(projectId);
    query.exec();
    QList<ApiKeyInfo> keys;
    while (query.next())
        keys.append(readKey(query));
    return keys;
}

ApiKeyRepository::RevokeResult ApiKeyRepository::revoke(const QString &keyId)
{
    Transaction transaction(m_database);
    const auto key = find(keyId);
    if (!key)
        return RevokeResult::NotFound;
    if (key->isRevoked())
        return RevokeResult::AlreadyRevoked;
    Statement(m_database, QStringLiteral("UPDATE api_keys SET revoked_at = ? WHERE id = ?"))
        .bind(m_clock.nowMs())
        .bind(keyId)
        .exec();
    transaction.commit();
    return RevokeResult::Revoked;
}

QList<ApiKeyCandidate> ApiKeyRepository::candidatesForPrefix(const QString &prefix)
{
    Statement query(m_database,
                    QStringLiteral("SELECT id, project_id, key_hash, revoked_at IS NOT NULL "
                                   "FROM api_keys WHERE prefix = ?"));
    query.bind(prefix).exec();
    QList<ApiKeyCandidate> candidates;
    while (query.next())
        candidates.append(ApiKeyCandidate {query.text(0), query.text(1),
                                           QByteArray::fromHex(query.text(2).toLatin1()),
                                           query.integer(3) != 0});
    return candidates;
}

void ApiKeyRepository::recordLastUse(const QHash<QString, qint64> &lastUseByKeyId)
{
    for (auto it = lastUseByKeyId.cbegin(); it != lastUseByKeyId.cend(); ++it) {
        Statement(m_database, QStringLiteral("UPDATE api_keys SET last_used_at = ? WHERE id = ? "
                                             "AND (last_used_at IS NULL OR last_used_at < ?)"))
            .bind(it.value())
            .bind(it.key())
            .bind(it.value())
            .exec();
    }
}

} // namespace slotline
