#pragma once

#include "serverapp/command.h"

namespace slotline {

// accounts add | list
Command accountsCommand();

} // namespace slotline
