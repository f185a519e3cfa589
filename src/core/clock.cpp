#include "core/clock.h"

namespace slotline {

Clock::~Clock() = default;

QDateTime Clock::now() const
{
    return QDateTime::fromMSecsSinceEpoch(nowMs(), Qt::UTC);
}

qint64 SystemClock::nowMs() const
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace slotline
