#include "serverapp/servecommand.h"

#include "server/apiserver.h"
#include "serverapp/datadirectorylock.h"
#include "serverapp/logcategories.h"
#include "serverapp/unixsignalwatcher.h"
#include "storage/secretbox.h"

#include <QCoreApplication>
#include <QUrl>

#include <cerrno>
#include <csignal>
#include <sys/resource.h>

namespace slotline {
namespace {

struct IntegerOption
{
    const char *name;
    const char *description;
    int defaultValue;
    int minimum;
    int maximum;
};

const IntegerOption IntegerOptions[] = {
    {"read-limit", "Reads allowed per API key in any 60 seconds.", 60, 1, 100'000'000},
    {"write-limit", "Writes allowed per API key in any 60 seconds.", 30, 1, 100'000'000},
    {"auth-failure-limit", "Failed authentications allowed per client address in any 60 seconds.",
     20, 1, 100'000'000},
    {"max-connections", "Open connections at most; the longest-idle one is closed to make room.",
     2048, 1, 1'000'000},
    {"header-timeout", "Seconds a client has to send a request's headers.", 10, 1, 3600},
    {"body-timeout", "Seconds a client has to send a request's body.", 30, 1, 3600},
    {"idle-timeout", "Seconds an idle kept-alive connection stays open.", 60, 1, 86400},
    {"call-log-days", "Days the call log is kept (0 keeps it forever).", 30, 0, 36500},
    {"media-max-mb", "Largest media file fetched or uploaded, in MiB.", 100, 1, 10'240},
};

// Every connection is a file descriptor, and so are media files and fetches; the default
// soft limit (1024 on Debian) would cap the server below --max-connections. As servers do,
// take all the hard limit allows; past what the limit leaves, the guard closes idle
// connections to make room, as it does at --max-connections.
void raiseFileLimit(int maxConnections)
{
    rlimit limit {};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0)
        return;
    if (limit.rlim_cur < limit.rlim_max) {
        const rlim_t soft = limit.rlim_cur;
        limit.rlim_cur = limit.rlim_max;
        if (::setrlimit(RLIMIT_NOFILE, &limit) == 0) {
            qCInfo(lcServe) << "open file limit raised from" << soft << "to" << limit.rlim_cur;
        } else {
            qCWarning(lcServe) << "cannot raise the open file limit from" << soft << "to"
                               << limit.rlim_max << "-" << qt_error_string(errno);
            limit.rlim_cur = soft;
        }
    }
    const rlim_t wanted = rlim_t(maxConnections) + GuardedTcpServer::ReservedDescriptors;
    if (limit.rlim_cur < wanted)
        qCWarning(lcServe) << "open file limit is" << limit.rlim_cur << "- fewer connections than"
                           << maxConnections << "can be served";
}

void configure(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("listen"),
                      QStringLiteral("Address and port; port 0 picks a free one (printed)."),
                      QStringLiteral("address:port"), QStringLiteral("127.0.0.1:8787")});
    parser.addOption(
        {QStringLiteral("public-url"),
         QStringLiteral("The address readers reach this server at, for the links it hands out "
                        "(published sandbox posts). Default: http:// and the --listen address."),
         QStringLiteral("url")});
    parser.addOption(
        {QStringLiteral("media-allow"),
         QStringLiteral("Addresses or networks POST /media may fetch from although they are "
                        "internal (loopback, private, link-local, ...), comma-separated, e.g. "
                        "10.0.0.0/8,::1. Default: public addresses only."),
         QStringLiteral("networks")});
    parser.addOption({QStringLiteral("media-dir"),
                      QStringLiteral("Where media files are stored. Default: media in the data "
                                     "directory."),
                      QStringLiteral("directory")});
    for (const IntegerOption &option : IntegerOptions)
        parser.addOption({QString::fromLatin1(option.name),
                          QString::fromLatin1(option.description)
                              + QStringLiteral(" Default: %1.").arg(option.defaultValue),
                          QStringLiteral("n"), QString::number(option.defaultValue)});
}

