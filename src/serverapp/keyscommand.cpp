#include "serverapp/keyscommand.h"

#include "core/isotime.h"
#include "storage/apikeyrepository.h"

#include <QJsonArray>
#include <QJsonObject>

namespace slotline {
namespace {

QJsonObject toJson(const ApiKeyInfo &key)
{
    QJsonObject object = key.toJson();
    object.insert(QStringLiteral("projectId"), key.projectId);
    return object;
}

} // namespace

QStringList KeysCommand::verbs() const
{
    return {QStringLiteral("create"), QStringLiteral("list"), QStringLiteral("revoke")};
}

QString KeysCommand::description(const QString &verb) const
{
    if (verb == u"create")
        return QStringLiteral("Create an API key for a project. The key is printed once; only a "
                              "hash and a short prefix are stored.");
    if (verb == u"list")
        return QStringLiteral("List API keys (never the keys themselves).");
    return QStringLiteral("Revoke an API key: requests with it are refused from then on.");
}

void KeysCommand::configure(const QString &verb, QCommandLineParser &parser) const
{
    if (verb == u"create") {
        parser.addOption({QStringLiteral("project"), QStringLiteral("Project id or name."),
                          QStringLiteral("project")});
        parser.addOption({QStringLiteral("name"), QStringLiteral("A label for the key."),
                          QStringLiteral("name"), QStringLiteral("default")});
    } else if (verb == u"list") {
        parser.addOption({QStringLiteral("project"),
                          QStringLiteral("Only this project's keys (id or name)."),
                          QStringLiteral("project")});
    } else {
        parser.addPositionalArgument(QStringLiteral("key-id"),
                                     QStringLiteral("The key's id (key_...)."));
    }
}

int KeysCommand::run(const QString &verb, const QCommandLineParser &parser, CommandContext &context)
{
    if (!context.openDatabase())
        return ExitFailure;
    if (verb == u"create")
        return create(parser, context);
    if (verb == u"list")
        return list(parser, context);
    return revoke(parser, context);
}

int KeysCommand::create(const QCommandLineParser &parser, CommandContext &context)
{
    const auto project = required(parser, QStringLiteral("project"), context);
    if (!project)
        return ExitUsage;
    const auto projectId = resolveProject(*project, context);
    if (!projectId)
        return ExitUsage;
    const QString keyName = parser.value(QStringLiteral("name"));
    if (keyName.isEmpty() || keyName.size() > 100) {
        context.err << "error: --name must be 1 to 100 characters" << Qt::endl;
        return ExitUsage;
    }
    const CreatedApiKey created
        = ApiKeyRepository(context.database, context.clock).create(*projectId, keyName);
    if (context.json) {
        QJsonObject object = toJson(created.info);
        object.insert(QStringLiteral("key"), created.plaintext);
        context.printJson(object);
    } else {
        context.out << "Created API key " << created.info.id << " (" << keyName << ") for project "
                    << *projectId << Qt::endl
                    << "Key (shown only now, store it safely): " << created.plaintext << Qt::endl;
    }
    return ExitSuccess;
}

int KeysCommand::list(const QCommandLineParser &parser, CommandContext &context)
{
    QString projectId;
    if (parser.isSet(QStringLiteral("project"))) {
        const auto resolved = resolveProject(parser.value(QStringLiteral("project")), context);
        if (!resolved)
            return ExitUsage;
        projectId = *resolved;
    }
    const QList<ApiKeyInfo> keys
        = ApiKeyRepository(context.database, context.clock).listAll(projectId);
    if (context.json) {
        context.printJsonList(keys, toJson);
        return ExitSuccess;
    }
    if (keys.isEmpty())
        context.out << "No API keys." << Qt::endl;
    for (const ApiKeyInfo &key : keys) {
        context.out << key.id << "  " << key.prefix << "…  " << key.name << "  project "
                    << key.projectId << "  created " << isotime::format(key.createdAtMs)
                    << "  last used "
                    << (key.lastUsedAtMs ? isotime::format(*key.lastUsedAtMs)
                                         : QStringLiteral("never"));
        if (key.revokedAtMs)
            context.out << "  REVOKED " << isotime::format(*key.revokedAtMs);
        context.out << Qt::endl;
    }
    return ExitSuccess;
}

int KeysCommand::revoke(const QCommandLineParser &parser, CommandContext &context)
{
    const QStringList arguments = parser.positionalArguments();
    if (arguments.size() != 1) {
        context.err << "error: give exactly one key id (see: slotline-server keys list)"
                    << Qt::endl;
        return ExitUsage;
    }
    const QString keyId = arguments.first();
    switch (ApiKeyRepository(context.database, context.clock).revoke(keyId)) {
    case ApiKeyRepository::RevokeResult::Revoked:
        if (context.json)
            context.printJson(
                QJsonObject {{QStringLiteral("id"), keyId}, {QStringLiteral("revoked"), true}});
        else
            context.out << "Revoked " << keyId << Qt::endl;
        return ExitSuccess;
    case ApiKeyRepository::RevokeResult::AlreadyRevoked:
        context.err << "error: " << keyId << " was already revoked" << Qt::endl;
        return ExitFailure;
    case ApiKeyRepository::RevokeResult::NotFound:
        context.err << "error: no API key " << keyId << Qt::endl;
        return ExitFailure;
    }
    return ExitFailure;
}

} // namespace slotline
