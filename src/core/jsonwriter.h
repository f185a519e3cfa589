#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <vector>

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
    JsonWriter &key(QLatin1StringView name);

    JsonWriter &value(QStringView text);
    JsonWriter &value(const QString &text) { return value(QStringView(text)); }
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
    // A fragment that is already valid JSON.
    JsonWriter &raw(const QByteArray &json);

    template<typename T>
    JsonWriter &field(QLatin1StringView name, const T &fieldValue)
    {
        key(name);
        return value(fieldValue);
    }

    const QByteArray &bytes() const { return m_buffer; }
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
    static QByteArray reservedBuffer()
    {
        QByteArray buffer;
        buffer.reserve(512); // most answers fit; bigger ones grow as usual
        return buffer;
    }
    void separate();
    void appendString(QStringView text);

    QByteArray m_buffer = reservedBuffer();
    // Per open container: has it got an element yet?
    std::vector<bool> m_hasElement;
    bool m_afterKey = false;
};

} // namespace slotline
