#pragma once

#include <QtGlobal>

#include <array>

namespace slotline::client {

// Reads count against one limit and writes against another, as the server counts them.
enum class RateClass { Read, Write };

// What the client knows of a key's rate limits, per class, from the X-RateLimit headers
// and 429 answers: how many requests are left, and until when none may be sent. The
// client holds requests back while a class is closed rather than have them refused.
class RateLimitGate
{
public:
    struct Quota
    {
        int limit = -1; // -1: not known yet
        int remaining = -1;
        qint64 closedUntilMs = 0; // 0: open
    };

    // From a successful or refused answer's headers (-1 for a header not sent).
    void noteHeaders(RateClass rateClass, int limit, int remaining, int resetSeconds, qint64 nowMs);
    // A 429: nothing of this class until `retryAfterSeconds` have passed.
    void noteRefused(RateClass rateClass, int retryAfterSeconds, qint64 nowMs);
    // A request is on its way: one fewer left, as far as the client knows.
    void noteSent(RateClass rateClass);
    // A request got no answer at all (so no headers to learn from).
    void noteNoAnswer(RateClass rateClass);

    // How long a request of the class must wait now; 0 when it may go.
    qint64 waitMs(RateClass rateClass, qint64 nowMs) const;
    // A request went on a refill with nothing known to be left: the rest of the class
    // waits for its answer (which is no wait the user need be shown).
    bool isAwaitingAnswer(RateClass rateClass) const;
    const Quota &quota(RateClass rateClass) const { return m_quotas[index(rateClass)]; }

private:
    static std::size_t index(RateClass rateClass) { return rateClass == RateClass::Read ? 0 : 1; }

    std::array<Quota, 2> m_quotas;
    std::array<qint64, 2> m_refillAtMs {0, 0}; // when `remaining` grows again
    // After a refill with nothing known to be left, one request goes and the rest wait
    // for what its answer says: the window frees one request at a time.
    std::array<bool, 2> m_awaitingHeaders {false, false};
};

} // namespace slotline::client
