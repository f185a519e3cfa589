#include "server/http/requestpipeline.h"

#include "core/clock.h"
#include "core/ids.h"
#include "core/jsonreader.h"
#include "server/access/authenticator.h"
#include "server/access/callargumentredactor.h"
#include "server/access/calllogwriter.h"
#include "server/access/ratelimiter.h"
#include "server/api/logcategories.h"
#include "server/api/operationregistry.h"
#include "server/api/queryparameters.h"
#include "server/http/connectionguard.h"
#include "server/http/httpframingscanner.h"
#include "server/http/idempotencykeys.h"
#include "server/http/pipelinecall.h"
#include "server/http/requestheaders.h"
#include "storage/databaseerror.h"
#include "storage/idempotencyrepository.h"
#include "storage/transaction.h"

#include <QHttpServerRequest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QUrl>
#include <QUrlQuery>

namespace slotline {
namespace {

const QString ApiPrefix = QStringLiteral("/api/");
const QString CurrentVersion = QStringLiteral("v2");
const QString ToolsPrefix = QStringLiteral("/tools/");
// A tool name longer than any real one is cut in the call log.
constexpr int MaxLoggedToolName = 100;

// A request target every URL parser reads alike: no percent-encoding, no dot segments,
// no empty segments. Only such a target is routed from its head alone.
bool isPlainTarget(QByteArrayView target)
{
    const qsizetype question = target.indexOf('?');
    const QByteArrayView path = question < 0 ? target : target.first(question);
    if (path.contains("//") || path.contains("/.") || !path.startsWith('/'))
        return false;
    const auto isUnreserved = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
               || c == '-' || c == '_' || c == '.' || c == '~';
    };
    if (!std::all_of(path.begin(), path.end(), [&](char c) { return isUnreserved(c) || c == '/'; }))
        return false;
    const QByteArrayView query = question < 0 ? QByteArrayView() : target.sliced(question + 1);
    return std::all_of(query.begin(), query.end(), [&](char c) {
        return isUnreserved(c) || c == '=' || c == '&' || c == ',' || c == ':';
    });
}

} // namespace

RequestPipeline::RequestPipeline(const OperationRegistry &registry, Authenticator &authenticator,
                                 RateLimiter &rateLimiter, CallLogWriter &callLog,
                                 Database &database, const Clock &clock)
    : m_registry(registry)
    , m_authenticator(authenticator)
    , m_rateLimiter(rateLimiter)
    , m_callLog(callLog)
    , m_database(database)
    , m_clock(clock)
{ }

void RequestPipeline::handle(const QHttpServerRequest &request, QTcpSocket *socket)
{
    const auto call = std::make_shared<Call>(request);
    begin(*call);

    std::optional<Response> response;
    try {
        response = process(*call);
    } catch (const DatabaseError &error) {
        qCCritical(lcApi).noquote() << call->requestId << "database failure:" << error.message();
        response = HttpResponse::fromError(ApiError::internal());
    } catch (const std::exception &error) {
        qCCritical(lcApi).noquote() << call->requestId << "unexpected failure:" << error.what();
        response = HttpResponse::fromError(ApiError::internal());
    }
    keepBodyForLog(*call, request.body());
    call->request = nullptr;
    if (response) {
        finish(*call, std::move(*response), socket);
        return;
    }
    // The answer comes later. A pipelined request behind this one would be answered
    // first, out of order, so the connection reads nothing more and closes after it.
    call->lateAnswerSocket = socket;
    if (auto *guard = socket->findChild<ConnectionGuard *>(QString(), Qt::FindDirectChildrenOnly))
        guard->stopReading();
}

void RequestPipeline::begin(Call &call) const
{
    call.timer.start();
    call.receivedAtMs = m_clock.nowMs();
    call.requestIdGenerated = !call.headers.hasUsableRequestId();
    call.requestId = call.requestIdGenerated ? ids::generate(IdKind::Request)
                                             : QString::fromLatin1(call.headers.requestId);
}

