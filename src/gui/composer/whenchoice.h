#pragma once

#include <QObject>
#include <QString>

#include <optional>

class QDateTimeEdit;
class QLabel;
class QRadioButton;

namespace slotline {
class Clock;
}
namespace slotline::client {
class LocalStore;
}

namespace slotline::gui {

// When a post goes: now, at a time, or in the account's next free slot. The time is
// shown and read as the project's clocks show it (its zone beside the time), and a
// new post is offered the next full hour there.
class WhenChoice : public QObject
{
    Q_OBJECT

public:
    enum class When { Now, At, NextFreeSlot };

    WhenChoice(QRadioButton *now, QRadioButton *at, QRadioButton *nextFreeSlot, QDateTimeEdit *time,
               QLabel *zone, const client::LocalStore &store, const Clock &clock, QObject *parent);

    When when() const;
    // The time shown, in the project's zone; nothing when the clocks skip it there.
    std::optional<qint64> chosenTimeMs() const;
    // The project's zone as the server names it.
    QString timezone() const;
    // An instant as the project's clocks show it, in words.
    QString timeText(qint64 msSinceEpoch) const;

    // Back to "now", with the next full hour offered.
    void reset();
    // The project (and so its zone) was read again: the zone shown follows, and so does
    // the time offered unless one was chosen.
    void followProject();

Q_SIGNALS:
    // Another choice, or another time (which chooses "at").
    void changed();

private:
    void suggestTime();
    void showZone();

    QRadioButton *m_now;
    QRadioButton *m_at;
    QRadioButton *m_nextFreeSlot;
    QDateTimeEdit *m_time;
    QLabel *m_zone;
    const client::LocalStore &m_store;
    const Clock &m_clock;
};

} // namespace slotline::gui
