#pragma once

#include "core/clock.h"
#include "storage/database.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <QTextStream>

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

// One administrative noun ("keys") with its verbs ("create", "list", "revoke"). A noun
// with a single action (serve, init-demo) has one verb, the empty string.
class Command
{
public:
    virtual ~Command();

    virtual QString name() const = 0;
    virtual QStringList verbs() const = 0;
    virtual QString description(const QString &verb) const = 0;
    virtual void configure(const QString &verb, QCommandLineParser &parser) const = 0;
    virtual int run(const QString &verb, const QCommandLineParser &parser, CommandContext &context)
        = 0;

protected:
    // Reads a required option; prints a usage error when it is missing.
    static std::optional<QString> required(const QCommandLineParser &parser, const QString &option,
                                           CommandContext &context);
    // Accepts a project by id or by exact name.
    static std::optional<QString> resolveProject(const QString &idOrName, CommandContext &context);
};

} // namespace slotline
