#pragma once

#include "core/platform.h"

#include <QList>
#include <QString>

namespace slotline {

// What each platform accepts in a post. Counting is done on the NFC form of the text.
//
// X (twitter) counts by weight: every URL 23, code points in the light ranges
// (U+0000-U+10FF, U+2000-U+200D, U+2010-U+201F, U+2032-U+2037) 1, every other code point
// 2. Each code point of an emoji sequence counts, so a ZWJ family weighs more than X's own
// counter says: a post Slotline accepts is never refused by X for its length.
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

    // URLs as X recognises them: with http(s)://, with www., or a bare domain with a
    // known top-level domain; trailing punctuation is not part of them.
    static QList<Span> findUrls(QStringView text);

    static constexpr int TwitterUrlWeight = 23;
};

} // namespace slotline
