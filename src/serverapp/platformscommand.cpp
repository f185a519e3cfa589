#include "serverapp/platformscommand.h"

#include "core/isotime.h"
#include "server/platforms/platformcatalog.h"
#include "storage/platformapprepository.h"
#include "storage/secretbox.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUrl>

namespace slotline {
namespace {

QJsonObject toJson(const PlatformApp &app)
{
    QJsonObject settings;
    for (const PlatformCatalog::Setting &setting : PlatformCatalog::settings(app.platform))
        settings.insert(setting.name, PlatformCatalog::value(app, setting.name));
    return QJsonObject {{QStringLiteral("platform"), app.platform},
                        {QStringLiteral("clientId"), app.clientId},
                        {QStringLiteral("settings"), settings},
                        {QStringLiteral("scopes"), PlatformCatalog::scopes(app)},
                        {QStringLiteral("updatedAt"), isotime::format(app.updatedAtMs)}};
}

QString knownSettings(const QString &platform, bool urls)
{
    QStringList names;
    for (const PlatformCatalog::Setting &setting : PlatformCatalog::settings(platform)) {
        if (setting.isUrl == urls)
            names.append(setting.name);
    }
    return names.join(QStringLiteral(", "));
}

// Where the desktop app (organization Slotline, application slotline) keeps its built-in
// server's data unless it runs with --profile <dir> (then <dir>/data/server).
QString desktopServerDataDirectory()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation))
        .filePath(QStringLiteral("Slotline/slotline/server"));
}

void configureSet(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("client-id"), QStringLiteral("The app's client id."),
                      QStringLiteral("id")});
    parser.addOption({QStringLiteral("client-secret"),
                      QStringLiteral("The app's client secret. Other users of this machine can "
                                     "see command lines: prefer --client-secret-file."),
                      QStringLiteral("secret")});
    parser.addOption({QStringLiteral("client-secret-file"),
                      QStringLiteral("A file whose first line is the client secret (- reads "
                                     "standard input)."),
                      QStringLiteral("path")});
    parser.addOption({QStringLiteral("url"),
                      QStringLiteral("An endpoint other than the platform's own, by name (x: "
                                     "authorize, api; linkedin: authorize, token, api; facebook: "
                                     "authorize, api). Repeatable."),
                      QStringLiteral("name=url")});
    parser.addOption({QStringLiteral("set"),
                      QStringLiteral("A setting other than its default (linkedin: version, the "
                                     "LinkedIn-Version header). Repeatable."),
                      QStringLiteral("name=value")});
    parser.addOption({QStringLiteral("scopes"),
                      QStringLiteral("The scopes to ask for instead of the defaults (see "
                                     "docs/connectors.md)."),
                      QStringLiteral("scopes")});
}

std::optional<QString> platformArgument(const QCommandLineParser &parser, CommandContext &context)
{
    const QStringList arguments = parser.positionalArguments();
    if (arguments.size() != 1) {
        context.err << "error: give one platform: "
                    << PlatformCatalog::connectorNames().join(QStringLiteral(", ")) << Qt::endl;
        return std::nullopt;
    }
    const auto platform = PlatformCatalog::connectorName(arguments.first());
    if (!platform)
        context.err << "error: unknown platform \"" << arguments.first()
                    << "\"; known: " << PlatformCatalog::connectorNames().join(QStringLiteral(", "))
                    << Qt::endl;
    return platform;
}

