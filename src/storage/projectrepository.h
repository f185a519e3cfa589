#pragma once

#include "core/userprofile.h"

#include <QList>
#include <QString>

#include <optional>

namespace slotline {

class Clock;
class Database;

struct ProjectRecord
{
    QString id;
    QString name;
    QString timezone;
    QString ownerUserId;
    QString ownerEmail;
    QString ownerName;
    qint64 createdAtMs = 0;
};

struct NewProject
{
    QString name;
    QString timezone = QStringLiteral("UTC");
    QString ownerEmail;
    QString ownerName;
};

// Projects and the people who own them. Callers validate names and time zones first;
// a duplicate name still fails here, through the unique index.
class ProjectRepository
{
public:
    ProjectRepository(Database &database, const Clock &clock);

    ProjectRecord create(const NewProject &project);
    QList<ProjectRecord> list();
    std::optional<ProjectRecord> find(const QString &projectId);
    std::optional<ProjectRecord> findByName(const QString &name);

    // The caller as GET /users/me shows it.
    std::optional<UserProfile> profile(const QString &projectId, const QString &apiKeyId);

private:
    std::optional<ProjectRecord> findWhere(const QString &column, const QString &value);

    Database &m_database;
    const Clock &m_clock;
};

} // namespace slotline
