#include "support/socketflood.h"

#include <QTest>

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace slotline::test {

SocketFlood::SocketFlood(quint16 port)
    : m_port(port)
{ }

SocketFlood::~SocketFlood()
{
    closeAll();
}

int SocketFlood::open(int count)
{
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(m_port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int started = 0;
    for (; started < count; ++started) {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (fd < 0)
            break;
        Connection connection;
        connection.fd = fd;
        if (::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) == 0)
            connection.state = State::Open;
        else if (errno != EINPROGRESS)
            connection.state = State::Failed;
        m_connections.append(connection);
    }
    return started;
}

int SocketFlood::count(State state) const
{
    int found = 0;
    for (const Connection &connection : m_connections)
        found += connection.state == state ? 1 : 0;
    return found;
}

int SocketFlood::connectionsWithData() const
{
    int found = 0;
    for (const Connection &connection : m_connections)
        found += connection.received.isEmpty() ? 0 : 1;
    return found;
}

QByteArray SocketFlood::firstData() const
{
    for (const Connection &connection : m_connections)
        if (!connection.received.isEmpty())
            return connection.received;
    return {};
}

void SocketFlood::finishConnect(Connection &connection)
{
    int error = 0;
    socklen_t length = sizeof error;
    if (::getsockopt(connection.fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0)
        connection.state = State::Failed;
    else
        connection.state = State::Open;
}

void SocketFlood::readFrom(Connection &connection)
{
    char buffer[4096];
    for (;;) {
        const ssize_t got = ::recv(connection.fd, buffer, sizeof buffer, 0);
        if (got > 0) {
            connection.received.append(buffer, got);
            continue;
        }
        if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (got < 0 && errno == EINTR)
            continue;
        // End of stream or a reset: either way the server is done with it. The
        // descriptor stays open, as a careless client's would, until closeAll().
        connection.state = State::ClosedByPeer;
        return;
    }
}

void SocketFlood::update()
{
    std::vector<pollfd> watched;
    std::vector<int> indexes;
    watched.reserve(m_connections.size());
    indexes.reserve(m_connections.size());
    for (int i = 0; i < int(m_connections.size()); ++i) {
        const Connection &connection = m_connections.at(i);
        if (connection.state == State::Connecting)
            watched.push_back({connection.fd, POLLOUT, 0});
        else if (connection.state == State::Open)
            watched.push_back({connection.fd, POLLIN | POLLRDHUP, 0});
        else
            continue;
        indexes.push_back(i);
    }
    if (watched.empty())
        return;
    const int ready = ::poll(watched.data(), nfds_t(watched.size()), 0);
    if (ready <= 0)
        return;
    for (std::size_t i = 0; i < watched.size(); ++i) {
        if (watched[i].revents == 0)
            continue;
        Connection &connection = m_connections[indexes[i]];
        if (connection.state == State::Connecting)
            finishConnect(connection);
        else
            readFrom(connection);
    }
}

bool SocketFlood::waitUntilEstablished(int timeoutMs)
{
    return QTest::qWaitFor(
        [this] {
            update();
            return count(State::Connecting) == 0;
        },
        timeoutMs);
}

bool SocketFlood::waitUntilOpenAtMost(int remaining, int timeoutMs)
{
    return QTest::qWaitFor(
        [this, remaining] {
            update();
            return count(State::Open) + count(State::Connecting) <= remaining;
        },
        timeoutMs);
}

int SocketFlood::sendToOpen(const QByteArray &bytes)
{
    int took = 0;
    for (Connection &connection : m_connections) {
        if (connection.state != State::Open)
            continue;
        const ssize_t sent
            = ::send(connection.fd, bytes.constData(), size_t(bytes.size()), MSG_NOSIGNAL);
        took += sent == bytes.size() ? 1 : 0;
    }
    return took;
}

void SocketFlood::closeDescriptor(Connection &connection)
{
    if (connection.fd >= 0)
        ::close(connection.fd);
    connection.fd = -1;
}

void SocketFlood::closeAll()
{
    for (Connection &connection : m_connections)
        closeDescriptor(connection);
    m_connections.clear();
}

} // namespace slotline::test
