#pragma once

#include "core/clock.h"

#include <atomic>

namespace slotline::test {

// A clock that only moves when a test moves it.
class ManualClock final : public Clock
{
public:
    // 2026-03-02T09:00:00Z, a Monday.
    static constexpr qint64 DefaultStartMs = 1'772'442'000'000;

    explicit ManualClock(qint64 startMs = DefaultStartMs);

    qint64 nowMs() const override { return m_nowMs.load(); }
    void setNowMs(qint64 ms) { m_nowMs.store(ms); }
    void advanceMs(qint64 ms) { m_nowMs.fetch_add(ms); }

private:
    // Read by the server's background threads (the call log writer) too.
    std::atomic<qint64> m_nowMs;
};

} // namespace slotline::test