std::optional<ServerConfig> readConfig(const QCommandLineParser &parser, CommandContext &context)
{
    QHash<QString, int> values;
    for (const IntegerOption &option : IntegerOptions) {
        const QString name = QString::fromLatin1(option.name);
        bool ok = false;
        const int value = parser.value(name).toInt(&ok);
        if (!ok || value < option.minimum || value > option.maximum) {
            context.err << "error: --" << name << " must be a whole number from " << option.minimum
                        << " to " << option.maximum << Qt::endl;
            return std::nullopt;
        }
        values.insert(name, value);
    }
    ServerConfig config;
    if (parser.isSet(QStringLiteral("public-url"))) {
        const auto publicUrl = parsePublicUrl(parser.value(QStringLiteral("public-url")));
        if (!publicUrl) {
            context.err << "error: --public-url must be an http:// or https:// address without "
                           "a query, e.g. https://slotline.example.com"
                        << Qt::endl;
            return std::nullopt;
        }
        config.publicBaseUrl = *publicUrl;
    }
    if (parser.isSet(QStringLiteral("media-allow"))) {
        QString error;
        const auto policy
            = AddressPolicy::fromAllowList(parser.value(QStringLiteral("media-allow")), &error);
        if (!policy) {
            context.err << "error: --media-allow: " << error << Qt::endl;
            return std::nullopt;
        }
        config.mediaAddresses = *policy;
    }
    if (parser.isSet(QStringLiteral("media-dir")))
        config.mediaDirectory = parser.value(QStringLiteral("media-dir"));
    config.mediaFetch.maxBytes = qint64(values.value(QStringLiteral("media-max-mb"))) * 1024 * 1024;
    config.readsPerMinute = values.value(QStringLiteral("read-limit"));
    config.writesPerMinute = values.value(QStringLiteral("write-limit"));
    config.authFailuresPerMinute = values.value(QStringLiteral("auth-failure-limit"));
    config.http.maxConnections = values.value(QStringLiteral("max-connections"));
    config.http.headerTimeoutMs = values.value(QStringLiteral("header-timeout")) * 1000;
    config.http.bodyTimeoutMs = values.value(QStringLiteral("body-timeout")) * 1000;
    config.http.idleTimeoutMs = values.value(QStringLiteral("idle-timeout")) * 1000;
    config.callLogRetentionDays = values.value(QStringLiteral("call-log-days"));
    return config;
}

int serve(const QCommandLineParser &parser, CommandContext &context)
{
    const auto listen = parseListenAddress(parser.value(QStringLiteral("listen")));
    if (!listen) {
        context.err << "error: --listen must be ADDRESS:PORT, e.g. 127.0.0.1:8787 or [::1]:0"
                    << Qt::endl;
        return ExitUsage;
    }
    const auto config = readConfig(parser, context);
    if (!config)
        return ExitUsage;
    if (!context.openDatabase())
        return ExitFailure;
    DataDirectoryLock directoryLock;
    if (QString error; !directoryLock.lock(context.dataDirectory, &error)) {
        context.err << "error: " << error << "; stop it first, or serve another --data directory"
                    << Qt::endl;
        return ExitFailure;
    }
    raiseFileLimit(config->http.maxConnections);
    // A key that cannot be used would leave every connected account unreadable: say so
    // now, not at the first post.
    if (QString error;
        !SecretBox::fromKeyFile(SecretBox::keyFilePath(context.dataDirectory), &error)) {
        context.err << "error: the secret key: " << error << Qt::endl;
        return ExitFailure;
    }

    ApiServer server(context.database, context.clock, *config);
    if (!server.listen(listen->first, listen->second)) {
        context.err << "error: cannot listen on " << parser.value(QStringLiteral("listen")) << ": "
                    << server.errorString() << Qt::endl;
        return ExitFailure;
    }
    const QString host = listen->first.protocol() == QAbstractSocket::IPv6Protocol
                             ? QStringLiteral("[%1]").arg(listen->first.toString())
                             : listen->first.toString();
    context.out << "Slotline server listening on http://" << host << ':' << server.port()
                << "/api/v2 (data: " << context.dataDirectory << ")" << Qt::endl;

    UnixSignalWatcher signalWatcher({SIGINT, SIGTERM});
    QObject::connect(&signalWatcher, &UnixSignalWatcher::signalReceived, qApp,
                     [](int signalNumber) {
                         qCInfo(lcServe) << "received signal" << signalNumber << "- shutting down";
                         QCoreApplication::quit();
                     });
    const int result = QCoreApplication::exec();
    server.flushCallLog();
    context.out << "Slotline server stopped." << Qt::endl;
    return result == 0 ? ExitSuccess : ExitFailure;
}

} // namespace

std::optional<std::pair<QHostAddress, quint16>> parseListenAddress(const QString &text)
{
    const qsizetype colon = text.lastIndexOf(u':');
    if (colon <= 0)
        return std::nullopt;
    QString host = text.first(colon);
    bool ok = false;
    const uint port = text.sliced(colon + 1).toUInt(&ok);
    if (!ok || port > 65535)
        return std::nullopt;
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.sliced(1, host.size() - 2);
    QHostAddress address;
    if (host == u"localhost")
        address = QHostAddress(QHostAddress::LocalHost);
    else if (!address.setAddress(host))
        return std::nullopt;
    return std::pair {address, quint16(port)};
}

std::optional<QString> parsePublicUrl(const QString &text)
{
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https")
        || url.host().isEmpty() || !url.userInfo().isEmpty() || url.hasQuery() || url.hasFragment())
        return std::nullopt;
    QString normalized = url.toString(QUrl::FullyEncoded);
    while (normalized.endsWith(u'/'))
        normalized.chop(1);
    return normalized;
}

Command serveCommand()
{
    return {
        QStringLiteral("serve"),
        {{QString(), QStringLiteral("Serve the REST API v2 until interrupted (SIGINT or SIGTERM)."),
          configure, serve}}};
}

} // namespace slotline
