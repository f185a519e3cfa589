#pragma once

#include <QByteArray>
#include <QTcpSocket>

namespace slotline::test {

// A bare TCP client for what a well-behaved HTTP library never sends: oversized or
// malformed heads, slow clients, pipelined and garbage bytes.
class RawHttpClient
{
public:
    explicit RawHttpClient(quint16 port);

    bool isConnected() const { return m_socket.state() == QAbstractSocket::ConnectedState; }
    void write(const QByteArray &bytes);
    // Waits until `bytes` has been received in total (or the peer closed, or timeout).
    QByteArray readAtLeast(qsizetype bytes, int timeoutMs = 10'000);
    // Waits for one complete response (head and Content-Length body); empty if none.
    QByteArray readResponse(int timeoutMs = 10'000);
    // Everything until the server closes the connection.
    QByteArray readUntilClosed(int timeoutMs = 10'000);
    bool waitForClose(int timeoutMs = 10'000);
    QAbstractSocket::SocketState state() const { return m_socket.state(); }
    QTcpSocket &socket() { return m_socket; }

    static int statusOf(const QByteArray &response);
    static QByteArray headerOf(const QByteArray &response, const QByteArray &name);
    static QByteArray bodyOf(const QByteArray &response);

private:
    QTcpSocket m_socket;
    QByteArray m_received;
};

} // namespace slotline::test
