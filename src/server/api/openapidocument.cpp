#include "server/api/openapidocument.h"

#include "server/api/jsonliteral.h"
#include "server/api/listing.h"
#include "server/api/operationregistry.h"

#include <QJsonArray>

namespace slotline {
namespace {

struct CommonResponse
{
    int status;
    const char *name;
    const char *description;
};

const CommonResponse CommonResponses[] = {
    {400, "BadRequest",
     "Malformed request, JSON, query or cursor, or a query parameter the operation does not "
     "take."},
    {401, "Unauthorized", "Missing, unknown or revoked API key."},
    {402, "PaymentRequired", "Not enough credits."},
    {404, "NotFound", "No such resource in this project (another project's ids answer the same)."},
    {409, "Conflict",
     "The resource's state does not allow this change, or (on any write) the "
     "Idempotency-Key was used with a different request in the last 24 hours "
     "(idempotency_key_reused)."},
    {413, "PayloadTooLarge",
     "The body is larger than the limit: 1 MiB for JSON, the media limit for uploads."},
    {415, "UnsupportedMediaType",
     "The body is not application/json (an upload: its bytes are no accepted type)."},
    {422, "ValidationFailed", "A field is invalid; details name each one."},
    {429, "RateLimited", "Over the rate limit; retry after Retry-After seconds."},
    {500, "InternalError", "The server failed; nothing internal is disclosed."},
};

// The statuses an operation documents: those of the codes it can answer.
QList<int> statusesOf(const QList<ErrorCode> &codes)
{
    QList<int> statuses;
    for (const ErrorCode code : codes)
        statuses.append(errorcodes::httpStatus(code));
    return statuses;
}

QJsonObject headerRef(const QString &name)
{
    return QJsonObject {
        {QStringLiteral("$ref"), QString(QStringLiteral("#/components/headers/") + name)}};
}

QJsonObject responseRef(const char *name)
{
    return QJsonObject {{QStringLiteral("$ref"),
                         QString(QStringLiteral("#/components/responses/") + QLatin1String(name))}};
}

QJsonObject rateLimitHeaders()
{
    return QJsonObject {
        {QStringLiteral("X-Request-Id"), headerRef(QStringLiteral("RequestId"))},
        {QStringLiteral("X-RateLimit-Limit"), headerRef(QStringLiteral("RateLimitLimit"))},
        {QStringLiteral("X-RateLimit-Remaining"), headerRef(QStringLiteral("RateLimitRemaining"))},
        {QStringLiteral("X-RateLimit-Reset"), headerRef(QStringLiteral("RateLimitReset"))}};
}

QJsonObject parameter(const ParameterSpec &spec, const char *location)
{
    QJsonObject result {{QStringLiteral("name"), spec.name},
                        {QStringLiteral("in"), QLatin1String(location)},
                        {QStringLiteral("required"), spec.required},
                        {QStringLiteral("description"), spec.description},
                        {QStringLiteral("schema"), spec.schema}};
    if (spec.schema.value(QStringLiteral("type")).toString() == u"array") {
        result.insert(QStringLiteral("style"), QStringLiteral("form"));
        result.insert(QStringLiteral("explode"), true);
    }
    return result;
}

QJsonObject operationObject(const Operation &operation)
{
    QJsonObject object {{QStringLiteral("operationId"), operation.name},
                        {QStringLiteral("summary"), operation.summary},
                        {QStringLiteral("description"), operation.description},
                        {QStringLiteral("tags"), QJsonArray {operation.tag}},
                        {QStringLiteral("x-rate-class"), operation.rateClass == RateClass::Read
                                                             ? QStringLiteral("read")
                                                             : QStringLiteral("write")},
                        {QStringLiteral("x-tool"), operation.exposedAsTool}};

    QJsonArray parameters;
    for (const ParameterSpec &spec : operation.pathParameters)
        parameters.append(parameter(spec, "path"));
    for (const ParameterSpec &spec : operation.queryParameters)
        parameters.append(parameter(spec, "query"));
    if (!parameters.isEmpty())
        object.insert(QStringLiteral("parameters"), parameters);

    if (!operation.bodySchema.isEmpty()) {
        object.insert(
            QStringLiteral("requestBody"),
            QJsonObject {
                {QStringLiteral("required"), operation.bodyRequired},
                {QStringLiteral("content"),
                 QJsonObject {{QStringLiteral("application/json"),
                               QJsonObject {{QStringLiteral("schema"), operation.bodySchema}}}}}});
    }

    QJsonObject responses;
    QJsonObject success {{QStringLiteral("description"), QStringLiteral("Success.")}};
    success.insert(QStringLiteral("headers"),
                   operation.requiresAuth ? rateLimitHeaders()
                                          : QJsonObject {{QStringLiteral("X-Request-Id"),
                                                          headerRef(QStringLiteral("RequestId"))}});
    if (!operation.resultSchema.isEmpty())
        success.insert(
            QStringLiteral("content"),
            QJsonObject {{QStringLiteral("application/json"),
                          QJsonObject {{QStringLiteral("schema"), operation.resultSchema}}}});
    responses.insert(QString::number(operation.successStatus), success);

    QList<ErrorCode> codes = operation.errorCodes;
    if (operation.requiresAuth)
        codes << ErrorCode::Unauthorized << ErrorCode::RateLimited;
    // Any request can be malformed, or carry a query parameter the operation does not take.
    codes << ErrorCode::InvalidQuery;
    if (!operation.bodySchema.isEmpty())
        codes << ErrorCode::PayloadTooLarge << ErrorCode::UnsupportedMediaType
              << ErrorCode::ValidationFailed;
    codes << ErrorCode::InternalError;
    const QList<int> errors = statusesOf(codes);
    for (const CommonResponse &common : CommonResponses) {
        if (errors.contains(common.status))
            responses.insert(QString::number(common.status), responseRef(common.name));
    }
    object.insert(QStringLiteral("responses"), responses);

    if (!operation.requiresAuth)
        object.insert(QStringLiteral("security"), QJsonArray {});
    return object;
}

// POST /tools/<name>: the operation's parameters as one body, its result with 200.
QJsonObject toolOperationObject(const Operation &operation)
{
    const QJsonObject schema = OperationRegistry::toolSchema(operation);
    QJsonObject object {
        {QStringLiteral("operationId"), QString(QStringLiteral("tool_") + operation.name)},
        {QStringLiteral("summary"), operation.summary},
        {QStringLiteral("description"),
         operation.isToolOnly()
             ? operation.description
             : QString(
                 operation.description
                 + QStringLiteral("\n\nThe tool form of %1 %2: path, query and body "
                                  "parameters all go in the JSON body.")
                       .arg(QString::fromLatin1(methodName(operation.method)), operation.path))},
        {QStringLiteral("tags"),
         QJsonArray {operation.isToolOnly() ? operation.tag : QStringLiteral("Tools")}},
        {QStringLiteral("x-read-only"), operation.rateClass == RateClass::Read},
        {QStringLiteral("x-rate-class"), operation.rateClass == RateClass::Read
                                             ? QStringLiteral("read")
                                             : QStringLiteral("write")}};
    object.insert(
        QStringLiteral("requestBody"),
        QJsonObject {{QStringLiteral("required"), schema.contains(QStringLiteral("required"))},
                     {QStringLiteral("content"),
                      QJsonObject {{QStringLiteral("application/json"),
                                    QJsonObject {{QStringLiteral("schema"), schema}}}}}});

    QJsonObject responses;
    responses.insert(
        QStringLiteral("200"),
        QJsonObject {
            {QStringLiteral("description"), QStringLiteral("The tool's result.")},
            {QStringLiteral("headers"), rateLimitHeaders()},
            {QStringLiteral("content"),
             QJsonObject {{QStringLiteral("application/json"),
                           QJsonObject {{QStringLiteral("schema"),
                                         operation.resultSchema.isEmpty()
                                             ? listing::schemaRef(QStringLiteral("ToolDone"))
                                             : operation.resultSchema}}}}}});
    const QList<int> errors = statusesOf(
        QList<ErrorCode>(operation.errorCodes)
        << ErrorCode::InvalidJson << ErrorCode::Unauthorized << ErrorCode::PayloadTooLarge
        << ErrorCode::UnsupportedMediaType << ErrorCode::ValidationFailed << ErrorCode::RateLimited
        << ErrorCode::InternalError);
    for (const CommonResponse &common : CommonResponses) {
        if (errors.contains(common.status))
            responses.insert(QString::number(common.status), responseRef(common.name));
    }
    object.insert(QStringLiteral("responses"), responses);
    return object;
}

QJsonObject componentsObject(const OperationRegistry &registry)
{
    QJsonObject components = registry.components();

    QJsonObject responses;
    for (const CommonResponse &common : CommonResponses) {
        QJsonObject headers {
            {QStringLiteral("X-Request-Id"), headerRef(QStringLiteral("RequestId"))}};
        if (common.status == 429)
            headers.insert(QStringLiteral("Retry-After"), headerRef(QStringLiteral("RetryAfter")));
        responses.insert(
            QLatin1String(common.name),
            QJsonObject {
                {QStringLiteral("description"), QLatin1String(common.description)},
                {QStringLiteral("headers"), headers},
                {QStringLiteral("content"),
                 QJsonObject {{QStringLiteral("application/json"),
                               QJsonObject {{QStringLiteral("schema"),
                                             listing::schemaRef(QStringLiteral("Error"))}}}}}});
    }
    components.insert(QStringLiteral("responses"), responses);

    components.insert(QStringLiteral("headers"), jsonObject(R"({
        "RequestId": {"description": "Identifies this request in the server's logs; sent with every answer. A well-formed X-Request-Id sent by the client is echoed.", "schema": {"type": "string"}},
        "RateLimitLimit": {"description": "Requests of this class (read or write) allowed in any 60 seconds.", "schema": {"type": "integer"}},
        "RateLimitRemaining": {"description": "Requests of this class still allowed now.", "schema": {"type": "integer"}},
        "RateLimitReset": {"description": "Seconds until the oldest counted request leaves the 60-second window, that is until Remaining grows again; 0 when nothing is counted.", "schema": {"type": "integer"}},
        "RetryAfter": {"description": "Whole seconds (at least 1) until a request of this class is accepted again.", "schema": {"type": "integer", "minimum": 1}}
    })"));

    components.insert(QStringLiteral("securitySchemes"), jsonObject(R"({
        "apiKeyHeader": {"type": "apiKey", "in": "header", "name": "x-api-key", "description": "The project's API key."},
        "bearerAuth": {"type": "http", "scheme": "bearer", "description": "The same API key as a bearer token."}
    })"));
    return components;
}

} // namespace

QJsonObject OpenApiDocument::build(const OperationRegistry &registry)
{
    QJsonObject paths;
    QStringList tags;
    const auto useTag = [&tags](const QString &tag) {
        if (!tags.contains(tag))
            tags.append(tag);
    };
    for (const Operation *operation : registry.operations()) {
        if (!operation->isToolOnly()) {
            QJsonObject pathItem = paths.value(operation->path).toObject();
            pathItem.insert(QString::fromLatin1(methodName(operation->method).toLower()),
                            operationObject(*operation));
            paths.insert(operation->path, pathItem);
            useTag(operation->tag);
        }
    }
    // The tools after the REST paths, in the same order, one path each.
    for (const Operation *operation : registry.operations()) {
        if (!operation->exposedAsTool)
            continue;
        paths.insert(QStringLiteral("/tools/") + operation->name,
                     QJsonObject {{QStringLiteral("post"), toolOperationObject(*operation)}});
        useTag(operation->isToolOnly() ? operation->tag : QStringLiteral("Tools"));
    }
    const QJsonObject tagDescriptions = jsonObject(R"({
        "Account": "Who is calling (the user, the project and its time zone) and the social-media accounts connected to the project, with their pages.",
        "Credits": "Each post holds a credit from submission; it is charged when published and returned when cancelled or failed.",
        "Posts": "Publishing now, at a time, or in the next free slot; submissions and what became of them.",
        "Schedules": "Scheduled posts: moved, edited or cancelled until publishing begins.",
        "Slots": "Weekly publishing slots, wall-clock times in the project's time zone.",
        "Media": "Media the server fetches from a URL or receives as an upload, served at unguessable URLs.",
        "Drafts": "Drafts exist only as tools; each save makes a new revision.",
        "Tools": "Every operation as POST /tools/{name}, with its parameters as one JSON object.",
        "Project settings": "The project's API keys and the log of every call.",
        "Meta": "This description."
    })");
    QJsonArray tagList;
    for (const QString &tag : std::as_const(tags)) {
        QJsonObject entry {{QStringLiteral("name"), tag}};
        if (tagDescriptions.contains(tag))
            entry.insert(QStringLiteral("description"), tagDescriptions.value(tag));
        tagList.append(entry);
    }

