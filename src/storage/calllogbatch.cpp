#include "storage/calllogbatch.h"

#include "core/jsonwriter.h"

#include <QJsonDocument>

#include <cstring>

namespace slotline {
namespace {

template<typename T>
void appendRaw(QByteArray &data, T value)
{
    data.append(reinterpret_cast<const char *>(&value), sizeof value);
}

template<typename T>
T readRaw(const QByteArray &data, qsizetype &offset)
{
    T value;
    std::memcpy(&value, data.constData() + offset, sizeof value);
    offset += qsizetype(sizeof value);
    return value;
}

} // namespace

void CallLogBatch::appendText(QByteArrayView utf8)
{
    appendRaw(m_data, quint32(utf8.size()));
    m_data.append(utf8);
}

void CallLogBatch::appendText(QStringView text)
{
    // Ids, methods and paths are ASCII: that case needs no conversion buffer.
    const bool ascii
        = std::all_of(text.begin(), text.end(), [](QChar c) { return c.unicode() < 0x80; });
    if (!ascii) {
        appendText(QByteArrayView(text.toUtf8()));
        return;
    }
    appendRaw(m_data, quint32(text.size()));
    const qsizetype start = m_data.size();
    m_data.resize(start + text.size());
    char *out = m_data.data() + start;
    for (const QChar c : text)
        *out++ = char(c.unicode());
}

void CallLogBatch::add(const CallRecord &record)
{
    if (m_data.isEmpty())
        m_data.reserve(64 * 1024);
    appendText(QStringView(record.id));
    appendText(QStringView(record.projectId));
    appendText(QStringView(record.apiKeyId));
    appendText(QStringView(record.method));
    appendText(QStringView(record.path));
    appendText(QStringView(record.tool));
    if (!record.argumentsJson.isEmpty())
        appendText(QByteArrayView(record.argumentsJson));
    else if (record.arguments.isEmpty())
        appendText(QByteArrayView("{}"));
    else
        appendText(QByteArrayView(JsonWriter().value(QJsonValue(record.arguments)).take()));
    appendRaw(m_data, record.atMs);
    appendRaw(m_data, qint32(record.status));
    appendRaw(m_data, record.durationMs);
    ++m_count;
}

QByteArrayView CallLogBatch::readText(qsizetype &offset) const
{
    const quint32 length = readRaw<quint32>(m_data, offset);
    const QByteArrayView text(m_data.constData() + offset, length);
    offset += length;
    return text;
}

CallLogBatch::Entry CallLogBatch::read(qsizetype &offset) const
{
    Entry entry;
    entry.id = readText(offset);
    entry.projectId = readText(offset);
    entry.apiKeyId = readText(offset);
    entry.method = readText(offset);
    entry.path = readText(offset);
    entry.tool = readText(offset);
    entry.argumentsJson = readText(offset);
    entry.atMs = readRaw<qint64>(m_data, offset);
    entry.status = readRaw<qint32>(m_data, offset);
    entry.durationMs = readRaw<double>(m_data, offset);
    return entry;
}

QList<CallRecord> CallLogBatch::records() const
{
    QList<CallRecord> records;
    forEach([&](const Entry &entry) {
        CallRecord record;
        record.id = QString::fromUtf8(entry.id);
        record.projectId = QString::fromUtf8(entry.projectId);
        record.apiKeyId = QString::fromUtf8(entry.apiKeyId);
        record.method = QString::fromUtf8(entry.method);
        record.path = QString::fromUtf8(entry.path);
        record.tool = QString::fromUtf8(entry.tool);
        record.argumentsJson = entry.argumentsJson.toByteArray();
        record.arguments = QJsonDocument::fromJson(record.argumentsJson).object();
        record.atMs = entry.atMs;
        record.status = entry.status;
        record.durationMs = entry.durationMs;
        records.append(record);
    });
    return records;
}

} // namespace slotline
