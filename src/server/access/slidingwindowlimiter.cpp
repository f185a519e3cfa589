#include "server/access/slidingwindowlimiter.h"

#include <algorithm>

namespace slotline {
namespace {

int ceilSeconds(qint64 ms)
{
    return int((std::max<qint64>(ms, 0) + 999) / 1000);
}

} // namespace

SlidingWindowLimiter::SlidingWindowLimiter(int limit, qint64 windowMs)
    : m_limit(std::max(limit, 1))
    , m_windowMs(windowMs)
{ }

void SlidingWindowLimiter::expire(std::deque<qint64> &events, qint64 nowMs) const
{
    // An event at t counts until t + window (exclusive).
    while (!events.empty() && events.front() + m_windowMs <= nowMs)
        events.pop_front();
}

SlidingWindowLimiter::Decision SlidingWindowLimiter::decide(std::deque<qint64> &events,
                                                            qint64 nowMs) const
{
    expire(events, nowMs);
    Decision decision;
    decision.limit = m_limit;
    decision.allowed = int(events.size()) < m_limit;
    decision.remaining = std::max(0, m_limit - int(events.size()));
    if (!events.empty())
        decision.resetSeconds = ceilSeconds(events.front() + m_windowMs - nowMs);
    if (!decision.allowed)
        decision.retryAfterSeconds = std::max(1, decision.resetSeconds);
    return decision;
}

SlidingWindowLimiter::Decision SlidingWindowLimiter::acquire(const QString &key, qint64 nowMs)
{
    std::deque<qint64> &events = m_events[key];
    Decision decision = decide(events, nowMs);
    if (!decision.allowed)
        return decision;
    events.push_back(nowMs);
    decision.remaining = m_limit - int(events.size());
    decision.resetSeconds = ceilSeconds(events.front() + m_windowMs - nowMs);
    return decision;
}

SlidingWindowLimiter::Decision SlidingWindowLimiter::peek(const QString &key, qint64 nowMs)
{
    auto it = m_events.find(key);
    if (it == m_events.end()) {
        Decision decision;
        decision.limit = m_limit;
        decision.remaining = m_limit;
        return decision;
    }
    return decide(it.value(), nowMs);
}

void SlidingWindowLimiter::record(const QString &key, qint64 nowMs)
{
    std::deque<qint64> &events = m_events[key];
    expire(events, nowMs);
    events.push_back(nowMs);
    // Only the newest `limit` matter for any decision.
    while (int(events.size()) > m_limit)
        events.pop_front();
}

void SlidingWindowLimiter::prune(qint64 nowMs)
{
    for (auto it = m_events.begin(); it != m_events.end();) {
        expire(it.value(), nowMs);
        if (it.value().empty())
            it = m_events.erase(it);
        else
            ++it;
    }
}

} // namespace slotline
