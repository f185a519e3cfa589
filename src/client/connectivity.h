#pragma once

#include <QObject>
#include <QTimer>

namespace slotline::client {

class ApiClient;
class ApiError;

// Whether the server can be used now, for the status bar and for the offline store to
// know when to replay: told by every answer and failure of the ApiClient, and, while the
// server is away, checked again with a growing pause (1 s, 2 s, 4 s ... 60 s) so a server
// that comes back is noticed without hammering one that does not.
class Connectivity : public QObject
{
    Q_OBJECT

public:
    enum class State {
        Unknown, // nothing asked yet
        Online,
        Offline, // the server cannot be reached
        RateLimited, // reachable, but a class of calls must wait
        Unauthorized, // reachable, but the key is refused
    };
    Q_ENUM(State)

    static constexpr int FirstRetryMs = 1'000;
    static constexpr int LongestRetryMs = 60'000;

    explicit Connectivity(ApiClient &client, QObject *parent = nullptr);

    State state() const { return m_state; }
    // While Offline: when the next check is due, in ms from now (-1 when none is planned).
    int nextCheckInMs() const;
    // While RateLimited: how long until calls may go again.
    qint64 rateLimitedForMs() const;

    // Asks the server now (also after the key or address changed).
    void checkNow();

Q_SIGNALS:
    void stateChanged(slotline::client::Connectivity::State state);

private:
    void onAnswered(int status);
    void onUnreachable();
    void onRateLimitChanged();
    void setState(State state);

    ApiClient &m_client;
    State m_state = State::Unknown;
    QTimer m_retry;
    QTimer m_rateLimitEnds;
    int m_retryMs = FirstRetryMs;
};

} // namespace slotline::client
