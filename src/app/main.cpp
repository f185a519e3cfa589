#include "app/commandline.h"
#include "app/desktopapp.h"
#include "app/translations.h"
#include "gui/common/icontheme.h"

#include <QApplication>
#include <QDir>
#include <QIcon>
#include <QSettings>

using namespace Qt::Literals::StringLiterals;

namespace {

void nameTheApplication()
{
    QCoreApplication::setOrganizationName(u"Slotline"_s);
    QCoreApplication::setApplicationName(u"slotline"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(SLOTLINE_VERSION));
}

QStringList argumentsOf(int argc, char *argv[])
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    return arguments;
}

} // namespace

int main(int argc, char *argv[])
{
    // --help and --version also where there is no display (over ssh on the server's
    // machine): a QApplication would abort there before printing anything.
    if (slotline::app::CommandLine::printsOnly(argumentsOf(argc, argv))) {
        QCoreApplication core(argc, argv);
        nameTheApplication();
        const slotline::app::Translations translations;
        slotline::app::CommandLine commandLine;
        commandLine.process(core);
        return 0;
    }

    QApplication application(argc, argv);
    nameTheApplication();
    QApplication::setApplicationDisplayName(u"Slotline"_s);
    QApplication::setDesktopFileName(u"org.slotline.Slotline"_s);
    QApplication::setWindowIcon(QIcon(u":/icons/app/slotline.svg"_s));
    slotline::gui::IconTheme::install();

    const slotline::app::Translations translations;
    slotline::app::CommandLine commandLine;
    commandLine.process(application);

    slotline::app::DesktopApp::Options options;
    // The address docs/connectors.md tells to register as the platforms' callback.
    options.preferredServerPort = 8787;
    if (const QString directory = commandLine.profileDirectory(); !directory.isEmpty()) {
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, directory);
        options.dataDirectory = QDir(directory).filePath(u"data"_s);
    }
    slotline::app::DesktopApp desktop(options);
    QObject::connect(&desktop, &slotline::app::DesktopApp::finished, &application,
                     &QApplication::quit, Qt::QueuedConnection);
    desktop.start();
    return application.exec();
}
