#pragma once

#include "client/apierror.h"
#include "client/apiresults.h"
#include "core/platform.h"

#include <QObject>
#include <QTimer>
#include <QUrl>

#include <optional>

namespace slotline::client {

class ApiClient;
class SyncEngine;

// One attempt at connecting (or reconnecting) an account of a real platform, from the
// app's side: asks the server for the platform's authorization address, which the app
// opens in the browser, then asks every pollIntervalMs() how the attempt stands until the
// platform sent the browser back (connected or failed) or the attempt expired. Once
// connected, the accounts and their pages are read again into the store before
// connected() says so. Never blocks: everything happens on answers and a timer.
class AccountConnector : public QObject
{
    Q_OBJECT

public:
    enum class Stage {
        Idle, // nothing asked yet, or cancelled
        Starting, // asking the server for the address
        Waiting, // the user is on the platform's page in the browser
        Finishing, // connected: reading the accounts again
        Connected,
        Failed, // the platform or the server refused; failureReason() says why
        Expired, // the attempt ran out of time before the browser came back
        Error, // the server could not be asked or refused the attempt; error() says why
    };
    Q_ENUM(Stage)

    static constexpr int DefaultPollIntervalMs = 2'000;

    AccountConnector(ApiClient &client, SyncEngine &sync, QObject *parent = nullptr);
    ~AccountConnector() override;

    void setPollIntervalMs(int ms) { m_pollIntervalMs = ms; }
    int pollIntervalMs() const { return m_pollIntervalMs; }

    // Starts an attempt for `platform`; with `accountId`, reconnects that account. An
    // attempt under way is dropped first.
    void start(Platform platform, const QString &accountId = QString());
    // Stops asking; the attempt expires on the server by itself.
    void cancel();

    Stage stage() const { return m_stage; }
    Platform platform() const { return m_platform; }
    // The account being reconnected; empty for a new one.
    const QString &reconnectAccountId() const { return m_reconnectAccountId; }
    // Where the browser goes (once Waiting).
    const QUrl &authorizationUrl() const { return m_authorizationUrl; }
    qint64 expiresAtMs() const { return m_expiresAtMs; }
    // Once Connected: the account's id.
    const QString &accountId() const { return m_accountId; }
    // Once Failed: the reason, as the server or the platform put it.
    const QString &failureReason() const { return m_failureReason; }
    // Once Error: what went wrong.
    const std::optional<ApiError> &error() const { return m_error; }
    // While Waiting: the last question about the attempt that got no answer (the server
    // is asked again); nothing once one was answered.
    const std::optional<ApiError> &pollTrouble() const { return m_pollTrouble; }

Q_SIGNALS:
    void stageChanged(slotline::client::AccountConnector::Stage stage);
    // The address is there: the app opens it in the browser.
    void authorizationReady(const QUrl &url);
    void pollTroubleChanged();

private:
    void setStage(Stage stage);
    void poll();
    void finishConnected(const QString &accountId);

    ApiClient &m_client;
    SyncEngine &m_sync;
    QTimer m_pollTimer;
    int m_pollIntervalMs = DefaultPollIntervalMs;
    Stage m_stage = Stage::Idle;
    Platform m_platform = Platform::LinkedIn;
    QString m_reconnectAccountId;
    QUrl m_authorizationUrl;
    QString m_state;
    qint64 m_expiresAtMs = 0;
    QString m_accountId;
    QString m_failureReason;
    std::optional<ApiError> m_error;
    std::optional<ApiError> m_pollTrouble;
    // Answers of an attempt that was dropped must not reach the next one.
    QObject *m_attempt = nullptr;
};

} // namespace slotline::client
