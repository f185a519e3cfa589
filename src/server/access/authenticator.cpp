#include "server/access/authenticator.h"

#include "core/apikeysecret.h"
#include "server/access/identitycache.h"
#include "server/api/logcategories.h"

namespace slotline {
namespace {

QString addressKey(const QHostAddress &peer)
{
    bool isMapped = false;
    const quint32 ipv4 = peer.toIPv4Address(&isMapped);
    return isMapped ? QHostAddress(ipv4).toString() : peer.toString();
}

} // namespace

Authenticator::Authenticator(IdentityCache &identities, int failuresPerMinute)
    : m_identities(identities)
    , m_failures(failuresPerMinute, 60'000)
{ }

SlidingWindowLimiter::Decision Authenticator::addressGate(const QHostAddress &peer, qint64 nowMs)
{
    // Most of the time no address has failed recently: then there is nothing to check.
    if (m_failures.trackedKeys() == 0)
        return SlidingWindowLimiter::Decision {};
    return m_failures.peek(addressKey(peer), nowMs);
}

QByteArrayView Authenticator::presentedKey(QByteArrayView apiKeyHeader,
                                           QByteArrayView authorizationHeader)
{
    const QByteArrayView apiKey = apiKeyHeader.trimmed();
    if (!apiKey.isEmpty())
        return apiKey;
    const QByteArrayView authorization = authorizationHeader.trimmed();
    if (authorization.size() > 7
        && authorization.first(7).compare("Bearer ", Qt::CaseInsensitive) == 0)
        return authorization.sliced(7).trimmed();
    return {};
}

std::variant<AuthenticatedCaller, ApiError>
Authenticator::authenticate(QByteArrayView apiKeyHeader, QByteArrayView authorizationHeader,
                            const QHostAddress &peer, qint64 nowMs)
{
    const auto gate = addressGate(peer, nowMs);
    if (!gate.allowed)
        return ApiError::rateLimited(gate.retryAfterSeconds,
                                     QStringLiteral("Too many failed authentication attempts from "
                                                    "this address; retry in %1 s.")
                                         .arg(gate.retryAfterSeconds));

    const QByteArrayView presented = presentedKey(apiKeyHeader, authorizationHeader);
    if (presented.isEmpty())
        return fail(peer, nowMs,
                    QStringLiteral("Send your API key in the x-api-key header or as "
                                   "Authorization: Bearer <key>."));

    const auto candidate = candidateFor(presented);
    if (!candidate)
        return fail(peer, nowMs, QStringLiteral("The API key is not valid."));
    if (candidate->revoked)
        return fail(peer, nowMs, QStringLiteral("This API key has been revoked."));
    return AuthenticatedCaller {candidate->projectId, candidate->keyId};
}

QByteArrayView Authenticator::keyOfAllowedAddress(QByteArrayView apiKeyHeader,
                                                  QByteArrayView authorizationHeader,
                                                  const QHostAddress &peer, qint64 nowMs)
{
    return addressGate(peer, nowMs).allowed ? presentedKey(apiKeyHeader, authorizationHeader)
                                            : QByteArrayView();
}

std::optional<AuthenticatedCaller> Authenticator::identify(QByteArrayView apiKeyHeader,
                                                           QByteArrayView authorizationHeader,
                                                           const QHostAddress &peer, qint64 nowMs)
{
    const QByteArrayView presented
        = keyOfAllowedAddress(apiKeyHeader, authorizationHeader, peer, nowMs);
    if (presented.isEmpty())
        return std::nullopt;
    const auto candidate = candidateFor(presented);
    if (!candidate || candidate->revoked)
        return std::nullopt;
    return AuthenticatedCaller {candidate->projectId, candidate->keyId};
}

std::optional<ApiKeyCandidate> Authenticator::candidateFor(QByteArrayView presented)
{
    const QString key = QString::fromUtf8(presented);
    const QString prefix = ApiKeySecret::prefixOf(key);
    if (prefix.isEmpty())
        return std::nullopt;
    const auto known = m_knownHashes.constFind(presented.toByteArray());
    const bool isKnown = known != m_knownHashes.cend();
    const QByteArray hash = isKnown ? known.value() : ApiKeySecret::hashOf(key);
    auto candidate = candidateWith(prefix, hash);
    // Only keys that matched are remembered, so that wrong ones cannot fill the cache.
    if (candidate && !candidate->revoked && !isKnown) {
        if (m_knownHashes.size() >= MaxKnownHashes)
            m_knownHashes.clear();
        m_knownHashes.insert(presented.toByteArray(), hash);
    }
    return candidate;
}

std::optional<AuthenticatedCaller>
Authenticator::rememberedCaller(QByteArrayView apiKeyHeader, QByteArrayView authorizationHeader,
                                const QHostAddress &peer, qint64 nowMs)
{
    const QByteArrayView presented
        = keyOfAllowedAddress(apiKeyHeader, authorizationHeader, peer, nowMs);
    if (presented.isEmpty())
        return std::nullopt;
    const auto known = m_knownHashes.constFind(presented.toByteArray());
    if (known == m_knownHashes.cend())
        return std::nullopt;
    // Looked up again each time: the key may have been revoked since it was remembered.
    const auto candidate
        = candidateWith(ApiKeySecret::prefixOf(QString::fromUtf8(presented)), known.value());
    if (!candidate || candidate->revoked)
        return std::nullopt;
    return AuthenticatedCaller {candidate->projectId, candidate->keyId};
}

std::optional<ApiKeyCandidate> Authenticator::candidateWith(const QString &prefix,
                                                            const QByteArray &hash)
{
    for (const ApiKeyCandidate &candidate : m_identities.candidatesForPrefix(prefix)) {
        if (ApiKeySecret::constantTimeEquals(candidate.hash, hash))
            return candidate;
    }
    return std::nullopt;
}

ApiError Authenticator::fail(const QHostAddress &peer, qint64 nowMs, const QString &message)
{
    const QString address = addressKey(peer);
    m_failures.record(address, nowMs);
    qCInfo(lcAuth).noquote() << "authentication failed from" << address << '-' << message;
    return ApiError::unauthorized(message);
}

} // namespace slotline
