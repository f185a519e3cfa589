// The request guard fed raw bytes, the way a client's TCP stream reaches it.
//
// Input: one byte that seeds how the stream is cut into reads, then the stream itself.
//
// The framing scanner (the guard's parser) is fed the stream whole, byte by byte and in
// the seeded pieces; it must come to the same verdict every time, and what it lets
// through must keep the limits. Then the stream goes through the real server assembly
// (GuardedTcpServer, its ConnectionGuard and QtHttpServer behind them, over a socket pair),
// once whole and once in pieces: QtHttpServer must be handed exactly the requests the
// scanner found, with their bodies; the client must get one answer per request in order,
// the guard's refusal last, nothing after an upload or a request that asked to close, and
// then the end of the connection; an upload reaches the upload receiver with exactly its
// bytes, or is refused after the answers to the requests before it.

#include "server/api/apierror.h"
#include "server/http/apihttpserver.h"
#include "server/http/earlyrefuser.h"
#include "server/http/guardedtcpserver.h"
#include "server/http/httpframingscanner.h"
#include "server/http/uploadreceiver.h"
#include "support/fuzzapplication.h"
#include "support/fuzzcheck.h"

#include <QAbstractEventDispatcher>
#include <QCoreApplication>
#include <QHttpServerRequest>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QTcpSocket>

#include <cerrno>
#include <cstdint>
#include <fcntl.h>
#include <memory>
#include <sys/socket.h>
#include <unistd.h>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

namespace {

// Small limits, so that short inputs reach them; deadlines far away, so that no run
// depends on how fast the machine is.
HttpLimits fuzzLimits()
{
    HttpLimits limits;
    limits.maxBodyBytes = 200;
    limits.maxUploadBytes = 400;
    limits.maxHeaderBytes = 1024;
    limits.maxRequestLineBytes = 256;
    limits.headerTimeoutMs = 3'600'000;
    limits.bodyTimeoutMs = 3'600'000;
    limits.idleTimeoutMs = 3'600'000;
    limits.lingerMs = 3'600'000;
    return limits;
}

// Longer streams only repeat what shorter ones show, at a higher cost per run.
constexpr qsizetype MaxStreamBytes = 8 * 1024;

QString show(QByteArrayView bytes)
{
    return QString::fromLatin1(bytes.toByteArray().toPercentEncoding(" /:=-_.,;\r\n"));
}

// Where a client's writes would end: a reproducible sequence of piece sizes from 1 byte
// to a few hundred, seeded by the input.
QList<QByteArrayView> cut(QByteArrayView stream, quint8 seed)
{
    QList<QByteArrayView> pieces;
    quint32 state = 0x9e3779b9u ^ (quint32(seed) * 0x85ebca6bu);
    while (!stream.isEmpty()) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        const qsizetype size = 1 + qsizetype(state % (1u << (1 + state % 9)));
        pieces.append(stream.first(std::min(size, stream.size())));
        stream = stream.sliced(pieces.constLast().size());
    }
    return pieces;
}

struct ScanResult
{
    QList<RequestHead> heads;
    std::optional<FramingViolation> violation;
    qint64 lastRequestEnd = 0;
    HttpFramingScanner::Phase phase = HttpFramingScanner::Phase::Idle;
    qint64 bodyBytesSeen = 0;
    qint64 bytesScanned = 0;
};

ScanResult scan(const QList<QByteArrayView> &pieces)
{
    HttpFramingScanner scanner(fuzzLimits());
    ScanResult result;
    for (const QByteArrayView piece : pieces) {
        auto fed = scanner.feed(piece);
        result.heads.append(fed.completedHeads);
        if (fed.violation) {
            FUZZ_CHECK(!result.violation, u"a second violation after the first"_s);
            result.violation = fed.violation;
        }
        // Once refused, the scanner takes nothing more.
        if (result.violation)
            FUZZ_CHECK(fed.completedHeads.isEmpty() || fed.violation,
                       u"requests completed after a violation"_s);
    }
    result.lastRequestEnd = scanner.lastRequestEnd();
    result.phase = scanner.phase();
    result.bodyBytesSeen = scanner.bodyBytesSeen();
    result.bytesScanned = scanner.bytesScanned();
    return result;
}

