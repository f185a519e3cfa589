#pragma once

#include "server/http/httpframingscanner.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QTcpSocket;
QT_END_NAMESPACE

namespace slotline {

class ApiError;
class ConnectionHost;
class UploadSink;

// Watches one connection on behalf of the server. It sees every byte before
// QtHttpServer does (its slot is connected to readyRead first) and only peeks: the
// framing scanner tells where requests start and end. When a request breaks a limit,
// or a client is too slow, the guard takes the socket away from QtHttpServer, answers
// with the contract's error body, and closes the connection without reading the rest.
class ConnectionGuard : public QObject
{
    Q_OBJECT

public:
    ConnectionGuard(QTcpSocket *socket, const HttpLimits &limits, ConnectionHost *server,
                    quint64 sequence);
    ~ConnectionGuard() override;

    // Called once QtHttpServer has connected its own readyRead slot.
    void attachAfterHandover();

    // Enforces the header, body and idle deadlines; called by the server's sweep.
    void checkDeadlines(qint64 nowMs);

    // The request just read is answered later, by someone else: nothing more is read from
    // this connection (a pipelined request would be answered first, out of order), and
    // it is not closed for idleness meanwhile.
    void stopReading();

    bool isIdle() const;
    // Orders connections by how long they have been idle; accept order breaks ties.
    bool idleLongerThan(const ConnectionGuard &other) const;
    void closeIdle();

private:
    void beforeHttpServerReads();
    void afterHttpServerReads();
    void sendContinueIfDue();
    // Bytes of this connection QtHttpServer has read so far.
    qint64 readByHttpServer() const;
    void refuseWhenDue();
    void closeWhenAnswered();
    // `head`: the refused request's, when it arrived whole, so that the call is logged.
    void refuse(ErrorCode code, const QString &message, const RequestHead *head = nullptr,
                qint64 elapsedMs = 0);
    void refuse(const ApiError &error, const RequestHead *head = nullptr, qint64 elapsedMs = 0);
    // `buffered` holds the stream from `bufferedFrom` on, the request's body among it.
    bool refuseFromHead(const RequestHead &head, QByteArrayView buffered, qint64 bufferedFrom);
    // An upload's body goes to the server's UploadReceiver, read here rather than by
    // QtHttpServer, and the connection closes after the answer.
    void takeOverForUpload(const RequestHead &head);
    void continueUpload();
    void drainRefused();
    void finishLinger();

    QTcpSocket *m_socket;
    ConnectionHost *m_server;
    HttpLimits m_limits;
    HttpFramingScanner m_scanner;
    quint64 m_sequence;
    qint64 m_received = 0;
    // Bytes in the socket's buffer that the guard has seen but QtHttpServer has not
    // read yet (a pipelined request waiting its turn).
    qint64 m_scannedUnread = 0;
    // A violation found behind complete requests waits until QtHttpServer has read (and
    // answered) those, at stream offset `m_refuseAt`.
    std::optional<FramingViolation> m_pendingViolation;
    qint64 m_refuseAt = 0;
    qint64 m_phaseStartedMs = 0;
    qint64 m_lastActivityMs = 0;
    // Stream offset a request with "Expect: 100-continue" began at; -1 when none waits.
    qint64 m_continueDueAt = -1;
    // The end of a request that asked to close the connection (Connection: close, or
    // HTTP/1.0 without keep-alive): nothing after it is served. -1 when none did.
    qint64 m_closeAt = -1;
    // The end of the last request QtHttpServer is to read (blank lines may follow it).
    qint64 m_requestsEnd = 0;
    bool m_refused = false;
    qint64 m_lingerDeadlineMs = 0;
    qint64 m_drainedBytes = 0;
    // Since when an answer written after stopReading() has not moved; 0 when none is.
    qint64 m_stalledSinceMs = 0;
    // The head of the request whose body is still arriving (for the call log, should the
    // body be too slow).
    RequestHead m_awaitedBodyHead;
    std::unique_ptr<UploadSink> m_upload;
    qint64 m_uploadRemaining = 0;
};

} // namespace slotline
