#pragma once

#include "core/errorcode.h"
#include "server/http/httplimits.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace slotline {

// The head of one request, as far as framing and limits are concerned.
struct RequestHead
{
    QByteArray method;
    QByteArray target;
    int minorVersion = 1;
    qint64 contentLength = 0;
    bool expectContinue = false;
    bool keepAlive = true;
    qint64 streamOffset = 0; // where in the connection's byte stream the head began
    qint64 streamEnd = 0; // just past the request's body
    QByteArray contentType;
    // The request line and header lines as received, up to and with the blank line.
    QByteArray rawHead;

    // A PUT of raw bytes to an upload address (HttpLimits::UploadPathPrefix).
    bool isUpload() const
    {
        return method == "PUT" && target.startsWith(HttpLimits::UploadPathPrefix);
    }
    qint64 bodyStart() const { return streamEnd - contentLength; }
};

// Why a connection's byte stream was refused: answered with this code's status and closed.
struct FramingViolation
{
    ErrorCode code = ErrorCode::BadRequest;
    QString message;
    // The refused request's head, when it had arrived whole (a body too large, a chunked
    // one): it names the call, and its key, for the call log.
    std::optional<RequestHead> head {};

    int status() const { return errorcodes::httpStatus(code); }
    QByteArray codeName() const
    {
        const QLatin1StringView name = errorcodes::name(code);
        return QByteArray(name.data(), name.size());
    }
};

// Follows the request framing of one HTTP/1.1 connection without consuming it: told
// every byte that arrives, it knows where each request starts and ends and refuses
// what QtHttpServer 6.4 would otherwise buffer without limit (huge bodies, endless
// headers, chunked bodies, smuggling-prone header combinations, garbage).
class HttpFramingScanner
{
public:
    enum class Phase {
        Idle, // between requests: nothing of the next one has arrived
        Head, // part of a request line or headers has arrived
        Body, // the headers are complete, body bytes are still due
    };

    struct FeedResult
    {
        QList<RequestHead> completedHeads;
        std::optional<FramingViolation> violation; // nothing after it was scanned
    };

    explicit HttpFramingScanner(const HttpLimits &limits);

    FeedResult feed(QByteArrayView bytes);

    Phase phase() const { return m_phase; }
    qint64 bytesScanned() const { return m_offset; }
    // Stream offset just past the last complete request.
    qint64 lastRequestEnd() const { return m_lastRequestEnd; }
    // Body bytes of the current request already seen (0 in other phases).
    qint64 bodyBytesSeen() const { return m_bodyBytesSeen; }

private:
    static std::optional<FramingViolation> parseRequestLine(QByteArrayView line, RequestHead &head);
    // The header lines, into a head that has its request line already.
    std::optional<FramingViolation> parseHead(RequestHead &head) const;
    void finishRequest();

    HttpLimits m_limits;
    Phase m_phase = Phase::Idle;
    QByteArray m_head;
    qint64 m_headStart = 0;
    qint64 m_bodyRemaining = 0;
    qint64 m_bodyBytesSeen = 0;
    qint64 m_offset = 0;
    qint64 m_lastRequestEnd = 0;
    // Whether the current head's request line has been judged: as soon as it is whole,
    // because QtHttpServer reads (and drops the connection over) a bad one at that point.
    bool m_requestLineChecked = false;
    RequestHead m_requestLine; // what the request line of the head coming in says
    bool m_failed = false;
};

} // namespace slotline
