#pragma once

#include "core/clock.h"

namespace slotline::bench {

// A clock that stays where it was set: the benchmarks measure the same moment every run.
class FixedClock final : public Clock
{
public:
    explicit FixedClock(qint64 nowMs)
        : m_nowMs(nowMs)
    { }
    qint64 nowMs() const override { return m_nowMs; }

private:
    qint64 m_nowMs;
};

} // namespace slotline::bench
