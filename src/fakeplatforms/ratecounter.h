#pragma once

#include <QDateTime>
#include <QHash>
#include <QString>

namespace slotline::fake {

// Calls counted per key (endpoint and user, page or application) in windows of the fake's
// clock: a window opens with the first call and lasts `windowSeconds`, or, with 0, ends at
// the next UTC midnight (LinkedIn's daily quotas). Moving the clock past a window's end
// opens a fresh one.
class RateCounter
{
public:
    struct Limit
    {
        int limit = 0; // 0: unlimited
        qint64 windowSeconds = 0; // 0: until the next UTC midnight
    };
    struct Usage
    {
        int limit = 0;
        int used = 0;
        int remaining = 0;
        QDateTime resetAt;
        bool exceeded = false; // this call was over the limit and not counted
    };

    // Counts one call of `key`, unless the window is already full.
    Usage consume(const QString &key, const Limit &limit, const QDateTime &now);
    // The state `consume` would start from, without counting.
    Usage peek(const QString &key, const Limit &limit, const QDateTime &now);
    void clear() { m_windows.clear(); }

private:
    struct Window
    {
        QDateTime end;
        int used = 0;
    };
    Window &windowOf(const QString &key, const Limit &limit, const QDateTime &now);

    QHash<QString, Window> m_windows;
};

} // namespace slotline::fake
