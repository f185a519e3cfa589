#pragma once

#include "core/userprofile.h"
#include "storage/apikeyrepository.h"
#include "storage/changecounter.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace slotline {

class ProjectRepository;

// Who keys belong to and what their projects look like, kept in memory because every
// request needs them. The database's identity change counter is read at most every
// `recheckMs` (0: on every use); when it moved (a key revoked by `slotline-server keys
// revoke` in another process, say) everything is forgotten and read again.
class IdentityCache
{
public:
    IdentityCache(Database &database, ApiKeyRepository &keys, ProjectRepository &projects,
                  int recheckMs);

    QList<ApiKeyCandidate> candidatesForPrefix(const QString &prefix);
    std::optional<UserProfile> profile(const QString &projectId, const QString &apiKeyId);

private:
    void forgetIfChanged();

    ChangeCounter m_counter;
    ApiKeyRepository &m_keys;
    ProjectRepository &m_projects;
    int m_recheckMs;
    qint64 m_counterValue = -2;
    QDeadlineTimer m_nextCheck;
    // Only prefixes that exist are kept: unknown ones would let anyone grow the cache.
    QHash<QString, QList<ApiKeyCandidate>> m_candidates;
    QHash<QString, UserProfile> m_profiles; // by project id, apiKeyId left empty
};

} // namespace slotline
