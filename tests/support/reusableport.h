#pragma once

#include <QtGlobal>

namespace slotline::test {

// A free port below the range the system hands out for port 0 (32768 and up on Linux),
// for a test that stops a server and starts another on the same address: a port picked
// by the system could be handed to another test's server in between.
quint16 reusablePort();

} // namespace slotline::test
