#pragma once

#include <QtGlobal>

namespace slotline {

// How long after a create call with an unknown outcome the author's posts are read, and
// read again if the post is not there yet: platforms list a new post a moment after
// creating it. Both count from the call, not from when its outcome is looked into. And
// how far one look reads.
struct PlatformLookupTiming
{
    qint64 firstLookAfterMs = 5'000;
    qint64 secondLookAfterMs = 20'000;
    // Pages of (up to) 100 posts one look reads at most: a busy account's look stays a few
    // calls long and within its rate limits, and when the post is not among them and the
    // platform has more, the look cannot tell.
    int maxPages = 10;
    // LinkedIn may refuse a token it has just issued (65601) for a few seconds.
    qint64 freshTokenGraceMs = 5'000;
};

} // namespace slotline
