#include "server/access/identitycache.h"

#include "storage/projectrepository.h"

namespace slotline {

IdentityCache::IdentityCache(Database &database, ApiKeyRepository &keys,
                             ProjectRepository &projects, int recheckMs)
    : m_counter(database, ChangeCounter::Identity)
    , m_keys(keys)
    , m_projects(projects)
    , m_recheckMs(recheckMs)
    , m_nextCheck(0)
{ }

void IdentityCache::forgetIfChanged()
{
    if (!m_nextCheck.hasExpired())
        return;
    const qint64 value = m_counter.value();
    if (value != m_counterValue) {
        m_candidates.clear();
        m_profiles.clear();
        m_counterValue = value;
    }
    m_nextCheck.setRemainingTime(m_recheckMs);
}

QList<ApiKeyCandidate> IdentityCache::candidatesForPrefix(const QString &prefix)
{
    forgetIfChanged();
    if (const auto cached = m_candidates.constFind(prefix); cached != m_candidates.cend())
        return cached.value();
    const QList<ApiKeyCandidate> candidates = m_keys.candidatesForPrefix(prefix);
    if (!candidates.isEmpty())
        m_candidates.insert(prefix, candidates);
    return candidates;
}

std::optional<UserProfile> IdentityCache::profile(const QString &projectId, const QString &apiKeyId)
{
    forgetIfChanged();
    auto cached = m_profiles.constFind(projectId);
    if (cached == m_profiles.cend()) {
        auto profile = m_projects.profile(projectId, {});
        if (!profile)
            return std::nullopt;
        cached = m_profiles.insert(projectId, *profile);
    }
    UserProfile profile = cached.value();
    profile.apiKeyId = apiKeyId;
    return profile;
}

} // namespace slotline
