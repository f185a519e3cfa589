#include "core/jsonwriter.h"

#include "core/jsonreader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace slotline {

void JsonWriter::separate()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_hasElement.empty()) {
        if (m_hasElement.back())
            m_buffer.append(',');
        m_hasElement.back() = true;
    }
}

JsonWriter &JsonWriter::beginObject()
{
    separate();
    m_buffer.append('{');
    m_hasElement.push_back(false);
    return *this;
}

JsonWriter &JsonWriter::endObject()
{
    m_hasElement.pop_back();
    m_buffer.append('}');
    return *this;
}

JsonWriter &JsonWriter::beginArray()
{
    separate();
    m_buffer.append('[');
    m_hasElement.push_back(false);
    return *this;
}

JsonWriter &JsonWriter::endArray()
{
    m_hasElement.pop_back();
    m_buffer.append(']');
    return *this;
}

JsonWriter &JsonWriter::key(QLatin1StringView name)
{
    separate();
    // Written in place: QByteArray::append() of a few bytes goes through its general
    // insert(), and a page of posts has seven hundred keys.
    const qsizetype start = m_buffer.size();
    m_buffer.resize(start + name.size() + 3);
    char *out = m_buffer.data() + start;
    *out++ = '"';
    std::memcpy(out, name.data(), size_t(name.size()));
    out += name.size();
    *out++ = '"';
    *out = ':';
    m_afterKey = true;
    return *this;
}

void JsonWriter::appendString(QStringView text)
{
    static const char hex[] = "0123456789abcdef";
    // Encoded straight into the buffer: at most six bytes per UTF-16 unit (\u00XX), plus
    // the quotes. Only quotes, backslashes and control characters are escaped (RFC 8259).
    const qsizetype start = m_buffer.size();
    m_buffer.resize(start + text.size() * 6 + 2);
    char *out = m_buffer.data() + start;
    *out++ = '"';
    const char16_t *units = text.utf16();
    for (qsizetype i = 0; i < text.size(); ++i) {
#if defined(__SSE2__)
        // Most text is plain ASCII with nothing to escape: eight such characters are
        // checked and narrowed at once, a few instructions instead of a few per character.
        if (i + 8 <= text.size()) {
            const __m128i eight = _mm_loadu_si128(reinterpret_cast<const __m128i *>(units + i));
            const __m128i outsideAscii
                = _mm_and_si128(eight, _mm_set1_epi16(static_cast<short>(0xff80)));
            const __m128i special = _mm_or_si128(
                _mm_or_si128(_mm_cmplt_epi16(eight, _mm_set1_epi16(0x20)),
                             _mm_cmpeq_epi16(eight, _mm_set1_epi16('"'))),
                _mm_or_si128(_mm_cmpeq_epi16(eight, _mm_set1_epi16('\\')),
                             _mm_xor_si128(_mm_cmpeq_epi16(outsideAscii, _mm_setzero_si128()),
                                           _mm_set1_epi16(-1))));
            if (_mm_movemask_epi8(special) == 0) {
                _mm_storel_epi64(reinterpret_cast<__m128i *>(out), _mm_packus_epi16(eight, eight));
                out += 8;
                i += 7;
                continue;
            }
        }
#endif
        const char16_t c = units[i];
        if (c < 0x80) {
            if (c >= 0x20 && c != u'"' && c != u'\\') {
                *out++ = char(c);
                continue;
            }
            *out++ = '\\';
            switch (c) {
            case u'"': *out++ = '"'; break;
            case u'\\': *out++ = '\\'; break;
            case u'\n': *out++ = 'n'; break;
            case u'\r': *out++ = 'r'; break;
            case u'\t': *out++ = 't'; break;
            case u'\b': *out++ = 'b'; break;
            case u'\f': *out++ = 'f'; break;
            default:
                *out++ = 'u';
                *out++ = '0';
                *out++ = '0';
                *out++ = hex[(c >> 4) & 0xf];
                *out++ = hex[c & 0xf];
            }
        } else if (c < 0x800) {
            *out++ = char(0xc0 | (c >> 6));
            *out++ = char(0x80 | (c & 0x3f));
        } else if (c == 0xfeff) {
            // A byte order mark is escaped: Qt's JSON parser (the desktop app's) drops one
            // written plainly at the start of a string, and it is part of the text.
            for (const char escaped : {'\\', 'u', 'f', 'e', 'f', 'f'})
                *out++ = escaped;
        } else if (QChar::isHighSurrogate(c) && i + 1 < text.size()
                   && QChar::isLowSurrogate(units[i + 1])) {
            const char32_t code = QChar::surrogateToUcs4(c, units[++i]);
            *out++ = char(0xf0 | (code >> 18));
            *out++ = char(0x80 | ((code >> 12) & 0x3f));
            *out++ = char(0x80 | ((code >> 6) & 0x3f));
            *out++ = char(0x80 | (code & 0x3f));
        } else {
            // A lone surrogate has no UTF-8 form: it becomes U+FFFD.
            const char16_t code = QChar::isSurrogate(c) ? char16_t(0xfffd) : c;
            *out++ = char(0xe0 | (code >> 12));
            *out++ = char(0x80 | ((code >> 6) & 0x3f));
            *out++ = char(0x80 | (code & 0x3f));
        }
    }
    *out++ = '"';
    m_buffer.truncate(out - m_buffer.constData());
}

