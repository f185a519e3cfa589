#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <cstring>

namespace slotline {

// Writes compact JSON (UTF-8) straight into a buffer. Answers are built with it rather
// than with QJsonObject, whose every insert costs thousands of instructions in Qt 6;
// a page of fifty posts would spend milliseconds on bookkeeping alone.
class JsonWriter
{
public:
    JsonWriter &beginObject();
    JsonWriter &endObject();
    JsonWriter &beginArray();
    JsonWriter &endArray();

    // Inside an object: the name of the next value. Names are plain ASCII in this code.
    // Always inline, so that the copy of a literal name has a known size: 765 keys a
    // page of posts.
    Q_ALWAYS_INLINE JsonWriter &key(QLatin1StringView name)
    {
        separate();
        char *out = room(name.size() + 3);
        *out++ = '"';
        std::memcpy(out, name.data(), size_t(name.size()));
        out += name.size();
        *out++ = '"';
        *out++ = ':';
        wrote(out);
        m_afterKey = true;
        return *this;
    }

    JsonWriter &value(QStringView text);
    JsonWriter &value(const QString &text) { return value(QStringView(text)); }
    // Text as UTF-8, e.g. straight from the database; each byte that is not part of a
    // well-formed sequence becomes U+FFFD, so the answer is always valid UTF-8.
    JsonWriter &utf8Value(QByteArrayView utf8);
    JsonWriter &value(QLatin1StringView text);
    JsonWriter &value(const char *text) { return value(QLatin1StringView(text)); }
    JsonWriter &value(qint64 number);
    JsonWriter &value(int number) { return value(qint64(number)); }
    JsonWriter &value(double number);
    JsonWriter &value(bool flag);
    JsonWriter &null();
    // Any JSON value, e.g. arguments as the client sent them.
    JsonWriter &value(const QJsonValue &json);
    // A string, or null when it is empty.
    JsonWriter &nullableValue(QStringView text);
    JsonWriter &nullableUtf8Value(QByteArrayView utf8);
    // An instant as the API writes it (isotime::format()).
    JsonWriter &timeValue(qint64 msSinceEpoch);
    // A fragment that is already valid JSON.
    JsonWriter &raw(QByteArrayView json);

    template<typename T>
    JsonWriter &field(QLatin1StringView name, const T &fieldValue)
    {
        key(name);
        return value(fieldValue);
    }

    QByteArray take();

    // The whole JSON of one item that has writeJson().
    template<typename T>
    static QByteArray serialize(const T &item)
    {
        JsonWriter writer;
        item.writeJson(writer);
        return writer.take();
    }

    // For the places that need a QJsonObject of something written with a JsonWriter.
    template<typename T>
    static QJsonObject toObject(const T &item)
    {
        JsonWriter writer;
        item.writeJson(writer);
        return parseObject(writer.take());
    }
    static QJsonObject parseObject(const QByteArray &json);

    static QByteArray quoted(QStringView text);

private:
    // Room for `extra` more bytes after what is written: the buffer is kept at its full
    // size and only m_size moves, because QByteArray::append() and resize() cost tens of
    // instructions each, and a page of posts writes thousands of small pieces.
    char *room(qsizetype extra)
    {
        if (m_size + extra > m_buffer.size())
            grow(extra);
        return m_buffer.data() + m_size;
    }
    void grow(qsizetype extra);
    void wrote(const char *end) { m_size = end - m_buffer.constData(); }
    void append(char c) { *room(1) = c, ++m_size; }
    void append(const char *data, qsizetype size);
    void separate()
    {
        if (m_afterKey) {
            m_afterKey = false;
            return;
        }
        if (m_needsComma)
            append(',');
        m_needsComma = m_depth > 0;
    }
    void open(char bracket);
    void close(char bracket);
    void appendInteger(qint64 number);
    void appendString(QStringView text);
    void appendUtf8String(QByteArrayView utf8);

    QByteArray m_buffer;
    qsizetype m_size = 0;
    int m_depth = 0; // open objects and arrays
    bool m_needsComma = false; // the open container has an element already
    bool m_afterKey = false;
};

} // namespace slotline
