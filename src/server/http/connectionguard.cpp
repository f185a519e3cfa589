#include "server/http/connectionguard.h"

#include "core/ids.h"
#include "server/api/apierror.h"
#include "server/api/logcategories.h"
#include "server/http/connectionhost.h"
#include "server/http/earlyrefuser.h"
#include "server/http/httpstatus.h"
#include "server/http/uploadreceiver.h"

#include <QTcpSocket>

#include <sys/socket.h>

namespace slotline {
namespace {

// A refused client that keeps sending is cut off after this much.
constexpr qint64 MaxDrainBytes = 8 * 1024 * 1024;
// What an upload may have waiting in memory; the rest waits in the kernel's buffers, and
// TCP slows the client down to the pace of the disk.
constexpr qint64 UploadReadBufferBytes = 256 * 1024;
constexpr qint64 UploadChunkBytes = 64 * 1024;

} // namespace

ConnectionGuard::ConnectionGuard(QTcpSocket *socket, const HttpLimits &limits,
                                 ConnectionHost *server, quint64 sequence)
    : QObject(socket)
    , m_socket(socket)
    , m_server(server)
    , m_limits(limits)
    , m_scanner(limits)
    , m_sequence(sequence)
{
    m_lastActivityMs = ConnectionHost::monotonicNowMs();
    m_phaseStartedMs = m_lastActivityMs;
    // Connected before QtHttpServer's slot, so it runs first on every readyRead.
    connect(m_socket, &QTcpSocket::readyRead, this, &ConnectionGuard::beforeHttpServerReads);
}

ConnectionGuard::~ConnectionGuard() = default;

void ConnectionGuard::attachAfterHandover()
{
    connect(m_socket, &QTcpSocket::readyRead, this, &ConnectionGuard::afterHttpServerReads);
}

bool ConnectionGuard::isIdle() const
{
    return !m_refused && !m_upload && !m_pendingViolation
           && m_scanner.phase() == HttpFramingScanner::Phase::Idle && m_scannedUnread == 0
           && m_socket->state() == QAbstractSocket::ConnectedState;
}

bool ConnectionGuard::idleLongerThan(const ConnectionGuard &other) const
{
    if (m_lastActivityMs != other.m_lastActivityMs)
        return m_lastActivityMs < other.m_lastActivityMs;
    return m_sequence < other.m_sequence;
}

qint64 ConnectionGuard::readByHttpServer() const
{
    // QtHttpServer is the only reader of the socket while the guard only peeks.
    return m_received - m_socket->bytesAvailable();
}

void ConnectionGuard::stopReading()
{
    m_refused = true; // from here on incoming bytes are drained, never parsed
    QObject::disconnect(m_socket, &QTcpSocket::readyRead, m_server->httpServer(), nullptr);
    if (m_socket->isTransactionStarted())
        m_socket->commitTransaction();
    m_socket->skip(m_socket->bytesAvailable());
    connect(m_socket, &QTcpSocket::disconnected, m_socket, &QObject::deleteLater);
    // An answer streamed out must make progress: a client that stops reading would
    // otherwise hold the connection and its unsent bytes for ever.
    m_stalledSinceMs = ConnectionHost::monotonicNowMs();
    connect(m_socket, &QTcpSocket::bytesWritten, this,
            [this] { m_stalledSinceMs = ConnectionHost::monotonicNowMs(); });
}

void ConnectionGuard::closeIdle()
{
    m_refused = true; // no longer idle, never handed another request
    m_socket->disconnectFromHost();
}

void ConnectionGuard::beforeHttpServerReads()
{
    if (m_refused) {
        drainRefused();
        return;
    }
    if (m_upload) {
        m_lastActivityMs = ConnectionHost::monotonicNowMs();
        continueUpload();
        return;
    }
    const qint64 available = m_socket->bytesAvailable();
    if (available <= m_scannedUnread)
        return; // QtHttpServer re-announcing a pipelined request already scanned
    m_received += available - m_scannedUnread;
    m_lastActivityMs = ConnectionHost::monotonicNowMs();
    if (m_pendingViolation) {
        m_scannedUnread = available;
        refuseWhenDue();
        return;
    }

    const HttpFramingScanner::Phase phaseBefore = m_scanner.phase();
    const QByteArray buffered = m_socket->peek(available);
    const qint64 bufferedFrom = m_received - available;
    const auto result = m_scanner.feed(QByteArrayView(buffered).sliced(m_scannedUnread));
    m_scannedUnread = available;
    if (m_scanner.phase() != phaseBefore || !result.completedHeads.isEmpty())
        m_phaseStartedMs = m_lastActivityMs;

    // What comes after an upload, or after a request that asked to close, is never
    // served: not even bad bytes there get an answer, whether they arrived with it or later.
    for (const RequestHead &head : result.completedHeads) {
        if (head.isUpload()) {
            if (m_closeAt < 0)
                takeOverForUpload(head);
            return;
        }
        if (refuseFromHead(head, buffered, bufferedFrom))
            continue;
        m_requestsEnd = head.streamEnd;
        if (!head.keepAlive && m_closeAt < 0)
            m_closeAt = head.streamEnd;
    }
    if (result.violation && m_closeAt < 0) {
        // Requests complete before the bad bytes still get their answers first.
        m_pendingViolation = result.violation;
        m_refuseAt = m_scanner.lastRequestEnd();
        refuseWhenDue();
        return;
    }
    if (!result.completedHeads.isEmpty()) {
        const RequestHead &last = result.completedHeads.constLast();
        if (m_scanner.phase() == HttpFramingScanner::Phase::Body)
            m_awaitedBodyHead = last;
        // Only the request still waiting for its body needs a 100 Continue.
        if (last.expectContinue && m_scanner.phase() == HttpFramingScanner::Phase::Body
            && m_scanner.bodyBytesSeen() == 0)
            m_continueDueAt = last.streamOffset;
    }
    sendContinueIfDue();
}

void ConnectionGuard::afterHttpServerReads()
{
    if (m_refused)
        return;
    m_scannedUnread = m_socket->bytesAvailable();
    if (m_pendingViolation)
        refuseWhenDue();
    else
        sendContinueIfDue();
    closeWhenAnswered();
}

void ConnectionGuard::closeWhenAnswered()
{
    // QtHttpServer answers a request in the same slot that reads it: once it has read the
    // request that asked to close, its answer is written and the connection can go.
    if (m_refused || m_closeAt < 0 || readByHttpServer() < m_closeAt)
        return;
    m_refused = true; // no further request is served (RFC 9112, 9.6)
    QObject::disconnect(m_socket, &QTcpSocket::readyRead, m_server->httpServer(), nullptr);
    m_socket->skip(m_socket->bytesAvailable());
    m_socket->disconnectFromHost();
}

void ConnectionGuard::refuseWhenDue()
{
    if (readByHttpServer() < m_refuseAt)
        return;
    const FramingViolation violation = *m_pendingViolation;
    m_pendingViolation.reset();
    refuse(violation.code, violation.message, violation.head ? &*violation.head : nullptr);
}

void ConnectionGuard::sendContinueIfDue()
{
    if (m_continueDueAt < 0)
        return;
    if (m_scanner.phase() != HttpFramingScanner::Phase::Body || m_scanner.bodyBytesSeen() > 0) {
        m_continueDueAt = -1; // the body is already on its way
        return;
    }
    // Interim responses must not overtake the answers to earlier pipelined requests:
    // wait until QtHttpServer has read everything before this request.
    if (readByHttpServer() < m_continueDueAt)
        return;
    m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
    m_continueDueAt = -1;
}

void ConnectionGuard::checkDeadlines(qint64 nowMs)
{
    if (m_refused) {
        if (m_lingerDeadlineMs > 0 && nowMs >= m_lingerDeadlineMs)
            finishLinger();
        else if (m_stalledSinceMs > 0 && m_socket->bytesToWrite() > 0
                 && nowMs - m_stalledSinceMs >= m_limits.bodyTimeoutMs)
            finishLinger(); // the client stopped taking the answer
        return;
    }
    if (m_pendingViolation)
        return; // the earlier requests' answers are on their way
    if (m_upload) {
        // An upload may take long; it may not stall.
        if (nowMs - m_lastActivityMs >= m_limits.bodyTimeoutMs) {
            m_upload.reset();
            refuse(ErrorCode::RequestTimeout, QStringLiteral("The upload stalled."));
        }
        return;
    }
    switch (m_scanner.phase()) {
    case HttpFramingScanner::Phase::Head:
        if (nowMs - m_phaseStartedMs >= m_limits.headerTimeoutMs)
            refuse(ErrorCode::RequestTimeout,
                   QStringLiteral("The request headers did not arrive in time."));
        break;
    case HttpFramingScanner::Phase::Body:
        if (nowMs - m_phaseStartedMs >= m_limits.bodyTimeoutMs)
            refuse(ErrorCode::RequestTimeout,
                   QStringLiteral("The request body did not arrive in time."), &m_awaitedBodyHead,
                   nowMs - m_phaseStartedMs);
        break;
    case HttpFramingScanner::Phase::Idle:
        if (m_scannedUnread == 0 && nowMs - m_lastActivityMs >= m_limits.idleTimeoutMs
            && m_socket->bytesToWrite() == 0) {
            m_server->count(ConnectionHost::Event::IdleClosed);
            closeIdle();
        }
        break;
    }
}

void ConnectionGuard::refuse(ErrorCode code, const QString &message, const RequestHead *head,
                             qint64 elapsedMs)
{
    refuse(ApiError(code, message), head, elapsedMs);
}

void ConnectionGuard::refuse(const ApiError &error, const RequestHead *head, qint64 elapsedMs)
{
    m_server->count(ConnectionHost::Event::RequestRefused);
    m_refused = true;
    const int status = error.status();
    qCInfo(lcGuard).noquote() << "refusing connection from" << m_socket->peerAddress().toString()
                              << status << error.code();
    // A request whose head arrived whole is a call of its key like any other.
    EarlyRefuser *refuser = m_server->earlyRefuser();
    const QByteArray requestId
        = head && refuser
              ? refuser->recordRefusal(*head, m_socket->peerAddress(), status, elapsedMs)
              : ids::generate(IdKind::Request).toLatin1();

    // From here on QtHttpServer must not parse anything from this connection.
    QObject::disconnect(m_socket, &QTcpSocket::readyRead, m_server->httpServer(), nullptr);
    if (m_socket->isTransactionStarted())
        m_socket->commitTransaction();
    m_socket->skip(m_socket->bytesAvailable());

    m_socket->write(httpstatus::rawResponse(status,
                                            {{"Content-Type", "application/json"},
                                             {"X-Request-Id", requestId},
                                             {"Connection", "close"}},
                                            error.toJsonBytes()));

    // Lingering close: once the answer is out, stop sending and keep discarding what
    // the client still sends for a moment, so it reads the answer instead of a reset.
    m_lingerDeadlineMs = ConnectionHost::monotonicNowMs() + m_limits.lingerMs;
    connect(m_socket, &QTcpSocket::bytesWritten, this, [this] {
        if (m_socket->bytesToWrite() == 0 && m_socket->state() == QAbstractSocket::ConnectedState)
            ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
    });
    connect(m_socket, &QTcpSocket::disconnected, m_socket, &QObject::deleteLater);
}

bool ConnectionGuard::refuseFromHead(const RequestHead &head, QByteArrayView buffered,
                                     qint64 bufferedFrom)
{
    EarlyRefuser *refuser = m_server->earlyRefuser();
    // Only a whole request that QtHttpServer would read next, on a connection that stays
    // open: answering any other one here could put the answers out of order.
    if (!refuser || m_closeAt >= 0 || !head.keepAlive || head.streamEnd > m_received
        || readByHttpServer() < m_requestsEnd || readByHttpServer() > head.streamOffset)
        return false;
    // The whole body is in (see above), and nothing before the request has been read.
    const QByteArrayView body
        = head.contentLength > 0
              ? buffered.sliced(head.bodyStart() - bufferedFrom, head.contentLength)
              : QByteArrayView();
    auto answer = refuser->refusalFromHead(head, body, m_socket->peerAddress());
    if (!answer)
        return false;
    // QtHttpServer has read nothing of it (at most blank lines before it, undone here): it
    // never sees the request, and reads on from the one after.
    if (m_socket->isTransactionStarted())
        m_socket->rollbackTransaction();
    m_socket->skip(head.streamEnd - readByHttpServer());
    m_scannedUnread = m_socket->bytesAvailable();
    m_socket->write(*answer);
    m_server->count(ConnectionHost::Event::RefusedFromHead);
    return true;
}

void ConnectionGuard::takeOverForUpload(const RequestHead &head)
{
    if (readByHttpServer() < m_requestsEnd) {
        // Requests before it are still unanswered (QtHttpServer reads one at a time): they
        // are answered first, and then the upload is refused, as bad bytes there would be.
        m_pendingViolation = FramingViolation {
            ErrorCode::BadRequest,
            QStringLiteral("Send an upload on its own, not pipelined behind other requests.")};
        m_refuseAt = m_requestsEnd;
        return;
    }
    // From here on QtHttpServer reads nothing of this connection; had it begun to read
    // this request, the read is undone so the request starts where the guard expects.
    QObject::disconnect(m_socket, &QTcpSocket::readyRead, m_server->httpServer(), nullptr);
    if (m_socket->isTransactionStarted())
        m_socket->rollbackTransaction();
    // Only blank lines lie between the last request QtHttpServer read and this one.
    m_socket->skip(head.bodyStart() - readByHttpServer());
    UploadReceiver *receiver = m_server->uploadReceiver();
    if (!receiver) {
        refuse(ErrorCode::NotFound, QStringLiteral("This server takes no uploads."));
        return;
    }
    auto began = receiver->begin(
        UploadReceiver::Request {head.target, head.contentType, head.contentLength});
    if (const auto *error = std::get_if<ApiError>(&began)) {
        refuse(*error);
        return;
    }
    m_upload = std::move(std::get<std::unique_ptr<UploadSink>>(began));
    m_uploadRemaining = head.contentLength;
    m_continueDueAt = -1;
    m_socket->setReadBufferSize(UploadReadBufferBytes);
    if (head.expectContinue && m_socket->bytesAvailable() == 0)
        m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
    continueUpload();
}

void ConnectionGuard::continueUpload()
{
    while (m_uploadRemaining > 0) {
        const QByteArray chunk
            = m_socket->read(std::min<qint64>(m_uploadRemaining, UploadChunkBytes));
        if (chunk.isEmpty())
            return; // more is on its way
        m_uploadRemaining -= chunk.size();
        if (const auto error = m_upload->write(chunk)) {
            m_upload.reset();
            refuse(*error);
            return;
        }
    }
    auto outcome = m_upload->finish();
    m_upload.reset();
    if (const auto *error = std::get_if<ApiError>(&outcome)) {
        refuse(*error);
        return;
    }
    m_refused = true; // nothing after the upload is served
    m_socket->write(
        httpstatus::rawResponse(201,
                                {{"Content-Type", "application/json"},
                                 {"X-Request-Id", ids::generate(IdKind::Request).toLatin1()},
                                 {"Cache-Control", "no-store"},
                                 {"Connection", "close"}},
                                std::get<QByteArray>(outcome)));
    connect(m_socket, &QTcpSocket::disconnected, m_socket, &QObject::deleteLater);
    m_socket->disconnectFromHost();
}

void ConnectionGuard::drainRefused()
{
    const qint64 available = m_socket->bytesAvailable();
    m_drainedBytes += available;
    m_socket->skip(available);
    if (m_drainedBytes > MaxDrainBytes)
        finishLinger();
}

void ConnectionGuard::finishLinger()
{
    m_lingerDeadlineMs = 0;
    m_socket->abort();
}

} // namespace slotline
