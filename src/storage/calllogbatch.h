#pragma once

#include "core/callrecord.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace slotline {

// Call records encoded one after another in a single buffer. The server's request thread
// adds to a batch and the call log writer thread stores it: one allocation crosses the
// threads per batch instead of a dozen per record, and SQLite binds the fields straight
// from the buffer.
class CallLogBatch
{
public:
    struct Entry
    {
        QByteArrayView id;
        QByteArrayView projectId;
        QByteArrayView apiKeyId;
        QByteArrayView method;
        QByteArrayView path;
        QByteArrayView tool; // empty when the call was no tool call
        QByteArrayView argumentsJson;
        qint64 atMs = 0;
        int status = 0;
        double durationMs = 0;
    };

    void add(const CallRecord &record);

    qsizetype count() const { return m_count; }
    bool isEmpty() const { return m_count == 0; }
    qsizetype byteSize() const { return m_data.size(); }

    template<typename Visit>
    void forEach(Visit visit) const
    {
        qsizetype offset = 0;
        for (qsizetype i = 0; i < m_count; ++i)
            visit(read(offset));
    }

    QList<CallRecord> records() const;

private:
    void appendText(QStringView text);
    void appendText(QByteArrayView utf8);
    QByteArrayView readText(qsizetype &offset) const;
    Entry read(qsizetype &offset) const;

    QByteArray m_data;
    qsizetype m_count = 0;
};

} // namespace slotline
