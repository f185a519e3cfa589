#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QStringList>

class QCoreApplication;

namespace slotline::app {

// slotline's options. Help and version are answered without a display: main() asks
// printsOnly() before it creates the QApplication, which needs one.
class CommandLine
{
public:
    // After the translations are installed: the descriptions are translated.
    CommandLine();

    // Whether the arguments only ask for text (--help, --help-all, --version), which a
    // QCoreApplication can print where no display is.
    static bool printsOnly(const QStringList &arguments);

    // Exits the process after printing help, the version or an error, as
    // QCommandLineParser::process() does.
    void process(const QCoreApplication &application);

    // The directory of --profile, absolute; empty without it.
    QString profileDirectory() const;

private:
    QCommandLineParser m_parser;
    QCommandLineOption m_profile;
};

} // namespace slotline::app
