#pragma once

#include <QDateTime>

namespace slotline::fake {

// Real time plus an offset the tests move forward, so expiry (tokens, codes, versions)
// can be reached without waiting.
class FakeClock
{
public:
    QDateTime now() const;
    void advance(qint64 seconds) { m_offsetSeconds += seconds; }
    void reset() { m_offsetSeconds = 0; }
    qint64 offsetSeconds() const { return m_offsetSeconds; }

private:
    qint64 m_offsetSeconds = 0;
};

} // namespace slotline::fake
