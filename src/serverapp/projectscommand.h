#pragma once

#include "serverapp/command.h"

namespace slotline {

// projects create | list
Command projectsCommand();

// Checks a name and zone as `projects create` and `init-demo` need them; prints why not.
bool validateProject(const QString &name, const QString &timezone, CommandContext &context);

} // namespace slotline
