#pragma once

#include "core/platform.h"

#include <QList>
#include <QObject>

class QLabel;
class QToolButton;

namespace slotline::gui {

// Which networks a draft is meant for, a toggle each, and how its text fits each chosen
// one, a counter each ("X 120/280", red past the limit).
class PlatformChoice : public QObject
{
    Q_OBJECT

public:
    struct Network
    {
        Platform platform;
        QToolButton *toggle;
        QLabel *counter;
    };

    PlatformChoice(QList<Network> networks, QObject *parent);

    QList<Platform> chosen() const;
    // As a draft has them; toggled() is not emitted.
    void setChosen(const QList<Platform> &platforms);
    // Shows how `text` fits each chosen network; answers the most media all of them take.
    int showFit(const QString &text);

Q_SIGNALS:
    // The person chose or left a network.
    void toggled();

private:
    QList<Network> m_networks;
    bool m_setting = false;
};

} // namespace slotline::gui