std::optional<QByteArray> RequestPipeline::refusalFromHead(const RequestHead &head,
                                                           QByteArrayView body,
                                                           const QHostAddress &peer)
{
    // Everything process() would decide before the rate limit is decided again here, and
    // whatever is not a plain refusal of a known key goes the full way instead. Most of the
    // time nobody is being refused: then every request goes the full way at once, and the
    // first refusal of a minute too.
    const qint64 nowMs = m_clock.nowMs();
    if (!m_rateLimiter.hasRefusedSince(nowMs - RateLimiter::WindowMs) || head.method == "OPTIONS"
        || !isPlainTarget(head.target))
        return std::nullopt;
    RequestHeaders headers(head.rawHead);
    std::optional<AuthenticatedCaller> caller;
    try {
        caller
            = m_authenticator.rememberedCaller(headers.apiKey, headers.authorization, peer, nowMs);
    } catch (const DatabaseError &) {
        return std::nullopt; // the full way answers it, and reports the failure
    }
    if (!caller)
        return std::nullopt;
    Call call(head, std::move(headers), peer);
    if (!call.path.startsWith(ApiPrefix) || apiVersionError(call))
        return std::nullopt;
    const Router::Result route = resolve(call);
    if (route.operation && !route.operation->requiresAuth)
        return std::nullopt;
    const bool isRead = readsOnly(call.method, route.operation);
    const auto decision
        = m_rateLimiter.peek(caller->apiKeyId, isRead ? RateClass::Read : RateClass::Write, nowMs);
    if (decision.allowed)
        return std::nullopt;

    begin(call);
    call.operation = route.operation;
    call.pathParameters = route.pathParameters;
    call.caller = caller;
    call.rateDecision = decision;
    Response response = rateLimited(decision, isRead);
    addCallHeaders(call, response);
    keepBodyForLog(call, body.toByteArray());
    m_callLog.record(call.callRecord(response.status));
    return response.serialize(call.method == "HEAD");
}

QByteArray RequestPipeline::recordRefusal(const RequestHead &head, const QHostAddress &peer,
                                          int status, qint64 elapsedMs)
{
    // Routed as the full way would route it, whatever its encoding.
    RequestHead normalized = head;
    if (!isPlainTarget(head.target)) {
        const QUrl url = QUrl::fromEncoded(head.target);
        normalized.target = url.path(QUrl::FullyEncoded).toLatin1();
        if (url.hasQuery())
            normalized.target += '?' + url.query(QUrl::FullyEncoded).toLatin1();
    }
    Call call(normalized, RequestHeaders(head.rawHead), peer);
    begin(call);
    call.startedEarlierMs = elapsedMs;
    call.receivedAtMs -= elapsedMs;
    const QByteArray requestId = call.requestId.toLatin1();
    if (!call.path.startsWith(ApiPrefix) || apiVersionError(call))
        return requestId;
    identifyForLog(call);
    if (!call.caller)
        return requestId;
    const Router::Result route = resolve(call);
    call.operation = route.operation;
    call.pathParameters = route.pathParameters;
    m_callLog.record(call.callRecord(status));
    return requestId;
}

void RequestPipeline::identifyForLog(Call &call)
{
    // Only the log depends on it: a wrong key is not refused nor counted as a failed
    // attempt, and a database that cannot say costs the call its record, not its answer.
    try {
        call.caller = m_authenticator.identify(call.headers.apiKey, call.headers.authorization,
                                               call.peer, call.receivedAtMs);
    } catch (const DatabaseError &error) {
        qCWarning(lcApi).noquote() << call.requestId << "call not logged:" << error.message();
        call.caller.reset();
    }
}

