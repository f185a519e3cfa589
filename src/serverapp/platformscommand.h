#pragma once

#include "serverapp/command.h"

#include <optional>

namespace slotline {

class SecretBox;

// platforms set | list | remove: the developer apps the server signs in to LinkedIn, X
// and Facebook with.
class PlatformsCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("platforms"); }
    QStringList verbs() const override;
    QString description(const QString &verb) const override;
    void configure(const QString &verb, QCommandLineParser &parser) const override;
    int run(const QString &verb, const QCommandLineParser &parser,
            CommandContext &context) override;

private:
    int set(const QCommandLineParser &parser, CommandContext &context, const SecretBox &secrets);
    int list(CommandContext &context, const SecretBox &secrets);
    int remove(const QCommandLineParser &parser, CommandContext &context, const SecretBox &secrets);
    static std::optional<QString> platformArgument(const QCommandLineParser &parser,
                                                   CommandContext &context);
};

} // namespace slotline
