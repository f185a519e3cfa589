#include "core/jsonwriter.h"

#include "core/isotime.h"
#include "core/jsonreader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace slotline {

void JsonWriter::grow(qsizetype extra)
{
    // Four times as much each time: a page of fifty posts (26 KB) is reached in three
    // steps rather than six, and each step copies what is written (a realloc).
    m_buffer.resize(std::max({m_buffer.size() * 4, m_size + extra, qsizetype(512)}));
}

void JsonWriter::append(const char *data, qsizetype size)
{
    std::memcpy(room(size), data, size_t(size));
    m_size += size;
}

void JsonWriter::open(char bracket)
{
    separate();
    append(bracket);
    ++m_depth;
    m_needsComma = false;
}

void JsonWriter::close(char bracket)
{
    append(bracket);
    --m_depth;
    m_needsComma = m_depth > 0;
}

JsonWriter &JsonWriter::beginObject()
{
    open('{');
    return *this;
}

JsonWriter &JsonWriter::endObject()
{
    close('}');
    return *this;
}

JsonWriter &JsonWriter::beginArray()
{
    open('[');
    return *this;
}

JsonWriter &JsonWriter::endArray()
{
    close(']');
    return *this;
}

namespace {

// The escape of an ASCII character below 0x20, a quote or a backslash (RFC 8259).
char *escapeAscii(char *out, unsigned c)
{
    static const char hex[] = "0123456789abcdef";
    *out++ = '\\';
    switch (c) {
    case '"': *out++ = '"'; break;
    case '\\': *out++ = '\\'; break;
    case '\n': *out++ = 'n'; break;
    case '\r': *out++ = 'r'; break;
    case '\t': *out++ = 't'; break;
    case '\b': *out++ = 'b'; break;
    case '\f': *out++ = 'f'; break;
    default:
        *out++ = 'u';
        *out++ = '0';
        *out++ = '0';
        *out++ = hex[(c >> 4) & 0xf];
        *out++ = hex[c & 0xf];
    }
    return out;
}

// A byte order mark is escaped: Qt's JSON parser (the desktop app's) drops one written
// plainly at the start of a string, and it is part of the text.
char *escapedByteOrderMark(char *out)
{
    for (const char escaped : {'\\', 'u', 'f', 'e', 'f', 'f'})
        *out++ = escaped;
    return out;
}

} // namespace

void JsonWriter::appendString(QStringView text)
{
    // Encoded straight into the buffer: at most six bytes per UTF-16 unit (\u00XX), plus
    // the quotes. Only quotes, backslashes and control characters are escaped (RFC 8259).
    char *out = room(text.size() * 6 + 2);
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
            out = escapeAscii(out, c);
        } else if (c < 0x800) {
            *out++ = char(0xc0 | (c >> 6));
            *out++ = char(0x80 | (c & 0x3f));
        } else if (c == 0xfeff) {
            out = escapedByteOrderMark(out);
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
    wrote(out);
}

namespace {

// The length of the well-formed UTF-8 sequence at `in` (RFC 3629: no overlong forms,
// no surrogates, nothing past U+10FFFF), or 0.
int sequenceLength(const unsigned char *in, const unsigned char *end)
{
    const unsigned char lead = in[0];
    const auto continuation = [](unsigned char byte) { return (byte & 0xc0) == 0x80; };
    const qsizetype left = end - in;
    if (lead >= 0xc2 && lead <= 0xdf)
        return left >= 2 && continuation(in[1]) ? 2 : 0;
    if (lead >= 0xe0 && lead <= 0xef) {
        if (left < 3 || !continuation(in[1]) || !continuation(in[2]))
            return 0;
        if ((lead == 0xe0 && in[1] < 0xa0) || (lead == 0xed && in[1] > 0x9f))
            return 0;
        return 3;
    }
    if (lead >= 0xf0 && lead <= 0xf4) {
        if (left < 4 || !continuation(in[1]) || !continuation(in[2]) || !continuation(in[3]))
            return 0;
        if ((lead == 0xf0 && in[1] < 0x90) || (lead == 0xf4 && in[1] > 0x8f))
            return 0;
        return 4;
    }
    return 0;
}

#if defined(__SSE2__)
// Whether sixteen bytes are ASCII with nothing to escape. Compared as signed bytes,
// everything from 0x80 up is below 0x20 too.
bool plainAscii(__m128i bytes)
{
    const __m128i special = _mm_or_si128(_mm_cmplt_epi8(bytes, _mm_set1_epi8(0x20)),
                                         _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('"')),
                                                      _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'))));
    return _mm_movemask_epi8(special) == 0;
}
#endif

} // namespace

