#pragma once

#include "client/apierror.h"
#include "client/apiresult.h"
#include "client/ratelimitgate.h"

#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>

#include <array>
#include <functional>
#include <memory>

QT_BEGIN_NAMESPACE
class QNetworkReply;
QT_END_NAMESPACE

namespace slotline::client {

// How ApiClient's calls reach the server: one QNetworkAccessManager, the key on every
// request, and the rate limits. The client keeps what the X-RateLimit headers say per class
// (reads, writes) and holds calls back while a class has nothing left; a 429 closes the
// class for its Retry-After, after which the refused call is sent again, ahead of the ones
// queued behind it. What the answers mean is ApiClient's business: a call completes with
// the body of a 2xx, or with an ApiError.
class ApiTransport : public QObject
{
    Q_OBJECT

public:
    struct Call
    {
        QByteArray method;
        QString path;
        QUrlQuery query;
        QUrl absoluteUrl; // instead of base + path (upload addresses)
        RateClass rateClass = RateClass::Read;
        QByteArray body;
        bool hasBody = false;
        QByteArray contentType;
        QByteArray idempotencyKey;
        bool sendKey = true;
        QString uploadFile; // streamed as the body instead of `body`
        std::function<void(qint64, qint64)> progress;
        QPointer<QObject> context;
        bool hasContext = false;
        quint64 sequence = 0; // submission order, kept when a refused call goes back in line
        int timeoutMs = 0; // 0: the client's
        int attempts = 0;
        bool finished = false;
        QPointer<QNetworkReply> reply;
        std::function<void(const ApiResult<QByteArray> &)> complete;
    };

    explicit ApiTransport(QObject *parent = nullptr);
    ~ApiTransport() override;

    // The server: http(s)://host:port, with or without /api/v2.
    void setBaseUrl(const QUrl &url);
    QUrl baseUrl() const { return m_baseUrl; }
    void setApiKey(const QString &key) { m_apiKey = key; }
    bool hasApiKey() const { return !m_apiKey.isEmpty(); }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

    const RateLimitGate::Quota &quota(RateClass rateClass) const { return m_gate.quota(rateClass); }
    qint64 waitMs(RateClass rateClass) const;
    int queuedCalls() const;
    void cancelAll();

    std::shared_ptr<Call> makeCall(const QByteArray &method, const QString &path,
                                   RateClass rateClass, QObject *context);
    static void withJsonBody(Call &call, const QJsonObject &body);
    // Sends it now, or queues it while its class must wait.
    void submit(const std::shared_ptr<Call> &call);
    // Sends it at once, past the queues: an upload address is no call of the API.
    void sendNow(const std::shared_ptr<Call> &call) { start(call); }

Q_SIGNALS:
    void rateLimitChanged(slotline::client::RateClass rateClass);
    void serverAnswered(int status);
    void serverUnreachable(const slotline::client::ApiError &error);

private:
    void drain(RateClass rateClass);
    void start(const std::shared_ptr<Call> &call);
    void finish(const std::shared_ptr<Call> &call, QNetworkReply *reply);
    void fail(const std::shared_ptr<Call> &call, const ApiError &error);
    static qint64 monotonicMs();

    QNetworkAccessManager m_network;
    QUrl m_baseUrl;
    QString m_apiKey;
    int m_timeoutMs = 30'000;
    RateLimitGate m_gate;
    std::array<QList<std::shared_ptr<Call>>, 2> m_queues;
    std::array<QTimer, 2> m_resumeTimers;
    QList<std::shared_ptr<Call>> m_running;
    std::array<bool, 2> m_probing {false, false}; // a call sent again after a 429 is out
    quint64 m_nextSequence = 0;
};

} // namespace slotline::client
