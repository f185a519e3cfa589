#pragma once

#include <QObject>
#include <QTcpServer>

namespace slotline::test {

// A TCP proxy on 127.0.0.1 in front of a server, which can lose an answer: the request
// reaches the server and is acted on, but the answer never reaches the client, whose
// connection is cut instead (what a dropped mobile connection does).
class DroppingProxy : public QObject
{
    Q_OBJECT

public:
    explicit DroppingProxy(quint16 upstreamPort, QObject *parent = nullptr);

    quint16 port() const { return m_server.serverPort(); }
    void dropNextAnswer() { m_dropNext = true; }
    int droppedAnswers() const { return m_dropped; }

private:
    void accept();

    quint16 m_upstreamPort;
    QTcpServer m_server;
    bool m_dropNext = false;
    int m_dropped = 0;
};

} // namespace slotline::test
