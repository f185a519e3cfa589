#include "gui/composer/whenchoice.h"

#include "core/clock.h"
#include "gui/common/projecttimezone.h"

#include <QDateTimeEdit>
#include <QLabel>
#include <QLocale>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QTimeZone>

namespace slotline::gui {

WhenChoice::WhenChoice(QRadioButton *now, QRadioButton *at, QRadioButton *nextFreeSlot,
                       QDateTimeEdit *time, QLabel *zone, const client::LocalStore &store,
                       const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_now(now)
    , m_at(at)
    , m_nextFreeSlot(nextFreeSlot)
    , m_time(time)
    , m_zone(zone)
    , m_store(store)
    , m_clock(clock)
{
    for (QRadioButton *radio : {m_now, m_at, m_nextFreeSlot}) {
        connect(radio, &QRadioButton::toggled, this, [this](bool on) {
            if (on)
                Q_EMIT changed();
        });
    }
    connect(m_time, &QDateTimeEdit::dateTimeChanged, this, [this] {
        if (m_at->isChecked())
            Q_EMIT changed();
        else
            m_at->setChecked(true);
    });
    m_time->setDisplayFormat(QLocale().dateTimeFormat(QLocale::ShortFormat));
    suggestTime();
    showZone();
}

WhenChoice::When WhenChoice::when() const
{
    if (m_at->isChecked())
        return When::At;
    if (m_nextFreeSlot->isChecked())
        return When::NextFreeSlot;
    return When::Now;
}

std::optional<qint64> WhenChoice::chosenTimeMs() const
{
    // The edit shows wall-clock time; it is read in the project's zone.
    const QDateTime shown = m_time->dateTime();
    const QDateTime at(shown.date(), shown.time(), ProjectTimeZone::of(m_store));
    if (!at.isValid() || at.time() != shown.time())
        return std::nullopt; // skipped by a daylight-saving change
    return at.toMSecsSinceEpoch();
}

QString WhenChoice::timezone() const
{
    return ProjectTimeZone::nameOf(m_store);
}

QString WhenChoice::timeText(qint64 msSinceEpoch) const
{
    return QLocale().toString(
        QDateTime::fromMSecsSinceEpoch(msSinceEpoch).toTimeZone(ProjectTimeZone::of(m_store)),
        QLocale::LongFormat);
}

void WhenChoice::reset()
{
    m_now->setChecked(true);
    suggestTime();
}

void WhenChoice::followProject()
{
    const QString zoneBefore = m_zone->text();
    showZone();
    // The project's zone became known: the suggestion follows unless chosen already.
    if (zoneBefore != m_zone->text() && !m_at->isChecked())
        suggestTime();
}

void WhenChoice::suggestTime()
{
    // The next full hour, as the project's clocks show it.
    const QDateTime next = QDateTime::fromMSecsSinceEpoch(m_clock.nowMs() + 3'600'000)
                               .toTimeZone(ProjectTimeZone::of(m_store));
    const QSignalBlocker blocker(m_time);
    m_time->setDateTime(QDateTime(next.date(), QTime(next.time().hour(), 0)));
}

void WhenChoice::showZone()
{
    m_zone->setText(timezone());
    m_zone->setToolTip(tr("Times are in the project's time zone"));
}

} // namespace slotline::gui