QString describe(const RequestHead &head)
{
    return u"%1 %2 HTTP/1.%3 length %4 at %5..%6 expect=%7 keepAlive=%8 type=%9"_s
        .arg(QString::fromLatin1(head.method), show(head.target))
        .arg(head.minorVersion)
        .arg(head.contentLength)
        .arg(head.streamOffset)
        .arg(head.streamEnd)
        .arg(head.expectContinue)
        .arg(head.keepAlive)
        .arg(show(head.contentType));
}

bool sameHead(const RequestHead &a, const RequestHead &b)
{
    return a.method == b.method && a.target == b.target && a.minorVersion == b.minorVersion
           && a.contentLength == b.contentLength && a.expectContinue == b.expectContinue
           && a.keepAlive == b.keepAlive && a.streamOffset == b.streamOffset
           && a.streamEnd == b.streamEnd && a.contentType == b.contentType;
}

void checkSameVerdict(const ScanResult &expected, const ScanResult &actual, const char *how)
{
    const QString label = QString::fromLatin1(how);
    FUZZ_CHECK(
        expected.heads.size() == actual.heads.size(),
        label
            + u": %1 requests instead of %2"_s.arg(actual.heads.size()).arg(expected.heads.size()));
    for (qsizetype i = 0; i < expected.heads.size(); ++i)
        FUZZ_CHECK(sameHead(expected.heads[i], actual.heads[i]),
                   label
                       + u": request %1 is %2 instead of %3"_s.arg(i).arg(
                           describe(actual.heads[i]), describe(expected.heads[i])));
    FUZZ_CHECK(expected.violation.has_value() == actual.violation.has_value(),
               label
                   + u": refused %1, whole %2"_s.arg(actual.violation.has_value())
                         .arg(expected.violation.has_value()));
    if (expected.violation) {
        FUZZ_CHECK(expected.violation->status() == actual.violation->status()
                       && expected.violation->codeName() == actual.violation->codeName()
                       && expected.violation->message == actual.violation->message,
                   label
                       + u": refused with %1 %2 instead of %3 %4"_s.arg(actual.violation->status())
                             .arg(QString::fromLatin1(actual.violation->codeName()))
                             .arg(expected.violation->status())
                             .arg(QString::fromLatin1(expected.violation->codeName())));
    } else {
        FUZZ_CHECK(expected.phase == actual.phase && expected.bodyBytesSeen == actual.bodyBytesSeen
                       && expected.bytesScanned == actual.bytesScanned,
                   label + u": ends in another state"_s);
    }
    FUZZ_CHECK(
        expected.lastRequestEnd == actual.lastRequestEnd,
        label
            + u": the last complete request ends at %1 instead of %2"_s.arg(actual.lastRequestEnd)
                  .arg(expected.lastRequestEnd));
}

