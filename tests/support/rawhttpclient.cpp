#include "support/rawhttpclient.h"

#include <QTest>

#include <tuple>

namespace slotline::test {

RawHttpClient::RawHttpClient(quint16 port)
{
    m_socket.connectToHost(QHostAddress::LocalHost, port);
    std::ignore = QTest::qWaitFor(
        [this] { return m_socket.state() == QAbstractSocket::ConnectedState; }, 10'000);
    QObject::connect(&m_socket, &QTcpSocket::readyRead, &m_socket,
                     [this] { m_received += m_socket.readAll(); });
}

void RawHttpClient::write(const QByteArray &bytes)
{
    m_socket.write(bytes);
    m_socket.flush();
}

QByteArray RawHttpClient::readAtLeast(qsizetype bytes, int timeoutMs)
{
    std::ignore = QTest::qWaitFor(
        [&] {
            return m_received.size() >= bytes
                   || m_socket.state() == QAbstractSocket::UnconnectedState;
        },
        timeoutMs);
    m_received += m_socket.readAll();
    return m_received;
}

QByteArray RawHttpClient::readResponse(int timeoutMs)
{
    auto complete = [this]() -> qsizetype {
        const qsizetype headEnd = m_received.indexOf("\r\n\r\n");
        if (headEnd < 0)
            return -1;
        const QByteArray head = m_received.first(headEnd + 4);
        const qsizetype length = headerOf(head, "Content-Length").toLongLong();
        if (m_received.size() < headEnd + 4 + length)
            return -1;
        return headEnd + 4 + length;
    };
    std::ignore = QTest::qWaitFor(
        [&] { return complete() >= 0 || m_socket.state() == QAbstractSocket::UnconnectedState; },
        timeoutMs);
    m_received += m_socket.readAll();
    const qsizetype end = complete();
    if (end < 0)
        return {};
    const QByteArray response = m_received.first(end);
    m_received.remove(0, end);
    return response;
}

QByteArray RawHttpClient::readUntilClosed(int timeoutMs)
{
    waitForClose(timeoutMs);
    m_received += m_socket.readAll();
    return m_received;
}

bool RawHttpClient::waitForClose(int timeoutMs)
{
    return QTest::qWaitFor([this] { return m_socket.state() == QAbstractSocket::UnconnectedState; },
                           timeoutMs);
}

int RawHttpClient::statusOf(const QByteArray &response)
{
    if (!response.startsWith("HTTP/1.1 "))
        return 0;
    return response.mid(9, 3).toInt();
}

QByteArray RawHttpClient::headerOf(const QByteArray &response, const QByteArray &name)
{
    const QByteArray head = response.left(response.indexOf("\r\n\r\n"));
    for (const QByteArray &line : head.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.first(colon).trimmed().compare(name, Qt::CaseInsensitive) == 0)
            return line.sliced(colon + 1).trimmed();
    }
    return {};
}

QByteArray RawHttpClient::bodyOf(const QByteArray &response)
{
    const qsizetype headEnd = response.indexOf("\r\n\r\n");
    return headEnd < 0 ? QByteArray() : response.sliced(headEnd + 4);
}

} // namespace slotline::test
