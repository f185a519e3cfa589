#pragma once

#include "serverapp/command.h"

namespace slotline {

// accounts add | list
class AccountsCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("accounts"); }
    QStringList verbs() const override;
    QString description(const QString &verb) const override;
    void configure(const QString &verb, QCommandLineParser &parser) const override;
    int run(const QString &verb, const QCommandLineParser &parser,
            CommandContext &context) override;

    // Known connectors; `sandbox` publishes into the server itself.
    static QStringList connectors();

private:
    int add(const QCommandLineParser &parser, CommandContext &context);
    int list(const QCommandLineParser &parser, CommandContext &context);
};

} // namespace slotline