// What the scanner lets through, on its own terms.
void checkScannerVerdict(QByteArrayView stream, const ScanResult &result)
{
    const HttpLimits limits = fuzzLimits();
    static const QByteArrayView knownMethods[]
        = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"};
    static const int refusalStatuses[] = {400, 408, 411, 413, 414, 417, 431, 501, 505};
    qint64 previousEnd = 0;
    for (const RequestHead &head : result.heads) {
        const QString what = describe(head);
        const qint64 limit = head.isUpload() ? limits.maxUploadBytes : limits.maxBodyBytes;
        FUZZ_CHECK(head.contentLength >= 0 && head.contentLength <= limit,
                   u"a body beyond the limit: "_s + what);
        FUZZ_CHECK(std::find(std::begin(knownMethods), std::end(knownMethods), head.method)
                       != std::end(knownMethods),
                   u"an unknown method: "_s + what);
        FUZZ_CHECK(head.target.startsWith('/') || (head.target == "*" && head.method == "OPTIONS"),
                   u"a target that is not a path: "_s + what);
        // HTTP/1.2 and later minor versions are served as HTTP/1.1 (RFC 9110, 2.5).
        FUZZ_CHECK(head.minorVersion >= 0 && head.minorVersion <= 9, u"HTTP/1."_s + what);
        FUZZ_CHECK(head.streamOffset >= previousEnd, u"requests overlap: "_s + what);
        // Only empty lines separate requests.
        for (qint64 i = previousEnd; i < head.streamOffset; ++i)
            FUZZ_CHECK(stream[i] == '\r' || stream[i] == '\n',
                       u"bytes skipped between requests: "_s + what);
        const qint64 headBytes = head.bodyStart() - head.streamOffset;
        FUZZ_CHECK(headBytes > 0 && headBytes <= limits.maxHeaderBytes,
                   u"a head of %1 bytes: "_s.arg(headBytes) + what);
        const QByteArrayView headText = stream.sliced(head.streamOffset, headBytes);
        FUZZ_CHECK(headText.endsWith("\n\n") || headText.endsWith("\n\r\n"),
                   u"a head that does not end with an empty line: "_s + what);
        FUZZ_CHECK(headText.startsWith(QByteArray(head.method + ' ' + head.target + ' ')),
                   u"a request line that is not in the stream: "_s + what);
        const qsizetype requestLineEnd = headText.indexOf('\n');
        FUZZ_CHECK(requestLineEnd <= limits.maxRequestLineBytes,
                   u"a request line over the limit: "_s + what);
        FUZZ_CHECK(head.minorVersion == 0 || headText.toByteArray().toLower().contains("\nhost:"),
                   u"an HTTP/1.1 request without Host: "_s + what);
        previousEnd = head.streamEnd;
    }
    FUZZ_CHECK(result.lastRequestEnd <= stream.size(), u"past the end of the stream"_s);
    if (result.violation) {
        FUZZ_CHECK(std::find(std::begin(refusalStatuses), std::end(refusalStatuses),
                             result.violation->status())
                       != std::end(refusalStatuses),
                   u"refused with status %1"_s.arg(result.violation->status()));
        FUZZ_CHECK(!result.violation->codeName().isEmpty() && !result.violation->message.isEmpty(),
                   u"a refusal without a code or a message"_s);
    } else {
        FUZZ_CHECK(result.bytesScanned == stream.size(),
                   u"%1 of %2 bytes scanned"_s.arg(result.bytesScanned).arg(stream.size()));
        // Whatever follows the last complete request is an incomplete one, or empty lines.
        if (result.phase == HttpFramingScanner::Phase::Idle) {
            for (qint64 i = result.lastRequestEnd; i < stream.size(); ++i)
                FUZZ_CHECK(stream[i] == '\r' || stream[i] == '\n', u"bytes left over"_s);
        }
    }
}

// ---- The server assembly over a socket pair ----

struct ServedRequest
{
    QByteArray method;
    QByteArray body;
};

struct ReceivedUpload
{
    QByteArray target;
    QByteArray body;
    bool finished = false;
};

struct ConnectionLog
{
    QList<ServedRequest> served;
    QList<ReceivedUpload> uploads;
    QList<qint64> refusedEarly; // where the requests refused from their heads began
};

ConnectionLog *currentLog = nullptr;

QByteArray methodName(QHttpServerRequest::Method method)
{
    switch (method) {
    case QHttpServerRequest::Method::Get: return "GET";
    case QHttpServerRequest::Method::Head: return "HEAD";
    case QHttpServerRequest::Method::Post: return "POST";
    case QHttpServerRequest::Method::Put: return "PUT";
    case QHttpServerRequest::Method::Patch: return "PATCH";
    case QHttpServerRequest::Method::Delete: return "DELETE";
    case QHttpServerRequest::Method::Options: return "OPTIONS";
    default: return "OTHER";
    }
}

class RecordingUploadSink final : public UploadSink
{
public:
    RecordingUploadSink(qsizetype index, qint64 declared)
        : m_index(index)
        , m_declared(declared)
    { }

