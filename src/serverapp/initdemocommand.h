#pragma once

#include "serverapp/command.h"

namespace slotline {

// init-demo: a ready-to-use demo project. Safe to run again: the project and its
// accounts are created once, and each run replaces the demo key with a new one (the
// old key is revoked), since a key can only ever be shown when it is created.
class InitDemoCommand : public Command
{
public:
    static constexpr qint64 DemoCredits = 100;

    QString name() const override { return QStringLiteral("init-demo"); }
    QStringList verbs() const override { return {QString()}; }
    QString description(const QString &verb) const override;
    void configure(const QString &verb, QCommandLineParser &parser) const override;
    int run(const QString &verb, const QCommandLineParser &parser,
            CommandContext &context) override;

    static QString demoProjectName() { return QStringLiteral("Demo"); }
};

} // namespace slotline
