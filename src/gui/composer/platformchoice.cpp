#include "gui/composer/platformchoice.h"

#include "core/platformrules.h"
#include "gui/common/platformstyle.h"

#include <QLabel>
#include <QLocale>
#include <QToolButton>

#include <algorithm>
#include <utility>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

PlatformChoice::PlatformChoice(QList<Network> networks, QObject *parent)
    : QObject(parent)
    , m_networks(std::move(networks))
{
    for (const Network &network : std::as_const(m_networks)) {
        network.toggle->setIcon(PlatformStyle::icon(network.platform));
        connect(network.toggle, &QToolButton::toggled, this, [this] {
            if (!m_setting)
                Q_EMIT toggled();
        });
    }
}

QList<Platform> PlatformChoice::chosen() const
{
    QList<Platform> chosen;
    for (const Network &network : m_networks) {
        if (network.toggle->isChecked())
            chosen.append(network.platform);
    }
    return chosen;
}

void PlatformChoice::setChosen(const QList<Platform> &platforms)
{
    const bool wasSetting = std::exchange(m_setting, true);
    for (const Network &network : std::as_const(m_networks))
        network.toggle->setChecked(platforms.contains(network.platform));
    m_setting = wasSetting;
}

int PlatformChoice::showFit(const QString &text)
{
    int smallestMediaLimit = -1;
    for (const auto &[platform, toggle, label] : std::as_const(m_networks)) {
        const bool shown = toggle->isChecked();
        label->setVisible(shown);
        if (!shown)
            continue;
        const int length = PlatformRules::textLength(platform, text);
        const int limit = PlatformRules::maxTextLength(platform);
        const QLocale locale;
        label->setText(tr("%1 %2/%3")
                           .arg(platforms::displayName(platform), locale.toString(length),
                                locale.toString(limit)));
        const bool over = length > limit;
        label->setStyleSheet(over ? u"color: #c62828; font-weight: bold;"_s : QString());
        label->setToolTip(over
                              ? tr("%Ln character(s) over the limit of %1", nullptr, length - limit)
                                    .arg(platforms::displayName(platform))
                              : tr("%Ln character(s) left on %1", nullptr, limit - length)
                                    .arg(platforms::displayName(platform)));
        label->setAccessibleDescription(label->toolTip());
        const int mediaLimit = PlatformRules::maxMediaCount(platform);
        smallestMediaLimit
            = smallestMediaLimit < 0 ? mediaLimit : std::min(smallestMediaLimit, mediaLimit);
    }
    return smallestMediaLimit < 0 ? PlatformRules::maxMediaCount(Platform::LinkedIn)
                                  : smallestMediaLimit;
}

} // namespace slotline::gui
