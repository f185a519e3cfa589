#include "serverapp/creditscommand.h"

#include "storage/creditrepository.h"

namespace slotline {
namespace {

// A larger grant is taken for a typo.
constexpr qint64 MaxGrant = 1'000'000'000;

int grantCredits(const QCommandLineParser &parser, CommandContext &context)
{
    const auto project = requiredOption(parser, QStringLiteral("project"), context);
    const auto amountText = requiredOption(parser, QStringLiteral("amount"), context);
    if (!project || !amountText)
        return ExitUsage;
    bool ok = false;
    const qint64 amount = amountText->toLongLong(&ok);
    if (!ok || amount <= 0 || amount > MaxGrant) {
        context.err << "error: --amount must be a whole number from 1 to " << MaxGrant << Qt::endl;
        return ExitUsage;
    }
    if (!context.openDatabase())
        return ExitFailure;
    const auto projectId = resolveProject(*project, context);
    if (!projectId)
        return ExitUsage;
    const auto balance = CreditRepository(context.database, context.clock)
                             .grant(*projectId, amount, parser.value(QStringLiteral("note")));
    if (!balance) {
        context.err << "error: the project disappeared while granting" << Qt::endl;
        return ExitFailure;
    }
    if (context.json)
        context.printJson(balance->toJson());
    else
        context.out << "Granted " << amount << " credits to " << *projectId << "; now "
                    << balance->remaining << " remaining, " << balance->reserved << " reserved, "
                    << balance->used << " used" << Qt::endl;
    return ExitSuccess;
}

} // namespace

Command creditsCommand()
{
    return {QStringLiteral("credits"),
            {{QStringLiteral("grant"),
              QStringLiteral("Add credits to a project (each post costs one)."),
              [](QCommandLineParser &parser) {
                  parser.addOption(projectOption());
                  parser.addOption({QStringLiteral("amount"),
                                    QStringLiteral("How many credits to add."),
                                    QStringLiteral("n")});
                  parser.addOption({QStringLiteral("note"),
                                    QStringLiteral("Why, for the credit history."),
                                    QStringLiteral("text")});
              },
              // Opens the database itself: a usage error does not create one.
              grantCredits}}};
}

} // namespace slotline
