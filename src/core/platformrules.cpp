#include "core/platformrules.h"

#include "core/emojisequences.h"
#include "core/topleveldomains.h"

#include <algorithm>
#include <cstdint>
#include <string_view>

namespace slotline {
namespace {

// twitter-text's limits for what X accepts as a link.
constexpr qsizetype MaxUrlLength = 4096;
constexpr qsizetype MaxTcoSlugLength = 40;
constexpr qsizetype MaxLabelLength = 63;
// X checks a link without protocol as if https:// were in front of it.
constexpr qsizetype AssumedProtocolLength = 8;

bool isLight(char32_t codePoint)
{
    return codePoint <= 0x10ff || (codePoint >= 0x2000 && codePoint <= 0x200d)
           || (codePoint >= 0x2010 && codePoint <= 0x201f)
           || (codePoint >= 0x2032 && codePoint <= 0x2037);
}

char16_t foldAscii(char16_t c)
{
    return c >= u'A' && c <= u'Z' ? char16_t(c - u'A' + u'a') : c;
}

bool isAsciiAlnum(char16_t c)
{
    c = foldAscii(c);
    return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9');
}

bool isLatinAccent(char16_t c)
{
    return (c >= 0xc0 && c <= 0xd6) || (c >= 0xd8 && c <= 0xf6) || (c >= 0xf8 && c <= 0x24f)
           || c == 0x253 || c == 0x254 || c == 0x256 || c == 0x257 || c == 0x259 || c == 0x25b
           || c == 0x263 || c == 0x268 || c == 0x26f || c == 0x272 || c == 0x289 || c == 0x28b
           || c == 0x2bb || (c >= 0x300 && c <= 0x36f) || (c >= 0x1e00 && c <= 0x1eff);
}

bool isCyrillic(char16_t c)
{
    return c >= 0x400 && c <= 0x4ff;
}

bool isOneOf(char16_t c, std::u16string_view set)
{
    return set.find(c) != std::u16string_view::npos;
}

// A character of a host label in the ordinary (Latin) form.
bool isHostChar(char16_t c)
{
    return isAsciiAlnum(c) || isLatinAccent(c);
}

bool isPathChar(char16_t c)
{
    return isAsciiAlnum(c) || isLatinAccent(c) || isCyrillic(c) || c == 0x2013
           || isOneOf(c, u"!*';:=+,.$/%#[]-_~|&@");
}

// A path ends on one of these (or a closing parenthesis), so /foo. leaves the period.
bool isPathEndChar(char16_t c)
{
    return isAsciiAlnum(c) || isLatinAccent(c) || isCyrillic(c) || isOneOf(c, u"=_#/-+");
}

bool isQueryChar(char16_t c)
{
    return isAsciiAlnum(c) || isOneOf(c, u"!?*'();:&=+$/%#[]-_.,~|@");
}

bool isQueryEndChar(char16_t c)
{
    return isAsciiAlnum(c) || isOneOf(c, u"-_&=#/");
}

// A character of a host label in the Unicode form, allowed only after a protocol.
bool isUnicodeHostChar(char32_t c)
{
    if (c < 0x80)
        return isAsciiAlnum(char16_t(c));
    if (c >= 0x2000 && c <= 0x206f)
        return false;
    const QChar::Category category = QChar::category(c);
    return category != QChar::Separator_Space && category != QChar::Separator_Line
           && category != QChar::Separator_Paragraph;
}

// What may come right before a link: not part of a word, mention, hashtag or cashtag.
bool isValidPrecedingChar(char16_t c)
{
    return !isAsciiAlnum(c) && !isOneOf(c, u"@\uff20$#\uff03\ufffe\ufeff\uffff");
}

struct CodePoint
{
    char32_t value;
    qsizetype units;
};

CodePoint codePointAt(QStringView text, qsizetype position)
{
    const QChar c = text[position];
    if (c.isHighSurrogate() && position + 1 < text.size() && text[position + 1].isLowSurrogate())
        return {QChar::surrogateToUcs4(c, text[position + 1]), 2};
    return {c.unicode(), 1};
}

qsizetype protocolLength(QStringView text, qsizetype position)
{
    const QStringView rest = text.sliced(position);
    if (rest.startsWith(u"https://", Qt::CaseInsensitive))
        return 8;
    if (rest.startsWith(u"http://", Qt::CaseInsensitive))
        return 7;
    return 0;
}

// A top-level domain from the list, or a punycode one (xn--...).
qsizetype topLevelDomainLength(QStringView text, qsizetype position)
{
    if (const qsizetype listed = TopLevelDomains::lengthAt(text, position))
        return listed;
    if (!text.sliced(position).startsWith(u"xn--", Qt::CaseInsensitive))
        return 0;
    qsizetype end = position + 4;
    while (end < text.size() && (isAsciiAlnum(text[end].unicode()) || text[end] == u'-'))
        ++end;
    return end > position + 4 ? end - position : 0;
}

// The end of a host of Latin labels (sub.domain.tld) starting at `start`, -1 if none. The
// last label before the top-level domain may not contain '_', the ones before it may.
qsizetype latinHostEnd(QStringView text, qsizetype start)
{
    qsizetype best = -1;
    qsizetype labelStart = start;
    while (labelStart < text.size()) {
        qsizetype labelEnd = labelStart;
        bool underscore = false;
        while (labelEnd < text.size()
               && (isHostChar(text[labelEnd].unicode()) || text[labelEnd] == u'-'
                   || text[labelEnd] == u'_')) {
            underscore = underscore || text[labelEnd] == u'_';
            ++labelEnd;
        }
        if (labelEnd == labelStart || labelEnd >= text.size() || text[labelEnd] != u'.'
            || !isHostChar(text[labelStart].unicode()) || !isHostChar(text[labelEnd - 1].unicode()))
            break;
        const qsizetype next = labelEnd + 1;
        if (!underscore) {
            // The most labels wins: later matches replace earlier ones.
            if (const qsizetype topLevel = topLevelDomainLength(text, next))
                best = next + topLevel;
        }
        labelStart = next;
    }
    return best;
}

// The end of a one-label Unicode host (例え.jp) starting at `start`, -1 if none.
qsizetype unicodeHostEnd(QStringView text, qsizetype start)
{
    qsizetype end = start;
    bool lastIsHostChar = false;
    while (end < text.size()) {
        const CodePoint c = codePointAt(text, end);
        if (c.value == u'-')
            lastIsHostChar = false;
        else if (isUnicodeHostChar(c.value))
            lastIsHostChar = true;
        else
            break;
        if (end == start && !lastIsHostChar)
            return -1;
        end += c.units;
    }
    if (end == start || !lastIsHostChar || end >= text.size() || text[end] != u'.')
        return -1;
    const qsizetype topLevel = TopLevelDomains::lengthAt(text, end + 1);
    return topLevel > 0 ? end + 1 + topLevel : -1;
}

// The end of a run of `isChar` characters starting at `from`.
template<typename Predicate>
qsizetype runEnd(QStringView text, qsizetype from, Predicate isChar)
{
    while (from < text.size() && isChar(text[from].unicode()))
        ++from;
    return from;
}

// The end of a parenthesised part of a path at `open` (at most two levels deep, as in
// Wikipedia's /Film_(1999)), -1 if it is not balanced.
qsizetype balancedParensEnd(QStringView text, qsizetype open)
{
    const qsizetype inner = runEnd(text, open + 1, isPathChar);
    if (inner > open + 1 && inner < text.size() && text[inner] == u')')
        return inner + 1;
    if (inner >= text.size() || text[inner] != u'(')
        return -1;
    const qsizetype nested = runEnd(text, inner + 1, isPathChar);
    if (nested == inner + 1 || nested >= text.size() || text[nested] != u')')
        return -1;
    const qsizetype after = runEnd(text, nested + 1, isPathChar);
    return after < text.size() && text[after] == u')' ? after + 1 : -1;
}

// The end of a path whose first character (after the '/') is at `from`.
qsizetype pathEnd(QStringView text, qsizetype from)
{
    qsizetype end = from;
    qsizetype position = from;
    while (position < text.size()) {
        const char16_t c = text[position].unicode();
        if (c == u'(') {
            const qsizetype close = balancedParensEnd(text, position);
            if (close < 0)
                break;
            position = end = close;
            continue;
        }
        if (!isPathChar(c))
            break;
        ++position;
        if (isPathEndChar(c))
            end = position;
    }
    return end;
}

// The end of a query string starting with the '?' at `question`, or `question` if none.
qsizetype queryEnd(QStringView text, qsizetype question, qsizetype limit)
{
    qsizetype end = question;
    for (qsizetype position = question + 1; position < limit; ++position) {
        const char16_t c = text[position].unicode();
        if (!isQueryChar(c))
            break;
        if (isQueryEndChar(c))
            end = position + 1;
    }
    return end;
}

// The length of a punycode-encoded label (RFC 3492), without the xn-- prefix.
qsizetype punycodeLength(QStringView label)
{
    constexpr char32_t Base = 36, TMin = 1, TMax = 26, Skew = 38, Damp = 700;
    char32_t codePoints[MaxLabelLength + 1];
    qsizetype count = 0;
    for (qsizetype i = 0; i < label.size();) {
        // Every code point makes at least one output character: a longer label is too long.
        if (count > MaxLabelLength)
            return MaxLabelLength + 1;
        const CodePoint c = codePointAt(label, i);
        codePoints[count++] = QChar::toLower(c.value);
        i += c.units;
    }
    qsizetype length = 0;
    qsizetype handled = 0;
    for (qsizetype i = 0; i < count; ++i) {
        if (codePoints[i] < 0x80) {
            ++length;
            ++handled;
        }
    }
    const qsizetype basic = handled;
    if (basic > 0)
        ++length;
    char32_t n = 0x80;
    std::uint64_t delta = 0;
    char32_t bias = 72;
    while (handled < count) {
        char32_t next = 0x10ffff;
        for (qsizetype i = 0; i < count; ++i) {
            if (codePoints[i] >= n && codePoints[i] < next)
                next = codePoints[i];
        }
        delta += std::uint64_t(next - n) * std::uint64_t(handled + 1);
        n = next;
        for (qsizetype i = 0; i < count; ++i) {
            if (codePoints[i] < n)
                ++delta;
            if (codePoints[i] != n)
                continue;
            std::uint64_t q = delta;
            for (char32_t k = Base;; k += Base) {
                const char32_t t = k <= bias ? TMin : (k >= bias + TMax ? TMax : k - bias);
                ++length;
                if (q < t)
                    break;
                q = (q - t) / (Base - t);
            }
            // Adapt the bias (RFC 3492 section 6.1).
            std::uint64_t adapted = handled == basic ? delta / Damp : delta / 2;
            adapted += adapted / std::uint64_t(handled + 1);
            char32_t k = 0;
            while (adapted > ((Base - TMin) * TMax) / 2) {
                adapted /= Base - TMin;
                k += Base;
            }
            bias = char32_t(k + (Base - TMin + 1) * adapted / (adapted + Skew));
            delta = 0;
            ++handled;
        }
        ++delta;
        ++n;
    }
    return length;
}

// The length of the host in its ASCII (IDNA) form, -1 if a label is too long for DNS.
qsizetype asciiHostLength(QStringView host)
{
    qsizetype length = 0;
    for (const QStringView label : host.tokenize(u'.')) {
        const bool ascii
            = std::all_of(label.begin(), label.end(), [](QChar c) { return c.unicode() < 0x80; });
        // An encoded label cannot be encoded again.
        if (!ascii && label.startsWith(u"xn--", Qt::CaseInsensitive))
            return -1;
        const qsizetype labelLength = ascii ? label.size() : 4 + punycodeLength(label);
        if (labelLength > MaxLabelLength)
            return -1;
        length += labelLength + 1;
    }
    return length - 1;
}

struct UrlMatch
{
    qsizetype end = -1; // where the scan goes on, even when the link is not valid
    PlatformRules::Span url {0, 0};
    bool valid = false;
};

// The link starting at `start`, as twitter-text's extractor matches it.
UrlMatch matchUrl(QStringView text, qsizetype start, QChar preceding)
{
    UrlMatch match;
    const qsizetype protocol = protocolLength(text, start);
    const qsizetype hostStart = start + protocol;
    if (hostStart >= text.size() || (!isHostChar(text[hostStart].unicode()) && protocol == 0))
        return match;
    qsizetype hostEnd = latinHostEnd(text, hostStart);
    if (hostEnd < 0 && protocol > 0)
        hostEnd = unicodeHostEnd(text, hostStart);
    if (hostEnd < 0)
        return match;

    qsizetype end = hostEnd;
    if (end + 1 < text.size() && text[end] == u':' && text[end + 1].isDigit()
        && text[end + 1].unicode() < 0x80)
        end = runEnd(text, end + 1, [](char16_t c) { return c >= u'0' && c <= u'9'; });
    if (end < text.size() && text[end] == u'/')
        end = pathEnd(text, end + 1);
    if (end < text.size() && text[end] == u'?')
        end = queryEnd(text, end, text.size());
    match.end = end;

    // A bare domain right after '-', '_', '.' or '/' is part of something else.
    if (protocol == 0 && isOneOf(preceding.unicode(), u"-_./"))
        return match;

    qsizetype urlEnd = end;
    qsizetype linkStart = start;
    QStringView host = text.sliced(hostStart, hostEnd - hostStart);
    if (protocol == 0) {
        // Without a protocol only an ASCII domain makes a link (twitter-text takes the
        // ASCII domain inside what it matched): "Íxac.it" links "xac.it", wherever it is.
        qsizetype asciiStart = host.size();
        while (asciiStart > 0
               && (isAsciiAlnum(host[asciiStart - 1].unicode())
                   || isOneOf(host[asciiStart - 1].unicode(), u"-_.")))
            --asciiStart;
        while (asciiStart < host.size() && !isAsciiAlnum(host[asciiStart].unicode()))
            ++asciiStart;
        const QStringView asciiHost = host.sliced(asciiStart);
        if (asciiHost.isEmpty() || !asciiHost.contains(u'.'))
            return match;
        linkStart = hostStart + asciiStart;
        host = asciiHost;
    }
    if (protocol > 0 && host.compare(u"t.co", Qt::CaseInsensitive) == 0 && hostEnd < end
        && text[hostEnd] == u'/') {
        // X's own short links: only the slug (and a query) count, and a long slug is no link.
        const qsizetype slugEnd = runEnd(text.first(end), hostEnd + 1, isAsciiAlnum);
        if (slugEnd > hostEnd + 1) {
            if (slugEnd - (hostEnd + 1) > MaxTcoSlugLength)
                return match;
            urlEnd
                = slugEnd < end && text[slugEnd] == u'?' ? queryEnd(text, slugEnd, end) : slugEnd;
        }
    }

    const qsizetype asciiHost = asciiHostLength(host);
    if (asciiHost < 0)
        return match;
    const qsizetype checkedLength = (urlEnd - linkStart) + asciiHost - host.size()
                                    + (protocol == 0 ? AssumedProtocolLength : 0);
    if (checkedLength > MaxUrlLength)
        return match;
    match.url = {linkStart, urlEnd - linkStart};
    match.valid = true;
    return match;
}

} // namespace

int PlatformRules::maxTextLength(Platform platform)
{
    switch (platform) {
    case Platform::Twitter: return 280;
    case Platform::LinkedIn: return 3000;
    case Platform::Facebook: return 63206;
    }
    Q_UNREACHABLE();
    return 0;
}

int PlatformRules::maxMediaCount(Platform platform)
{
    switch (platform) {
    case Platform::Twitter: return 4;
    case Platform::LinkedIn: return 20;
    case Platform::Facebook: return 10;
    }
    Q_UNREACHABLE();
    return 0;
}

QList<PlatformRules::Span> PlatformRules::findUrls(QStringView text)
{
    QList<Span> urls;
    if (!text.contains(u'.'))
        return urls;
    // Like twitter-text's extractor: a link needs a preceding character that cannot be
    // part of a word (or the start of the text), the scan goes on after every match even
    // when the match is then refused, and a refused match is not tried again shorter.
    qsizetype position = 0;
    while (position < text.size()) {
        UrlMatch match;
        if (isValidPrecedingChar(text[position].unicode()) && position + 1 < text.size())
            match = matchUrl(text, position + 1, text[position]);
        if (match.end < 0 && position == 0)
            match = matchUrl(text, 0, QChar());
        if (match.end < 0) {
            ++position;
            continue;
        }
        if (match.valid)
            urls.append(match.url);
        position = match.end;
    }
    return urls;
}

int PlatformRules::twitterWeightedLength(const QString &original)
{
    // X counts nothing in a text of only blanks and control characters.
    if (std::all_of(original.begin(), original.end(), [](QChar c) { return c.unicode() <= 0x20; }))
        return 0;
    const QString text = original.normalized(QString::NormalizationForm_C);
    const QList<Span> urls = findUrls(text);

    // Emoji are found by their own scan over the whole text, as X does, so that a link
    // ending inside an emoji sequence does not shift the ones after it.
    qsizetype emojiStart = 0;
    qsizetype emojiLength = 0;
    const auto findEmoji = [&](qsizetype from) {
        for (emojiStart = from; emojiStart < text.size();) {
            emojiLength = EmojiSequences::lengthAt(text, emojiStart);
            if (emojiLength > 0)
                return;
            emojiStart += codePointAt(text, emojiStart).units;
        }
        emojiLength = 0;
    };
    findEmoji(0);

    int weight = 0;
    qsizetype urlIndex = 0;
    for (qsizetype i = 0; i < text.size();) {
        while (urlIndex < urls.size() && urls[urlIndex].start < i)
            ++urlIndex;
        if (urlIndex < urls.size() && urls[urlIndex].start == i) {
            weight += TwitterUrlWeight;
            i += urls[urlIndex].length;
            continue;
        }
        while (emojiStart < i)
            findEmoji(emojiStart + std::max<qsizetype>(emojiLength, 1));
        if (emojiStart == i && emojiLength > 0) {
            weight += 2;
            i += emojiLength;
            continue;
        }
        const CodePoint c = codePointAt(text, i);
        weight += isLight(c.value) ? 1 : 2;
        i += c.units;
    }
    return weight;
}

int PlatformRules::textLength(Platform platform, const QString &text)
{
    if (platform == Platform::Twitter)
        return twitterWeightedLength(text);
    const QString normalized = text.normalized(QString::NormalizationForm_C);
    return int(normalized.toUcs4().size());
}

} // namespace slotline
