#include "gui/status/desktopnotifier.h"

#include "gui/common/logcategories.h"

#include <QApplication>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QIcon>
#include <QSystemTrayIcon>
#include <QVariantMap>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {
namespace {

const QString Service = u"org.freedesktop.Notifications"_s;
const QString Path = u"/org/freedesktop/Notifications"_s;
constexpr int ExpireDefault = -1; // the desktop's own choice

} // namespace

DesktopNotifier::DesktopNotifier(QObject *parent)
    : QObject(parent)
{ }

DesktopNotifier::~DesktopNotifier() = default;

void DesktopNotifier::notify(const QString &title, const QString &body)
{
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (m_busFailed || !bus.isConnected()) {
        notifyByTray(title, body);
        return;
    }
    QDBusMessage call = QDBusMessage::createMethodCall(Service, Path, Service, u"Notify"_s);
    call << QApplication::applicationDisplayName() << uint(0) << u"slotline"_s << title << body
         << QStringList() << QVariantMap {{u"urgency"_s, QVariant::fromValue(uchar(1))}}
         << ExpireDefault;
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, watcher, title, body] {
        watcher->deleteLater();
        const QDBusPendingReply<uint> reply = *watcher;
        if (!reply.isError()) {
            m_channel = Channel::Freedesktop;
            return;
        }
        // No notification service on this desktop: the tray says it from now on.
        qCInfo(lcGui).noquote() << "no desktop notifications:" << reply.error().message();
        m_busFailed = true;
        notifyByTray(title, body);
    });
}

void DesktopNotifier::notifyByTray(const QString &title, const QString &body)
{
    if (!QSystemTrayIcon::isSystemTrayAvailable()) {
        m_channel = Channel::None;
        return;
    }
    if (!m_tray) {
        m_tray = new QSystemTrayIcon(QApplication::windowIcon(), this);
        m_tray->setToolTip(QApplication::applicationDisplayName());
        connect(m_tray, &QSystemTrayIcon::messageClicked, this, &DesktopNotifier::activated);
        connect(m_tray, &QSystemTrayIcon::activated, this, &DesktopNotifier::activated);
    }
    m_tray->show();
    m_tray->showMessage(title, body, QSystemTrayIcon::Warning);
    m_channel = Channel::Tray;
}

} // namespace slotline::gui
