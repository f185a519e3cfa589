#include "fakeplatforms/fakeplatformserver.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

using namespace Qt::StringLiterals;
using slotline::fake::FakePlatformServer;
using slotline::fake::FakePlatformSettings;
using slotline::fake::OAuthApp;

namespace {

struct AppOptions
{
    QCommandLineOption clientId;
    QCommandLineOption clientSecret;
    QCommandLineOption redirectUri;
};

AppOptions appOptions(const QString &platform, const QString &title)
{
    return {QCommandLineOption(platform + u"-client-id"_s, title + u" client id."_s, u"id"_s),
            QCommandLineOption(platform + u"-client-secret"_s, title + u" client secret."_s,
                               u"secret"_s),
            QCommandLineOption(
                platform + u"-redirect-uri"_s,
                title + u" registered redirect URI (repeat for several; replaces the default)."_s,
                u"uri"_s)};
}

void applyAppOptions(const QCommandLineParser &parser, const AppOptions &options, OAuthApp *app)
{
    if (parser.isSet(options.clientId))
        app->clientId = parser.value(options.clientId);
    if (parser.isSet(options.clientSecret))
        app->clientSecret = parser.value(options.clientSecret);
    if (parser.isSet(options.redirectUri))
        app->redirectUris = parser.values(options.redirectUri);
}

QStringList commaList(const QString &value)
{
    QStringList items;
    for (const QString &item : value.split(u',', Qt::SkipEmptyParts))
        items.append(item.trimmed());
    return items;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication application(argc, argv);
    QCoreApplication::setApplicationName(u"slotline-fake-platforms"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(SLOTLINE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Fake X, LinkedIn and Facebook for trying and testing Slotline's connectors. See docs/fake-platforms.md."_s);
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption portOption(u"port"_s,
                                        u"Port to listen on; 0 picks a free one (default 8790)."_s,
                                        u"port"_s, u"8790"_s);
    const QCommandLineOption addressOption(
        u"address"_s, u"Address to listen on (default 127.0.0.1)."_s, u"address"_s, u"127.0.0.1"_s);
    const QCommandLineOption callbackPortOption(
        u"slotline-port"_s,
        u"Port of Slotline's OAuth callbacks in the default redirect URIs (default 8787)."_s,
        u"port"_s, u"8787"_s);
    const QCommandLineOption graphVersionsOption(
        u"graph-versions"_s,
        u"Graph API versions served, comma-separated, newest first (default v26.0,v25.0,v24.0,v23.0)."_s,
        u"versions"_s);
    const QCommandLineOption linkedinVersionsOption(
        u"linkedin-versions"_s,
        u"LinkedIn-Version values accepted, comma-separated (default: the last 12 months)."_s,
        u"versions"_s);
    const AppOptions x = appOptions(u"x"_s, u"X"_s);
    const AppOptions linkedin = appOptions(u"linkedin"_s, u"LinkedIn"_s);
    const AppOptions facebook = appOptions(u"facebook"_s, u"Facebook"_s);
    parser.addOptions({portOption, addressOption, callbackPortOption, graphVersionsOption,
                       linkedinVersionsOption});
    for (const AppOptions *options : {&x, &linkedin, &facebook})
        parser.addOptions({options->clientId, options->clientSecret, options->redirectUri});
    parser.process(application);

    QTextStream err(stderr);
    bool ok = false;
    const uint port = parser.value(portOption).toUInt(&ok);
    if (!ok || port > 65535) {
        err << "slotline-fake-platforms: --port must be 0..65535\n";
        return 2;
    }
    const uint callbackPort = parser.value(callbackPortOption).toUInt(&ok);
    if (!ok || callbackPort == 0 || callbackPort > 65535) {
        err << "slotline-fake-platforms: --slotline-port must be 1..65535\n";
        return 2;
    }
    const QHostAddress address(parser.value(addressOption));
    if (address.isNull()) {
        err << "slotline-fake-platforms: --address is not an IP address\n";
        return 2;
    }

    FakePlatformSettings settings
        = FakePlatformSettings::defaults(static_cast<quint16>(callbackPort));
    applyAppOptions(parser, x, &settings.x);
    applyAppOptions(parser, linkedin, &settings.linkedin);
    applyAppOptions(parser, facebook, &settings.facebook);
    if (parser.isSet(graphVersionsOption))
        settings.graphVersions = commaList(parser.value(graphVersionsOption));
    if (parser.isSet(linkedinVersionsOption))
        settings.linkedinVersions = commaList(parser.value(linkedinVersionsOption));

    FakePlatformServer server(settings);
    if (server.listen(address, static_cast<quint16>(port)) == 0) {
        err << "slotline-fake-platforms: cannot listen on " << address.toString() << ':' << port
            << ": " << server.errorString() << '\n';
        return 1;
    }
    QTextStream out(stdout);
    out << "slotline-fake-platforms listening on " << server.baseUrl() << '\n'
        << "configure Slotline with:\n";
    for (const QString &command : server.slotlineCommands())
        out << "  " << command << '\n';
    out << "admin API: " << server.baseUrl() << "/__admin/ (see docs/fake-platforms.md)\n";
    out.flush();
    return QCoreApplication::exec();
}
