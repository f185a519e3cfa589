#pragma once

#include <QByteArray>
#include <QHash>
#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QPair>
#include <QSslCertificate>
#include <QTcpServer>
#include <QUrl>

#include <memory>

class QTcpSocket;

namespace slotline::test {

// A web server on 127.0.0.1 with canned answers, for fetching media without the
// internet: each path answers what was routed to it (404 otherwise), one request per
// connection, and every request head is kept for the test to look at. Over TLS it shows
// certificate(), made out to "localhost" only.
class FakeMediaServer : public QObject
{
    Q_OBJECT

public:
    struct Response
    {
        enum class Framing {
            ContentLength,
            Chunked,
            UntilClose, // no length: the body ends when the connection does
        };

        int status = 200;
        QByteArray reason = "OK";
        QList<QPair<QByteArray, QByteArray>> headers;
        QByteArray body;
        Framing framing = Framing::ContentLength;
        // A Content-Length to announce instead of the body's size; the body is sent and
        // the connection then stays open, as if the rest were still coming.
        qint64 announcedLength = -1;
        bool silent = false; // read the request and never answer
    };

    enum class Transport { Plain, Tls };

    // On 127.0.0.1 unless told another address (another loopback one, say).
    explicit FakeMediaServer(Transport transport = Transport::Plain, QObject *parent = nullptr,
                             const QHostAddress &address = QHostAddress(QHostAddress::LocalHost));

    // The certificate a TLS server shows, for a test to trust.
    static QSslCertificate certificate();

    static Response file(const QByteArray &contentType, const QByteArray &body,
                         Response::Framing framing = Response::Framing::ContentLength);
    static Response redirect(const QByteArray &location, int status = 302);
    static Response status(int status, const QByteArray &reason);

    void route(const QByteArray &path, const Response &response);

    quint16 port() const { return m_server->serverPort(); }
    // http://127.0.0.1:<port><path>, or https://, or another name for the host.
    QUrl url(const QByteArray &path, const QString &host = QStringLiteral("127.0.0.1")) const;
    const QList<QByteArray> &requestHeads() const { return m_requestHeads; }
    qsizetype requestCount() const { return m_requestHeads.size(); }
    // A header of the n-th request, as sent.
    QByteArray requestHeader(qsizetype index, const QByteArray &name) const;

private:
    void accept();
    void read(QTcpSocket *socket);
    void answer(QTcpSocket *socket, const Response &response);

    QHash<QByteArray, Response> m_routes;
    QHash<QTcpSocket *, QByteArray> m_pending; // what each connection sent so far
    QList<QByteArray> m_requestHeads;
    Transport m_transport;
    // Last, so that it goes first: its connections report their end while the rest is there.
    std::unique_ptr<QTcpServer> m_server;
};

} // namespace slotline::test
