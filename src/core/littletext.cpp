#include "core/littletext.h"

namespace slotline {
namespace {

constexpr QStringView ReservedCharacters = u"|{}@[]()<>#\\*_~";
constexpr QChar FullwidthNumberSign = QChar(0xff03);

bool isReserved(QChar c)
{
    return ReservedCharacters.contains(c);
}

// Reads the text of an element (a mention's name, a hashtag's tag) from `position` up to,
// not including, the first unescaped reserved character; escapes are resolved into `out`.
// Returns where it stopped, or -1 if an escape is incomplete.
qsizetype readElementText(QStringView text, qsizetype position, QString &out)
{
    while (position < text.size()) {
        const QChar c = text[position];
        if (c == u'\\') {
            if (position + 1 >= text.size() || !isReserved(text[position + 1]))
                return -1;
            out.append(text[position + 1]);
            position += 2;
        } else if (isReserved(c)) {
            return position;
        } else {
            out.append(c);
            ++position;
        }
    }
    return position;
}

bool isUrnIdChar(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9')
           || u == u'-' || u == u'_';
}

// A mention @[Name](urn:li:person:id) or @[Name](urn:li:organization:id) at `at`: its end
// (-1 if none) and the name LinkedIn shows for it.
qsizetype mentionEnd(QStringView text, qsizetype at, QString &name)
{
    if (at + 1 >= text.size() || text[at + 1] != u'[')
        return -1;
    const qsizetype nameEnd = readElementText(text, at + 2, name);
    if (nameEnd < 0 || name.isEmpty() || nameEnd + 1 >= text.size() || text[nameEnd] != u']'
        || text[nameEnd + 1] != u'(')
        return -1;
    const QStringView rest = text.sliced(nameEnd + 2);
    qsizetype idStart = -1;
    for (const QStringView prefix : {u"urn:li:person:", u"urn:li:organization:"}) {
        if (rest.startsWith(prefix)) {
            idStart = nameEnd + 2 + prefix.size();
            break;
        }
    }
    if (idStart < 0)
        return -1;
    qsizetype idEnd = idStart;
    while (idEnd < text.size() && isUrnIdChar(text[idEnd]))
        ++idEnd;
    if (idEnd == idStart || idEnd >= text.size() || text[idEnd] != u')')
        return -1;
    return idEnd + 1;
}

// A hashtag template {hashtag|#|tag} at `brace` (the sign may be escaped, or fullwidth):
// its end (-1 if none) and what LinkedIn shows for it.
qsizetype hashtagTemplateEnd(QStringView text, qsizetype brace, QString &shown)
{
    constexpr QStringView Opening = u"{hashtag|";
    if (!text.sliced(brace).startsWith(Opening))
        return -1;
    qsizetype position = brace + Opening.size();
    if (position + 1 < text.size() && text[position] == u'\\' && text[position + 1] == u'#')
        ++position;
    if (position >= text.size()
        || (text[position] != u'#' && text[position] != FullwidthNumberSign))
        return -1;
    shown.append(text[position]);
    ++position;
    if (position >= text.size() || text[position] != u'|')
        return -1;
    const qsizetype tagStart = shown.size();
    const qsizetype tagEnd = readElementText(text, position + 1, shown);
    if (tagEnd < 0 || shown.size() == tagStart || tagEnd >= text.size() || text[tagEnd] != u'}')
        return -1;
    return tagEnd + 1;
}

} // namespace

QString LittleText::escape(QStringView plain)
{
    QString escaped;
    escaped.reserve(plain.size() + plain.size() / 8);
    for (const QChar c : plain) {
        if (isReserved(c))
            escaped.append(u'\\');
        escaped.append(c);
    }
    return escaped;
}

QString LittleText::render(QStringView littleText)
{
    QString shown;
    shown.reserve(littleText.size());
    qsizetype position = 0;
    while (position < littleText.size()) {
        const QChar c = littleText[position];
        if (!isReserved(c)) {
            shown.append(c);
            ++position;
            continue;
        }
        if (c == u'\\' && position + 1 < littleText.size()
            && isReserved(littleText[position + 1])) {
            shown.append(littleText[position + 1]);
            position += 2;
            continue;
        }
        QString element;
        qsizetype end = -1;
        if (c == u'@')
            end = mentionEnd(littleText, position, element);
        else if (c == u'{')
            end = hashtagTemplateEnd(littleText, position, element);
        if (end < 0)
            break; // LinkedIn's silent truncation
        shown.append(element);
        position = end;
    }
    return shown;
}

} // namespace slotline