    std::optional<ApiError> write(QByteArrayView bytes) override
    {
        ReceivedUpload &upload = currentLog->uploads[m_index];
        upload.body.append(bytes);
        FUZZ_CHECK(upload.body.size() <= m_declared,
                   u"an upload of %1 bytes got %2"_s.arg(m_declared).arg(upload.body.size()));
        return std::nullopt;
    }

    std::variant<QByteArray, ApiError> finish() override
    {
        ReceivedUpload &upload = currentLog->uploads[m_index];
        FUZZ_CHECK(
            upload.body.size() == m_declared,
            u"an upload of %1 bytes finished after %2"_s.arg(m_declared).arg(upload.body.size()));
        upload.finished = true;
        return QByteArray("{}");
    }

private:
    qsizetype m_index;
    qint64 m_declared;
};

class RecordingUploadReceiver final : public UploadReceiver
{
public:
    std::variant<std::unique_ptr<UploadSink>, ApiError> begin(const Request &request) override
    {
        FUZZ_CHECK(request.contentLength <= fuzzLimits().maxUploadBytes,
                   u"an upload of %1 bytes was begun"_s.arg(request.contentLength));
        currentLog->uploads.append(ReceivedUpload {request.target, {}, false});
        // Some addresses are refused, as an expired or forged signature would be.
        if (request.target.contains("refuse"))
            return ApiError(ErrorCode::UploadExpired, u"Not this one."_s);
        return std::make_unique<RecordingUploadSink>(currentLog->uploads.size() - 1,
                                                     request.contentLength);
    }
};

// Refuses every request whose target says "early", as a key past its rate limit is: the
// guard asks only when the answer cannot overtake another, and falls back to QtHttpServer
// (which answers 200) otherwise.
class EarlyRefusingFake final : public EarlyRefuser
{
public:
    std::optional<QByteArray> refusalFromHead(const RequestHead &head, QByteArrayView,
                                              const QHostAddress &) override
    {
        if (!head.target.contains("early"))
            return std::nullopt;
        FUZZ_CHECK(head.rawHead.startsWith(QByteArray(head.method + ' ' + head.target + ' ')),
                   u"the raw head does not begin with the request line"_s);
        currentLog->refusedEarly.append(head.streamOffset);
        return QByteArray("HTTP/1.1 429 Too Many Requests\r\nContent-Length: 0\r\n\r\n");
    }
    // The guard's own refusals carry no valid key here: nothing is logged, and the
    // answer gets an id of its own.
    QByteArray recordRefusal(const RequestHead &, const QHostAddress &, int, qint64) override
    {
        return QByteArray("req_fuzz");
    }
};

// Hands it sockets directly instead of accepting them from a listening socket.
class AdoptingTcpServer final : public GuardedTcpServer
{
public:
    using GuardedTcpServer::GuardedTcpServer;
    void adopt(qintptr descriptor) { incomingConnection(descriptor); }
};

struct ServerAssembly
{
    ServerAssembly()
        : http(std::make_unique<ApiHttpServer>([](const QHttpServerRequest &request,
                                                  QTcpSocket *socket) {
            currentLog->served.append(ServedRequest {methodName(request.method()), request.body()});
            QByteArray answer = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n";
            if (request.value("Connection").toLower().contains("close"))
                answer += "Connection: close\r\n";
            socket->write(answer + "\r\n");
        }))
    {
        tcp = new AdoptingTcpServer(fuzzLimits(), http.get()); // owned by http
        tcp->setUploadReceiver(&uploads);
        tcp->setEarlyRefuser(&refuser);
        http->bind(tcp);
    }

    RecordingUploadReceiver uploads;
    EarlyRefusingFake refuser;
    std::unique_ptr<ApiHttpServer> http;
    AdoptingTcpServer *tcp = nullptr;
};

struct Response
{
    int status = 0;
    QByteArray code; // error.code of a JSON error body
};

