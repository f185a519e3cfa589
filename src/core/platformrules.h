#pragma once

#include "core/platform.h"

#include <QList>
#include <QString>

namespace slotline {

// What each platform accepts in a post. Counting is done on the NFC form of the text.
//
// X (twitter) counts by weight, exactly as twitter-text 3 (config v3) does: every link 23,
// every emoji sequence 2 however many code points it has (a ZWJ family, a flag, a skin
// tone, a keycap), code points in the light ranges (U+0000-U+10FF, U+2000-U+200D,
// U+2010-U+201F, U+2032-U+2037) 1, every other code point 2. The composer shows the same
// number X's own counter shows, and a post that fits there is not refused here. The emoji
// and top-level domain data are newer than twitter-text's, so emoji added since count as
// one emoji too.
// LinkedIn and Facebook count code points.
class PlatformRules
{
public:
    struct Span
    {
        qsizetype start;
        qsizetype length;
    };

    static int maxTextLength(Platform platform);
    static int maxMediaCount(Platform platform);

    // The length the platform's limit applies to.
    static int textLength(Platform platform, const QString &text);
    static int twitterWeightedLength(const QString &text);

    // Links as X recognises them (twitter-text's extractor): with http(s):// or a bare
    // host ending in a known top-level domain, with an optional port, path and query;
    // punctuation ending a sentence is not part of them. Hosts too long for DNS are none.
    static QList<Span> findUrls(QStringView text);

    static constexpr int TwitterUrlWeight = 23;
};

} // namespace slotline
