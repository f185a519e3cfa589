#pragma once

#include <QByteArray>
#include <QList>

namespace slotline::test {

// Thousands of idle TCP connections from this process to one port on 127.0.0.1, made
// with plain non-blocking sockets: as many QTcpSockets would weigh more than the server
// they are aimed at, and their notifiers would slow every event loop turn of the test.
// Connections are numbered in the order they were opened.
class SocketFlood
{
public:
    enum class State {
        Connecting,
        Open, // established, and the server has not closed it (as far as we have looked)
        ClosedByPeer, // the server closed it (end of stream or reset)
        Failed, // the connection was never established
    };

    explicit SocketFlood(quint16 port);
    ~SocketFlood();
    SocketFlood(const SocketFlood &) = delete;
    SocketFlood &operator=(const SocketFlood &) = delete;

    // Starts `count` more connections. Returns how many were started: socket() fails once
    // this process runs out of descriptors.
    int open(int count);
    // Looks at every connection once, without waiting, and notes what the server did to
    // them.
    void update();
    // Wait, running the event loop, until no connection is still connecting (a full
    // listen queue makes the kernel retry a connect for a while), or until at most
    // `remaining` connections are still open; false on timeout.
    bool waitUntilEstablished(int timeoutMs);
    bool waitUntilOpenAtMost(int remaining, int timeoutMs);
    // Sends `bytes` on every open connection; how many took them all.
    int sendToOpen(const QByteArray &bytes);
    // Closes every connection from this side, and forgets them.
    void closeAll();

    int size() const { return int(m_connections.size()); }
    int count(State state) const;
    State state(int index) const { return m_connections.at(index).state; }
    // What the server sent on the connections it closed (a refusal such as a 503), if anything.
    int connectionsWithData() const;
    QByteArray firstData() const;

private:
    struct Connection
    {
        int fd = -1;
        State state = State::Connecting;
        QByteArray received;
    };
    void finishConnect(Connection &connection);
    void readFrom(Connection &connection);
    static void closeDescriptor(Connection &connection);

    quint16 m_port;
    QList<Connection> m_connections;
};

} // namespace slotline::test
