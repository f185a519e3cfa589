#include "gui/status/connectionstatuswidget.h"

#include "client/session.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QToolButton>

using namespace Qt::Literals::StringLiterals;

namespace slotline::gui {

namespace {

int secondsUp(qint64 ms)
{
    return int((ms + 999) / 1000);
}

} // namespace

ConnectionStatusWidget::ConnectionStatusWidget(client::Session &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_state(new QLabel(this))
    , m_credits(new QLabel(this))
    , m_retry(new QToolButton(this))
    , m_settings(new QToolButton(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_state);
    layout->addWidget(m_retry);
    layout->addWidget(m_settings);
    layout->addSpacing(16);
    layout->addWidget(m_credits);
    m_state->setAccessibleName(tr("Connection state"));
    m_credits->setAccessibleName(tr("Credits remaining"));
    m_retry->setText(tr("Retry now"));
    m_retry->setAutoRaise(true);
    m_settings->setText(tr("Settings…"));
    m_settings->setAutoRaise(true);
    connect(m_retry, &QToolButton::clicked, this, [this] { m_session.connectivity().checkNow(); });
    connect(m_settings, &QToolButton::clicked, this, &ConnectionStatusWidget::settingsRequested);

    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, &ConnectionStatusWidget::refresh);
    connect(&session.connectivity(), &client::Connectivity::stateChanged, this,
            &ConnectionStatusWidget::refresh);
    connect(&session.store(), &client::LocalStore::outboxChanged, this,
            &ConnectionStatusWidget::refresh);
    connect(&session.store(), &client::LocalStore::referenceChanged, this,
            &ConnectionStatusWidget::refresh);
    connect(&session.client(), &client::ApiClient::rateLimitChanged, this,
            &ConnectionStatusWidget::refresh);
    refresh();
}

QString ConnectionStatusWidget::stateText() const
{
    return m_state->text();
}

QString ConnectionStatusWidget::creditsText() const
{
    return m_credits->text();
}

void ConnectionStatusWidget::setServerNote(const QString &note)
{
    m_serverNote = note;
    refresh();
}

void ConnectionStatusWidget::refresh()
{
    using State = client::Connectivity::State;
    const client::Connectivity &connectivity = m_session.connectivity();
    const int pending = m_session.store().pendingChanges();
    QString text;
    QString colour;
    bool ticking = false;
    switch (connectivity.state()) {
    case State::Unknown: text = tr("Connecting…"); break;
    case State::Online:
        text = pending > 0 ? tr("Online · sending %Ln change(s)", nullptr, pending) : tr("Online");
        colour = u"#2e7d32"_s;
        break;
    case State::Offline: {
        text
            = pending > 0 ? tr("Offline · %Ln change(s) waiting", nullptr, pending) : tr("Offline");
        const int next = connectivity.nextCheckInMs();
        if (!m_serverNote.isEmpty()) {
            // Whoever set the note knows better when the server is back than the checks.
            text += u" · "_s + m_serverNote;
        } else if (next >= 0) {
            text += u" · "_s + tr("next try in %Ln s", nullptr, secondsUp(next));
            ticking = true;
        }
        colour = u"#c62828"_s;
        break;
    }
    case State::RateLimited: {
        const qint64 wait = connectivity.rateLimitedForMs();
        text = tr("Rate limit reached · calls resume in %Ln s", nullptr, secondsUp(wait));
        if (pending > 0)
            text += u" · "_s + tr("%Ln change(s) waiting", nullptr, pending);
        ticking = wait > 0;
        colour = u"#ef6c00"_s;
        break;
    }
    case State::Unauthorized:
        text = tr("The server refused the API key");
        if (pending > 0)
            text += u" · "_s + tr("%Ln change(s) waiting", nullptr, pending);
        colour = u"#c62828"_s;
        break;
    }
    m_state->setText(text);
    m_state->setStyleSheet(colour.isEmpty() ? QString() : u"color: "_s + colour + u';');
    m_retry->setVisible(connectivity.state() == State::Offline);
    m_settings->setVisible(connectivity.state() == State::Unauthorized);

    const auto credits = m_session.store().reference().credits();
    m_credits->setText(credits ? tr("Credits: %1").arg(QLocale().toString(credits->remaining))
                               : QString());
    m_credits->setToolTip(
        credits ? tr("%1 reserved for scheduled posts, %2 used")
                      .arg(QLocale().toString(credits->reserved), QLocale().toString(credits->used))
                : QString());
    if (ticking && !m_tick.isActive())
        m_tick.start();
    else if (!ticking)
        m_tick.stop();
}

} // namespace slotline::gui