int setApp(const QCommandLineParser &parser, CommandContext &context, const SecretBox &secrets)
{
    PlatformApp app;
    app.platform = *platformArgument(parser, context);
    const auto clientId = requiredOption(parser, QStringLiteral("client-id"), context);
    if (!clientId)
        return ExitUsage;
    app.clientId = clientId->trimmed();

    if (parser.isSet(QStringLiteral("client-secret"))) {
        app.clientSecret = parser.value(QStringLiteral("client-secret")).trimmed();
    } else if (parser.isSet(QStringLiteral("client-secret-file"))) {
        const QString path = parser.value(QStringLiteral("client-secret-file"));
        QFile file;
        const bool opened = path == u"-" ? file.open(stdin, QIODevice::ReadOnly)
                                         : (file.setFileName(path), file.open(QIODevice::ReadOnly));
        if (!opened) {
            context.err << "error: cannot read " << path << ": " << file.errorString() << Qt::endl;
            return ExitFailure;
        }
        app.clientSecret = QString::fromUtf8(file.readLine()).trimmed();
    } else {
        context.err << "error: give the app's secret with --client-secret-file (or "
                       "--client-secret)"
                    << Qt::endl;
        return ExitUsage;
    }
    if (app.clientId.isEmpty() || app.clientSecret.isEmpty()) {
        context.err << "error: the client id and secret must not be empty" << Qt::endl;
        return ExitUsage;
    }

    const auto readPairs = [&](const QString &option, bool urls) -> bool {
        for (const QString &pair : parser.values(option)) {
            const qsizetype equals = pair.indexOf(u'=');
            const QString name = pair.first(std::max<qsizetype>(equals, 0)).trimmed();
            const QString value = equals < 0 ? QString() : pair.sliced(equals + 1).trimmed();
            bool known = false;
            for (const PlatformCatalog::Setting &setting : PlatformCatalog::settings(app.platform))
                known = known || (setting.name == name && setting.isUrl == urls);
            if (!known) {
                context.err << "error: --" << option << " " << pair << ": " << app.platform
                            << " has " << (urls ? "endpoints" : "settings") << " "
                            << knownSettings(app.platform, urls) << Qt::endl;
                return false;
            }
            if (urls) {
                const QUrl url(value, QUrl::StrictMode);
                if (!url.isValid() || url.host().isEmpty()
                    || (url.scheme() != u"https" && url.scheme() != u"http")) {
                    context.err << "error: --url " << name
                                << " must be an http:// or https:// address" << Qt::endl;
                    return false;
                }
                // The platform sends the person there, and only that path reaches the
                // server's callback (through a reverse proxy too).
                const QString callbackPath = PlatformCatalog::CallbackPath + app.platform;
                if (name == u"callback"
                    && (url.path() != callbackPath || url.hasQuery() || url.hasFragment())) {
                    context.err << "error: --url callback must end in " << callbackPath
                                << " (for example http://localhost:8787" << callbackPath
                                << "), with nothing after it" << Qt::endl;
                    return false;
                }
            } else if (app.platform == u"facebook" && name == u"config_id"
                       && !QRegularExpression(QStringLiteral("^[0-9]*$")).match(value).hasMatch()) {
                context.err << "error: --set config_id must be the number Meta shows for the "
                               "configuration (Facebook Login for Business → Configurations)"
                            << Qt::endl;
                return false;
            } else if (app.platform == u"linkedin" && name == u"version"
                       && !QRegularExpression(QStringLiteral("^20\\d\\d(0[1-9]|1[0-2])$"))
                               .match(value)
                               .hasMatch()) {
                context.err << "error: --set version must be a LinkedIn version, YYYYMM"
                            << Qt::endl;
                return false;
            }
            app.urls.insert(name, value);
        }
        return true;
    };
    if (!readPairs(QStringLiteral("url"), true) || !readPairs(QStringLiteral("set"), false))
        return ExitUsage;
    app.scopes = parser.value(QStringLiteral("scopes")).simplified();

    PlatformAppRepository(context.database, secrets, context.clock).put(app);
    const PlatformApp stored
        = *PlatformAppRepository(context.database, secrets, context.clock).find(app.platform);
    if (context.json) {
        context.printJson(toJson(stored));
    } else {
        const QString callback = stored.urls.value(QStringLiteral("callback"));
        context.out << PlatformCatalog::displayName(app.platform) << " app " << app.clientId
                    << " saved in " << context.databaseDirectory() << ". Register ";
        if (callback.isEmpty())
            context.out << "<public-url>/oauth/callback/" << app.platform
                        << " as its callback address (the built-in server of the desktop app: "
                           "http://127.0.0.1:8787/oauth/callback/"
                        << app.platform << ")." << Qt::endl;
        else
            context.out << callback << " as its callback address." << Qt::endl;
    }
    if (context.createdDatabase)
        // The usual slip: the desktop app's built-in server keeps its data elsewhere, and
        // a new, empty database here serves nobody.
        context.err << "note: " << context.databaseDirectory()
                    << " held no Slotline data, so a new database was made there. If the app "
                       "is for another server's data (the desktop app's built-in server keeps "
                       "its own in "
                    << desktopServerDataDirectory()
                    << ", or <profile>/data/server under --profile), run the command again with "
                       "--data <that directory>."
                    << Qt::endl;
    return ExitSuccess;
}

