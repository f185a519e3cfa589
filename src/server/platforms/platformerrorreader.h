#pragma once

#include "server/platforms/platformauthorization.h"

namespace slotline {

// Reads what a platform's answer says went wrong, in the platform's own terms, and sorts
// it by what can be done about it (PlatformError::Kind). Each platform signals the same
// things differently:
//
// - rate limits: X 429 with x-rate-limit-reset (and the 24-hour user cap); LinkedIn 429
//   with no header at all, its daily quotas ending at the next UTC midnight; Graph codes
//   4, 17, 32, 613 and 80000-80014 with estimated_time_to_regain_access in its usage
//   headers;
// - refused tokens: X 401, LinkedIn 65600-65602, Graph 190 and its subcodes;
// - duplicates: X 403 "duplicate content", LinkedIn 422 DUPLICATE_POST, Graph 506 (and 368,
//   its block on repeated or abusive posting);
// - a retired LinkedIn-Version (426, or 400 without one), which only the administrator can
//   change;
// - X's paid usage used up (402 credits depleted, 429 usage cap): every call of the app is
//   refused until someone adds credits or the period ends (PlatformError::wholeApp).
//
// `nowMs` is when the answer came: a quota that ends "in 12 minutes" or "at midnight"
// ends then.
class PlatformErrorReader
{
public:
    // Nothing when the response succeeded. `platform` is the display name: X, LinkedIn,
    // Facebook (anything else gets the generic reading only).
    static std::optional<PlatformError> read(const PlatformResponse &response,
                                             const QString &platform, qint64 nowMs);

    // Graph's rolling window is an hour: without an estimate, waiting that long is enough.
    static constexpr qint64 GraphDefaultWaitMs = 60 * 60 * 1000;
    // X documents 15-minute windows; a 429 without its reset header waits one of them.
    static constexpr qint64 XDefaultWaitMs = 15 * 60 * 1000;
    // X's app out of credits: how often a post tries whether someone added some.
    static constexpr qint64 XUsageRetryMs = 15 * 60 * 1000;
    // X's monthly usage cap: its end (the billing period's) is not in the answer.
    static constexpr qint64 XUsageCapRetryMs = 60 * 60 * 1000;
    // A 429 that says nothing more (from a proxy, say).
    static constexpr qint64 DefaultWaitMs = 60 * 1000;
    // No platform's word makes an account wait longer.
    static constexpr qint64 LongestWaitMs = 7LL * 24 * 60 * 60 * 1000;

private:
    static PlatformError generic(const PlatformResponse &response, const QString &platform);
    static void readX(const PlatformResponse &response, qint64 nowMs, PlatformError &error);
    // X's paid usage used up (credits or a usage cap): true when it was that.
    static bool readXUsage(const PlatformResponse &response, qint64 nowMs, PlatformError &error);
    static void readLinkedIn(const PlatformResponse &response, qint64 nowMs, PlatformError &error);
    static void readGraph(const PlatformResponse &response, qint64 nowMs, PlatformError &error);
};

} // namespace slotline
