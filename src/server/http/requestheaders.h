#pragma once

#include <QByteArray>
#include <QByteArrayView>

class QHttpServerRequest;

namespace slotline {

// The headers the request pipeline reads, found in one pass (each
// QHttpServerRequest::value() call scans them all again). Names match in any case; a
// header sent more than once is joined with ", ", as HTTP reads repeated headers.
class RequestHeaders
{
public:
    explicit RequestHeaders(const QHttpServerRequest &request);
    // From a head the connection guard has already checked line by line.
    explicit RequestHeaders(QByteArrayView rawHead);

    QByteArray requestId;
    QByteArray apiKey;
    QByteArray authorization;
    QByteArray connection;
    QByteArray contentType;
    QByteArray idempotencyKey;

    // Whether the client's own X-Request-Id is short and plain enough to log safely.
    bool hasUsableRequestId() const;
    // Whether the body is declared JSON (application/json or application/...+json).
    bool hasJsonContent() const;

private:
    void take(QByteArrayView name, const QByteArray &value);
};

} // namespace slotline
