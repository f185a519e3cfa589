#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace slotline {

class Database;

// The first answer to each Idempotency-Key of a project, for 24 hours.
class IdempotencyRepository
{
public:
    struct Record
    {
        QString requestHash;
        int status = 0;
        QByteArray body;
        qint64 createdAtMs = 0;
    };

    explicit IdempotencyRepository(Database &database);

    std::optional<Record> find(const QString &projectId, const QString &key);
    void save(const QString &projectId, const QString &key, const Record &record);
    int removeOlderThan(qint64 ms);
    void remove(const QString &projectId, const QString &key);

private:
    Database &m_database;
};

} // namespace slotline
