#include "serverapp/servercommandline.h"

#include "serverapp/accountscommand.h"
#include "serverapp/creditscommand.h"
#include "serverapp/initdemocommand.h"
#include "serverapp/keyscommand.h"
#include "serverapp/platformscommand.h"
#include "serverapp/projectscommand.h"
#include "serverapp/servecommand.h"
#include "serverapp/subaccountscommand.h"

#include <QCoreApplication>
#include <QStandardPaths>

#include <algorithm>

namespace slotline {
namespace {

QCommandLineOption dataOption()
{
    return {QStringLiteral("data"),
            QStringLiteral("Data directory (default: %1).")
                .arg(ServerCommandLine::defaultDataDirectory()),
            QStringLiteral("dir")};
}

QCommandLineOption jsonOption()
{
    return {QStringLiteral("json"), QStringLiteral("Print the result as JSON.")};
}

} // namespace

ServerCommandLine::ServerCommandLine(QTextStream &out, QTextStream &err)
    : m_out(out)
    , m_err(err)
{
    m_commands.push_back(serveCommand());
    m_commands.push_back(initDemoCommand());
    m_commands.push_back(projectsCommand());
    m_commands.push_back(keysCommand());
    m_commands.push_back(accountsCommand());
    m_commands.push_back(subaccountsCommand());
    m_commands.push_back(creditsCommand());
    m_commands.push_back(platformsCommand());
}

ServerCommandLine::~ServerCommandLine() = default;

QString ServerCommandLine::defaultDataDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

const Command *ServerCommandLine::find(const QString &name) const
{
    for (const Command &command : m_commands) {
        if (command.name == name)
            return &command;
    }
    return nullptr;
}

QString ServerCommandLine::overview() const
{
    QString text
        = QStringLiteral("Usage: slotline-server <command> [options]\n\n"
                         "The Slotline REST API v2 server and its administration.\n\nCommands:\n");
    for (const Command &command : m_commands) {
        for (const CommandVerb &verb : command.verbs) {
            const QString usage
                = verb.name.isEmpty() ? command.name : command.name + u' ' + verb.name;
            text += QStringLiteral("  %1%2\n").arg(usage.leftJustified(22), verb.description);
        }
    }
    text += QStringLiteral(
                "\nGlobal options:\n  --data <dir>          Data directory (default: %1)\n"
                "  -h, --help            Help; after a command, that command's help.\n"
                "  -v, --version         The version.\n")
                .arg(defaultDataDirectory());
    return text;
}

QString ServerCommandLine::commandHelp(const Command &command, const CommandVerb &verb,
                                       const QCommandLineParser &parser) const
{
    const QString usage = verb.name.isEmpty() ? command.name : command.name + u' ' + verb.name;
    QString options = parser.helpText();
    // Qt's own usage line names only the executable; ours names the command.
    const qsizetype optionsStart = options.indexOf(QStringLiteral("Options:"));
    if (optionsStart >= 0)
        options = options.sliced(optionsStart);
    return QStringLiteral("Usage: slotline-server %1 [options]\n\n%2\n\n%3")
        .arg(usage, verb.description, options);
}

int ServerCommandLine::run(const QStringList &arguments)
{
    QCommandLineParser global;
    global.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    const QCommandLineOption help = global.addHelpOption();
    const QCommandLineOption version = global.addVersionOption();
    global.addOption(dataOption());
    global.addPositionalArgument(QStringLiteral("command"), QStringLiteral("What to do."));
    if (!global.parse(arguments)) {
        m_err << "error: " << global.errorText() << Qt::endl
              << "See: slotline-server --help" << Qt::endl;
        return ExitUsage;
    }
    if (global.isSet(version)) {
        m_out << "slotline-server " << SLOTLINE_VERSION << Qt::endl;
        return ExitSuccess;
    }
    const QStringList positional = global.positionalArguments();
    if (positional.isEmpty()) {
        (global.isSet(help) ? m_out : m_err) << overview();
        return global.isSet(help) ? ExitSuccess : ExitUsage;
    }

    const Command *command = find(positional.first());
    if (!command) {
        m_err << "error: unknown command \"" << positional.first() << "\"" << Qt::endl
              << Qt::endl
              << overview();
        return ExitUsage;
    }
    const QList<CommandVerb> &verbs = command->verbs;
    QStringList rest = positional.mid(1);
    const bool singleAction = verbs.size() == 1 && verbs.first().name.isEmpty();
    const QString verbName = singleAction ? QString() : rest.value(0);
    const auto verb = std::find_if(verbs.cbegin(), verbs.cend(), [&](const CommandVerb &candidate) {
        return candidate.name == verbName;
    });
    if (verb == verbs.cend()) {
        const bool wantsHelp = global.isSet(help) || verbName == u"--help" || verbName == u"-h";
        QTextStream &stream = wantsHelp ? m_out : m_err;
        if (!wantsHelp)
            stream << "error: "
                   << (verbName.isEmpty() ? QStringLiteral("missing") : QStringLiteral("unknown"))
                   << " action for " << command->name << Qt::endl;
        QStringList names;
        for (const CommandVerb &candidate : verbs)
            names.append(candidate.name);
        stream << "Usage: slotline-server " << command->name << " <" << names.join(u'|')
               << "> [options]" << Qt::endl;
        for (const CommandVerb &candidate : verbs)
            stream << "  " << candidate.name.leftJustified(10) << candidate.description << Qt::endl;
        return wantsHelp ? ExitSuccess : ExitUsage;
    }
    if (!singleAction)
        rest = rest.mid(1);

    QCommandLineParser parser;
    const QCommandLineOption commandHelpOption = parser.addHelpOption();
    parser.addOption(dataOption());
    if (command->name != u"serve")
        parser.addOption(jsonOption());
    if (verb->configure)
        verb->configure(parser);
    if (!parser.parse(QStringList {arguments.value(0)} + rest)) {
        m_err << "error: " << parser.errorText() << Qt::endl
              << "See: slotline-server " << command->name
              << (verbName.isEmpty() ? QString() : u' ' + verbName) << " --help" << Qt::endl;
        return ExitUsage;
    }
    if (parser.isSet(commandHelpOption) || global.isSet(help)) {
        m_out << commandHelp(*command, *verb, parser);
        return ExitSuccess;
    }

    CommandContext context {
        parser.isSet(QStringLiteral("data"))   ? parser.value(QStringLiteral("data"))
        : global.isSet(QStringLiteral("data")) ? global.value(QStringLiteral("data"))
                                               : defaultDataDirectory(),
        command->name != u"serve" && parser.isSet(QStringLiteral("json")),
        m_out,
        m_err,
        {},
        {}};
    return verb->run(parser, context);
}

} // namespace slotline
