#include "support/manualclock.h"

namespace slotline::test {

ManualClock::ManualClock(qint64 startMs)
    : m_nowMs(startMs)
{ }

} // namespace slotline::test