JsonWriter &JsonWriter::value(QStringView text)
{
    separate();
    appendString(text);
    return *this;
}

JsonWriter &JsonWriter::value(QLatin1StringView text)
{
    return value(QStringView(QString(text)));
}

JsonWriter &JsonWriter::value(qint64 number)
{
    separate();
    m_buffer.append(QByteArray::number(number));
    return *this;
}

JsonWriter &JsonWriter::value(double number)
{
    separate();
    if (!std::isfinite(number))
        m_buffer.append("null", 4); // JSON has no NaN or infinity
    else if (number == std::trunc(number) && std::abs(number) < 1e15)
        m_buffer.append(QByteArray::number(qint64(number)));
    else
        m_buffer.append(QByteArray::number(number, 'g', 17));
    return *this;
}

JsonWriter &JsonWriter::value(bool flag)
{
    separate();
    if (flag)
        m_buffer.append("true", 4);
    else
        m_buffer.append("false", 5);
    return *this;
}

JsonWriter &JsonWriter::null()
{
    separate();
    m_buffer.append("null", 4);
    return *this;
}

JsonWriter &JsonWriter::nullableValue(QStringView text)
{
    return text.isEmpty() ? null() : value(text);
}

JsonWriter &JsonWriter::value(const QJsonValue &json)
{
    switch (json.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined: return null();
    case QJsonValue::Bool: return value(json.toBool());
    case QJsonValue::Double: return value(json.toDouble());
    case QJsonValue::String: return value(QStringView(json.toString()));
    case QJsonValue::Array: {
        beginArray();
        for (const QJsonValue &element : json.toArray())
            value(element);
        return endArray();
    }
    case QJsonValue::Object: {
        beginObject();
        const QJsonObject object = json.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            separate();
            appendString(it.key());
            m_buffer.append(':');
            m_afterKey = true;
            value(it.value());
        }
        return endObject();
    }
    }
    return null();
}

JsonWriter &JsonWriter::raw(const QByteArray &json)
{
    separate();
    m_buffer.append(json);
    return *this;
}

QByteArray JsonWriter::take()
{
    m_hasElement.clear();
    m_afterKey = false;
    return std::exchange(m_buffer, QByteArray());
}

QJsonObject JsonWriter::parseObject(const QByteArray &json)
{
    return JsonReader::parse(json).object();
}

QByteArray JsonWriter::quoted(QStringView text)
{
    JsonWriter writer;
    writer.value(text);
    return writer.take();
}

} // namespace slotline
