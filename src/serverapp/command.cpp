#include "serverapp/command.h"

#include "storage/databaseerror.h"
#include "storage/projectrepository.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace slotline {

bool CommandContext::openDatabase()
{
    if (!QDir().mkpath(dataDirectory)) {
        err << "error: cannot create the data directory " << dataDirectory << Qt::endl;
        return false;
    }
    QFile::setPermissions(dataDirectory, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const QString file = QDir(dataDirectory).filePath(QStringLiteral("slotline.db"));
    createdDatabase = !QFileInfo::exists(file);
    try {
        database.open(file);
    } catch (const DatabaseError &error) {
        err << "error: " << error.message() << Qt::endl;
        return false;
    }
    return true;
}

QString CommandContext::databaseDirectory() const
{
    return QDir::cleanPath(QDir(dataDirectory).absolutePath());
}

void CommandContext::printJson(const QJsonValue &value)
{
    const QJsonDocument document
        = value.isArray() ? QJsonDocument(value.toArray()) : QJsonDocument(value.toObject());
    out << document.toJson(QJsonDocument::Indented);
    out.flush();
}

CommandVerb::Run onDatabase(int (*run)(const QCommandLineParser &, CommandContext &))
{
    return [run](const QCommandLineParser &parser, CommandContext &context) {
        return context.openDatabase() ? run(parser, context) : int(ExitFailure);
    };
}

QCommandLineOption projectOption(const QString &description)
{
    return {QStringLiteral("project"), description, QStringLiteral("project")};
}

std::optional<QString> requiredOption(const QCommandLineParser &parser, const QString &option,
                                      CommandContext &context)
{
    const QString value = parser.value(option).trimmed();
    if (value.isEmpty()) {
        context.err << "error: --" << option << " is required" << Qt::endl;
        return std::nullopt;
    }
    return value;
}

std::optional<QString> resolveProject(const QString &idOrName, CommandContext &context)
{
    ProjectRepository projects(context.database, context.clock);
    if (const auto project = projects.find(idOrName))
        return project->id;
    if (const auto project = projects.findByName(idOrName))
        return project->id;
    context.err << "error: no project with id or name \"" << idOrName
                << "\" (see: slotline-server projects list)" << Qt::endl;
    return std::nullopt;
}

std::optional<QString> requiredProject(const QCommandLineParser &parser, CommandContext &context)
{
    const auto project = requiredOption(parser, QStringLiteral("project"), context);
    return project ? resolveProject(*project, context) : std::nullopt;
}

} // namespace slotline
