#pragma once

#include "serverapp/command.h"

namespace slotline {

// keys create | list | revoke
class KeysCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("keys"); }
    QStringList verbs() const override;
    QString description(const QString &verb) const override;
    void configure(const QString &verb, QCommandLineParser &parser) const override;
    int run(const QString &verb, const QCommandLineParser &parser,
            CommandContext &context) override;

private:
    int create(const QCommandLineParser &parser, CommandContext &context);
    int list(const QCommandLineParser &parser, CommandContext &context);
    int revoke(const QCommandLineParser &parser, CommandContext &context);
};

} // namespace slotline
