#include "client/connectivity.h"

#include "client/apiclient.h"

namespace slotline::client {

Connectivity::Connectivity(ApiClient &client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{
    m_retry.setSingleShot(true);
    m_retry.setTimerType(Qt::PreciseTimer); // its remaining time is shown as a countdown
    m_rateLimitEnds.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &Connectivity::checkNow);
    connect(&m_rateLimitEnds, &QTimer::timeout, this, &Connectivity::onRateLimitChanged);
    connect(&client, &ApiClient::serverAnswered, this, &Connectivity::onAnswered);
    connect(&client, &ApiClient::serverUnreachable, this, &Connectivity::onUnreachable);
    connect(&client, &ApiClient::rateLimitChanged, this, &Connectivity::onRateLimitChanged);
}

int Connectivity::nextCheckInMs() const
{
    return m_retry.isActive() ? m_retry.remainingTime() : -1;
}

qint64 Connectivity::rateLimitedForMs() const
{
    return std::max(m_client.waitMs(RateClass::Read), m_client.waitMs(RateClass::Write));
}

void Connectivity::checkNow()
{
    m_retry.stop();
    // A read that needs the key: it tells reachable, authorized and the read quota at once.
    m_client.getUser(this, [](const ApiResult<UserProfile> &) {
        // The state follows from the client's signals, which every answer goes through.
    });
}

void Connectivity::onAnswered(int status)
{
    m_retry.stop();
    if (status == 401) {
        setState(State::Unauthorized);
        return;
    }
    m_retryMs = FirstRetryMs;
    // Reachable and authorized: online, unless a class of calls must wait. Decided once,
    // so that an answer while rate-limited does not read as coming back online.
    const qint64 wait = rateLimitedForMs();
    if (wait > 0) {
        m_rateLimitEnds.start(int(std::min<qint64>(wait, 3'600'000)));
        setState(State::RateLimited);
    } else {
        setState(State::Online);
    }
}

void Connectivity::onUnreachable()
{
    setState(State::Offline);
    if (!m_retry.isActive()) {
        m_retry.start(m_retryMs);
        m_retryMs = std::min(m_retryMs * 2, LongestRetryMs);
    }
}

void Connectivity::onRateLimitChanged()
{
    if (m_state != State::Online && m_state != State::RateLimited)
        return; // what is known of the server says more than the quota does
    const qint64 wait = rateLimitedForMs();
    if (wait > 0) {
        setState(State::RateLimited);
        m_rateLimitEnds.start(int(std::min<qint64>(wait, 3'600'000)));
    } else {
        setState(State::Online);
    }
}

void Connectivity::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

} // namespace slotline::client
