#include "fakeplatforms/fakeclock.h"

namespace slotline::fake {

QDateTime FakeClock::now() const
{
    return QDateTime::currentDateTimeUtc().addSecs(m_offsetSeconds);
}

} // namespace slotline::fake
