#pragma once

#include "server/access/slidingwindowlimiter.h"
#include "server/api/apierror.h"
#include "server/api/router.h"
#include "server/http/earlyrefuser.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>

#include <functional>
#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QHttpServerRequest;
class QUrlQuery;
class QTcpSocket;
QT_END_NAMESPACE

namespace slotline {

class Authenticator;
class CallLogWriter;
class Clock;
class Database;
class OperationRegistry;
class RateLimiter;

// Everything between a parsed request and its answer, in a fixed order: version and
// route, authentication, rate limit, body, parameters, handler, response, call log.
// Each step can end the request with an ApiError; every answer gets X-Request-Id.
class RequestPipeline : public EarlyRefuser
{
public:
    struct Response
    {
        int status = 200;
        QByteArray body;
        QList<QPair<QByteArray, QByteArray>> headers;
        // A file to send as the body instead of `body` (served media).
        QString bodyFile {};
    };
    // Pages served outside /api (public, no key): nothing when the path is not theirs.
    using PageHandler
        = std::function<std::optional<Response>(QByteArrayView method, QStringView path)>;

    RequestPipeline(const OperationRegistry &registry, Authenticator &authenticator,
                    RateLimiter &rateLimiter, CallLogWriter &callLog, Database &database,
                    const Clock &clock);

    void handle(const QHttpServerRequest &request, QTcpSocket *socket);
    // A request of a key past its rate limit, refused as handle() would refuse it.
    std::optional<QByteArray> refusalFromHead(const RequestHead &head, QByteArrayView body,
                                              const QHostAddress &peer) override;
    // A request the connection guard refused, logged for its key's project as handle()
    // would log it.
    QByteArray recordRefusal(const RequestHead &head, const QHostAddress &peer, int status,
                             qint64 elapsedMs) override;
    void setPageHandler(PageHandler handler) { m_pages = std::move(handler); }
    // Pages outside /api whose answer comes later (after calls elsewhere): true when the
    // path is theirs, and then `reply` is called once, on the server's thread.
    using LatePageHandler
        = std::function<bool(QByteArrayView method, QStringView path, const QUrlQuery &query,
                             std::function<void(Response)> reply)>;
    void setLatePageHandler(LatePageHandler handler) { m_latePages = std::move(handler); }

    // Stored answers to Idempotency-Key requests are kept this long.
    static constexpr qint64 IdempotencyWindowMs = 24LL * 60 * 60 * 1000;
    // The status of a stored key whose request is still being answered (late), and how
    // long such a mark holds (longer than any late answer takes).
    static constexpr int InProgressStatus = 0;
    static constexpr qint64 InProgressWindowMs = 5LL * 60 * 1000;

private:
    struct Call; // the state of one request as it moves through the steps

    void begin(Call &call) const; // the clock, and the request id
    // Nothing when the operation answers later (Operation::asyncHandler).
    std::optional<Response> process(Call &call);
    // Sets the path below /api/<version>, or says the version is not served.
    static std::optional<ApiError> apiVersionError(Call &call);
    static bool readsOnly(const QByteArray &method, const Operation *operation);
    Response rateLimited(const SlidingWindowLimiter::Decision &decision, bool isRead);
    Router::Result resolve(Call &call) const;
    static ApiError notFound(const Call &call);
    std::optional<ApiError> readBody(Call &call, bool expectsBody, bool required);
    static std::optional<ApiError> parseBody(Call &call, const QByteArray &body, bool required);
    static void keepBodyForLog(Call &call, const QByteArray &body);
    std::optional<ApiError> readParameters(Call &call);
    std::optional<Response> runHandler(Call &call);
    std::optional<Response> runIdempotently(Call &call, const QByteArray &key);
    Response outcomeResponse(const Call &call, const Outcome &outcome) const;
    void answerLate(const std::shared_ptr<Call> &call, const Outcome &outcome);
    // For an operation that answers late, whose work has no transaction to share.
    void saveIdempotencyRecord(const Call &call, const Response &response);
    // The caller of a key sent where none is checked, for the call log.
    void identifyForLog(Call &call);
    static void addCallHeaders(const Call &call, Response &response);
    void finish(Call &call, Response response, QTcpSocket *socket);
    void logCall(const Call &call, int status);

    static Response errorResponse(const ApiError &error);
    static void write(QTcpSocket *socket, const Response &response, bool headOnly,
                      bool withContentLength = true);
    static QByteArray serialize(const Response &response, bool headOnly,
                                bool withContentLength = true);
    static void writeFile(QTcpSocket *socket, Response response, bool headOnly);

    const OperationRegistry &m_registry;
    Authenticator &m_authenticator;
    RateLimiter &m_rateLimiter;
    CallLogWriter &m_callLog;
    Database &m_database;
    const Clock &m_clock;
    PageHandler m_pages;
    LatePageHandler m_latePages;
    struct RateLimitedAnswer
    {
        int limit = 0;
        bool isRead = false;
        int retryAfterSeconds = 0;
        Response response;
    };
    RateLimitedAnswer m_lastRateLimited; // the latest refusal, given again while it holds
};

} // namespace slotline
