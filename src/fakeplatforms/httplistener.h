#pragma once

#include "fakeplatforms/fakerequest.h"
#include "fakeplatforms/fakeresponse.h"

#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QTcpServer>

#include <functional>

class QTcpSocket;

namespace slotline::fake {

// A small HTTP/1.1 server on a QTcpServer. QtHttpServer 6.4 cannot close a connection
// without answering, delay an answer, or send an empty 201 with chosen headers on every
// route, and a fake platform needs all of that to stage lost answers. Serves keep-alive
// and pipelined requests one at a time, Content-Length and chunked bodies, and
// "Expect: 100-continue" (libcurl sends it for larger uploads).
class HttpListener : public QObject
{
    Q_OBJECT

public:
    using Handler = std::function<FakeResponse(const FakeRequest &)>;

    explicit HttpListener(Handler handler, QObject *parent = nullptr);
    ~HttpListener() override;

    // The port listened on (the one the system chose for port 0), or 0 on failure.
    quint16 listen(const QHostAddress &address, quint16 port);
    quint16 port() const { return m_server.serverPort(); }
    QString errorString() const { return m_server.errorString(); }

private:
    struct Connection
    {
        QByteArray buffer;
        bool busy = false;
        bool continueSent = false;
    };

    void accept();
    void readFrom(QTcpSocket *socket);
    void serve(QTcpSocket *socket, FakeRequest request, bool closeAfter);

    Handler m_handler;
    QTcpServer m_server;
    QHash<QTcpSocket *, Connection> m_connections;
};

} // namespace slotline::fake
