#pragma once

#include <QDateTime>

namespace slotline {

// Time comes from an injected Clock everywhere a rule depends on it (rate limits,
// schedules), so tests can move time instead of sleeping.
class Clock
{
public:
    virtual ~Clock();

    // Milliseconds since the Unix epoch, UTC.
    virtual qint64 nowMs() const = 0;

    QDateTime now() const;
};

class SystemClock final : public Clock
{
public:
    qint64 nowMs() const override;
};

} // namespace slotline
