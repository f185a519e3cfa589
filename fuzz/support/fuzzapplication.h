#pragma once

namespace slotline::fuzz {

// Creates the QCoreApplication the targets need (event loop, time zones, resources), once,
// from LLVMFuzzerInitialize. Log output is dropped: a fuzzer feeds in millions of bad
// inputs, each of which would log. SLOTLINE_FUZZ_LOG=1 keeps it.
void startApplication(int *argc, char ***argv);

} // namespace slotline::fuzz
