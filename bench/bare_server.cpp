#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHttpServer>
#include <QHttpServerResponse>
#include <QJsonObject>
#include <QTextStream>

#include <cstdio>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("A bare QtHttpServer route, for comparison."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("port"), QStringLiteral("Port (0 picks one)."),
                      QStringLiteral("port"), QStringLiteral("0")});
    parser.process(app);

    QHttpServer server;
    // The shape and size of GET /users/me's answer.
    const QJsonObject me {{QStringLiteral("apiKeyId"), QStringLiteral("key_0000000000000000000")},
                          {QStringLiteral("email"), QStringLiteral("demo@slotline.invalid")},
                          {QStringLiteral("id"), QStringLiteral("usr_00000000000000000000")},
                          {QStringLiteral("name"), QStringLiteral("Demo User")},
                          {QStringLiteral("projectId"), QStringLiteral("prj_00000000000000000000")},
                          {QStringLiteral("projectName"), QStringLiteral("Demo")},
                          {QStringLiteral("timezone"), QStringLiteral("UTC")}};
    server.route(QStringLiteral("/api/v2/users/me"), [me] { return QHttpServerResponse(me); });
    const quint16 port
        = server.listen(QHostAddress::LocalHost, parser.value(QStringLiteral("port")).toUShort());
    if (port == 0) {
        std::fprintf(stderr, "cannot listen\n");
        return 1;
    }
    QTextStream(stdout) << "bare server listening on http://127.0.0.1:" << port << Qt::endl;
    return QCoreApplication::exec();
}
