#include "server/http/httpframingscanner.h"

#include <algorithm>
#include <utility>

namespace slotline {
namespace {

constexpr int MaxHeaderCount = 100;
constexpr int MaxContentLengthDigits = 18;

bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
}

bool isToken(QByteArrayView value)
{
    return !value.isEmpty() && std::all_of(value.begin(), value.end(), isTokenChar);
}

bool isFieldValueChar(char c)
{
    const auto byte = static_cast<unsigned char>(c);
    return byte == '\t' || (byte >= 0x20 && byte != 0x7f);
}

FramingViolation violation(ErrorCode code, const char *message)
{
    return FramingViolation {code, QString::fromLatin1(message)};
}

QByteArrayView trimmed(QByteArrayView value)
{
    while (!value.isEmpty() && (value.front() == ' ' || value.front() == '\t'))
        value = value.sliced(1);
    while (!value.isEmpty() && (value.back() == ' ' || value.back() == '\t'))
        value.chop(1);
    return value;
}

bool equalsIgnoringCase(QByteArrayView a, QByteArrayView b)
{
    return a.compare(b, Qt::CaseInsensitive) == 0;
}

// Calls `visit` for each comma-separated element of a header value, trimmed.
template<typename Visit>
void forEachListElement(QByteArrayView value, Visit visit)
{
    while (true) {
        const qsizetype comma = value.indexOf(',');
        visit(trimmed(comma < 0 ? value : value.first(comma)));
        if (comma < 0)
            return;
        value = value.sliced(comma + 1);
    }
}

} // namespace

HttpFramingScanner::HttpFramingScanner(const HttpLimits &limits)
    : m_limits(limits)
{ }

HttpFramingScanner::FeedResult HttpFramingScanner::feed(QByteArrayView bytes)
{
    FeedResult result;
    if (m_failed)
        return result;
    while (!bytes.isEmpty()) {
        switch (m_phase) {
        case Phase::Idle: {
            // Empty lines between requests are allowed (RFC 9112, 2.2).
            qsizetype skip = 0;
            while (skip < bytes.size() && (bytes[skip] == '\r' || bytes[skip] == '\n'))
                ++skip;
            m_offset += skip;
            bytes = bytes.sliced(skip);
            if (bytes.isEmpty())
                break;
            m_phase = Phase::Head;
            m_headStart = m_offset;
            m_head.clear();
            m_requestLineChecked = false;
            break;
        }
        case Phase::Head: {
            const qsizetype searchFrom = std::max<qsizetype>(0, m_head.size() - 1);
            const qsizetype room = m_limits.maxHeaderBytes - m_head.size() + 4;
            const QByteArrayView chunk
                = bytes.first(std::min(bytes.size(), std::max<qsizetype>(room, 0)));
            m_head.append(chunk);

            // Find the empty line that ends the head: "\n\n" or "\n\r\n".
            qsizetype end = -1;
            for (qsizetype i = m_head.indexOf('\n', searchFrom); i >= 0;
                 i = m_head.indexOf('\n', i + 1)) {
                if (i >= 1 && m_head[i - 1] == '\n') {
                    end = i + 1;
                    break;
                }
                if (i >= 2 && m_head[i - 1] == '\r' && m_head[i - 2] == '\n') {
                    end = i + 1;
                    break;
                }
            }

            const qsizetype firstLineEnd = m_head.indexOf('\n');
            if ((firstLineEnd < 0 && m_head.size() > m_limits.maxRequestLineBytes)
                || firstLineEnd > m_limits.maxRequestLineBytes) {
                m_failed = true;
                result.violation = violation(ErrorCode::UriTooLong,
                                             "The request line is longer than the server accepts.");
                return result;
            }
            if (firstLineEnd >= 0 && !m_requestLineChecked) {
                m_requestLineChecked = true;
                QByteArrayView line = QByteArrayView(m_head).first(firstLineEnd);
                if (line.endsWith('\r'))
                    line.chop(1);
                m_requestLine = RequestHead();
                if (auto refused = parseRequestLine(line, m_requestLine)) {
                    m_failed = true;
                    result.violation = std::move(refused);
                    return result;
                }
            }
            if (end < 0) {
                if (m_head.size() > m_limits.maxHeaderBytes) {
                    m_failed = true;
                    result.violation
                        = violation(ErrorCode::RequestHeaderFieldsTooLarge,
                                    "The request headers are larger than the server accepts.");
                    return result;
                }
                m_offset += chunk.size();
                bytes = bytes.sliced(chunk.size());
                break;
            }
            if (end > m_limits.maxHeaderBytes) {
                m_failed = true;
                result.violation
                    = violation(ErrorCode::RequestHeaderFieldsTooLarge,
                                "The request headers are larger than the server accepts.");
                return result;
            }

            // Bytes of the chunk that belong to the head; the rest is body or next request.
            const qsizetype usedFromChunk = chunk.size() - (m_head.size() - end);
            m_head.truncate(end);
            m_offset += usedFromChunk;
            bytes = bytes.sliced(usedFromChunk);

            RequestHead head = std::exchange(m_requestLine, {}); // checked as it came in
            head.streamOffset = m_headStart;
            if (auto refused = parseHead(head)) {
                m_failed = true;
                head.streamEnd = m_offset;
                head.rawHead = std::exchange(m_head, {});
                refused->head = std::move(head);
                result.violation = std::move(refused);
                return result;
            }
            head.streamEnd = m_offset + head.contentLength;
            head.rawHead = std::exchange(m_head, {});
            result.completedHeads.append(head);
            if (head.contentLength > 0) {
                m_phase = Phase::Body;
                m_bodyRemaining = head.contentLength;
                m_bodyBytesSeen = 0;
            } else {
                finishRequest();
            }
            break;
        }
        case Phase::Body: {
            const qsizetype take = std::min<qint64>(bytes.size(), m_bodyRemaining);
            m_bodyRemaining -= take;
            m_bodyBytesSeen += take;
            m_offset += take;
            bytes = bytes.sliced(take);
            if (m_bodyRemaining == 0)
                finishRequest();
            break;
        }
        }
    }
    return result;
}

