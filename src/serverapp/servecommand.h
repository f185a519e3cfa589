#pragma once

#include "server/serverconfig.h"
#include "serverapp/command.h"

#include <QHostAddress>

#include <optional>

namespace slotline {

// serve: runs the REST API until SIGINT or SIGTERM, then shuts down cleanly (the call
// log is flushed, the database closed).
class ServeCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("serve"); }
    QStringList verbs() const override { return {QString()}; }
    QString description(const QString &verb) const override;
    void configure(const QString &verb, QCommandLineParser &parser) const override;
    int run(const QString &verb, const QCommandLineParser &parser,
            CommandContext &context) override;

    // "127.0.0.1:8787", "[::1]:0", "localhost:8080"
    static std::optional<std::pair<QHostAddress, quint16>> parseListen(const QString &text);
    // "https://slotline.example.com/" → "https://slotline.example.com"; a path prefix is
    // kept for servers behind a proxy.
    static std::optional<QString> parsePublicUrl(const QString &text);

private:
    static std::optional<ServerConfig> readConfig(const QCommandLineParser &parser,
                                                  CommandContext &context);
};

} // namespace slotline
