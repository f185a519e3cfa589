#include "server/http/pipelinecall.h"

#include "core/ids.h"
#include "server/access/callargumentredactor.h"
#include "server/api/queryparameters.h"

#include <QHttpServerRequest>
#include <QJsonArray>
#include <QUrl>

#include <cmath>

namespace slotline {
namespace {

QByteArray methodBytes(QHttpServerRequest::Method method)
{
    switch (method) {
    case QHttpServerRequest::Method::Get: return QByteArrayLiteral("GET");
    case QHttpServerRequest::Method::Head: return QByteArrayLiteral("HEAD");
    case QHttpServerRequest::Method::Post: return QByteArrayLiteral("POST");
    case QHttpServerRequest::Method::Put: return QByteArrayLiteral("PUT");
    case QHttpServerRequest::Method::Patch: return QByteArrayLiteral("PATCH");
    case QHttpServerRequest::Method::Delete: return QByteArrayLiteral("DELETE");
    case QHttpServerRequest::Method::Options: return QByteArrayLiteral("OPTIONS");
    default: return QByteArrayLiteral("UNKNOWN");
    }
}

qsizetype pathEnd(const QByteArray &target)
{
    const qsizetype question = target.indexOf('?');
    return question < 0 ? target.size() : question;
}

QJsonObject rawQuery(const QUrlQuery &query)
{
    QJsonObject result;
    for (const auto &[name, value] : QueryParameters::decodedItems(query)) {
        if (!result.contains(name)) {
            result.insert(name, value);
            continue;
        }
        QJsonValue existing = result.value(name);
        QJsonArray values = existing.isArray() ? existing.toArray() : QJsonArray {existing};
        values.append(value);
        result.insert(name, values);
    }
    return result;
}

} // namespace

PipelineCall::PipelineCall(const QHttpServerRequest &httpRequest)
    : request(&httpRequest)
    , headers(httpRequest)
    , query(httpRequest.query())
    , peer(httpRequest.remoteAddress())
    , method(methodBytes(httpRequest.method()))
    , path(httpRequest.url().path(QUrl::FullyEncoded))
{ }

PipelineCall::PipelineCall(const RequestHead &head, RequestHeaders headHeaders,
                           const QHostAddress &peerAddress)
    : request(nullptr)
    , headers(std::move(headHeaders))
    , query(QString::fromLatin1(head.target.mid(pathEnd(head.target) + 1)))
    , peer(peerAddress)
    , method(head.method)
    , path(QString::fromLatin1(head.target.first(pathEnd(head.target))))
{ }

CallRecord PipelineCall::callRecord(int status) const
{
    QJsonObject arguments;
    if (!pathParameters.isEmpty()) {
        QJsonObject pathArguments;
        for (auto it = pathParameters.cbegin(); it != pathParameters.cend(); ++it)
            pathArguments.insert(it.key(), it.value());
        arguments.insert(QStringLiteral("path"), pathArguments);
    }
    const QJsonObject queryArguments = rawQuery(query);
    if (!queryArguments.isEmpty())
        arguments.insert(QStringLiteral("query"), queryArguments);
    if (!body.isUndefined() && !(body.isObject() && body.toObject().isEmpty()))
        arguments.insert(QStringLiteral("body"), body);

    CallRecord record;
    // A generated request id and its call record share their random part, so an
    // X-Request-Id leads straight to the log entry (req_X is call_X).
    record.id = requestIdGenerated
                    ? ids::prefix(IdKind::Call)
                          + QStringView(requestId).sliced(ids::prefix(IdKind::Request).size())
                    : ids::generate(IdKind::Call);
    record.projectId = caller->projectId;
    record.apiKeyId = caller->apiKeyId;
    record.atMs = receivedAtMs;
    record.method = QString::fromLatin1(method);
    record.path = relativePath;
    record.tool = toolName;
    if (!arguments.isEmpty())
        record.arguments = CallArgumentRedactor::redact(arguments);
    record.status = status;
    record.durationMs
        = double(startedEarlierMs) + std::round(double(timer.nsecsElapsed()) / 1000.0) / 1000.0;
    return record;
}

} // namespace slotline
