#pragma once

#include "core/changeversions.h"

#include <QString>

#include <optional>

namespace slotline {

class Database;

// The project's change versions, which the database's triggers move with every change.
class ProjectChangeRepository
{
public:
    explicit ProjectChangeRepository(Database &database);

    // Nothing for a project that does not exist.
    std::optional<ChangeVersions> versions(const QString &projectId);

private:
    Database &m_database;
};

} // namespace slotline