void RequestPipeline::addCallHeaders(const Call &call, Response &response)
{
    response.headers.emplaceBack(QByteArrayLiteral("X-Request-Id"), call.requestId.toLatin1());
    if (call.rateDecision) {
        response.headers.emplaceBack(QByteArrayLiteral("X-RateLimit-Limit"),
                                     QByteArray::number(call.rateDecision->limit));
        response.headers.emplaceBack(QByteArrayLiteral("X-RateLimit-Remaining"),
                                     QByteArray::number(call.rateDecision->remaining));
        response.headers.emplaceBack(QByteArrayLiteral("X-RateLimit-Reset"),
                                     QByteArray::number(call.rateDecision->resetSeconds));
    }
    if (call.answeredLate || call.headers.connection.toLower().contains("close"))
        response.headers.emplaceBack(QByteArrayLiteral("Connection"), QByteArrayLiteral("close"));
}

void RequestPipeline::finish(Call &call, Response response, QTcpSocket *socket)
{
    addCallHeaders(call, response);
    const bool late = call.answeredLate;

    if (socket) {
        response.writeTo(socket, call.method == "HEAD");
        // A file closes its connection once sent; any other late answer closes it now.
        if (late && response.bodyFile.isEmpty())
            socket->disconnectFromHost();
    }

    if (call.caller)
        m_callLog.record(call.callRecord(response.status));
}

void RequestPipeline::saveIdempotencyRecord(const Call &call, const Response &response)
{
    if (!call.idempotency)
        return;
    Transaction transaction(m_database);
    IdempotencyRepository keys(m_database);
    // A refusal frees the key: the request may be sent again once the reason is gone.
    if (response.status < 200 || response.status >= 300)
        keys.remove(call.caller->projectId, call.idempotency->key);
    else
        keys.save(call.caller->projectId, call.idempotency->key,
                  IdempotencyRepository::Record {call.idempotency->requestHash, response.status,
                                                 response.body, call.receivedAtMs});
    transaction.commit();
}

void RequestPipeline::answerLate(const std::shared_ptr<Call> &call, const Outcome &outcome)
{
    Response response;
    try {
        response = outcomeResponse(*call, outcome);
        saveIdempotencyRecord(*call, response);
    } catch (const std::exception &error) {
        qCCritical(lcApi).noquote()
            << call->requestId << "failure after answering late:" << error.what();
        response = HttpResponse::fromError(ApiError::internal());
    }
    call->answeredLate = true;
    finish(*call, std::move(response), call->lateAnswerSocket.data());
}

std::optional<RequestPipeline::Response> RequestPipeline::process(Call &call)
{
    const QString &path = call.path;
    if (!path.startsWith(ApiPrefix) && m_latePages) {
        // Answered once; an answer given before the handler returns is an ordinary one.
        struct State
        {
            bool returned = false;
            std::optional<Response> immediate;
        };
        auto state = std::make_shared<State>();
        const bool handled
            = m_latePages(call.method, path, call.query,
                          [this, self = call.shared_from_this(), state](Response response) {
                              if (!state->returned) {
                                  state->immediate = std::move(response);
                                  return;
                              }
                              self->answeredLate = true;
                              finish(*self, std::move(response), self->lateAnswerSocket.data());
                          });
        state->returned = true;
        if (handled)
            return state->immediate;
    }
    if (!path.startsWith(ApiPrefix) && m_pages) {
        if (auto page = m_pages(call.method, path))
            return *page;
    }
    if (!path.startsWith(ApiPrefix))
        return HttpResponse::fromError(ApiError::notFound(
            QStringLiteral("Nothing is served at %1; the API is under /api/v2.").arg(path)));
    if (auto error = apiVersionError(call))
        return HttpResponse::fromError(*error);

    const Router::Result route = resolve(call);
    // No key needed, yet one that is sent makes it that key's call, logged as such.
    if (call.method == "OPTIONS" || (route.operation && !route.operation->requiresAuth))
        identifyForLog(call);
    if (call.method == "OPTIONS") {
        if (route.kind == Router::Result::Kind::NotFound)
            return HttpResponse::fromError(notFound(call));
        return Response {204, {}, {{"Allow", route.allow}}};
    }
    call.operation = route.operation;
    call.pathParameters = route.pathParameters;

    if (call.operation && !call.operation->requiresAuth)
        return runHandler(call);

    auto authentication = m_authenticator.authenticate(
        call.headers.apiKey, call.headers.authorization, call.peer, call.receivedAtMs);
    if (const auto *error = std::get_if<ApiError>(&authentication))
        return HttpResponse::fromError(*error);
    call.caller = std::get<AuthenticatedCaller>(authentication);

    const bool isRead = readsOnly(call.method, call.operation);
    const auto decision = m_rateLimiter.acquire(
        call.caller->apiKeyId, isRead ? RateClass::Read : RateClass::Write, call.receivedAtMs);
    call.rateDecision = decision;
    if (!decision.allowed)
        return rateLimited(decision, isRead);

    if (route.kind == Router::Result::Kind::NotFound)
        return HttpResponse::fromError(notFound(call));
    if (route.kind == Router::Result::Kind::MethodNotAllowed)
        return HttpResponse::fromError(ApiError::methodNotAllowed(route.allow));

    if (call.isToolCall) {
        if (auto error = readBody(call, true, false))
            return HttpResponse::fromError(*error);
        if (auto errors = m_registry.toolValidator(call.operation).validate(call.body);
            !errors.isEmpty())
            return HttpResponse::fromError(ApiError::validationFailed(errors));
        call.parameters = call.body.toObject();
    } else {
        if (auto error
            = readBody(call, !call.operation->bodySchema.isEmpty(), call.operation->bodyRequired))
            return HttpResponse::fromError(*error);
        if (auto error = readParameters(call))
            return HttpResponse::fromError(*error);
    }
    if (call.operation->rateClass == RateClass::Write && !call.headers.idempotencyKey.isEmpty())
        return runIdempotently(call, call.headers.idempotencyKey);
    return runHandler(call);
}

