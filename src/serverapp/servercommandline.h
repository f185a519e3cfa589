#pragma once

#include "serverapp/command.h"

#include <QStringList>
#include <QTextStream>

#include <memory>
#include <vector>

namespace slotline {

// `slotline-server <noun> [<verb>] [options]`: finds the sub-command, parses its own
// options, opens the data directory it names and runs it. Never exits the process
// itself, so it can be tested.
class ServerCommandLine
{
public:
    ServerCommandLine(QTextStream &out, QTextStream &err);
    ~ServerCommandLine();

    int run(const QStringList &arguments);

    static QString defaultDataDirectory();

private:
    const Command *find(const QString &name) const;
    QString overview() const;
    QString commandHelp(const Command &command, const CommandVerb &verb,
                        const QCommandLineParser &parser) const;

    QTextStream &m_out;
    QTextStream &m_err;
    QList<Command> m_commands;
};

} // namespace slotline
