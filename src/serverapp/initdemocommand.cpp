#include "serverapp/initdemocommand.h"

#include "core/ids.h"
#include "serverapp/projectscommand.h"
#include "storage/accountrepository.h"
#include "storage/apikeyrepository.h"
#include "storage/creditrepository.h"
#include "storage/projectrepository.h"
#include "storage/slotrepository.h"
#include "storage/transaction.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTimeZone>

namespace slotline {
namespace {

constexpr qint64 DemoCredits = 100;

QString demoProjectName()
{
    return QStringLiteral("Demo");
}

const QString DemoKeyName = QStringLiteral("demo");

QString defaultTimezone()
{
    const QByteArray system = QTimeZone::systemTimeZoneId();
    return QTimeZone::isTimeZoneIdAvailable(system) ? QString::fromUtf8(system)
                                                    : QStringLiteral("UTC");
}

// A working week's rhythm, so that useNextFreeSlot and the calendar have something to show:
// every account at 09:00 and 17:00, and X, which moves faster, also at 12:30.
QList<WeeklySlot> demoSlots()
{
    QList<WeeklySlot> slots;
    for (int day = Qt::Monday; day <= Qt::Friday; ++day) {
        for (const auto &[hour, minute, xOnly] :
             {std::tuple {9, 0, false}, std::tuple {12, 30, true}, std::tuple {17, 0, false}}) {
            WeeklySlot slot;
            slot.id = ids::generate(IdKind::Slot);
            slot.day = Qt::DayOfWeek(day);
            slot.hour = hour;
            slot.minute = minute;
            if (xOnly)
                slot.targets = {SlotTarget {Platform::Twitter, {}, {}}};
            slots.append(slot);
        }
    }
    return slots;
}

int createDemo(const QCommandLineParser &parser, CommandContext &context)
{
    ProjectRepository projects(context.database, context.clock);
    AccountRepository accounts(context.database, context.clock);
    ApiKeyRepository keys(context.database, context.clock);
    CreditRepository credits(context.database, context.clock);

    Transaction transaction(context.database);
    auto project = projects.findByName(demoProjectName());
    const bool created = !project;
    if (created) {
        const QString timezone = parser.isSet(QStringLiteral("timezone"))
                                     ? parser.value(QStringLiteral("timezone"))
                                     : defaultTimezone();
        if (!validateProject(demoProjectName(), timezone, context))
            return ExitUsage;
        project = projects.create(NewProject {demoProjectName(), timezone,
                                              QStringLiteral("demo@slotline.invalid"),
                                              QStringLiteral("Demo User")});
        NewAccount linkedin {project->id,
                             Platform::LinkedIn,
                             QStringLiteral("Slotline Demo"),
                             QStringLiteral("slotline-demo"),
                             {},
                             QStringLiteral("sandbox")};
        NewAccount twitter {project->id,
                            Platform::Twitter,
                            QStringLiteral("Slotline Demo"),
                            QStringLiteral("slotline_demo"),
                            {},
                            QStringLiteral("sandbox")};
        NewAccount facebook {project->id,
                             Platform::Facebook,
                             QStringLiteral("Slotline Demo"),
                             QStringLiteral("slotline.demo"),
                             {},
                             QStringLiteral("sandbox")};
        accounts.add(linkedin);
        accounts.add(twitter);
        const Account facebookAccount = accounts.add(facebook);
        accounts.addSubaccount(facebookAccount.id, QStringLiteral("Slotline Café"),
                               QStringLiteral("page"));
        credits.grant(project->id, DemoCredits, QStringLiteral("demo project"));
        SlotRepository(context.database, context.clock).add(project->id, demoSlots());
    }
    for (const ApiKeyInfo &key : keys.listAll(project->id)) {
        if (key.name == DemoKeyName && !key.isRevoked())
            keys.revoke(key.id);
    }
    const CreatedApiKey key = keys.create(project->id, DemoKeyName);
    transaction.commit();

    PageRequest everything;
    everything.limit = 250;
    const QList<Account> demoAccounts = accounts.list(project->id, std::nullopt, everything).items;
    const QString baseUrl = QStringLiteral("http://") + parser.value(QStringLiteral("listen"))
                            + QStringLiteral("/api/v2");

    const qsizetype slotCount
        = SlotRepository(context.database, context.clock).list(project->id).size();
    if (context.json) {
        QJsonArray accountArray;
        for (const Account &account : demoAccounts)
            accountArray.append(account.toJson());
        context.printJson(QJsonObject {{QStringLiteral("projectId"), project->id},
                                       {QStringLiteral("projectName"), project->name},
                                       {QStringLiteral("timezone"), project->timezone},
                                       {QStringLiteral("created"), created},
                                       {QStringLiteral("apiKeyId"), key.info.id},
                                       {QStringLiteral("apiKey"), key.plaintext},
                                       {QStringLiteral("accounts"), accountArray},
                                       {QStringLiteral("slots"), int(slotCount)}});
        return ExitSuccess;
    }

    context.out << (created ? "Created" : "Found") << " the demo project " << project->id << " ("
                << project->timezone << ")" << Qt::endl;
    for (const Account &account : demoAccounts)
        context.out << "  " << account.id << "  " << platforms::displayName(account.platform)
                    << "  @" << account.username << Qt::endl;
    context.out << "  " << slotCount << " weekly publishing slots (" << project->timezone
                << "); see GET /schedule/slots" << Qt::endl;
    if (!created)
        context.out << "The previous demo key was revoked." << Qt::endl;
    context.out << Qt::endl
                << "API key (shown only now): " << key.plaintext << Qt::endl
                << Qt::endl
                << "Try it once the server runs:" << Qt::endl
                << "  curl -H 'x-api-key: " << key.plaintext << "' " << baseUrl << "/users/me"
                << Qt::endl;
    return ExitSuccess;
}

} // namespace

Command initDemoCommand()
{
    return {QStringLiteral("init-demo"),
            {{QString(),
              QStringLiteral("Create the demo project (LinkedIn, X and Facebook accounts with a "
                             "Facebook page, weekday publishing slots, %1 credits) and print a new "
                             "API key for it.")
                  .arg(DemoCredits),
              [](QCommandLineParser &parser) {
                  parser.addOption({QStringLiteral("timezone"),
                                    QStringLiteral("The demo project's IANA time zone (default: "
                                                   "this computer's)."),
                                    QStringLiteral("zone")});
                  parser.addOption(
                      {QStringLiteral("listen"),
                       QStringLiteral("Where `serve` will listen, for the printed example."),
                       QStringLiteral("address:port"), QStringLiteral("127.0.0.1:8787")});
              },
              onDatabase(createDemo)}}};
}

} // namespace slotline
