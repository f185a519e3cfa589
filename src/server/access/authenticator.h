#pragma once

#include "server/access/slidingwindowlimiter.h"
#include "server/api/apierror.h"

#include <QHash>
#include <QHostAddress>
#include <QString>

#include <optional>
#include <variant>

namespace slotline {

class IdentityCache;
struct ApiKeyCandidate;

struct AuthenticatedCaller
{
    QString projectId;
    QString apiKeyId;
};

// Turns the x-api-key or Authorization: Bearer header into a caller. Keys are found by
// their stored prefix and compared by hash in constant time. Failed attempts are
// limited per client address; once over the limit, an address is refused before its
// key is even looked at, so guessing gains nothing.
class Authenticator
{
public:
    Authenticator(IdentityCache &identities, int failuresPerMinute);

    std::variant<AuthenticatedCaller, ApiError> authenticate(QByteArrayView apiKeyHeader,
                                                             QByteArrayView authorizationHeader,
                                                             const QHostAddress &peer,
                                                             qint64 nowMs);

    // The caller of a key that authenticated lately and would authenticate again now,
    // decided without hashing and without counting a failure: nothing whenever
    // authenticate() might answer otherwise, or has to hash the key to know.
    std::optional<AuthenticatedCaller> rememberedCaller(QByteArrayView apiKeyHeader,
                                                        QByteArrayView authorizationHeader,
                                                        const QHostAddress &peer, qint64 nowMs);

    // The caller of a valid key, for calls that need none (or were refused before
    // authentication) but are still a key's calls to log: nothing for a missing, wrong or
    // revoked key, which counts as no failure, and nothing from an address shut out for
    // failures, whose keys authenticate() would not look at either.
    std::optional<AuthenticatedCaller> identify(QByteArrayView apiKeyHeader,
                                                QByteArrayView authorizationHeader,
                                                const QHostAddress &peer, qint64 nowMs);

    void prune(qint64 nowMs) { m_failures.prune(nowMs); }

private:
    SlidingWindowLimiter::Decision addressGate(const QHostAddress &peer, qint64 nowMs);
    static QByteArrayView presentedKey(QByteArrayView apiKeyHeader,
                                       QByteArrayView authorizationHeader);
    // The key presented, unless the address is shut out for its failures; empty for none.
    // A failure here is not counted against the address.
    QByteArrayView keyOfAllowedAddress(QByteArrayView apiKeyHeader,
                                       QByteArrayView authorizationHeader, const QHostAddress &peer,
                                       qint64 nowMs);
    std::optional<ApiKeyCandidate> candidateWith(const QString &prefix, const QByteArray &hash);
    // The key's stored row, hashing it unless it matched lately; nothing when none matches.
    std::optional<ApiKeyCandidate> candidateFor(QByteArrayView presented);
    ApiError fail(const QHostAddress &peer, qint64 nowMs, const QString &message);

    IdentityCache &m_identities;
    SlidingWindowLimiter m_failures;
    // The SHA-256 of keys that authenticated lately, by the key as presented: hashing is
    // most of what authenticating costs, and a client sends the same key every time. Only
    // keys that matched are kept, so wrong ones cannot fill it; it is emptied when full.
    QHash<QByteArray, QByteArray> m_knownHashes;
    static constexpr int MaxKnownHashes = 1024;
};

} // namespace slotline
