#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QString>
#include <QTimeZone>

namespace slotline {
class Clock;
}

namespace slotline::gui {

// How the lists write times: in one time zone (the system's unless told otherwise), in
// the default QLocale's formats, and relative to a clock's now for the last hour. Models
// take one through setTimeText(), so tests can fix the clock and the zone.
class TimeText
{
    Q_DECLARE_TR_FUNCTIONS(TimeText)

public:
    // `clock` (the system clock when null) must outlive every copy.
    explicit TimeText(const Clock *clock = nullptr,
                      const QTimeZone &zone = QTimeZone::systemTimeZone());

    qint64 nowMs() const;
    QDateTime toDateTime(qint64 msSinceEpoch) const;

    // The locale's short date and time: "3/2/26 9:05 AM".
    QString dateTime(qint64 msSinceEpoch) const;
    // The same with seconds, for logs: "3/2/26 9:05:07 AM".
    QString dateTimeWithSeconds(qint64 msSinceEpoch) const;
    // "just now", "5 min ago" within the last hour; dateTime() otherwise.
    QString sinceNow(qint64 msSinceEpoch) const;

private:
    const Clock *m_clock;
    QTimeZone m_zone;
};

} // namespace slotline::gui
