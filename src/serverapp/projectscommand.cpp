#include "serverapp/projectscommand.h"

#include "core/isotime.h"
#include "storage/projectrepository.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTimeZone>

namespace slotline {
namespace {

QJsonObject toJson(const ProjectRecord &project)
{
    return {{QStringLiteral("id"), project.id},
            {QStringLiteral("name"), project.name},
            {QStringLiteral("timezone"), project.timezone},
            {QStringLiteral("ownerEmail"), project.ownerEmail},
            {QStringLiteral("ownerName"), project.ownerName},
            {QStringLiteral("createdAt"), isotime::format(project.createdAtMs)}};
}

int createProject(const QCommandLineParser &parser, CommandContext &context)
{
    const auto name = requiredOption(parser, QStringLiteral("name"), context);
    if (!name)
        return ExitUsage;
    const QString timezone = parser.value(QStringLiteral("timezone"));
    if (!validateProject(*name, timezone, context))
        return ExitUsage;
    NewProject project;
    project.name = *name;
    project.timezone = timezone;
    project.ownerEmail = parser.value(QStringLiteral("owner-email"));
    project.ownerName = parser.value(QStringLiteral("owner-name"));
    if (project.ownerName.isEmpty())
        project.ownerName = *name + QStringLiteral(" owner");
    const ProjectRecord created
        = ProjectRepository(context.database, context.clock).create(project);
    if (context.json)
        context.printJson(toJson(created));
    else
        context.out << "Created project " << created.id << " (" << created.name << ", "
                    << created.timezone << ")" << Qt::endl;
    return ExitSuccess;
}

int listProjects(const QCommandLineParser &, CommandContext &context)
{
    const QList<ProjectRecord> projects = ProjectRepository(context.database, context.clock).list();
    if (context.json) {
        context.printJsonList(projects, toJson);
        return ExitSuccess;
    }
    if (projects.isEmpty())
        context.out
            << "No projects yet. Create one with: slotline-server projects create --name NAME"
            << Qt::endl;
    for (const ProjectRecord &project : projects)
        context.out << project.id << "  " << project.name << "  " << project.timezone << Qt::endl;
    return ExitSuccess;
}

} // namespace

bool validateProject(const QString &name, const QString &timezone, CommandContext &context)
{
    if (name.size() > 100) {
        context.err << "error: the project name is longer than 100 characters" << Qt::endl;
        return false;
    }
    if (!QTimeZone::isTimeZoneIdAvailable(timezone.toUtf8())) {
        context.err
            << "error: \"" << timezone
            << "\" is not a known IANA time zone (e.g. Europe/Berlin, America/New_York, UTC)"
            << Qt::endl;
        return false;
    }
    if (ProjectRepository(context.database, context.clock).findByName(name)) {
        context.err << "error: a project named \"" << name << "\" already exists" << Qt::endl;
        return false;
    }
    return true;
}

Command projectsCommand()
{
    return {
        QStringLiteral("projects"),
        {
            {QStringLiteral("create"),
             QStringLiteral("Create a project (API keys, accounts and credits belong to one)."),
             [](QCommandLineParser &parser) {
                 parser.addOption({QStringLiteral("name"),
                                   QStringLiteral("The project's unique name."),
                                   QStringLiteral("name")});
                 parser.addOption(
                     {QStringLiteral("timezone"),
                      QStringLiteral("IANA time zone of its weekly slots (default UTC)."),
                      QStringLiteral("zone"), QStringLiteral("UTC")});
                 parser.addOption({QStringLiteral("owner-email"),
                                   QStringLiteral("The owner's e-mail."), QStringLiteral("email")});
                 parser.addOption({QStringLiteral("owner-name"),
                                   QStringLiteral("The owner's name."), QStringLiteral("name")});
             },
             onDatabase(createProject)},
            {QStringLiteral("list"),
             QStringLiteral("List the projects."),
             {},
             onDatabase(listProjects)},
        }};
}

} // namespace slotline
