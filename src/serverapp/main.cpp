#include "serverapp/servercommandline.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Slotline"));
    QCoreApplication::setApplicationName(QStringLiteral("slotline-server"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SLOTLINE_VERSION));

    QTextStream out(stdout);
    QTextStream err(stderr);
    return slotline::ServerCommandLine(out, err).run(QCoreApplication::arguments());
}
