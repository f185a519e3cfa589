#include "client/apitransport.h"

#include "client/logcategories.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QNetworkRequest>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {
namespace {

// A 429 is waited out and the call sent again this many times before it is given up
// as RateLimited (a server that keeps refusing, e.g. after failed authentications).
constexpr int MaxRateLimitedAttempts = 4;

int headerInt(const QNetworkReply *reply, const QByteArray &name)
{
    bool ok = false;
    const int value = reply->rawHeader(name).trimmed().toInt(&ok);
    return ok ? value : -1;
}

} // namespace

ApiTransport::ApiTransport(QObject *parent)
    : QObject(parent)
{
    // The key goes with every request; a redirect to another origin must not carry it.
    m_network.setRedirectPolicy(QNetworkRequest::SameOriginRedirectPolicy);
    for (const RateClass rateClass : {RateClass::Read, RateClass::Write}) {
        QTimer &timer = m_resumeTimers[rateClass == RateClass::Read ? 0 : 1];
        timer.setSingleShot(true);
        connect(&timer, &QTimer::timeout, this, [this, rateClass] {
            drain(rateClass);
            Q_EMIT rateLimitChanged(rateClass);
        });
    }
}

ApiTransport::~ApiTransport()
{
    // Nobody is told: whoever would be is going away with the client that owns this.
    const QList<std::shared_ptr<Call>> running = std::exchange(m_running, {});
    for (const auto &call : running) {
        call->finished = true;
        if (QNetworkReply *reply = call->reply.data())
            reply->abort();
    }
}

void ApiTransport::setBaseUrl(const QUrl &url)
{
    QString text = url.toString(QUrl::FullyEncoded);
    while (text.endsWith(u'/'))
        text.chop(1);
    if (!text.endsWith(u"/api/v2"))
        text += u"/api/v2"_s;
    m_baseUrl = QUrl(text);
}

qint64 ApiTransport::monotonicMs()
{
    static const QElapsedTimer clock = [] {
        QElapsedTimer timer;
        timer.start();
        return timer;
    }();
    return clock.elapsed();
}

qint64 ApiTransport::waitMs(RateClass rateClass) const
{
    return m_gate.waitMs(rateClass, monotonicMs());
}

int ApiTransport::queuedCalls() const
{
    return int(m_queues[0].size() + m_queues[1].size());
}

void ApiTransport::cancelAll()
{
    QList<std::shared_ptr<Call>> calls = m_running;
    for (auto &queue : m_queues) {
        calls.append(queue);
        queue.clear();
    }
    m_running.clear();
    const ApiError cancelled(ApiError::Kind::Cancelled, tr("The call was cancelled."));
    for (const auto &call : std::as_const(calls)) {
        const QPointer<QNetworkReply> reply = call->reply;
        fail(call, cancelled); // first: aborting finishes the reply at once
        if (QNetworkReply *running = reply.data())
            running->abort();
    }
    m_probing = {false, false};
}

std::shared_ptr<ApiTransport::Call> ApiTransport::makeCall(const QByteArray &method,
                                                           const QString &path, RateClass rateClass,
                                                           QObject *context)
{
    auto call = std::make_shared<Call>();
    call->method = method;
    call->path = path;
    call->rateClass = rateClass;
    call->context = context;
    call->hasContext = context != nullptr;
    call->sequence = m_nextSequence++;
    return call;
}

void ApiTransport::withJsonBody(Call &call, const QJsonObject &body)
{
    call.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    call.hasBody = true;
    call.contentType = "application/json";
}

void ApiTransport::submit(const std::shared_ptr<Call> &call)
{
    const std::size_t index = call->rateClass == RateClass::Read ? 0 : 1;
    auto &queue = m_queues[index];
    if (!queue.isEmpty() || m_probing[index] || m_gate.isAwaitingAnswer(call->rateClass)
        || m_gate.waitMs(call->rateClass, monotonicMs()) > 0) {
        queue.append(call);
        drain(call->rateClass);
        return;
    }
    start(call);
}

void ApiTransport::drain(RateClass rateClass)
{
    const std::size_t index = rateClass == RateClass::Read ? 0 : 1;
    auto &queue = m_queues[index];
    // An answer on its way says what is left; it drains the queue again when it comes.
    while (!queue.isEmpty() && !m_probing[index] && !m_gate.isAwaitingAnswer(rateClass)) {
        const qint64 wait = m_gate.waitMs(rateClass, monotonicMs());
        if (wait > 0) {
            m_resumeTimers[index].start(int(std::min<qint64>(wait, 24 * 3600 * 1000)));
            return;
        }
        const std::shared_ptr<Call> call = queue.takeFirst();
        // After a refusal one call goes first; the rest follow once it is through, so a
        // wait is not followed by a burst the server refuses again.
        if (call->attempts > 0)
            m_probing[index] = true;
        start(call);
    }
}

