#include "support/fakemediaserver.h"

#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QTcpSocket>

namespace slotline::test {
namespace {

// A throwaway self-signed certificate for the name "localhost", valid 2000 to 2999, and
// its key. It secures nothing: it lets a test see which name a client checks.
constexpr char CertificatePem[]
    = "-----BEGIN CERTIFICATE-----\n"
      "MIIBUzCB+6ADAgECAhQ/auznC3L6eDBXR9rgYlKRevtCsTAKBggqhkjOPQQDAjAU\n"
      "MRIwEAYDVQQDDAlsb2NhbGhvc3QwIBcNMDAwMTAxMDAwMDAwWhgPMjk5OTEyMzEw\n"
      "MDAwMDBaMBQxEjAQBgNVBAMMCWxvY2FsaG9zdDBZMBMGByqGSM49AgEGCCqGSM49\n"
      "AwEHA0IABPSYBOsx5RkROZiWFj0ACh93gdz2MzKbNvwcPjioWGZVnF+K9uEiDy9l\n"
      "14w20FeIgaFgZkDgySWB97PTrwUsaNmjKTAnMBQGA1UdEQQNMAuCCWxvY2FsaG9z\n"
      "dDAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0cAMEQCID5912XwnpU7bfv6\n"
      "W33/HfVTQjMjbH5OSb2oDNxL4K8DAiAC7HM6a6NIdlMq4YH+d1h8COURid805b+6\n"
      "Mhe61OzBmA==\n"
      "-----END CERTIFICATE-----\n";
constexpr char KeyPem[] = "-----BEGIN PRIVATE KEY-----\n"
                          "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg65pzaAvouDLQRThw\n"
                          "Q5NiwDGJ5jp4O2n5TBAtGxJaDgqhRANCAAT0mATrMeUZETmYlhY9AAofd4Hc9jMy\n"
                          "mzb8HD44qFhmVZxfivbhIg8vZdeMNtBXiIGhYGZA4Mklgfez068FLGjZ\n"
                          "-----END PRIVATE KEY-----\n";

} // namespace

FakeMediaServer::FakeMediaServer(Transport transport, QObject *parent, const QHostAddress &address)
    : QObject(parent)
    , m_transport(transport)
{
    if (transport == Transport::Tls) {
        auto server = std::make_unique<QSslServer>();
        QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
        configuration.setLocalCertificate(certificate());
        configuration.setPrivateKey(QSslKey(QByteArray(KeyPem), QSsl::Ec));
        configuration.setPeerVerifyMode(QSslSocket::VerifyNone); // no client certificates
        server->setSslConfiguration(configuration);
        m_server = std::move(server);
    } else {
        m_server = std::make_unique<QTcpServer>();
    }
    // Over TLS, once the handshake is done.
    connect(m_server.get(), &QTcpServer::pendingConnectionAvailable, this,
            &FakeMediaServer::accept);
    if (!m_server->listen(address, 0))
        qFatal("the fake media server cannot listen on %s", qPrintable(address.toString()));
}

QSslCertificate FakeMediaServer::certificate()
{
    return QSslCertificate(QByteArray(CertificatePem), QSsl::Pem);
}

FakeMediaServer::Response FakeMediaServer::file(const QByteArray &contentType,
                                                const QByteArray &body, Response::Framing framing)
{
    Response response;
    response.headers.append({"Content-Type", contentType});
    response.body = body;
    response.framing = framing;
    return response;
}

FakeMediaServer::Response FakeMediaServer::redirect(const QByteArray &location, int status)
{
    Response response;
    response.status = status;
    response.reason = "Found";
    response.headers.append({"Location", location});
    response.body = "<a href=\"" + location + "\">elsewhere</a>";
    return response;
}

FakeMediaServer::Response FakeMediaServer::status(int status, const QByteArray &reason)
{
    Response response;
    response.status = status;
    response.reason = reason;
    response.headers.append({QByteArray("Content-Type"), QByteArray("text/html")});
    response.body = "<html><body>" + reason + "</body></html>";
    return response;
}

void FakeMediaServer::route(const QByteArray &path, const Response &response)
{
    m_routes.insert(path, response);
}

QUrl FakeMediaServer::url(const QByteArray &path, const QString &host) const
{
    const QString scheme
        = m_transport == Transport::Tls ? QStringLiteral("https") : QStringLiteral("http");
    return QUrl(QStringLiteral("%1://%2:%3").arg(scheme, host, QString::number(port()))
                + QString::fromLatin1(path));
}

QByteArray FakeMediaServer::requestHeader(qsizetype index, const QByteArray &name) const
{
    if (index < 0 || index >= m_requestHeads.size())
        return {};
    for (const QByteArray &line : m_requestHeads.at(index).split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.first(colon).trimmed().compare(name, Qt::CaseInsensitive) == 0)
            return line.sliced(colon + 1).trimmed();
    }
    return {};
}

void FakeMediaServer::accept()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        m_pending.insert(socket, {});
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_pending.remove(socket);
            socket->deleteLater();
        });
    }
}

void FakeMediaServer::read(QTcpSocket *socket)
{
    auto pending = m_pending.find(socket);
    if (pending == m_pending.end()) {
        socket->readAll(); // answered already: one request per connection
        return;
    }
    pending->append(socket->readAll());
    const qsizetype headEnd = pending->indexOf("\r\n\r\n");
    if (headEnd < 0)
        return;
    const QByteArray head = pending->first(headEnd);
    m_pending.erase(pending);
    m_requestHeads.append(head);

    const QList<QByteArray> requestLine = head.left(head.indexOf("\r\n")).split(' ');
    QByteArray path = requestLine.size() > 1 ? requestLine.at(1) : QByteArray("/");
    if (const qsizetype query = path.indexOf('?'); query >= 0)
        path.truncate(query);
    answer(socket, m_routes.value(path, status(404, "Not Found")));
}

void FakeMediaServer::answer(QTcpSocket *socket, const Response &response)
{
    if (response.silent)
        return;
    QByteArray out
        = "HTTP/1.1 " + QByteArray::number(response.status) + ' ' + response.reason + "\r\n";
    for (const auto &[name, value] : response.headers)
        out += name + ": " + value + "\r\n";
    switch (response.framing) {
    case Response::Framing::ContentLength:
        out += "Content-Length: "
               + QByteArray::number(response.announcedLength >= 0 ? response.announcedLength
                                                                  : response.body.size())
               + "\r\n";
        break;
    case Response::Framing::Chunked: out += "Transfer-Encoding: chunked\r\n"; break;
    case Response::Framing::UntilClose: break;
    }
    out += "Connection: close\r\n\r\n";

    if (response.framing == Response::Framing::Chunked) {
        constexpr qsizetype ChunkSize = 16 * 1024;
        for (qsizetype at = 0; at < response.body.size(); at += ChunkSize) {
            const QByteArray chunk = response.body.mid(at, ChunkSize);
            out += QByteArray::number(chunk.size(), 16) + "\r\n" + chunk + "\r\n";
        }
        out += "0\r\n\r\n";
    } else {
        out += response.body;
    }
    socket->write(out);
    if (response.announcedLength < 0)
        socket->disconnectFromHost(); // after what was written has gone out
}

} // namespace slotline::test
