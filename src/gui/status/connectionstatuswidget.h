#pragma once

#include <QTimer>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QToolButton;
QT_END_NAMESPACE

namespace slotline::client {
class Session;
}

namespace slotline::gui {

// The status bar's account of the server: online, offline with what waits to be sent
// and when the next try is, rate-limited with a countdown, or refusing the key; and the
// project's credits. Always current, so the user never has to wonder whether a change
// reached the server.
class ConnectionStatusWidget : public QWidget
{
    Q_OBJECT

public:
    explicit ConnectionStatusWidget(client::Session &session, QWidget *parent = nullptr);

    QString stateText() const;
    QString creditsText() const;

    // Says more about why the server is away (the built-in server is being started
    // again, say) while offline; empty to say nothing more.
    void setServerNote(const QString &note);

Q_SIGNALS:
    // The user asked to fix the connection (the key was refused).
    void settingsRequested();

private:
    void refresh();

    client::Session &m_session;
    QLabel *m_state = nullptr;
    QLabel *m_credits = nullptr;
    QToolButton *m_retry = nullptr;
    QToolButton *m_settings = nullptr;
    QTimer m_tick; // counts down while something waits for time
    QString m_serverNote;
};

} // namespace slotline::gui