void ApiTransport::start(const std::shared_ptr<Call> &call)
{
    QNetworkRequest request(call->absoluteUrl.isEmpty() ? QUrl(m_baseUrl.toString() + call->path)
                                                        : call->absoluteUrl);
    if (call->absoluteUrl.isEmpty() && !call->query.isEmpty()) {
        QUrl url = request.url();
        url.setQuery(call->query);
        request.setUrl(url);
    }
    if (call->sendKey && !m_apiKey.isEmpty())
        request.setRawHeader("x-api-key", m_apiKey.toUtf8());
    if (!call->contentType.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, call->contentType);
    if (!call->idempotencyKey.isEmpty())
        request.setRawHeader("Idempotency-Key", call->idempotencyKey);
    request.setTransferTimeout(call->timeoutMs > 0 ? std::max(call->timeoutMs, m_timeoutMs)
                                                   : m_timeoutMs);

    QNetworkReply *reply = nullptr;
    if (!call->uploadFile.isEmpty()) {
        auto *file = new QFile(call->uploadFile);
        if (!file->open(QIODevice::ReadOnly)) {
            const QString why = file->errorString();
            delete file;
            fail(call, ApiError(ApiError::Kind::BadRequest,
                                tr("Cannot read %1: %2").arg(call->uploadFile, why)));
            return;
        }
        request.setHeader(QNetworkRequest::ContentLengthHeader, file->size());
        reply = m_network.sendCustomRequest(request, call->method, file);
        file->setParent(reply);
    } else if (call->method == "HEAD") {
        // As a custom verb, Qt would wait for a body the answer never has.
        reply = m_network.head(request);
    } else if (call->hasBody) {
        reply = m_network.sendCustomRequest(request, call->method, call->body);
    } else {
        reply = m_network.sendCustomRequest(request, call->method);
    }
    ++call->attempts;
    call->reply = reply;
    m_running.append(call);
    if (call->sendKey) // an upload address is not rate-limited
        m_gate.noteSent(call->rateClass);
    if (call->progress)
        connect(reply, &QNetworkReply::uploadProgress, this, [call](qint64 sent, qint64 total) {
            // QNetworkReply ends with a (0, 0) that would read as "nothing sent".
            if (total > 0 && (!call->hasContext || call->context))
                call->progress(sent, total);
        });
    connect(reply, &QNetworkReply::finished, this, [this, call, reply] { finish(call, reply); });
}

void ApiTransport::finish(const std::shared_ptr<Call> &call, QNetworkReply *reply)
{
    reply->deleteLater();
    m_running.removeOne(call);
    if (call->finished)
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const std::size_t index = call->rateClass == RateClass::Read ? 0 : 1;
    if (status == 0) {
        m_probing[index] = false;
        const bool timedOut = reply->error() == QNetworkReply::TimeoutError
                              || reply->error() == QNetworkReply::OperationCanceledError;
        const ApiError error(
            timedOut ? ApiError::Kind::Timeout : ApiError::Kind::Network,
            timedOut ? tr("The server did not answer in time.")
                     : tr("The server cannot be reached: %1").arg(reply->errorString()));
        qCDebug(lcClient).noquote() << call->method << call->path << "failed:" << error.message();
        m_gate.noteNoAnswer(call->rateClass);
        Q_EMIT serverUnreachable(error);
        drain(call->rateClass);
        fail(call, error); // last: its callback may end this client
        return;
    }

    // What the answer says of the quota first, so that whoever hears of the answer
    // already knows whether calls must wait.
    const int limit = headerInt(reply, "X-RateLimit-Limit");
    if (limit >= 0)
        m_gate.noteHeaders(call->rateClass, limit, headerInt(reply, "X-RateLimit-Remaining"),
                           headerInt(reply, "X-RateLimit-Reset"), monotonicMs());
    const int retryAfter = headerInt(reply, "Retry-After");
    if (status == 429)
        m_gate.noteRefused(call->rateClass, retryAfter, monotonicMs());
    if (limit >= 0 || status == 429)
        Q_EMIT rateLimitChanged(call->rateClass);
    Q_EMIT serverAnswered(status);

    if (call->attempts > 1 || status != 429)
        m_probing[index] = false; // a call sent again after a wait is through
    if (status == 429 && call->uploadFile.isEmpty() && call->attempts < MaxRateLimitedAttempts) {
        // Waited out and sent again, in its original place in line.
        auto &queue = m_queues[index];
        const auto place = std::find_if(queue.begin(), queue.end(), [&](const auto &queued) {
            return queued->sequence > call->sequence;
        });
        queue.insert(place, call);
        qCInfo(lcClient).noquote() << call->method << call->path << "rate limited; again in"
                                   << std::max(1, retryAfter) << "s";
        drain(call->rateClass);
        return;
    }
    if (!m_queues[index].isEmpty())
        drain(call->rateClass);
    const QByteArray body = reply->readAll();
    call->finished = true;
    if (call->hasContext && !call->context)
        return;
    if (status >= 200 && status < 300)
        call->complete(body);
    else
        call->complete(ApiError::fromResponse(status, body, retryAfter));
}

void ApiTransport::fail(const std::shared_ptr<Call> &call, const ApiError &error)
{
    if (call->finished)
        return;
    call->finished = true;
    if (call->hasContext && !call->context)
        return;
    call->complete(error);
}

} // namespace slotline::client
