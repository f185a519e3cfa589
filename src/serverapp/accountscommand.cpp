#include "serverapp/accountscommand.h"

#include "storage/accountrepository.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QUrl>

namespace slotline {
namespace {

QJsonObject toJson(const Account &account)
{
    QJsonObject object = account.toJson();
    object.insert(QStringLiteral("projectId"), account.projectId);
    object.insert(QStringLiteral("connector"), account.connector);
    return object;
}

// Known connectors; `sandbox` publishes into the server itself.
QStringList connectors()
{
    return {QStringLiteral("sandbox")};
}

int addAccount(const QCommandLineParser &parser, CommandContext &context)
{
    const auto project = requiredOption(parser, QStringLiteral("project"), context);
    const auto platformName = requiredOption(parser, QStringLiteral("platform"), context);
    const auto displayName = requiredOption(parser, QStringLiteral("name"), context);
    const auto username = requiredOption(parser, QStringLiteral("username"), context);
    if (!project || !platformName || !displayName || !username)
        return ExitUsage;
    const auto platform = platforms::fromString(*platformName);
    if (!platform) {
        context.err << "error: unknown platform \"" << *platformName << "\"; use one of "
                    << platforms::acceptedSpellings().join(QStringLiteral(", ")) << Qt::endl;
        return ExitUsage;
    }
    const QString connector = parser.value(QStringLiteral("connector"));
    if (!connectors().contains(connector)) {
        context.err << "error: unknown connector \"" << connector
                    << "\"; available: " << connectors().join(QStringLiteral(", ")) << Qt::endl;
        return ExitUsage;
    }
    const QString imageUrl = parser.value(QStringLiteral("profile-image-url"));
    if (!imageUrl.isEmpty()) {
        const QUrl url(imageUrl, QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https")
            || url.host().isEmpty()) {
            context.err << "error: --profile-image-url must be an http or https URL" << Qt::endl;
            return ExitUsage;
        }
    }
    const auto projectId = resolveProject(*project, context);
    if (!projectId)
        return ExitUsage;

    NewAccount account;
    account.projectId = *projectId;
    account.platform = *platform;
    account.name = *displayName;
    account.username = *username;
    account.profileImageUrl = imageUrl;
    account.connector = connector;
    const Account created = AccountRepository(context.database, context.clock).add(account);
    if (context.json)
        context.printJson(toJson(created));
    else
        context.out << "Added " << platforms::displayName(created.platform) << " account "
                    << created.id << " (" << created.name << ", @" << created.username << ")"
                    << Qt::endl;
    return ExitSuccess;
}

int listAccounts(const QCommandLineParser &parser, CommandContext &context)
{
    const auto projectId = requiredProject(parser, context);
    if (!projectId)
        return ExitUsage;
    AccountRepository accounts(context.database, context.clock);
    QList<Account> all;
    PageRequest page;
    page.limit = 250;
    do {
        const Page<Account> result = accounts.list(*projectId, std::nullopt, page);
        all.append(result.items);
        page.after = result.nextAfter;
    } while (!page.after.isEmpty());

    if (context.json) {
        context.printJsonList(all, toJson);
        return ExitSuccess;
    }
    if (all.isEmpty())
        context.out << "No accounts in this project." << Qt::endl;
    for (const Account &account : all)
        context.out << account.id << "  " << platforms::toString(account.platform) << "  "
                    << account.name << "  @" << account.username << "  " << account.connector
                    << Qt::endl;
    return ExitSuccess;
}

} // namespace

Command accountsCommand()
{
    return {
        QStringLiteral("accounts"),
        {
            {QStringLiteral("add"), QStringLiteral("Connect a social-media account to a project."),
             [](QCommandLineParser &parser) {
                 parser.addOption(projectOption());
                 parser.addOption(
                     {QStringLiteral("platform"),
                      QStringLiteral("linkedin, facebook, or twitter (x means twitter)."),
                      QStringLiteral("platform")});
                 parser.addOption({QStringLiteral("name"), QStringLiteral("Display name."),
                                   QStringLiteral("name")});
                 parser.addOption({QStringLiteral("username"),
                                   QStringLiteral("Handle on the platform."),
                                   QStringLiteral("username")});
                 parser.addOption({QStringLiteral("profile-image-url"),
                                   QStringLiteral("Avatar URL (http or https)."),
                                   QStringLiteral("url")});
                 parser.addOption(
                     {QStringLiteral("connector"),
                      QStringLiteral("How posts are published: sandbox (the default) publishes "
                                     "into this server."),
                      QStringLiteral("connector"), QStringLiteral("sandbox")});
             },
             onDatabase(addAccount)},
            {QStringLiteral("list"), QStringLiteral("List a project's accounts."),
             [](QCommandLineParser &parser) { parser.addOption(projectOption()); },
             onDatabase(listAccounts)},
        }};
}

} // namespace slotline
