#pragma once

#include "core/clock.h"
#include "storage/database.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <QTextStream>

#include <functional>
#include <optional>

namespace slotline {

// What every sub-command works with: the data directory's database, a clock, and where
// to write. `json` asks for machine-readable output on stdout.
struct CommandContext
{
    QString dataDirectory;
    bool json = false;
    QTextStream &out;
    QTextStream &err;
    Database database;
    SystemClock clock;
    // openDatabase() found no database there and made a new one.
    bool createdDatabase = false;

    // Opens (creating if needed) the database in the data directory; prints why not.
    bool openDatabase();
    // Where the database is: what an administration command names when it wrote there.
    QString databaseDirectory() const;
    void printJson(const QJsonValue &value);

    template<typename Item, typename ToJson>
    void printJsonList(const QList<Item> &items, ToJson toJson)
    {
        QJsonArray array;
        for (const Item &item : items)
            array.append(toJson(item));
        printJson(array);
    }
};

// Exit codes of every sub-command.
enum ExitCode { ExitSuccess = 0, ExitFailure = 1, ExitUsage = 2 };

// One verb of a noun ("create" of keys): what help says of it, the options it takes and
// what it does. A noun with a single action (serve, init-demo) has one verb, named "".
struct CommandVerb
{
    using Run = std::function<int(const QCommandLineParser &parser, CommandContext &context)>;

    QString name;
    QString description;
    std::function<void(QCommandLineParser &parser)> configure;
    Run run;
};

// One administrative noun ("keys") with its verbs ("create", "list", "revoke"), in the
// order help lists them.
struct Command
{
    QString name;
    QList<CommandVerb> verbs;
};

// Runs a verb that works on the data directory's database, opened first.
CommandVerb::Run onDatabase(int (*run)(const QCommandLineParser &, CommandContext &));
// --project, which most verbs take.
QCommandLineOption projectOption(const QString &description
                                 = QStringLiteral("Project id or name."));
// Reads a required option; prints a usage error when it is missing.
std::optional<QString> requiredOption(const QCommandLineParser &parser, const QString &option,
                                      CommandContext &context);
// Accepts a project by id or by exact name.
std::optional<QString> resolveProject(const QString &idOrName, CommandContext &context);
// The project --project names, which must be given; prints why not.
std::optional<QString> requiredProject(const QCommandLineParser &parser, CommandContext &context);

} // namespace slotline
