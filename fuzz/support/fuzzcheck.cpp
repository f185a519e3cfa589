#include "support/fuzzcheck.h"

#include <cstdio>

namespace slotline::fuzz {

void fail(const char *condition, const char *file, int line, const QString &detail)
{
    std::fprintf(stderr, "\n==== property violated at %s:%d\n     %s\n", file, line, condition);
    if (!detail.isEmpty())
        std::fprintf(stderr, "     %s\n", qUtf8Printable(detail));
    std::fflush(stderr);
    __builtin_trap();
}

} // namespace slotline::fuzz
