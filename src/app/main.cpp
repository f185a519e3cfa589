#include "app/desktopapp.h"
#include "app/translations.h"
#include "gui/icontheme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QSettings>

using namespace Qt::Literals::StringLiterals;

int main(int argc, char *argv[])
{
    QApplication application(argc, argv);
    QApplication::setOrganizationName(u"Slotline"_s);
    QApplication::setApplicationName(u"slotline"_s);
    QApplication::setApplicationDisplayName(u"Slotline"_s);
    QApplication::setApplicationVersion(QStringLiteral(SLOTLINE_VERSION));
    QApplication::setDesktopFileName(u"org.slotline.Slotline"_s);
    QApplication::setWindowIcon(QIcon(u":/icons/app/slotline.svg"_s));
    slotline::gui::IconTheme::install();

    const slotline::app::Translations translations;

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Plan, schedule and publish social-media posts."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption profile(
        u"profile"_s,
        QApplication::translate("main", "Keep settings, drafts and the built-in server's data "
                                        "in <directory> instead of the user's own."),
        QApplication::translate("main", "directory"));
    parser.addOption(profile);
    parser.process(application);

    slotline::app::DesktopApp::Options options;
    if (parser.isSet(profile)) {
        const QString directory = QDir(parser.value(profile)).absolutePath();
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
