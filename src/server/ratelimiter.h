#pragma once

#include "server/operation.h"
#include "server/slidingwindowlimiter.h"

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

private:
    SlidingWindowLimiter m_reads;
    SlidingWindowLimiter m_writes;
};

} // namespace slotline
