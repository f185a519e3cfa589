#include "server/access/ratelimiter.h"

namespace slotline {

RateLimiter::RateLimiter(int readsPerMinute, int writesPerMinute)
    : m_reads(readsPerMinute, WindowMs)
    , m_writes(writesPerMinute, WindowMs)
{ }

SlidingWindowLimiter::Decision RateLimiter::acquire(const QString &apiKeyId, RateClass rateClass,
                                                    qint64 nowMs)
{
    auto decision = rateClass == RateClass::Read ? m_reads.acquire(apiKeyId, nowMs)
                                                 : m_writes.acquire(apiKeyId, nowMs);
    if (!decision.allowed)
        m_lastRefusalMs = std::max(m_lastRefusalMs, nowMs);
    return decision;
}

SlidingWindowLimiter::Decision RateLimiter::peek(const QString &apiKeyId, RateClass rateClass,
                                                 qint64 nowMs)
{
    return rateClass == RateClass::Read ? m_reads.peek(apiKeyId, nowMs)
                                        : m_writes.peek(apiKeyId, nowMs);
}

void RateLimiter::prune(qint64 nowMs)
{
    m_reads.prune(nowMs);
    m_writes.prune(nowMs);
}

} // namespace slotline