void JsonWriter::appendUtf8String(QByteArrayView utf8)
{
    // At most six bytes out per byte in (\u00XX; U+FFFD for one bad byte is three, the
    // escaped byte order mark six for three), plus the quotes.
    char *out = room(utf8.size() * 6 + 2);
    *out++ = '"';
    const auto *in = reinterpret_cast<const unsigned char *>(utf8.data());
    const auto *end = in + utf8.size();
    while (in < end) {
#if defined(__SSE2__)
        // Sixteen bytes of plain ASCII with nothing to escape are copied at once.
        if (end - in >= 16) {
            const __m128i sixteen = _mm_loadu_si128(reinterpret_cast<const __m128i *>(in));
            if (plainAscii(sixteen)) {
                _mm_storeu_si128(reinterpret_cast<__m128i *>(out), sixteen);
                out += 16;
                in += 16;
                continue;
            }
        } else if (utf8.size() >= 16) {
            // The last few bytes: when the last sixteen of the text are plain, so are they.
            if (plainAscii(_mm_loadu_si128(reinterpret_cast<const __m128i *>(end - 16)))) {
                std::memcpy(out, in, size_t(end - in));
                out += end - in;
                break;
            }
        }
#endif
        const unsigned char c = *in;
        if (c < 0x80) {
            ++in;
            if (c >= 0x20 && c != '"' && c != '\\') {
                *out++ = char(c);
                continue;
            }
            out = escapeAscii(out, c);
            continue;
        }
        const int length = sequenceLength(in, end);
        if (length == 3 && in[0] == 0xef && in[1] == 0xbb && in[2] == 0xbf) {
            out = escapedByteOrderMark(out);
        } else if (length > 0) {
            std::memcpy(out, in, size_t(length));
            out += length;
        } else {
            for (const char replacement : {'\xef', '\xbf', '\xbd'})
                *out++ = replacement;
        }
        in += std::max(length, 1);
    }
    *out++ = '"';
    wrote(out);
}

JsonWriter &JsonWriter::utf8Value(QByteArrayView utf8)
{
    separate();
    appendUtf8String(utf8);
    return *this;
}

JsonWriter &JsonWriter::nullableUtf8Value(QByteArrayView utf8)
{
    return utf8.isEmpty() ? null() : utf8Value(utf8);
}

JsonWriter &JsonWriter::timeValue(qint64 msSinceEpoch)
{
    separate();
    char *out = room(isotime::MaxFormattedLength + 2);
    *out++ = '"';
    out += isotime::formatTo(msSinceEpoch, out);
    *out++ = '"';
    wrote(out);
    return *this;
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

void JsonWriter::appendInteger(qint64 number)
{
    constexpr int MaxDigits = 20; // with the sign
    char *out = room(MaxDigits);
    wrote(std::to_chars(out, out + MaxDigits, number).ptr);
}

JsonWriter &JsonWriter::value(qint64 number)
{
    separate();
    appendInteger(number);
    return *this;
}

JsonWriter &JsonWriter::value(double number)
{
    separate();
    if (!std::isfinite(number))
        append("null", 4); // JSON has no NaN or infinity
    else if (number == std::trunc(number) && std::abs(number) < 1e15)
        appendInteger(qint64(number));
    else {
        const QByteArray text = QByteArray::number(number, 'g', 17);
        append(text.constData(), text.size());
    }
    return *this;
}

JsonWriter &JsonWriter::value(bool flag)
{
    separate();
    if (flag)
        append("true", 4);
    else
        append("false", 5);
    return *this;
}

JsonWriter &JsonWriter::null()
{
    separate();
    append("null", 4);
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
    case QJsonValue::Double: {
        // Qt keeps an integer apart from a double; written as a double, one beyond 2^53
        // would come back as another number (a page cursor's position, say).
        const double number = json.toDouble();
        if (const qint64 whole = json.toInteger(); whole != 0 && double(whole) == number)
            return value(whole);
        return value(number);
    }
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
            append(':');
            m_afterKey = true;
            value(it.value());
        }
        return endObject();
    }
    }
    return null();
}

JsonWriter &JsonWriter::raw(QByteArrayView json)
{
    separate();
    append(json.constData(), json.size());
    return *this;
}

QByteArray JsonWriter::take()
{
    m_buffer.truncate(m_size);
    m_size = 0;
    m_depth = 0;
    m_needsComma = false;
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
