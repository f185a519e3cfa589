#pragma once

#include <QString>

namespace slotline::fuzz {

// Reports a property the input broke and stops with a trap, which libFuzzer records as a
// crash together with the input. Unlike Q_ASSERT it fires in every build.
[[noreturn]] void fail(const char *condition, const char *file, int line, const QString &detail);

} // namespace slotline::fuzz

// FUZZ_CHECK(condition, detail): `detail` (a QString) says what was seen; it is only
// evaluated when the check fails.
#define FUZZ_CHECK(condition, detail)                                                              \
    do {                                                                                           \
        if (!(condition))                                                                          \
            ::slotline::fuzz::fail(#condition, __FILE__, __LINE__, (detail));                      \
    } while (false)
