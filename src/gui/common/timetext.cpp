#include "gui/common/timetext.h"

#include "core/clock.h"

#include <QLocale>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

const Clock &systemClock()
{
    static const SystemClock clock;
    return clock;
}

constexpr qint64 MinuteMs = 60'000;
constexpr qint64 HourMs = 60 * MinuteMs;

} // namespace

TimeText::TimeText(const Clock *clock, const QTimeZone &zone)
    : m_clock(clock ? clock : &systemClock())
    , m_zone(zone)
{ }

qint64 TimeText::nowMs() const
{
    return m_clock->nowMs();
}

QDateTime TimeText::toDateTime(qint64 msSinceEpoch) const
{
    return QDateTime::fromMSecsSinceEpoch(msSinceEpoch, m_zone);
}

QString TimeText::dateTime(qint64 msSinceEpoch) const
{
    return QLocale().toString(toDateTime(msSinceEpoch), QLocale::ShortFormat);
}

QString TimeText::dateTimeWithSeconds(qint64 msSinceEpoch) const
{
    const QLocale locale;
    // The short time format with the seconds put in after the minutes: the long format
    // would add the zone's name, too wide for a log column.
    QString timeFormat = locale.timeFormat(QLocale::ShortFormat);
    if (!timeFormat.contains(u's')) {
        const qsizetype minutes = timeFormat.indexOf(u"mm"_s);
        if (minutes >= 0)
            timeFormat.insert(minutes + 2, u":ss"_s);
    }
    const QDateTime at = toDateTime(msSinceEpoch);
    return locale.toString(at.date(), QLocale::ShortFormat) + u' '
           + locale.toString(at.time(), timeFormat);
}

QString TimeText::sinceNow(qint64 msSinceEpoch) const
{
    const qint64 ago = nowMs() - msSinceEpoch;
    if (ago >= 0 && ago < MinuteMs)
        return tr("just now");
    if (ago >= 0 && ago < HourMs)
        return tr("%Ln min ago", nullptr, int(ago / MinuteMs));
    return dateTime(msSinceEpoch);
}

} // namespace slotline::gui