int listApps(const QCommandLineParser &, CommandContext &context, const SecretBox &secrets)
{
    const QList<PlatformApp> apps
        = PlatformAppRepository(context.database, secrets, context.clock).list();
    if (context.json) {
        context.printJsonList(apps, toJson);
        return ExitSuccess;
    }
    if (apps.isEmpty()) {
        context.out << "No platform apps yet: accounts publish to the sandbox only. See "
                       "slotline-server platforms set --help."
                    << Qt::endl;
        return ExitSuccess;
    }
    for (const PlatformApp &app : apps) {
        context.out << app.platform << "  client " << app.clientId << "  scopes \""
                    << PlatformCatalog::scopes(app) << "\"  updated "
                    << isotime::format(app.updatedAtMs) << Qt::endl;
        for (const PlatformCatalog::Setting &setting : PlatformCatalog::settings(app.platform)) {
            const bool overridden = app.urls.contains(setting.name);
            context.out << "    " << setting.name << " "
                        << PlatformCatalog::value(app, setting.name)
                        << (overridden ? "" : "  (default)") << Qt::endl;
        }
    }
    return ExitSuccess;
}

int removeApp(const QCommandLineParser &parser, CommandContext &context, const SecretBox &secrets)
{
    const QString platform = *platformArgument(parser, context);
    if (!PlatformAppRepository(context.database, secrets, context.clock).remove(platform)) {
        context.err << "error: no " << platform << " app is configured" << Qt::endl;
        return ExitFailure;
    }
    if (!context.json)
        context.out << "Removed the " << platform << " app." << Qt::endl;
    else
        context.printJson(QJsonObject {{QStringLiteral("removed"), platform}});
    return ExitSuccess;
}

using VerbWithSecrets = int (*)(const QCommandLineParser &, CommandContext &, const SecretBox &);

// Runs a verb with the database open and the server's key read; `takesPlatform`: after
// checking the platform named.
CommandVerb::Run withSecrets(VerbWithSecrets verb, bool takesPlatform)
{
    return [verb, takesPlatform](const QCommandLineParser &parser, CommandContext &context) {
        if (takesPlatform && !platformArgument(parser, context))
            return int(ExitUsage);
        if (!context.openDatabase())
            return int(ExitFailure);
        QString error;
        const auto secrets
            = SecretBox::fromKeyFile(SecretBox::keyFilePath(context.dataDirectory), &error);
        if (!secrets) {
            context.err << "error: " << error << Qt::endl;
            return int(ExitFailure);
        }
        return verb(parser, context, *secrets);
    };
}

} // namespace

Command platformsCommand()
{
    const auto takePlatform = [](QCommandLineParser &parser) {
        parser.addPositionalArgument(QStringLiteral("platform"),
                                     QStringLiteral("linkedin, x or facebook."));
    };
    return {
        QStringLiteral("platforms"),
        {
            {QStringLiteral("set"),
             QStringLiteral("Give the server the developer app it connects accounts of a platform "
                            "(linkedin, x or facebook) with. The secret is stored sealed with the "
                            "server's key (secret.key in the data directory) and never printed. "
                            "Register <public-url>/oauth/callback/<platform> as the app's callback "
                            "address."),
             [takePlatform](QCommandLineParser &parser) {
                 takePlatform(parser);
                 configureSet(parser);
             },
             withSecrets(setApp, true)},
            {QStringLiteral("list"),
             QStringLiteral("List the configured platform apps and their endpoints (never a "
                            "secret)."),
             {},
             withSecrets(listApps, false)},
            {QStringLiteral("remove"),
             QStringLiteral("Forget a platform's app: its accounts can no longer be connected or "
                            "refreshed."),
             takePlatform, withSecrets(removeApp, true)},
        }};
}

} // namespace slotline
