#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QThreadPool>
#include <QUrl>

#include <atomic>
#include <functional>
#include <memory>

namespace slotline {

using HttpHeaders = QList<QPair<QByteArray, QByteArray>>;

struct PlatformRequest
{
    QByteArray method = "GET";
    QUrl url;
    HttpHeaders headers;
    QByteArray body;
    // A body read from a file while it is sent, in place of `body`: `bodyLength` bytes of
    // `bodyFile` from `bodyOffset`. Only libcurl's buffer of it is in memory at a time.
    QString bodyFile;
    qint64 bodyOffset = 0;
    qint64 bodyLength = 0;
    // 0: no limit on the whole transfer (a large upload); it still ends when fewer than
    // MinBytesPerSecond move for StallSeconds.
    int timeoutMs = 60'000;

    static constexpr long MinBytesPerSecond = 1024;
    static constexpr long StallSeconds = 60;
};

struct PlatformResponse
{
    enum class Failure {
        None, // the platform answered (any status)
        // The request never reached the platform (no address, no connection, a failed TLS
        // handshake): trying again cannot make anything happen twice.
        NotSent,
        // It was sent, and no answer came (a timeout, a dropped connection): the platform
        // may or may not have acted on it.
        Unknown,
    };

    Failure failure = Failure::None;
    QString failureText; // in words, for logs and messages
    int status = 0;
    HttpHeaders headers; // names in lower case
    QByteArray body;

    bool answered() const { return failure == Failure::None; }
    bool isSuccess() const { return answered() && status >= 200 && status < 300; }
    QByteArray header(QByteArrayView lowerCaseName) const;
    QJsonObject json() const; // empty when the body is not a JSON object
};

// Calls a platform's API. Each request is sent exactly once, on a connection of its own,
// and is never sent again by the client itself: QNetworkAccessManager sends a POST again
// when a connection drops after the request went out, which would publish a post twice
// on platforms that take no idempotency key. Whoever calls decides what an unknown outcome
// means.
//
// libcurl, one blocking transfer per worker thread; the answer arrives on the thread of
// `context`, and not at all once `context` is gone.
class PlatformHttpClient : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(const PlatformResponse &)>;

    explicit PlatformHttpClient(QObject *parent = nullptr);
    ~PlatformHttpClient() override; // stops transfers still running, without their answers

    void send(const PlatformRequest &request, QObject *context, Done done);

    // Answers larger than this are cut off and reported as a failure.
    static constexpr qint64 MaxAnswerBytes = 16 * 1024 * 1024;

private:
    static PlatformResponse perform(const PlatformRequest &request,
                                    const std::atomic<bool> &stopping);

    QThreadPool m_pool;
    std::shared_ptr<std::atomic<bool>> m_stopping;
};

} // namespace slotline
