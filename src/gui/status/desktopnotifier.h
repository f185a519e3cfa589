#pragma once

#include <QObject>
#include <QPointer>

QT_BEGIN_NAMESPACE
class QSystemTrayIcon;
QT_END_NAMESPACE

namespace slotline::gui {

// Tells the user something outside the window, for what must not go unnoticed (a post
// that failed, an account that needs attention): a desktop notification through the
// freedesktop service (org.freedesktop.Notifications on the session bus) where the desktop
// has one, else a message from a tray icon where there is a tray. Where there is neither,
// only the window's own marks say it. Nothing here waits: the bus is asked
// asynchronously, and a desktop without the service is told the next time by the tray.
class DesktopNotifier : public QObject
{
    Q_OBJECT

public:
    enum class Channel { Unknown, Freedesktop, Tray, None };

    explicit DesktopNotifier(QObject *parent = nullptr);
    ~DesktopNotifier() override;

    // How the last message went out (Unknown before the first).
    Channel channel() const { return m_channel; }

    virtual void notify(const QString &title, const QString &body);

Q_SIGNALS:
    // The user clicked the message (where the channel tells).
    void activated();

private:
    void notifyByTray(const QString &title, const QString &body);

    Channel m_channel = Channel::Unknown;
    bool m_busFailed = false;
    QPointer<QSystemTrayIcon> m_tray;
};

} // namespace slotline::gui
