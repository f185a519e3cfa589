#pragma once

#include "serverapp/command.h"

namespace slotline {

// subaccounts add
class SubaccountsCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("subaccounts"); }
    QStringList verbs() const override { return {QStringLiteral("add")}; }
    QString description(const QString &verb) const override;
    void configure(const QString &verb, QCommandLineParser &parser) const override;
    int run(const QString &verb, const QCommandLineParser &parser,
            CommandContext &context) override;
};

} // namespace slotline
