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

int createKey(const QCommandLineParser &parser, CommandContext &context)
{
    const auto projectId = requiredProject(parser, context);
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

int listKeys(const QCommandLineParser &parser, CommandContext &context)
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

int revokeKey(const QCommandLineParser &parser, CommandContext &context)
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

} // namespace

Command keysCommand()
{
    return {
        QStringLiteral("keys"),
        {
            {QStringLiteral("create"),
             QStringLiteral("Create an API key for a project. The key is printed once; only a hash "
                            "and a short prefix are stored."),
             [](QCommandLineParser &parser) {
                 parser.addOption(projectOption());
                 parser.addOption({QStringLiteral("name"), QStringLiteral("A label for the key."),
                                   QStringLiteral("name"), QStringLiteral("default")});
             },
             onDatabase(createKey)},
            {QStringLiteral("list"), QStringLiteral("List API keys (never the keys themselves)."),
             [](QCommandLineParser &parser) {
                 parser.addOption(
                     projectOption(QStringLiteral("Only this project's keys (id or name).")));
             },
             onDatabase(listKeys)},
            {QStringLiteral("revoke"),
             QStringLiteral("Revoke an API key: requests with it are refused from then on."),
             [](QCommandLineParser &parser) {
                 parser.addPositionalArgument(QStringLiteral("key-id"),
                                              QStringLiteral("The key's id (key_...)."));
             },
             onDatabase(revokeKey)},
        }};
}

} // namespace slotline
