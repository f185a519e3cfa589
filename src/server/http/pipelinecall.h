#pragma once

#include "core/callrecord.h"
#include "server/access/authenticator.h"
#include "server/access/slidingwindowlimiter.h"
#include "server/api/operation.h"
#include "server/http/httpframingscanner.h"
#include "server/http/requestheaders.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QJsonObject>
#include <QJsonValue>
#include <QPointer>
#include <QTcpSocket>
#include <QUrlQuery>

#include <memory>
#include <optional>

class QHttpServerRequest;

namespace slotline {

// The state of one request as it moves through RequestPipeline's steps: what was sent,
// what each step found (route, caller, rate decision, parameters), and how it is answered.
struct PipelineCall : std::enable_shared_from_this<PipelineCall>
{
    explicit PipelineCall(const QHttpServerRequest &httpRequest);
    // A request known by its head alone (a plain target the pipeline routes from its head).
    PipelineCall(const RequestHead &head, RequestHeaders headHeaders,
                 const QHostAddress &peerAddress);

    // What the call log keeps of the call, answered with `status`: the arguments as sent
    // (secrets redacted), and the time taken until now.
    CallRecord callRecord(int status) const;

    // Only while handle() runs: an answer given later has no request any more.
    const QHttpServerRequest *request;
    const RequestHeaders headers;
    const QUrlQuery query;
    const QHostAddress peer;
    const QByteArray method;
    const QString path; // as sent, percent-encoded
    QPointer<QTcpSocket> lateAnswerSocket;
    bool answeredLate = false;
    struct IdempotencyRecord
    {
        QString key;
        QString requestHash;
    };
    std::optional<IdempotencyRecord> idempotency; // to store with a late answer
    bool requestIdGenerated = false;
    QElapsedTimer timer;
    qint64 receivedAtMs = 0;
    // How long before the pipeline heard of it the request began (one the connection
    // guard refused after waiting for its body).
    qint64 startedEarlierMs = 0;
    QString requestId;
    QString relativePath;
    const Operation *operation = nullptr;
    QHash<QString, QString> pathParameters;
    std::optional<AuthenticatedCaller> caller;
    std::optional<SlidingWindowLimiter::Decision> rateDecision;
    bool isToolCall = false; // POST /tools/<name>
    QString toolName; // as asked for, also when there is no such tool (for the log)
    QJsonValue body {QJsonValue::Undefined}; // as sent (for the log), when there was one
    QJsonObject parameters; // path, query and body merged, validated
};

} // namespace slotline