struct ConnectionResult
{
    ConnectionLog log;
    QList<Response> responses; // without interim 100 Continue
    int continues = 0;
    bool closed = false;
    QByteArray received;
};

class Client
{
public:
    explicit Client(int descriptor)
        : m_descriptor(descriptor)
    { }
    ~Client() { closeIfOpen(); }

    // Reads what has arrived; true when anything did (or the end).
    bool drain()
    {
        if (m_eof || m_descriptor < 0)
            return false;
        bool progress = false;
        char buffer[16 * 1024];
        while (true) {
            const ssize_t got = ::read(m_descriptor, buffer, sizeof buffer);
            if (got > 0) {
                m_received.append(buffer, got);
                progress = true;
                continue;
            }
            if (got == 0) {
                m_eof = true;
                return true;
            }
            if (errno == EINTR)
                continue;
            // EAGAIN: nothing more for now. ECONNRESET: the server aborted; an abort
            // after its answer is legitimate, and what arrived before it counts.
            if (errno == ECONNRESET)
                m_eof = true;
            return progress || m_eof;
        }
    }

    // Sends all of it; false when the server no longer takes anything.
    bool send(QByteArrayView bytes)
    {
        while (!bytes.isEmpty()) {
            const ssize_t sent
                = ::send(m_descriptor, bytes.data(), size_t(bytes.size()), MSG_NOSIGNAL);
            if (sent > 0) {
                bytes = bytes.sliced(sent);
                continue;
            }
            if (sent < 0 && errno == EINTR)
                continue;
            if (sent < 0 && errno == EAGAIN) {
                if (!pump())
                    return false; // nobody reads and nothing moves
                continue;
            }
            return false; // EPIPE, ECONNRESET: the server closed
        }
        return true;
    }

    void finishSending() { ::shutdown(m_descriptor, SHUT_WR); }
    void closeIfOpen()
    {
        if (m_descriptor >= 0)
            ::close(m_descriptor);
        m_descriptor = -1;
    }

    // Runs the server's events until nothing more happens; false when nothing did at all.
    bool pump()
    {
        QAbstractEventDispatcher *dispatcher = QAbstractEventDispatcher::instance();
        bool any = false;
        int quietTurns = 0;
        for (int turn = 0; turn < 100'000 && quietTurns < 2; ++turn) {
            bool busy = dispatcher->processEvents(QEventLoop::AllEvents);
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
            busy = drain() || busy;
            quietTurns = busy ? 0 : quietTurns + 1;
            any = any || busy;
        }
        return any;
    }

    bool atEnd() const { return m_eof; }
    const QByteArray &received() const { return m_received; }

private:
    int m_descriptor;
    QByteArray m_received;
    bool m_eof = false;
};

QList<Response> parseResponses(const QByteArray &bytes, int *continues)
{
    QList<Response> responses;
    QByteArrayView rest(bytes);
    while (!rest.isEmpty()) {
        const qsizetype headEnd = rest.indexOf("\r\n\r\n");
        FUZZ_CHECK(headEnd > 0, u"an incomplete answer: "_s + show(rest));
        const QByteArrayView head = rest.first(headEnd);
        FUZZ_CHECK(head.startsWith("HTTP/1.1 ") && head.size() >= 12,
                   u"not an HTTP/1.1 answer: "_s + show(rest));
        bool ok = false;
        const int status = head.sliced(9, 3).toInt(&ok);
        FUZZ_CHECK(ok, u"no status: "_s + show(head));
        qint64 length = 0;
        for (const QByteArray &rawLine : head.toByteArray().split('\n')) {
            const QByteArray line = rawLine.trimmed();
            if (line.toLower().startsWith("content-length:"))
                length = line.sliced(15).trimmed().toLongLong();
        }
        rest = rest.sliced(headEnd + 4);
        FUZZ_CHECK(length <= rest.size(), u"an answer shorter than it says: "_s + show(head));
        const QByteArrayView body = rest.first(length);
        rest = rest.sliced(length);
        if (status == 100) {
            ++*continues;
            continue;
        }
        Response response {status, {}};
        if (status >= 400)
            response.code = QJsonDocument::fromJson(body.toByteArray())
                                .object()
                                .value(u"error"_s)
                                .toObject()
                                .value(u"code"_s)
                                .toString()
                                .toLatin1();
        responses.append(response);
    }
    return responses;
}

