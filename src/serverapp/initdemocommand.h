#pragma once

#include "serverapp/command.h"

namespace slotline {

// init-demo: a ready-to-use demo project. Safe to run again: the project and its
// accounts are created once, and each run replaces the demo key with a new one (the
// old key is revoked), since a key can only ever be shown when it is created.
Command initDemoCommand();

} // namespace slotline
