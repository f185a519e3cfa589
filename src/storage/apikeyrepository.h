#pragma once

#include "core/apikeyinfo.h"
#include "storage/page.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace slotline {

class Clock;
class Database;

// What authentication needs to check a presented key against one stored row.
struct ApiKeyCandidate
{
    QString keyId;
    QString projectId;
    QByteArray hash;
    bool revoked = false;
};

struct CreatedApiKey
{
    ApiKeyInfo info;
    QString plaintext; // shown once, never stored
};

class ApiKeyRepository
{
public:
    enum class RevokeResult { Revoked, AlreadyRevoked, NotFound };

    ApiKeyRepository(Database &database, const Clock &clock);

    CreatedApiKey create(const QString &projectId, const QString &name);
    std::optional<ApiKeyInfo> find(const QString &keyId);
    Page<ApiKeyInfo> list(const QString &projectId, const PageRequest &page);
    // Every key, or every key of one project, oldest first: for the admin commands.
    QList<ApiKeyInfo> listAll(const QString &projectId = {});
    RevokeResult revoke(const QString &keyId);

    QList<ApiKeyCandidate> candidatesForPrefix(const QString &prefix);

    // Writes the newest use of each key (batched by the call log, not per request).
    void recordLastUse(const QHash<QString, qint64> &lastUseByKeyId);

private:
    Database &m_database;
    const Clock &m_clock;
};

} // namespace slotline
