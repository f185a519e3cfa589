#include "core/platformrules.h"

#include <QSet>

namespace slotline {
namespace {

bool isLight(char32_t codePoint)
{
    return codePoint <= 0x10ff || (codePoint >= 0x2000 && codePoint <= 0x200d)
           || (codePoint >= 0x2010 && codePoint <= 0x201f)
           || (codePoint >= 0x2032 && codePoint <= 0x2037);
}

bool isDomainChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'-';
}

// Characters that may appear in a URL after its host (RFC 3986, loosely: X is lenient).
bool isUrlChar(QChar c)
{
    if (c.isSpace())
        return false;
    return c.unicode() > 0x20 && c != u'"' && c != u'<' && c != u'>';
}

// Punctuation at the end of a URL usually ends the sentence, not the URL.
bool isTrailingPunctuation(QChar c)
{
    return QStringView(u".,;:!?'\")]}").contains(c);
}

const QSet<QString> &knownTopLevelDomains()
{
    static const QSet<QString> domains {
        QStringLiteral("com"),  QStringLiteral("net"),  QStringLiteral("org"),
        QStringLiteral("io"),   QStringLiteral("co"),   QStringLiteral("info"),
        QStringLiteral("biz"),  QStringLiteral("app"),  QStringLiteral("dev"),
        QStringLiteral("me"),   QStringLiteral("tv"),   QStringLiteral("ly"),
        QStringLiteral("ai"),   QStringLiteral("gl"),   QStringLiteral("edu"),
        QStringLiteral("gov"),  QStringLiteral("eu"),   QStringLiteral("de"),
        QStringLiteral("uk"),   QStringLiteral("fr"),   QStringLiteral("es"),
        QStringLiteral("it"),   QStringLiteral("nl"),   QStringLiteral("be"),
        QStringLiteral("ch"),   QStringLiteral("at"),   QStringLiteral("se"),
        QStringLiteral("no"),   QStringLiteral("dk"),   QStringLiteral("fi"),
        QStringLiteral("pl"),   QStringLiteral("cz"),   QStringLiteral("pt"),
        QStringLiteral("ie"),   QStringLiteral("us"),   QStringLiteral("ca"),
        QStringLiteral("au"),   QStringLiteral("nz"),   QStringLiteral("jp"),
        QStringLiteral("cn"),   QStringLiteral("in"),   QStringLiteral("br"),
        QStringLiteral("mx"),   QStringLiteral("ru"),   QStringLiteral("xyz"),
        QStringLiteral("shop"), QStringLiteral("blog"), QStringLiteral("news"),
    };
    return domains;
}

// The end of the URL starting at `start` (exclusive), trailing punctuation removed.
qsizetype urlEnd(QStringView text, qsizetype from)
{
    qsizetype end = from;
    while (end < text.size() && isUrlChar(text[end]))
        ++end;
    while (end > from && isTrailingPunctuation(text[end - 1]))
        --end;
    return end;
}

// A bare host at `start`: labels separated by dots, the last a known top-level domain.
// Returns the end of the host, or -1.
qsizetype bareHostEnd(QStringView text, qsizetype start)
{
    qsizetype position = start;
    qsizetype lastLabelStart = -1;
    int labels = 0;
    while (position < text.size()) {
        const qsizetype labelStart = position;
        while (position < text.size() && isDomainChar(text[position]))
            ++position;
        if (position == labelStart)
            break;
        ++labels;
        lastLabelStart = labelStart;
        if (position + 1 < text.size() && text[position] == u'.'
            && isDomainChar(text[position + 1]))
            ++position;
        else
            break;
    }
    if (labels < 2)
        return -1;
    const QString topLevel
        = text.sliced(lastLabelStart, position - lastLabelStart).toString().toLower();
    return knownTopLevelDomains().contains(topLevel) ? position : -1;
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
    qsizetype i = 0;
    while (i < text.size()) {
        // A URL starts at the beginning or after a character that cannot be part of a
        // word, a mention (@) or a hashtag (#).
        const bool boundary
            = i == 0
              || !(text[i - 1].isLetterOrNumber() || text[i - 1] == u'@' || text[i - 1] == u'#'
                   || text[i - 1] == u'_' || text[i - 1] == u'.' || text[i - 1] == u'/');
        if (!boundary) {
            ++i;
            continue;
        }
        const QStringView rest = text.sliced(i);
        qsizetype hostStart = -1;
        if (rest.startsWith(u"https://", Qt::CaseInsensitive))
            hostStart = i + 8;
        else if (rest.startsWith(u"http://", Qt::CaseInsensitive))
            hostStart = i + 7;
        if (hostStart >= 0) {
            const qsizetype end = urlEnd(text, hostStart);
            if (end > hostStart) {
                urls.append(Span {i, end - i});
                i = end;
                continue;
            }
        }
        const qsizetype hostEnd = bareHostEnd(text, i);
        if (hostEnd > 0) {
            const qsizetype end = hostEnd < text.size() && text[hostEnd] == u'/'
                                      ? std::max(hostEnd, urlEnd(text, hostEnd))
                                      : hostEnd;
            urls.append(Span {i, end - i});
            i = end;
            continue;
        }
        ++i;
    }
    return urls;
}

int PlatformRules::twitterWeightedLength(const QString &original)
{
    const QString text = original.normalized(QString::NormalizationForm_C);
    const QList<Span> urls = findUrls(text);
    int weight = 0;
    qsizetype urlIndex = 0;
    for (qsizetype i = 0; i < text.size();) {
        if (urlIndex < urls.size() && urls[urlIndex].start == i) {
            weight += TwitterUrlWeight;
            i += urls[urlIndex].length;
            ++urlIndex;
            continue;
        }
        char32_t codePoint = text[i].unicode();
        qsizetype units = 1;
        if (QChar::isHighSurrogate(codePoint) && i + 1 < text.size()
            && text[i + 1].isLowSurrogate()) {
            codePoint = QChar::surrogateToUcs4(text[i], text[i + 1]);
            units = 2;
        }
        weight += isLight(codePoint) ? 1 : 2;
        i += units;
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