void HttpFramingScanner::finishRequest()
{
    m_phase = Phase::Idle;
    m_bodyRemaining = 0;
    m_bodyBytesSeen = 0;
    m_lastRequestEnd = m_offset;
}

std::optional<FramingViolation> HttpFramingScanner::parseRequestLine(QByteArrayView requestLine,
                                                                     RequestHead &head)
{
    // Request line: method SP request-target SP HTTP-version, nothing else.
    const qsizetype firstSpace = requestLine.indexOf(' ');
    const qsizetype lastSpace = requestLine.lastIndexOf(' ');
    if (firstSpace <= 0 || lastSpace == firstSpace)
        return violation(ErrorCode::BadRequest, "The request line is malformed.");
    const QByteArrayView method = requestLine.first(firstSpace);
    const QByteArrayView target = requestLine.sliced(firstSpace + 1, lastSpace - firstSpace - 1);
    const QByteArrayView version = requestLine.sliced(lastSpace + 1);
    if (!isToken(method) || target.isEmpty())
        return violation(ErrorCode::BadRequest, "The request line is malformed.");
    for (const char c : target) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte <= 0x20 || byte >= 0x7f)
            return violation(ErrorCode::BadRequest,
                             "The request target contains invalid characters.");
    }
    if (version.size() != 8 || !version.startsWith("HTTP/") || version[6] != '.' || version[5] < '0'
        || version[5] > '9' || version[7] < '0' || version[7] > '9')
        return violation(ErrorCode::BadRequest, "The request line is malformed.");
    if (version[5] != '1')
        return violation(ErrorCode::HttpVersionNotSupported,
                         "Only HTTP/1.0 and HTTP/1.1 are served.");
    head.minorVersion = version[7] - '0';
    head.keepAlive = head.minorVersion >= 1;

    static const QByteArrayView knownMethods[]
        = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"};
    if (std::find(std::begin(knownMethods), std::end(knownMethods), method)
        == std::end(knownMethods))
        return violation(ErrorCode::MethodNotImplemented,
                         "The server does not implement this method.");
    if (!target.startsWith('/') && !(target == "*" && method == "OPTIONS"))
        return violation(ErrorCode::BadRequest, "The request target must be a path.");
    head.method = method.toByteArray();
    head.target = target.toByteArray();

    return std::nullopt;
}

