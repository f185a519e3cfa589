#pragma once

#include <QHash>
#include <QString>

#include <deque>

namespace slotline {

// At most `limit` events per key in any window of `windowMs`: the exact rolling
// window of the contract, not fixed buckets. Each key keeps the times of its accepted
// events (at most `limit` of them), so the wait until the next acceptance is exact.
class SlidingWindowLimiter
{
public:
    struct Decision
    {
        bool allowed = true;
        int limit = 0;
        int remaining = 0;
        // Seconds (rounded up) until the oldest counted event leaves the window, that
        // is until `remaining` grows again; 0 when nothing is counted.
        int resetSeconds = 0;
        // When refused: seconds (rounded up, at least 1) until an event is accepted.
        int retryAfterSeconds = 0;
    };

    SlidingWindowLimiter(int limit, qint64 windowMs);

    // Counts the event if the window has room. Refused events are not counted.
    Decision acquire(const QString &key, qint64 nowMs);
    // The same answer without counting anything.
    Decision peek(const QString &key, qint64 nowMs);
    // Counts an event whatever the window holds (failed logins are counted, not refused).
    void record(const QString &key, qint64 nowMs);

    // Forgets keys with nothing in the window, so memory follows active keys only.
    void prune(qint64 nowMs);

    int limit() const { return m_limit; }
    int trackedKeys() const { return int(m_events.size()); }

private:
    Decision decide(std::deque<qint64> &events, qint64 nowMs) const;
    void expire(std::deque<qint64> &events, qint64 nowMs) const;

    int m_limit;
    qint64 m_windowMs;
    QHash<QString, std::deque<qint64>> m_events;
};

} // namespace slotline
