#pragma once

#include "core/clock.h"

namespace slotline::fuzz {

// A clock that says what it is told, so that every run of an input sees the same time.
class FixedClock final : public Clock
{
public:
    explicit FixedClock(qint64 nowMs)
        : m_nowMs(nowMs)
    { }

    qint64 nowMs() const override { return m_nowMs; }
    void setNowMs(qint64 nowMs) { m_nowMs = nowMs; }

private:
    qint64 m_nowMs;
};

} // namespace slotline::fuzz
