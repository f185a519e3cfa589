#include "serverapp/subaccountscommand.h"

#include "storage/accountrepository.h"

#include <QJsonObject>

namespace slotline {
namespace {

int addSubaccount(const QCommandLineParser &parser, CommandContext &context)
{
    const auto accountId = requiredOption(parser, QStringLiteral("account"), context);
    const auto displayName = requiredOption(parser, QStringLiteral("name"), context);
    if (!accountId || !displayName)
        return ExitUsage;
    const QString type = parser.value(QStringLiteral("type"));
    if (!Subaccount::knownTypes().contains(type)) {
        context.err << "error: unknown type \"" << type << "\"; use one of "
                    << Subaccount::knownTypes().join(QStringLiteral(", ")) << Qt::endl;
        return ExitUsage;
    }
    if (!context.openDatabase())
        return ExitFailure;
    AccountRepository accounts(context.database, context.clock);
    if (!accounts.findAnyProject(*accountId)) {
        context.err << "error: no account " << *accountId
                    << " (see: slotline-server accounts list --project ...)" << Qt::endl;
        return ExitUsage;
    }
    const Subaccount created = accounts.addSubaccount(*accountId, *displayName, type);
    if (context.json)
        context.printJson(created.toJson());
    else
        context.out << "Added " << type << " " << created.id << " (" << created.name << ") to "
                    << *accountId << Qt::endl;
    return ExitSuccess;
}

} // namespace

Command subaccountsCommand()
{
    return {
        QStringLiteral("subaccounts"),
        {{QStringLiteral("add"), QStringLiteral("Add a page, organization or group to an account."),
          [](QCommandLineParser &parser) {
              parser.addOption({QStringLiteral("account"),
                                QStringLiteral("The account's id (acc_...)."),
                                QStringLiteral("account")});
              parser.addOption({QStringLiteral("name"), QStringLiteral("Display name."),
                                QStringLiteral("name")});
              parser.addOption({QStringLiteral("type"),
                                QStringLiteral("page, organization or group (default page)."),
                                QStringLiteral("type"), QStringLiteral("page")});
          },
          // Opens the database itself: a usage error does not create one.
          addSubaccount}}};
}

} // namespace slotline
