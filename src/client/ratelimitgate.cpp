#include "client/ratelimitgate.h"

#include <algorithm>

namespace slotline::client {

void RateLimitGate::noteHeaders(RateClass rateClass, int limit, int remaining, int resetSeconds,
                                qint64 nowMs)
{
    Quota &quota = m_quotas[index(rateClass)];
    if (limit >= 0)
        quota.limit = limit;
    if (remaining >= 0)
        quota.remaining = remaining;
    if (resetSeconds >= 0)
        m_refillAtMs[index(rateClass)] = nowMs + qint64(resetSeconds) * 1000;
    m_awaitingHeaders[index(rateClass)] = false;
}

void RateLimitGate::noteRefused(RateClass rateClass, int retryAfterSeconds, qint64 nowMs)
{
    Quota &quota = m_quotas[index(rateClass)];
    quota.remaining = 0;
    quota.closedUntilMs
        = std::max(quota.closedUntilMs, nowMs + qint64(std::max(1, retryAfterSeconds)) * 1000);
}

void RateLimitGate::noteSent(RateClass rateClass)
{
    Quota &quota = m_quotas[index(rateClass)];
    if (quota.remaining > 0)
        --quota.remaining;
    else if (quota.remaining == 0)
        m_awaitingHeaders[index(rateClass)] = true; // sent on a refill: learn before more
}

bool RateLimitGate::isAwaitingAnswer(RateClass rateClass) const
{
    return m_awaitingHeaders[index(rateClass)];
}

void RateLimitGate::noteNoAnswer(RateClass rateClass)
{
    m_awaitingHeaders[index(rateClass)] = false;
}

qint64 RateLimitGate::waitMs(RateClass rateClass, qint64 nowMs) const
{
    const Quota &quota = m_quotas[index(rateClass)];
    if (quota.closedUntilMs > nowMs)
        return quota.closedUntilMs - nowMs;
    // None left by the last count: wait until the window frees one, rather than be refused.
    if (quota.remaining == 0 && m_refillAtMs[index(rateClass)] > nowMs)
        return m_refillAtMs[index(rateClass)] - nowMs;
    return 0;
}

} // namespace slotline::client
