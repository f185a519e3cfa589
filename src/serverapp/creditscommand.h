#pragma once

#include "serverapp/command.h"

namespace slotline {

// credits grant
Command creditsCommand();

} // namespace slotline
