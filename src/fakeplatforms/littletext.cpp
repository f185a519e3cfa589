#include "fakeplatforms/littletext.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace slotline::fake {

namespace {

// Reads escaped or plain text up to (not including) an unescaped `stop`; false when a
// reserved character other than an escape comes first.
bool readText(const QString &text, qsizetype *at, QChar stop, QString *out)
{
    qsizetype i = *at;
    while (i < text.size()) {
        const QChar c = text.at(i);
        if (c == stop) {
            *at = i;
            return true;
        }
        if (c == u'\\') {
            if (i + 1 < text.size() && LittleText::isReserved(text.at(i + 1))) {
                out->append(text.at(i + 1));
                i += 2;
                continue;
            }
            return false;
        }
        if (LittleText::isReserved(c))
            return false;
        out->append(c);
        ++i;
    }
    return false;
}

bool isHashtagCharacter(QChar c)
{
    return c.isLetterOrNumber() || c.category() == QChar::Mark_NonSpacing;
}

// @[Name](urn:li:person:…) or @[Name](urn:li:organization:…) starting at `at`.
bool readMention(const QString &text, qsizetype *at, QString *rendered)
{
    qsizetype i = *at + 1;
    if (i >= text.size() || text.at(i) != u'[')
        return false;
    ++i;
    QString name;
    if (!readText(text, &i, u']', &name) || name.isEmpty())
        return false;
    ++i;
    if (i >= text.size() || text.at(i) != u'(')
        return false;
    const qsizetype close = text.indexOf(u')', i);
    if (close < 0)
        return false;
    static const QRegularExpression urn(u"^urn:li:(person|organization):[A-Za-z0-9_-]+$"_s);
    if (!urn.match(text.mid(i + 1, close - i - 1)).hasMatch())
        return false;
    rendered->append(name);
    *at = close + 1;
    return true;
}

// {hashtag|#|tag} (the sign may be escaped, or the full-width ＃) starting at `at`.
bool readHashtagTemplate(const QString &text, qsizetype *at, QString *rendered)
{
    static const QRegularExpression hashtag(
        u"\\{hashtag\\|(\\\\#|#|\uFF03)\\|([^|{}@\\[\\]()<>#\\\\*_~\\s]+)\\}"_s);
    const QRegularExpressionMatch match = hashtag.match(
        text, *at, QRegularExpression::NormalMatch, QRegularExpression::AnchorAtOffsetMatchOption);
    if (!match.hasMatch())
        return false;
    const QString sign = match.captured(1) == u"\\#"_s ? u"#"_s : match.captured(1);
    rendered->append(sign + match.captured(2));
    *at = match.capturedEnd(0);
    return true;
}

// #tag: a hashtag element made of letters and digits.
bool readHashtag(const QString &text, qsizetype *at, QString *rendered)
{
    qsizetype i = *at + 1;
    while (i < text.size() && isHashtagCharacter(text.at(i)))
        ++i;
    if (i == *at + 1)
        return false;
    rendered->append(text.mid(*at, i - *at));
    *at = i;
    return true;
}

} // namespace

bool LittleText::isReserved(QChar c)
{
    static const QString reserved = u"|{}@[]()<>#\\*_~"_s;
    return reserved.contains(c);
}

LittleText::Result LittleText::parse(const QString &commentary)
{
    Result result;
    qsizetype i = 0;
    while (i < commentary.size()) {
        const QChar c = commentary.at(i);
        const qsizetype start = i;
        bool ok = true;
        if (c == u'\\') {
            ok = i + 1 < commentary.size() && isReserved(commentary.at(i + 1));
            if (ok) {
                result.rendered.append(commentary.at(i + 1));
                i += 2;
            }
        } else if (c == u'@') {
            ok = readMention(commentary, &i, &result.rendered);
        } else if (c == u'{') {
            ok = readHashtagTemplate(commentary, &i, &result.rendered);
        } else if (c == u'#') {
            ok = readHashtag(commentary, &i, &result.rendered);
        } else if (isReserved(c)) {
            ok = false;
        } else {
            result.rendered.append(c);
            ++i;
        }
        if (!ok) {
            result.truncated = true;
            result.source = commentary.left(start);
            return result;
        }
    }
    result.source = commentary;
    return result;
}

} // namespace slotline::fake
