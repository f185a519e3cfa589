#include "support/droppingproxy.h"

#include <QPointer>
#include <QTcpSocket>

namespace slotline::test {

DroppingProxy::DroppingProxy(quint16 upstreamPort, QObject *parent)
    : QObject(parent)
    , m_upstreamPort(upstreamPort)
{
    if (!m_server.listen(QHostAddress::LocalHost, 0))
        qFatal("the proxy cannot listen");
    connect(&m_server, &QTcpServer::newConnection, this, &DroppingProxy::accept);
}

void DroppingProxy::accept()
{
    while (QTcpSocket *client = m_server.nextPendingConnection()) {
        auto *upstream = new QTcpSocket(client); // goes with the client's connection
        connect(client, &QTcpSocket::readyRead, upstream,
                [client, upstream] { upstream->write(client->readAll()); });
        connect(upstream, &QTcpSocket::readyRead, client, [this, client, upstream] {
            const QByteArray answer = upstream->readAll();
            if (m_dropNext) {
                m_dropNext = false;
                ++m_dropped;
                client->abort();
                return;
            }
            client->write(answer);
        });
        connect(upstream, &QTcpSocket::disconnected, client, &QTcpSocket::disconnectFromHost);
        connect(client, &QTcpSocket::disconnected, client, &QObject::deleteLater);
        connect(upstream, &QTcpSocket::connected, client, [client, upstream] {
            if (client->bytesAvailable() > 0)
                upstream->write(client->readAll());
        });
        upstream->connectToHost(QHostAddress::LocalHost, m_upstreamPort);
    }
}

} // namespace slotline::test
