#pragma once

#include "serverapp/command.h"

namespace slotline {

// keys create | list | revoke: the API keys that reach a project.
Command keysCommand();

} // namespace slotline
