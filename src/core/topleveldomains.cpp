#include "core/topleveldomains.h"

#include <algorithm>
#include <string_view>

namespace slotline {
namespace {

#include "core/topleveldomains_data.inc"

char16_t foldAscii(char16_t c)
{
    return c >= u'A' && c <= u'Z' ? char16_t(c - u'A' + u'a') : c;
}

bool continuesHost(char16_t c)
{
    c = foldAscii(c);
    return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9') || c == u'-' || c == u'+'
           || c == u'@';
}

// Orders the table's (lower-case) entries against text compared case-insensitively.
int compareFolded(std::u16string_view entry, QStringView text)
{
    const qsizetype common = std::min<qsizetype>(qsizetype(entry.size()), text.size());
    for (qsizetype i = 0; i < common; ++i) {
        const char16_t folded = foldAscii(text[i].unicode());
        if (entry[std::size_t(i)] != folded)
            return entry[std::size_t(i)] < folded ? -1 : 1;
    }
    if (qsizetype(entry.size()) == text.size())
        return 0;
    return qsizetype(entry.size()) < text.size() ? -1 : 1;
}

bool isTopLevelDomain(QStringView candidate)
{
    const auto found = std::lower_bound(
        std::begin(TopLevelDomainTable), std::end(TopLevelDomainTable), candidate,
        [](std::u16string_view entry, QStringView text) { return compareFolded(entry, text) < 0; });
    return found != std::end(TopLevelDomainTable) && compareFolded(*found, candidate) == 0;
}

} // namespace

qsizetype TopLevelDomains::lengthAt(QStringView text, qsizetype position)
{
    // Longest first: of two domains where one extends the other, X takes the longer.
    const qsizetype available = std::min(LongestTopLevelDomain, text.size() - position);
    for (qsizetype length = available; length > 0; --length) {
        const qsizetype end = position + length;
        if (end < text.size() && continuesHost(text[end].unicode()))
            continue;
        if (isTopLevelDomain(text.sliced(position, length)))
            return length;
    }
    return 0;
}

} // namespace slotline