std::optional<RequestPipeline::Response> RequestPipeline::runIdempotently(Call &call,
                                                                          const QByteArray &key)
{
    if (auto error = idempotencykeys::keyError(key))
        return HttpResponse::fromError(*error);
    const QString hash
        = idempotencykeys::requestHash(call.method, call.relativePath, call.parameters);
    const QString keyText = QString::fromLatin1(key);

    // The answer is stored in the same transaction as what the handler did, so a crash
    // cannot leave one without the other.
    Transaction transaction(m_database);
    IdempotencyRepository keys(m_database);
    if (auto earlier = idempotencykeys::answerFromEarlier(
            keys.find(call.caller->projectId, keyText), hash, call.receivedAtMs))
        return earlier;
    if (call.operation->asyncHandler) {
        // What a late answer does cannot share a transaction with its record: the key is
        // marked as being answered now, so that the same request meanwhile is not acted
        // on twice, and takes the answer when it is in.
        keys.save(call.caller->projectId, keyText,
                  IdempotencyRepository::Record {
                      hash, idempotencykeys::InProgressStatus, {}, call.receivedAtMs});
        transaction.commit();
        call.idempotency = Call::IdempotencyRecord {keyText, hash};
        return runHandler(call);
    }
    const Response response = runHandler(call).value();
    // Only what happened needs protecting from happening twice: a refused request can be
    // sent again with the same key once the reason is gone.
    if (response.status >= 200 && response.status < 300) {
        keys.save(call.caller->projectId, keyText,
                  IdempotencyRepository::Record {hash, response.status, response.body,
                                                 call.receivedAtMs});
        transaction.commit();
    }
    return response;
}

std::optional<ApiError> RequestPipeline::apiVersionError(Call &call)
{
    const QStringView afterPrefix = QStringView(call.path).sliced(ApiPrefix.size());
    const qsizetype slash = afterPrefix.indexOf(u'/');
    const QStringView version = slash < 0 ? afterPrefix : afterPrefix.first(slash);
    if (version != CurrentVersion)
        return ApiError::unsupportedApiVersion(version.toString());
    call.relativePath = afterPrefix.sliced(version.size()).toString();
    if (call.relativePath.isEmpty())
        call.relativePath = QStringLiteral("/");
    return std::nullopt;
}

