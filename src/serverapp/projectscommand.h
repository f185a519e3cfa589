#pragma once

#include "serverapp/command.h"

namespace slotline {

// projects create | list
class ProjectsCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("projects"); }
    QStringList verbs() const override;
    QString description(const QString &verb) const override;
    void configure(const QString &verb, QCommandLineParser &parser) const override;
    int run(const QString &verb, const QCommandLineParser &parser,
            CommandContext &context) override;

    // Checks a name and zone as `projects create` and `init-demo` need them; prints why not.
    static bool validate(const QString &name, const QString &timezone, CommandContext &context);

private:
    int create(const QCommandLineParser &parser, CommandContext &context);
    int list(CommandContext &context);
};

} // namespace slotline
