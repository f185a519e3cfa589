#pragma once

#include "server/access/slidingwindowlimiter.h"
#include "server/api/apierror.h"
#include "server/api/router.h"
#include "server/http/earlyrefuser.h"
#include "server/http/httpresponse.h"

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
struct PipelineCall;
class RateLimiter;

// Everything between a parsed request and its answer, in a fixed order: version and
// route, authentication, rate limit, body, parameters, handler, response, call log.
// Each step can end the request with an ApiError; every answer gets X-Request-Id.
class RequestPipeline : public EarlyRefuser
{
public:
    using Response = HttpResponse;
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

private:
    using Call = PipelineCall;

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