bool RequestPipeline::readsOnly(const QByteArray &method, const Operation *operation)
{
    return operation ? operation->rateClass == RateClass::Read
                     : (method == "GET" || method == "HEAD");
}

RequestPipeline::Response
RequestPipeline::rateLimited(const SlidingWindowLimiter::Decision &decision, bool isRead)
{
    // A client that keeps hammering gets the same refusal thousands of times a second
    // (it changes once a second at most), and refusing must stay cheap.
    RateLimitedAnswer &last = m_lastRateLimited;
    if (last.limit != decision.limit || last.isRead != isRead
        || last.retryAfterSeconds != decision.retryAfterSeconds) {
        last = RateLimitedAnswer {
            decision.limit, isRead, decision.retryAfterSeconds,
            HttpResponse::fromError(ApiError::rateLimited(
                decision.retryAfterSeconds,
                QStringLiteral("Rate limit of ") + QString::number(decision.limit)
                    + (isRead ? QStringLiteral(" reads") : QStringLiteral(" writes"))
                    + QStringLiteral(" a minute reached; retry in ")
                    + QString::number(decision.retryAfterSeconds) + QStringLiteral(" s.")))};
    }
    return last.response;
}

Router::Result RequestPipeline::resolve(Call &call) const
{
    if (!call.relativePath.startsWith(ToolsPrefix))
        return m_registry.router().route(call.method, call.relativePath);
    // POST /tools/<name> is one route per tool, found by name rather than by the router.
    call.isToolCall = true;
    call.toolName = call.relativePath.sliced(ToolsPrefix.size()).left(MaxLoggedToolName);
    Router::Result result;
    result.operation = m_registry.findTool(call.relativePath.sliced(ToolsPrefix.size()));
    if (!result.operation) {
        result.kind = Router::Result::Kind::NotFound;
        return result;
    }
    result.allow = QByteArrayLiteral("POST, OPTIONS");
    result.kind = call.method == "POST" ? Router::Result::Kind::Found
                                        : Router::Result::Kind::MethodNotAllowed;
    return result;
}

ApiError RequestPipeline::notFound(const Call &call)
{
    if (call.isToolCall)
        return ApiError(ErrorCode::UnknownTool,
                        QStringLiteral("There is no tool named \"%1\"; GET /tools lists them.")
                            .arg(call.toolName));
    return ApiError::notFound(QStringLiteral("No such path: %1").arg(call.relativePath));
}

std::optional<ApiError> RequestPipeline::readBody(Call &call, bool expectsBody, bool required)
{
    if (!expectsBody)
        return std::nullopt; // a body where none is expected is ignored
    return parseBody(call, call.request->body(), required);
}

void RequestPipeline::keepBodyForLog(Call &call, const QByteArray &body)
{
    // A call refused before its body was read (429, 404, 405) is logged with the body it
    // sent all the same; an operation that takes no body ignores one, and so does its log.
    if (!call.caller || !call.body.isUndefined() || body.isEmpty()
        || (call.operation && !call.isToolCall && call.operation->bodySchema.isEmpty()))
        return;
    parseBody(call, body, false);
}

std::optional<ApiError> RequestPipeline::parseBody(Call &call, const QByteArray &body,
                                                   bool required)
{
    if (body.trimmed().isEmpty()) {
        if (required)
            return ApiError::invalidJson(QStringLiteral("This request needs a JSON object body."));
        call.body = QJsonObject {};
        return std::nullopt;
    }
    if (!call.headers.hasJsonContent()) {
        call.body = QStringLiteral("[%1 bytes, not JSON]").arg(body.size());
        return ApiError::unsupportedMediaType();
    }
    QJsonParseError parseError {};
    const QJsonDocument document = JsonReader::parse(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        call.body = QStringLiteral("[%1 bytes of invalid JSON]").arg(body.size());
        return ApiError::invalidJson(QStringLiteral("The body is not valid JSON: %1 at offset %2.")
                                         .arg(parseError.errorString())
                                         .arg(parseError.offset));
    }
    if (!document.isObject()) {
        call.body
            = document.isArray() ? QJsonValue(document.array()) : QJsonValue(QJsonValue::Null);
        return ApiError::invalidJson(QStringLiteral("The body must be a JSON object."));
    }
    call.body = document.object();
    return std::nullopt;
}

