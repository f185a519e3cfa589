#pragma once

#include "serverapp/command.h"

namespace slotline {

// subaccounts add
Command subaccountsCommand();

} // namespace slotline