std::optional<FramingViolation> HttpFramingScanner::parseHead(RequestHead &head) const
{
    QList<QByteArrayView> lines;
    QByteArrayView rest(m_head);
    while (!rest.isEmpty()) {
        const qsizetype newline = rest.indexOf('\n');
        QByteArrayView line = rest.first(newline);
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.isEmpty())
            break;
        lines.append(line);
        rest = rest.sliced(newline + 1);
    }

    if (lines.size() - 1 > MaxHeaderCount)
        return violation(ErrorCode::RequestHeaderFieldsTooLarge,
                         "The request has too many headers.");

    int hostCount = 0;
    std::optional<qint64> contentLength;
    bool hasTransferEncoding = false;
    bool chunked = false;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArrayView line = lines[i];
        if (line.front() == ' ' || line.front() == '\t')
            return violation(ErrorCode::BadRequest, "Folded header lines are not accepted.");
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0 || !isToken(line.first(colon)))
            return violation(ErrorCode::BadRequest, "A header line is malformed.");
        const QByteArrayView name = line.first(colon);
        const QByteArrayView value = trimmed(line.sliced(colon + 1));
        if (!std::all_of(value.begin(), value.end(), isFieldValueChar))
            return violation(ErrorCode::BadRequest, "A header value contains control characters.");

        if (equalsIgnoringCase(name, "host")) {
            ++hostCount;
        } else if (equalsIgnoringCase(name, "content-length")) {
            // One number. A list, even of equal values ("5, 5", which RFC 9110 lets a
            // server accept), is refused: QtHttpServer reads it as no length at all and would
            // take the body for the next request, one the guard never looked at.
            if (value.isEmpty() || value.size() > MaxContentLengthDigits
                || !std::all_of(value.begin(), value.end(),
                                [](char c) { return c >= '0' && c <= '9'; }))
                return violation(ErrorCode::BadRequest, "The Content-Length header is invalid.");
            const qint64 length = value.toLongLong();
            if (contentLength && *contentLength != length)
                return violation(ErrorCode::BadRequest, "The Content-Length header is invalid.");
            contentLength = length;
        } else if (equalsIgnoringCase(name, "transfer-encoding")) {
            hasTransferEncoding = true;
            forEachListElement(value, [&](QByteArrayView element) {
                chunked = equalsIgnoringCase(element, "chunked");
            });
        } else if (equalsIgnoringCase(name, "expect")) {
            if (!equalsIgnoringCase(value, "100-continue"))
                return violation(ErrorCode::ExpectationFailed,
                                 "Only Expect: 100-continue is supported.");
            head.expectContinue = true;
        } else if (equalsIgnoringCase(name, "content-type")) {
            head.contentType = value.toByteArray();
        } else if (equalsIgnoringCase(name, "connection")) {
            forEachListElement(value, [&](QByteArrayView element) {
                if (equalsIgnoringCase(element, "close"))
                    head.keepAlive = false;
                else if (equalsIgnoringCase(element, "keep-alive") && head.minorVersion == 0)
                    head.keepAlive = true;
            });
        }
    }

    if (head.minorVersion >= 1 && hostCount != 1)
        return violation(ErrorCode::BadRequest,
                         "An HTTP/1.1 request needs exactly one Host header.");
    if (hasTransferEncoding) {
        if (contentLength)
            return violation(ErrorCode::BadRequest,
                             "A request cannot have both Content-Length and Transfer-Encoding.");
        if (chunked)
            return violation(
                ErrorCode::LengthRequired,
                "Send the body with a Content-Length; chunked bodies are not accepted.");
        return violation(ErrorCode::NotImplemented, "This Transfer-Encoding is not supported.");
    }
    head.contentLength = contentLength.value_or(0);
    // Uploads are streamed to disk by the guard, never held in memory, so they may be
    // larger; every other body is buffered whole by QtHttpServer.
    const qint64 limit = head.isUpload() ? m_limits.maxUploadBytes : m_limits.maxBodyBytes;
    if (head.contentLength > limit)
        return FramingViolation {
            ErrorCode::PayloadTooLarge,
            head.isUpload()
                ? QStringLiteral("Uploads are limited to %1 bytes.").arg(limit)
                : QStringLiteral("The request body is larger than %1 bytes.").arg(limit)};
    if (head.isUpload() && !contentLength)
        return violation(ErrorCode::LengthRequired, "An upload needs a Content-Length.");
    return std::nullopt;
}

} // namespace slotline
