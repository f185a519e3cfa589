#include "core/emojisequences.h"

#include <QChar>

#include <algorithm>
#include <cstdint>

namespace slotline {
namespace {

enum EmojiFlag : std::uint8_t {
    Presentation = 1,
    Variation = 2,
    ModifierBase = 4,
};

struct EmojiRange
{
    char32_t first;
    char32_t last;
    std::uint8_t flags;
};

struct EmojiSequence
{
    char32_t first;
    std::uint16_t offset;
    std::uint8_t length;
};

#include "core/emojisequences_data.inc"

constexpr char32_t TextSelector = 0xfe0e;
constexpr char32_t EmojiSelector = 0xfe0f;

struct CodePoint
{
    char32_t value;
    qsizetype units;
};

CodePoint codePointAt(QStringView text, qsizetype position)
{
    if (position >= text.size())
        return {0, 0};
    const QChar c = text[position];
    if (c.isHighSurrogate() && position + 1 < text.size() && text[position + 1].isLowSurrogate())
        return {QChar::surrogateToUcs4(c, text[position + 1]), 2};
    return {c.unicode(), 1};
}

std::uint8_t flagsOf(char32_t codePoint)
{
    const auto range = std::upper_bound(
        std::begin(EmojiRanges), std::end(EmojiRanges), codePoint,
        [](char32_t value, const EmojiRange &candidate) { return value < candidate.first; });
    if (range == std::begin(EmojiRanges))
        return 0;
    const EmojiRange &found = *(range - 1);
    return codePoint <= found.last ? found.flags : 0;
}

// The length of the longest listed sequence (ZWJ, flag, tag, keycap) at `position`.
qsizetype listedSequenceLength(QStringView text, qsizetype position, char32_t first)
{
    auto candidate = std::lower_bound(
        std::begin(EmojiSequenceTable), std::end(EmojiSequenceTable), first,
        [](const EmojiSequence &sequence, char32_t value) { return sequence.first < value; });
    for (; candidate != std::end(EmojiSequenceTable) && candidate->first == first; ++candidate) {
        qsizetype end = position;
        int matched = 0;
        for (; matched < candidate->length; ++matched) {
            const CodePoint next = codePointAt(text, end);
            if (next.units == 0
                || next.value != EmojiSequenceCodePoints[candidate->offset + matched])
                break;
            end += next.units;
        }
        if (matched == candidate->length)
            return end - position;
    }
    return 0;
}

bool isSkinTone(char32_t codePoint)
{
    return codePoint >= 0x1f3fb && codePoint <= 0x1f3ff;
}

bool isKeycapBase(char32_t codePoint)
{
    return codePoint == u'#' || codePoint == u'*' || (codePoint >= u'0' && codePoint <= u'9');
}

// The light (weight 1) range X gives Latin text: characters there are text unless a
// selector says otherwise.
bool isLatinRange(char32_t codePoint)
{
    return codePoint <= 0x10ff;
}

} // namespace

qsizetype EmojiSequences::lengthAt(QStringView text, qsizetype position)
{
    const CodePoint first = codePointAt(text, position);
    // Most text is Latin: nothing below U+00A9 but #, * and digits starts an emoji.
    if (first.units == 0 || (first.value < 0xa9 && !isKeycapBase(first.value)))
        return 0;
    if (const qsizetype listed = listedSequenceLength(text, position, first.value))
        return listed;
    if (first.value == EmojiSelector)
        return 1;
    if (isKeycapBase(first.value))
        return 0;
    const std::uint8_t flags = flagsOf(first.value);
    if (flags == 0)
        return 0;

    qsizetype end = position + first.units;
    if (flags & Variation) {
        const CodePoint selector = codePointAt(text, end);
        if (selector.units != 0 && selector.value == TextSelector)
            return 0;
        if (selector.units != 0 && selector.value == EmojiSelector)
            end += selector.units;
        else if (isLatinRange(first.value))
            return 0;
    } else if (!(flags & (Presentation | ModifierBase))) {
        return 0;
    }
    if (flags & ModifierBase) {
        const CodePoint modifier = codePointAt(text, end);
        if (modifier.units != 0 && isSkinTone(modifier.value))
            end += modifier.units;
    }
    return end - position;
}

} // namespace slotline
