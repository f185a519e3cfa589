#pragma once

#include "server/access/slidingwindowlimiter.h"
#include "server/api/operation.h"

#include <limits>

namespace slotline {

// The contract's per-key limits: reads and writes counted apart, each in its own
// rolling 60-second window.
class RateLimiter
{
public:
    static constexpr qint64 WindowMs = 60'000;

    RateLimiter(int readsPerMinute, int writesPerMinute);

    SlidingWindowLimiter::Decision acquire(const QString &apiKeyId, RateClass rateClass,
                                           qint64 nowMs);
    // The decision acquire() would make, without counting the request.
    SlidingWindowLimiter::Decision peek(const QString &apiKeyId, RateClass rateClass, qint64 nowMs);
    void prune(qint64 nowMs);
    // Whether acquire() has refused anyone at or after that time.
    bool hasRefusedSince(qint64 ms) const { return m_lastRefusalMs >= ms; }

private:
    SlidingWindowLimiter m_reads;
    SlidingWindowLimiter m_writes;
    qint64 m_lastRefusalMs = std::numeric_limits<qint64>::min();
};

} // namespace slotline
