#pragma once

#include "serverapp/command.h"

namespace slotline {

// credits grant
class CreditsCommand : public Command
{
public:
    static constexpr qint64 MaxGrant = 1'000'000'000;

    QString name() const override { return QStringLiteral("credits"); }
    QStringList verbs() const override { return {QStringLiteral("grant")}; }
    QString description(const QString &verb) const override;
    void configure(const QString &verb, QCommandLineParser &parser) const override;
    int run(const QString &verb, const QCommandLineParser &parser,
            CommandContext &context) override;
};

} // namespace slotline