ConnectionResult runConnection(ServerAssembly &server, const QList<QByteArrayView> &pieces)
{
    ConnectionResult result;
    currentLog = &result.log;
    int pair[2];
    FUZZ_CHECK(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) == 0,
               u"no socket pair"_s);
    Client client(pair[0]);
    // The client side must not block: the server only reads while events run.
    FUZZ_CHECK(::fcntl(pair[0], F_SETFL, O_NONBLOCK) == 0, u"cannot make it non-blocking"_s);
    server.tcp->adopt(pair[1]);
    QPointer<QTcpSocket> socket;
    for (QTcpSocket *candidate : server.http->findChildren<QTcpSocket *>()) {
        if (candidate->socketDescriptor() == pair[1])
            socket = candidate;
    }
    FUZZ_CHECK(socket, u"the server did not take the connection"_s);

    for (const QByteArrayView piece : pieces) {
        if (!client.send(piece))
            break;
        client.pump();
    }
    client.finishSending();
    client.pump();
    result.closed = client.atEnd();
    client.closeIfOpen();
    for (int turn = 0; turn < 100 && socket; ++turn)
        client.pump();
    FUZZ_CHECK(!socket, u"the connection's socket outlived the connection"_s);
    result.received = client.received();
    result.responses = parseResponses(result.received, &result.continues);
    currentLog = nullptr;
    return result;
}

