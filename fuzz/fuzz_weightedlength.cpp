// X's weighted character count and the text lengths of the other platforms
// (PlatformRules), on any UTF-16: unpaired surrogates, noncharacters, combining marks.
//
// Input: one byte that says where to split the text, then UTF-16 code units.
//
// Properties:
// - the URLs found lie inside the text, in order, without overlapping;
// - every URL weighs 23, and outside URLs a code point weighs 1 or 2 and a whole emoji
//   sequence 2, so the weight is at most twice the code points outside URLs (+23 a URL),
//   and a text that is not all blanks weighs something;
// - a text of only blanks and control characters weighs nothing (X's rule);
// - counting is done on the NFC form: a text and its NFC form weigh the same;
// - two texts joined by a line break or a space weigh what they weigh apart, plus 1
//   (nothing joins across the separator: not a URL, not a composed character, not an
//   emoji sequence), once an all-blank text is counted as its characters;
// - LinkedIn and Facebook count NFC code points.

#include "core/platformrules.h"
#include "support/fuzzapplication.h"
#include "support/fuzzcheck.h"
#include "support/fuzzinput.h"

#include <algorithm>
#include <cstdint>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

namespace {

QString show(const QString &text)
{
    QString shown;
    for (const QChar c : text) {
        if (c.unicode() >= 0x20 && c.unicode() < 0x7f)
            shown += c;
        else
            shown += u"\\u%1"_s.arg(c.unicode(), 4, 16, QChar(u'0'));
    }
    return u'"' + shown + u'"';
}

// Code points as the counter walks them: a valid surrogate pair is one, an unpaired
// surrogate is one of its own.
qsizetype codePoints(QStringView text)
{
    qsizetype count = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate())
            ++i;
        ++count;
    }
    return count;
}

bool allBlank(const QString &text)
{
    return std::all_of(text.begin(), text.end(), [](QChar c) { return c.unicode() <= 0x20; });
}

// The weight with an all-blank text counted as its characters (each weighs 1), as it
// counts once joined to others.
qsizetype weightInContext(const QString &text)
{
    return allBlank(text) ? text.size() : PlatformRules::twitterWeightedLength(text);
}

void checkText(const QString &text)
{
    const QString normalized = text.normalized(QString::NormalizationForm_C);
    const QList<PlatformRules::Span> urls = PlatformRules::findUrls(normalized);
    qsizetype previousEnd = 0;
    qsizetype outsideCodePoints = 0;
    for (const PlatformRules::Span &url : urls) {
        FUZZ_CHECK(
            url.start >= previousEnd && url.length > 0
                && url.start + url.length <= normalized.size(),
            u"the URL at %1+%2 of %3"_s.arg(url.start).arg(url.length).arg(show(normalized)));
        outsideCodePoints
            += codePoints(QStringView(normalized).sliced(previousEnd, url.start - previousEnd));
        previousEnd = url.start + url.length;
    }
    outsideCodePoints += codePoints(QStringView(normalized).sliced(previousEnd));

    const int weight = PlatformRules::twitterWeightedLength(text);
    const qsizetype urlWeight = urls.size() * PlatformRules::TwitterUrlWeight;
    FUZZ_CHECK(allBlank(text) ? weight == 0
                              : weight >= std::max<qsizetype>(urlWeight, 1)
                                    && weight <= 2 * outsideCodePoints + urlWeight,
               u"%1 weighs %2: %3 code points outside %4 URLs"_s.arg(show(text))
                   .arg(weight)
                   .arg(outsideCodePoints)
                   .arg(urls.size()));
    FUZZ_CHECK(PlatformRules::textLength(Platform::Twitter, text) == weight,
               u"textLength(twitter) is not the weighted length of "_s + show(text));
    FUZZ_CHECK(PlatformRules::twitterWeightedLength(normalized) == weight,
               u"%1 and its NFC form %2 weigh differently"_s.arg(show(text), show(normalized)));

    const qsizetype ucs4 = normalized.toUcs4().size();
    FUZZ_CHECK(PlatformRules::textLength(Platform::LinkedIn, text) == ucs4
                   && PlatformRules::textLength(Platform::Facebook, text) == ucs4,
               u"LinkedIn or Facebook do not count the code points of "_s + show(text));
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    slotline::fuzz::startApplication(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return -1;
    const QString text = slotline::fuzz::utf16Units(data + 1, size - 1);
    checkText(text);

    const qsizetype split = text.isEmpty() ? 0 : data[0] % (text.size() + 1);
    const QString first = text.first(split);
    const QString second = text.sliced(split);
    const QString separator = data[0] & 0x80 ? u" "_s : u"\n"_s;
    const qsizetype joined = weightInContext(first + separator + second);
    const qsizetype apart = weightInContext(first) + weightInContext(second);
    FUZZ_CHECK(joined == apart + 1,
               u"%1 and %2 weigh %3 together, %4 apart"_s.arg(show(first), show(second))
                   .arg(joined)
                   .arg(apart));
    return 0;
}
