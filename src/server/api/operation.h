#pragma once

#include "core/errorcode.h"
#include "server/api/callcontext.h"
#include "server/api/outcome.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

namespace slotline {

enum class HttpMethod { Get, Post, Put, Patch, Delete };

QByteArray methodName(HttpMethod method);

// Reads count against the read limit, everything else against the write limit.
enum class RateClass { Read, Write };

struct ParameterSpec
{
    QString name;
    QString description;
    QJsonObject schema;
    bool required = false;
};

// One operation of the API, defined once. The router, the parameter validation, the
// tools endpoint, the call log and openapi.json are all driven from this definition.
struct Operation
{
    using Handler = std::function<Outcome(const CallContext &, const QJsonObject &parameters)>;
    // For operations that wait on something (a download): `reply` is called once, later,
    // on the server's thread. The connection serves nothing else meanwhile and closes
    // after the answer.
    using Reply = std::function<void(Outcome)>;
    using AsyncHandler
        = std::function<void(const CallContext &, const QJsonObject &parameters, Reply reply)>;

    QString name; // the tool name and the operationId
    QString summary;
    QString description;
    QString tag;
    HttpMethod method = HttpMethod::Get;
    QString path; // relative to /api/v2, placeholders as {name}; empty for a tool-only operation
    RateClass rateClass = RateClass::Read;
    bool requiresAuth = true;
    bool exposedAsTool = true;

    QList<ParameterSpec> pathParameters;
    QList<ParameterSpec> queryParameters;
    QJsonObject bodySchema; // an object schema; empty when the operation takes no body
    bool bodyRequired = false;

    int successStatus = 200;
    QJsonObject resultSchema; // empty for 204
    // Beyond those every authenticated call can get; OperationRegistry adds the
    // Idempotency-Key conflicts to every write. Their statuses are documented.
    QList<ErrorCode> errorCodes;
    Handler handler;
    AsyncHandler asyncHandler; // instead of handler

    bool isToolOnly() const { return path.isEmpty(); }
};

} // namespace slotline