// What the whole server must have done with the stream, given the scanner's verdict.
void checkConnection(QByteArrayView stream, const ScanResult &verdict,
                     const ConnectionResult &result, bool whole)
{
    const QString label = (whole ? u"whole: "_s : u"in pieces: "_s) + u"received "_s
                          + show(result.received.left(600)) + u"\n     "_s;
    FUZZ_CHECK(result.closed, label + u"the connection stayed open after the client's end"_s);

    // Requests served until an upload (which the guard takes over, ending the connection),
    // or the end of one asking to close.
    QList<RequestHead> served;
    std::optional<RequestHead> upload;
    bool closedEarly = false;
    for (const RequestHead &head : verdict.heads) {
        if (head.isUpload()) {
            upload = head;
            break;
        }
        if (head.streamEnd > stream.size())
            break; // its body never came
        served.append(head);
        if (!head.keepAlive) {
            closedEarly = true;
            break;
        }
    }

    const ConnectionLog &log = result.log;
    // Those refused from their heads never reach QtHttpServer.
    QList<RequestHead> handled;
    for (const RequestHead &head : served) {
        if (!log.refusedEarly.contains(head.streamOffset)) {
            handled.append(head);
            continue;
        }
        FUZZ_CHECK(head.target.contains("early") && head.keepAlive,
                   label + u"refused from its head: "_s + describe(head));
    }
    FUZZ_CHECK(log.refusedEarly.size() == served.size() - handled.size(),
               label
                   + u"%1 requests refused from their heads, of which %2 were to be served"_s
                         .arg(log.refusedEarly.size())
                         .arg(served.size() - handled.size()));
    FUZZ_CHECK(
        log.served.size() == handled.size(),
        label
            + u"QtHttpServer handled %1 requests; the guard let %2 through"_s.arg(log.served.size())
                  .arg(handled.size()));
    for (qsizetype i = 0; i < handled.size(); ++i) {
        const RequestHead &head = handled[i];
        FUZZ_CHECK(log.served[i].method == head.method,
                   label
                       + u"request %1 reached the handler as %2, not %3"_s.arg(i).arg(
                           QString::fromLatin1(log.served[i].method), describe(head)));
        const QByteArrayView body = stream.sliced(head.bodyStart(), head.contentLength);
        FUZZ_CHECK(log.served[i].body == body,
                   label
                       + u"request %1 has the body %2, not %3 (%4)"_s.arg(i).arg(
                           show(log.served[i].body), show(body), describe(head)));
        FUZZ_CHECK(log.served[i].body.size() <= fuzzLimits().maxBodyBytes,
                   label + u"a body beyond the limit reached the handler"_s);
    }

    qsizetype answer = 0;
    for (; answer < served.size(); ++answer) {
        const int expected = log.refusedEarly.contains(served[answer].streamOffset) ? 429 : 200;
        FUZZ_CHECK(answer < result.responses.size() && result.responses[answer].status == expected,
                   label + u"answer %1 is missing or not %2"_s.arg(answer).arg(expected));
    }

    if (upload) {
        // Taken over only when nothing before it is still waiting for its answer: in one
        // piece with earlier requests it is refused.
        if (log.uploads.isEmpty()) {
            FUZZ_CHECK(!served.isEmpty(),
                       label + u"an upload at the start was not taken: "_s + describe(*upload));
            FUZZ_CHECK(answer < result.responses.size() && result.responses[answer].status == 400,
                       label + u"a pipelined upload was not refused"_s);
            ++answer;
        } else {
            FUZZ_CHECK(log.uploads.size() == 1, label + u"two uploads on one connection"_s);
            const ReceivedUpload &received = log.uploads.constFirst();
            FUZZ_CHECK(received.target == upload->target,
                       label + u"the upload went to "_s + show(received.target));
            const QByteArrayView sent
                = stream.sliced(upload->bodyStart())
                      .first(std::min<qint64>(upload->contentLength,
                                              stream.size() - upload->bodyStart()));
            if (!received.target.contains("refuse"))
                FUZZ_CHECK(received.body == sent, label
                                                      + u"the upload's bytes are %1, not %2"_s.arg(
                                                          show(received.body), show(sent)));
            if (received.finished || received.target.contains("refuse")) {
                const int expected = received.finished ? 201 : 410;
                FUZZ_CHECK(answer < result.responses.size()
                               && result.responses[answer].status == expected,
                           label + u"the upload was not answered %1"_s.arg(expected));
                ++answer;
            }
        }
    } else if (verdict.violation && !closedEarly) {
        FUZZ_CHECK(answer < result.responses.size()
                       && result.responses[answer].status == verdict.violation->status()
                       && result.responses[answer].code == verdict.violation->codeName(),
                   label
                       + u"the refusal %1 %2 was not sent"_s.arg(verdict.violation->status())
                             .arg(QString::fromLatin1(verdict.violation->codeName())));
        ++answer;
    }
    FUZZ_CHECK(answer == result.responses.size(),
               label + u"%1 answers instead of %2"_s.arg(result.responses.size()).arg(answer));

    // A 100 Continue goes only to a request that asked and whose body had not begun.
    int asked = 0;
    for (const RequestHead &head : verdict.heads)
        asked += head.expectContinue && head.contentLength > 0 ? 1 : 0;
    FUZZ_CHECK(
        result.continues <= asked,
        label
            + u"%1 interim answers for %2 requests that asked"_s.arg(result.continues).arg(asked));
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    slotline::fuzz::startApplication(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > size_t(MaxStreamBytes) + 1)
        return -1;
    const quint8 seed = data[0];
    const QByteArray stream(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));

    const ScanResult whole = scan({stream});
    checkScannerVerdict(stream, whole);
    QList<QByteArrayView> bytewise;
    for (qsizetype i = 0; i < stream.size(); ++i)
        bytewise.append(QByteArrayView(stream).sliced(i, 1));
    checkSameVerdict(whole, scan(bytewise), "byte by byte");
    const QList<QByteArrayView> pieces = cut(stream, seed);
    checkSameVerdict(whole, scan(pieces), "in pieces");

    static ServerAssembly server;
    checkConnection(stream, whole, runConnection(server, {stream}), true);
    checkConnection(stream, whole, runConnection(server, pieces), false);
    return 0;
}
