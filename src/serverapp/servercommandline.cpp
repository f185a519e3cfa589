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
    m_commands.push_back(std::make_unique<ServeCommand>());
    m_commands.push_back(std::make_unique<InitDemoCommand>());
    m_commands.push_back(std::make_unique<ProjectsCommand>());
    m_commands.push_back(std::make_unique<KeysCommand>());
    m_commands.push_back(std::make_unique<AccountsCommand>());
    m_commands.push_back(std::make_unique<SubaccountsCommand>());
    m_commands.push_back(std::make_unique<CreditsCommand>());
    m_commands.push_back(std::make_unique<PlatformsCommand>());
}

ServerCommandLine::~ServerCommandLine() = default;

QString ServerCommandLine::defaultDataDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

Command *ServerCommandLine::find(const QString &name) const
{
    for (const auto &command : m_commands) {
        if (command->name() == name)
            return command.get();
    }
    return nullptr;
}

QString ServerCommandLine::overview() const
{
    QString text
        = QStringLiteral("Usage: slotline-server <command> [options]\n\n"
                         "The Slotline REST API v2 server and its administration.\n\nCommands:\n");
    for (const auto &command : m_commands) {
        for (const QString &verb : command->verbs()) {
            const QString usage = verb.isEmpty() ? command->name() : command->name() + u' ' + verb;
            text += QStringLiteral("  %1%2\n")
                        .arg(usage.leftJustified(22), command->description(verb));
        }
    }
    text += QStringLiteral(
                "\nGlobal options:\n  --data <dir>          Data directory (default: %1)\n"
                "  -h, --help            Help; after a command, that command's help.\n"
                "  -v, --version         The version.\n")
                .arg(defaultDataDirectory());
    return text;
}

QString ServerCommandLine::commandHelp(const Command &command, const QString &verb,
                                       const QCommandLineParser &parser) const
{
    const QString usage = verb.isEmpty() ? command.name() : command.name() + u' ' + verb;
    QString options = parser.helpText();
    // Qt's own usage line names only the executable; ours names the command.
    const qsizetype optionsStart = options.indexOf(QStringLiteral("Options:"));
    if (optionsStart >= 0)
        options = options.sliced(optionsStart);
    return QStringLiteral("Usage: slotline-server %1 [options]\n\n%2\n\n%3")
        .arg(usage, command.description(verb), options);
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

    Command *command = find(positional.first());
    if (!command) {
        m_err << "error: unknown command \"" << positional.first() << "\"" << Qt::endl
              << Qt::endl
              << overview();
        return ExitUsage;
    }
    QString verb;
    QStringList rest = positional.mid(1);
    if (command->verbs() != QStringList {QString()}) {
        verb = rest.value(0);
        if (!command->verbs().contains(verb)) {
            const bool wantsHelp = global.isSet(help) || verb == u"--help" || verb == u"-h";
            QTextStream &stream = wantsHelp ? m_out : m_err;
            if (!wantsHelp)
                stream << "error: "
                       << (verb.isEmpty() ? QStringLiteral("missing") : QStringLiteral("unknown"))
                       << " action for " << command->name() << Qt::endl;
            stream << "Usage: slotline-server " << command->name() << " <"
                   << command->verbs().join(u'|') << "> [options]" << Qt::endl;
            for (const QString &candidate : command->verbs())
                stream << "  " << candidate.leftJustified(10) << command->description(candidate)
                       << Qt::endl;
            return wantsHelp ? ExitSuccess : ExitUsage;
        }
        rest = rest.mid(1);
    }

    QCommandLineParser parser;
    const QCommandLineOption commandHelpOption = parser.addHelpOption();
    parser.addOption(dataOption());
    if (command->name() != u"serve")
        parser.addOption(jsonOption());
    command->configure(verb, parser);
    if (!parser.parse(QStringList {arguments.value(0)} + rest)) {
        m_err << "error: " << parser.errorText() << Qt::endl
              << "See: slotline-server " << command->name()
              << (verb.isEmpty() ? QString() : u' ' + verb) << " --help" << Qt::endl;
        return ExitUsage;
    }
    if (parser.isSet(commandHelpOption) || global.isSet(help)) {
        m_out << commandHelp(*command, verb, parser);
        return ExitSuccess;
    }

    CommandContext context {
        parser.isSet(QStringLiteral("data"))   ? parser.value(QStringLiteral("data"))
        : global.isSet(QStringLiteral("data")) ? global.value(QStringLiteral("data"))
                                               : defaultDataDirectory(),
        command->name() != u"serve" && parser.isSet(QStringLiteral("json")),
        m_out,
        m_err,
        {},
        {}};
    return command->run(verb, parser, context);
}

} // namespace slotline
