#include "storage/projectchangerepository.h"

#include "storage/statement.h"

namespace slotline {

ProjectChangeRepository::ProjectChangeRepository(Database &database)
    : m_database(database)
{ }

std::optional<ChangeVersions> ProjectChangeRepository::versions(const QString &projectId)
{
    Statement query(m_database,
                    QStringLiteral("SELECT project, accounts, slots, credits, posts, drafts "
                                   "FROM project_changes WHERE project_id = ?"));
    query.bind(projectId).exec();
    if (!query.next())
        return std::nullopt;
    ChangeVersions versions;
    versions.project = query.integer(0);
    versions.accounts = query.integer(1);
    versions.slots = query.integer(2);
    versions.credits = query.integer(3);
    versions.posts = query.integer(4);
    versions.drafts = query.integer(5);
    return versions;
}

} // namespace slotline
