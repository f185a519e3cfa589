#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cstdio>

namespace {

const QByteArray JsonType = QByteArrayLiteral("application/json");

// One more route: "METHOD PATH STATUS FILE". It answers the bytes of FILE (an answer of
// slotline-server's, saved by the benchmark) as JSON with STATUS: what QtHttpServer alone
// costs for an answer of that size, without building it. A POST route first parses its
// body as a JSON object, the least any real route does with one.
bool addRoute(QHttpServer &server, const QString &description)
{
    const QStringList parts = description.split(u' ', Qt::SkipEmptyParts);
    if (parts.size() != 4 || (parts[0] != u"GET" && parts[0] != u"POST")) {
        std::fprintf(stderr, "--route wants \"GET|POST PATH STATUS FILE\", not \"%s\"\n",
                     qPrintable(description));
        return false;
    }
    bool statusOk = false;
    const auto status = QHttpServerResponder::StatusCode(parts[2].toInt(&statusOk));
    QFile file(parts[3]);
    if (!statusOk || !file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "--route \"%s\": bad status or unreadable file\n",
                     qPrintable(description));
        return false;
    }
    const QByteArray answer = file.readAll();
    if (!QJsonDocument::fromJson(answer).isObject()) {
        std::fprintf(stderr, "--route \"%s\": the file holds no JSON object\n",
                     qPrintable(description));
        return false;
    }
    if (parts[0] == u"GET")
        return server.route(parts[1], QHttpServerRequest::Method::Get, [answer, status] {
            return QHttpServerResponse(JsonType, answer, status);
        });
    return server.route(parts[1], QHttpServerRequest::Method::Post,
                        [answer, status](const QHttpServerRequest &request) {
                            const QJsonDocument body = QJsonDocument::fromJson(request.body());
                            if (!body.isObject())
                                return QHttpServerResponse(
                                    QHttpServerResponder::StatusCode::BadRequest);
                            return QHttpServerResponse(JsonType, answer, status);
                        });
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("A bare QtHttpServer route, for comparison."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("port"), QStringLiteral("Port (0 picks one)."),
                      QStringLiteral("port"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("route"),
                      QStringLiteral("Another route, \"GET|POST PATH STATUS FILE\": answers the "
                                     "JSON object in FILE (repeatable)."),
                      QStringLiteral("route")});
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
    // The routes given come first: one may answer GET /users/me in place of the built-in
    // route (with the 429 a rate-limited key gets, say).
    for (const QString &route : parser.values(QStringLiteral("route"))) {
        if (!addRoute(server, route))
            return 2;
    }
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
