#include "server/http/requestheaders.h"

#include <QHttpServerRequest>

#include <algorithm>

namespace slotline {

RequestHeaders::RequestHeaders(const QHttpServerRequest &request)
{
    for (const auto &[name, value] : request.headers())
        take(name, value);
}

RequestHeaders::RequestHeaders(QByteArrayView rawHead)
{
    const qsizetype firstLineEnd = rawHead.indexOf('\n');
    QByteArrayView rest = rawHead.sliced(firstLineEnd + 1);
    while (!rest.isEmpty()) {
        const qsizetype newline = rest.indexOf('\n');
        QByteArrayView line = newline < 0 ? rest : rest.first(newline);
        rest = newline < 0 ? QByteArrayView() : rest.sliced(newline + 1);
        if (line.endsWith('\r'))
            line.chop(1);
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            take(line.first(colon), line.sliced(colon + 1).trimmed().toByteArray());
    }
}

void RequestHeaders::take(QByteArrayView name, const QByteArray &value)
{
    QByteArray *target = nullptr;
    if (name.compare("x-request-id", Qt::CaseInsensitive) == 0)
        target = &requestId;
    else if (name.compare("x-api-key", Qt::CaseInsensitive) == 0)
        target = &apiKey;
    else if (name.compare("authorization", Qt::CaseInsensitive) == 0)
        target = &authorization;
    else if (name.compare("connection", Qt::CaseInsensitive) == 0)
        target = &connection;
    else if (name.compare("content-type", Qt::CaseInsensitive) == 0)
        target = &contentType;
    else if (name.compare("idempotency-key", Qt::CaseInsensitive) == 0)
        target = &idempotencyKey;
    if (target)
        *target = target->isEmpty() ? value : *target + ", " + value;
}

bool RequestHeaders::hasUsableRequestId() const
{
    if (requestId.isEmpty() || requestId.size() > 128)
        return false;
    return std::all_of(requestId.begin(), requestId.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
               || c == '-' || c == '_' || c == '.' || c == ':';
    });
}

bool RequestHeaders::hasJsonContent() const
{
    QByteArray mediaType = contentType;
    const qsizetype semicolon = mediaType.indexOf(';');
    if (semicolon >= 0)
        mediaType.truncate(semicolon);
    mediaType = mediaType.trimmed().toLower();
    return mediaType == "application/json"
           || (mediaType.startsWith("application/") && mediaType.endsWith("+json"));
}

} // namespace slotline
