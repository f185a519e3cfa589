#include "app/commandline.h"

#include <QCoreApplication>
#include <QDir>

using namespace Qt::Literals::StringLiterals;

namespace slotline::app {

CommandLine::CommandLine()
    : m_profile(u"profile"_s,
                QCoreApplication::translate("main",
                                            "Keep settings, drafts and the built-in server's data "
                                            "in <directory> instead of the user's own."),
                QCoreApplication::translate("main", "directory"))
{
    m_parser.setApplicationDescription(
        QCoreApplication::translate("main", "Plan, schedule and publish social-media posts."));
    m_parser.addHelpOption();
    m_parser.addVersionOption();
    m_parser.addOption(m_profile);
}

bool CommandLine::printsOnly(const QStringList &arguments)
{
    static const QStringList textOnly {u"-h"_s,         u"--help"_s, u"-?"_s,
                                       u"--help-all"_s, u"-v"_s,     u"--version"_s};
    for (const QString &argument : arguments.mid(1)) {
        if (argument == u"--"_s)
            return false;
        if (textOnly.contains(argument))
            return true;
    }
    return false;
}

void CommandLine::process(const QCoreApplication &application)
{
    m_parser.process(application);
}

QString CommandLine::profileDirectory() const
{
    return m_parser.isSet(m_profile) ? QDir(m_parser.value(m_profile)).absolutePath() : QString();
}

} // namespace slotline::app
