#pragma once

#include "server/apierror.h"
#include "server/router.h"
#include "server/slidingwindowlimiter.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>

#include <optional>

QT_BEGIN_NAMESPACE
class QHttpServerRequest;
class QTcpSocket;
QT_END_NAMESPACE

namespace slotline {

class Authenticator;
class CallLogWriter;
class Clock;
class OperationRegistry;
class RateLimiter;

// Everything between a parsed request and its answer, in a fixed order: version and
// route, authentication, rate limit, body, parameters, handler, response, call log.
// Each step can end the request with an ApiError; every answer gets X-Request-Id.
class RequestPipeline
{
public:
    RequestPipeline(const OperationRegistry &registry, Authenticator &authenticator,
                    RateLimiter &rateLimiter, CallLogWriter &callLog, const Clock &clock);

    void handle(const QHttpServerRequest &request, QTcpSocket *socket);

private:
    struct Response
    {
        int status = 200;
        QByteArray body;
        QList<QPair<QByteArray, QByteArray>> headers;
    };
    struct Call; // the state of one request as it moves through the steps

    Response process(Call &call);
    std::optional<ApiError> readBody(Call &call);
    std::optional<ApiError> readParameters(Call &call);
    Response runHandler(Call &call);
    void logCall(const Call &call, const Response &response);

    static Response errorResponse(const ApiError &error);
    static void write(QTcpSocket *socket, const Response &response, bool headOnly);

    const OperationRegistry &m_registry;
    Authenticator &m_authenticator;
    RateLimiter &m_rateLimiter;
    CallLogWriter &m_callLog;
    const Clock &m_clock;
};

} // namespace slotline
