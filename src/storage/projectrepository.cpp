#include "storage/projectrepository.h"

#include "core/clock.h"
#include "core/ids.h"
#include "storage/statement.h"
#include "storage/transaction.h"

namespace slotline {
namespace {

const QString SelectProject = QStringLiteral(
    "SELECT p.id, p.name, p.timezone, p.owner_user_id, u.email, u.name, p.created_at "
    "FROM projects p JOIN users u ON u.id = p.owner_user_id ");

ProjectRecord readProject(const Statement &row)
{
    return ProjectRecord {row.text(0), row.text(1), row.text(2),   row.text(3),
                          row.text(4), row.text(5), row.integer(6)};
}

} // namespace

ProjectRepository::ProjectRepository(Database &database, const Clock &clock)
    : m_database(database)
    , m_clock(clock)
{ }

ProjectRecord ProjectRepository::create(const NewProject &project)
{
    const qint64 now = m_clock.nowMs();
    ProjectRecord record {ids::generate(IdKind::Project),
                          project.name,
                          project.timezone,
                          ids::generate(IdKind::User),
                          project.ownerEmail,
                          project.ownerName,
                          now};
    Transaction transaction(m_database);
    Statement(m_database,
              QStringLiteral("INSERT INTO users (id, email, name, created_at) VALUES (?, ?, ?, ?)"))
        .bind(record.ownerUserId)
        .bind(record.ownerEmail)
        .bind(record.ownerName)
        .bind(now)
        .exec();
    Statement(m_database,
              QStringLiteral("INSERT INTO projects (id, name, timezone, owner_user_id, created_at) "
                             "VALUES (?, ?, ?, ?, ?)"))
        .bind(record.id)
        .bind(record.name)
        .bind(record.timezone)
        .bind(record.ownerUserId)
        .bind(now)
        .exec();
    transaction.commit();
    return record;
}

QList<ProjectRecord> ProjectRepository::list()
{
    Statement query(m_database, SelectProject + QStringLiteral("ORDER BY p.created_at, p.id"));
    query.exec();
    QList<ProjectRecord> projects;
    while (query.next())
        projects.append(readProject(query));
    return projects;
}

std::optional<ProjectRecord> ProjectRepository::find(const QString &projectId)
{
    return findWhere(QStringLiteral("p.id"), projectId);
}

std::optional<ProjectRecord> ProjectRepository::findByName(const QString &name)
{
    return findWhere(QStringLiteral("p.name"), name);
}

std::optional<ProjectRecord> ProjectRepository::findWhere(const QString &column,
                                                          const QString &value)
{
    Statement query(m_database,
                    SelectProject + QStringLiteral("WHERE ") + column + QStringLiteral(" = ?"));
    query.bind(value).exec();
    if (!query.next())
        return std::nullopt;
    return readProject(query);
}

std::optional<UserProfile> ProjectRepository::profile(const QString &projectId,
                                                      const QString &apiKeyId)
{
    const auto project = find(projectId);
    if (!project)
        return std::nullopt;
    return UserProfile {project->ownerUserId,
                        project->ownerEmail,
                        project->ownerName,
                        project->id,
                        project->name,
                        project->timezone,
                        apiKeyId};
}

} // namespace slotline
