#include "fakeplatforms/ratecounter.h"

namespace slotline::fake {

RateCounter::Window &RateCounter::windowOf(const QString &key, const Limit &limit,
                                           const QDateTime &now)
{
    Window &window = m_windows[key];
    if (!window.end.isValid() || now >= window.end) {
        window.used = 0;
        if (limit.windowSeconds > 0) {
            window.end = now.addSecs(limit.windowSeconds);
        } else {
            const QDateTime utc = now.toUTC();
            window.end = QDateTime(utc.date().addDays(1), QTime(0, 0), Qt::UTC);
        }
    }
    return window;
}

RateCounter::Usage RateCounter::peek(const QString &key, const Limit &limit, const QDateTime &now)
{
    const Window &window = windowOf(key, limit, now);
    Usage usage;
    usage.limit = limit.limit;
    usage.used = window.used;
    usage.remaining = qMax(0, limit.limit - window.used);
    usage.resetAt = window.end;
    usage.exceeded = limit.limit > 0 && window.used >= limit.limit;
    return usage;
}

RateCounter::Usage RateCounter::consume(const QString &key, const Limit &limit,
                                        const QDateTime &now)
{
    Usage usage = peek(key, limit, now);
    if (usage.exceeded)
        return usage;
    Window &window = windowOf(key, limit, now);
    ++window.used;
    usage.used = window.used;
    usage.remaining = qMax(0, limit.limit - window.used);
    return usage;
}

} // namespace slotline::fake