    QJsonObject document = jsonObject(R"({
        "openapi": "3.1.0",
        "info": {
            "title": "Slotline API",
            "version": "2.0.0",
            "description": "Publish and schedule social-media posts. Every request needs the project's API key in x-api-key (or Authorization: Bearer). Writes are limited to 30 and reads to 60 in any 60 seconds per key; over the limit the answer is 429 with Retry-After. Every answer carries X-Request-Id, and every call is recorded in the project's call log (GET /project/api-keys/calls). Times are ISO 8601; output is always UTC with milliseconds. In query strings + is a space, as forms send it: send a plus sign (a time's offset) as %2B. Errors have the body {\"error\": {\"code\", \"message\", \"details\"}}. A method a path does not take is answered 405 with an Allow header. Before a request reaches an operation, the connection guard may refuse it with 408 (too slow), 411 (chunked body), 413, 414, 417, 431 (headers too large), 501, 503 (too many connections, with Retry-After) or 505, in the same error shape, and close the connection.",
            "license": {"name": "Proprietary", "identifier": "LicenseRef-Slotline"}
        },
        "servers": [{"url": "/api/v2", "description": "This server"}],
        "security": [{"apiKeyHeader": []}, {"bearerAuth": []}]
    })");
    QJsonObject info = document.value(QStringLiteral("info")).toObject();
    info.insert(QStringLiteral("x-server-version"), QStringLiteral(SLOTLINE_VERSION));
    document.insert(QStringLiteral("info"), info);
    document.insert(QStringLiteral("tags"), tagList);
    // The two addresses outside /api/v2, reached without a key: where an upload is sent
    // and where media are served. They are the request guard's and the media library's
    // rather than operations of the registry.
    const QJsonObject rawPaths = jsonObject(R"({
        "/uploads/{mediaId}": {
            "servers": [{"url": "/", "description": "Upload addresses are outside /api/v2."}],
            "put": {
                "operationId": "put_upload",
                "summary": "Send a file to its upload address",
                "description": "The uploadUrl of POST /media/uploads, as given: the raw bytes as the body, with Content-Length (chunked bodies are refused) and no API key. Expect: 100-continue is honoured. The bytes go to disk as they arrive. The connection closes after the answer.",
                "tags": ["Media"],
                "security": [],
                "parameters": [
                    {"name": "mediaId", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^med_"}},
                    {"name": "expires", "in": "query", "required": true, "schema": {"type": "integer"}, "description": "Unix time the address stops working, as signed."},
                    {"name": "signature", "in": "query", "required": true, "schema": {"type": "string"}, "description": "The server's signature of the media id and expires."}
                ],
                "requestBody": {"required": true, "content": {"*/*": {"schema": {"type": "string", "contentMediaType": "application/octet-stream"}}}},
                "responses": {
                    "201": {"description": "Stored; the file is served at url.", "headers": {"X-Request-Id": {"$ref": "#/components/headers/RequestId"}},
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/MediaItem"}}}},
                    "400": {"$ref": "#/components/responses/BadRequest"},
                    "404": {"$ref": "#/components/responses/NotFound"},
                    "409": {"$ref": "#/components/responses/Conflict"},
                    "410": {"description": "The address expired (upload_expired).", "headers": {"X-Request-Id": {"$ref": "#/components/headers/RequestId"}},
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                    "413": {"$ref": "#/components/responses/PayloadTooLarge"},
                    "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                    "422": {"$ref": "#/components/responses/ValidationFailed"},
                    "500": {"$ref": "#/components/responses/InternalError"}
                }
            }
        },
        "/media/{file}": {
            "servers": [{"url": "/", "description": "Media are served outside /api/v2."}],
            "get": {
                "operationId": "get_media_file",
                "summary": "A media file",
                "description": "The url of a media item (or the publicUrl of an upload): public, unguessable, never changing, so it may be cached for good. The file is sent as the client takes it, on a connection that closes after it.",
                "tags": ["Media"],
                "security": [],
                "parameters": [{"name": "file", "in": "path", "required": true, "schema": {"type": "string"}, "description": "The token, with or without the type's extension."}],
                "responses": {
                    "200": {"description": "The file.", "headers": {"X-Request-Id": {"$ref": "#/components/headers/RequestId"}},
                            "content": {"image/png": {}, "image/jpeg": {}, "image/gif": {}, "image/webp": {}, "video/mp4": {}}},
                    "400": {"$ref": "#/components/responses/BadRequest"},
                    "404": {"$ref": "#/components/responses/NotFound"},
                    "500": {"$ref": "#/components/responses/InternalError"}
                }
            }
        }
    })");
    for (auto it = rawPaths.begin(); it != rawPaths.end(); ++it)
        paths.insert(it.key(), it.value());
    document.insert(QStringLiteral("paths"), paths);
    document.insert(QStringLiteral("components"), componentsObject(registry));
    return document;
}

} // namespace slotline