std::optional<ApiError> RequestPipeline::readParameters(Call &call)
{
    auto [parameters, queryErrors, sentWithPlus]
        = QueryParameters::read(*call.operation, call.request->query());
    // An empty query can only fail on a required parameter; most requests have none.
    const bool queryCanFail
        = !parameters.isEmpty()
          || std::any_of(call.operation->queryParameters.begin(),
                         call.operation->queryParameters.end(),
                         [](const ParameterSpec &parameter) { return parameter.required; });
    if (queryCanFail)
        queryErrors.append(m_registry.queryValidator(call.operation).validate(parameters));
    if (!queryErrors.isEmpty()) {
        QueryParameters::explainPlusSigns(queryErrors, sentWithPlus);
        return ApiError::invalidQuery(queryErrors);
    }

    if (const SchemaValidator *bodyValidator = m_registry.bodyValidator(call.operation)) {
        if (const auto errors = bodyValidator->validate(call.body); !errors.isEmpty())
            return ApiError::validationFailed(errors);
        const QJsonObject body = call.body.toObject();
        for (auto it = body.begin(); it != body.end(); ++it)
            parameters.insert(it.key(), it.value());
    }
    for (auto it = call.pathParameters.cbegin(); it != call.pathParameters.cend(); ++it)
        parameters.insert(it.key(), it.value());
    call.parameters = parameters;
    return std::nullopt;
}

std::optional<RequestPipeline::Response> RequestPipeline::runHandler(Call &call)
{
    CallContext context;
    if (call.caller) {
        context.projectId = call.caller->projectId;
        context.apiKeyId = call.caller->apiKeyId;
    }
    context.requestId = call.requestId;
    context.nowMs = call.receivedAtMs;
    if (!call.operation->requiresAuth) {
        for (auto it = call.pathParameters.cbegin(); it != call.pathParameters.cend(); ++it)
            call.parameters.insert(it.key(), it.value());
    }

    if (call.operation->asyncHandler) {
        // Answered once; a handler that answered twice would write into a closed stream.
        // An answer given before the handler returns (a refusal found at once) is an
        // ordinary answer, on a connection that stays open.
        struct State
        {
            bool returned = false;
            bool answered = false;
            std::optional<Outcome> immediate;
        };
        auto state = std::make_shared<State>();
        call.operation->asyncHandler(
            context, call.parameters,
            [this, self = call.shared_from_this(), state](const Outcome &outcome) {
                if (std::exchange(state->answered, true))
                    return;
                if (!state->returned)
                    state->immediate = outcome;
                else
                    answerLate(self, outcome);
            });
        state->returned = true;
        if (!state->immediate)
            return std::nullopt;
        Response response = outcomeResponse(call, *state->immediate);
        saveIdempotencyRecord(call, response);
        return response;
    }
    return outcomeResponse(call, call.operation->handler(context, call.parameters));
}

RequestPipeline::Response RequestPipeline::outcomeResponse(const Call &call,
                                                           const Outcome &outcome) const
{
    if (outcome.isError())
        return HttpResponse::fromError(outcome.error());
    if (call.isToolCall) {
        // A tool answers its result object with 200, whatever the REST status: a 204
        // becomes {"ok": true} so that every tool has a result to read.
        return Response {200,
                         outcome.status() == 204 ? QByteArrayLiteral("{\"ok\":true}")
                                                 : outcome.body(),
                         {{"Content-Type", "application/json"}}};
    }
    Response response {outcome.status(), {}, {}};
    if (outcome.status() != 204) {
        response.body = outcome.body();
        response.headers.emplaceBack(QByteArrayLiteral("Content-Type"),
                                     QByteArrayLiteral("application/json"));
    }
    return response;
}

} // namespace slotline
