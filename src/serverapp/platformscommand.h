#pragma once

#include "serverapp/command.h"

namespace slotline {

// platforms set | list | remove: the developer apps the server signs in to LinkedIn, X
// and Facebook with.
Command platformsCommand();

} // namespace slotline
