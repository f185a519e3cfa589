#pragma once

#include "fakeplatforms/fakerequest.h"
#include "fakeplatforms/fakeresponse.h"

#include <QHash>
#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QTcpServer>

#include <functional>
#include <memory>

class QTcpSocket;

namespace slotline::fake {

// A small HTTP/1.1 server on a QTcpServer. QtHttpServer 6.4 cannot close a connection
// without answering, delay an answer, or send an empty 201 with chosen headers on every
// route, and a fake platform needs all of that to stage lost answers. Serves keep-alive
// and pipelined requests one at a time, Content-Length and chunked bodies, and
// "Expect: 100-continue" (libcurl sends it for larger uploads). A Content-Length body over
// LargeBodyBytes goes to a temporary file as it arrives (FakeRequest::bodyFile), and a
// connection reads no further than its socket's bounded buffer while a request is being
// answered, so a 500 MB upload costs the fake a few MiB of memory.
class HttpListener : public QObject
{
    Q_OBJECT

public:
    using Handler = std::function<FakeResponse(const FakeRequest &)>;

    static constexpr qint64 LargeBodyBytes = 8 * 1024 * 1024;
    // How much one connection reads off the network ahead of what it has handled.
    static constexpr qint64 ReadAheadBytes = 1024 * 1024;

    explicit HttpListener(Handler handler, QObject *parent = nullptr);
    ~HttpListener() override;

    // The port listened on (the one the system chose for port 0), or 0 on failure.
    quint16 listen(const QHostAddress &address, quint16 port);
    quint16 port() const { return m_server.serverPort(); }
    // Finishes every held response now (see FakeResponse::held); how many there were.
    int releaseHeld();
    QString errorString() const { return m_server.errorString(); }

private:
    struct Connection
    {
        QByteArray buffer;
        bool busy = false;
        bool continueSent = false;
        // The request whose body is going to its file, and how much of it is still to come.
        FakeRequest spilling;
        qint64 spillRemaining = 0;
        bool spillCloseAfter = false;
    };

    void accept();
    void readFrom(QTcpSocket *socket);
    // Moves what the socket holds of a spilling body to its file; true once it is whole.
    bool spill(QTcpSocket *socket, Connection &connection);
    void refuse(QTcpSocket *socket, int status);
    void serve(QTcpSocket *socket, FakeRequest request, bool closeAfter);

    Handler m_handler;
    QTcpServer m_server;
    QHash<QTcpSocket *, Connection> m_connections;
    // The held responses' ends, each run once: by releaseHeld() or by its timer.
    QList<std::shared_ptr<std::function<void()>>> m_held;
};

} // namespace slotline::fake
