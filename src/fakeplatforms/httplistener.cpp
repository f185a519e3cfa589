#include "fakeplatforms/httplistener.h"

#include "fakeplatforms/logcategories.h"

#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

namespace slotline::fake {

namespace {

constexpr qsizetype MaxHeadBytes = 64 * 1024;

enum class Parse { Incomplete, Complete, Malformed };

// Decodes a chunked body from the start of `bytes`; `consumed` is how much it used.
Parse dechunk(const QByteArray &bytes, QByteArray *body, qsizetype *consumed)
{
    qsizetype at = 0;
    body->clear();
    for (;;) {
        const qsizetype lineEnd = bytes.indexOf("\r\n", at);
        if (lineEnd < 0)
            return Parse::Incomplete;
        QByteArray sizeField = bytes.mid(at, lineEnd - at);
        const qsizetype semicolon = sizeField.indexOf(';');
        if (semicolon >= 0)
            sizeField.truncate(semicolon);
        bool ok = false;
        const qsizetype size = sizeField.trimmed().toLongLong(&ok, 16);
        if (!ok || size < 0)
            return Parse::Malformed;
        at = lineEnd + 2;
        if (size == 0) {
            // Trailers end with an empty line.
            const qsizetype end = bytes.indexOf("\r\n", at);
            if (end < 0)
                return Parse::Incomplete;
            if (end == at) {
                *consumed = at + 2;
                return Parse::Complete;
            }
            const qsizetype trailersEnd = bytes.indexOf("\r\n\r\n", at);
            if (trailersEnd < 0)
                return Parse::Incomplete;
            *consumed = trailersEnd + 4;
            return Parse::Complete;
        }
        if (bytes.size() < at + size + 2)
            return Parse::Incomplete;
        body->append(bytes.mid(at, size));
        at += size + 2;
    }
}

} // namespace

HttpListener::HttpListener(Handler handler, QObject *parent)
    : QObject(parent)
    , m_handler(std::move(handler))
    , m_server(this) // a child, so moveToThread() takes the listening socket along
{
    connect(&m_server, &QTcpServer::newConnection, this, &HttpListener::accept);
}

HttpListener::~HttpListener()
{
    // The sockets are children of m_server, which outlives m_connections during member
    // destruction: a socket closing then would reach a destroyed map.
    const QList<QTcpSocket *> sockets = m_server.findChildren<QTcpSocket *>();
    for (QTcpSocket *socket : sockets)
        socket->disconnect(this);
    m_connections.clear();
}

quint16 HttpListener::listen(const QHostAddress &address, quint16 port)
{
    if (!m_server.listen(address, port))
        return 0;
    return m_server.serverPort();
}

void HttpListener::accept()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        m_connections.insert(socket, Connection());
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readFrom(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_connections.remove(socket);
            socket->deleteLater();
        });
    }
}

void HttpListener::readFrom(QTcpSocket *socket)
{
    auto it = m_connections.find(socket);
    if (it == m_connections.end())
        return;
    it->buffer += socket->readAll();
    if (it->busy)
        return;

    const qsizetype headEnd = it->buffer.indexOf("\r\n\r\n");
    if (headEnd < 0) {
        if (it->buffer.size() > MaxHeadBytes)
            socket->abort();
        return;
    }

    FakeRequest request;
    const QList<QByteArray> lines = it->buffer.left(headEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    if (requestLine.size() != 3) {
        socket->write(FakeResponse::empty(400).serialize(true));
        socket->disconnectFromHost();
        return;
    }
    request.method = requestLine.at(0);
    request.rawTarget = requestLine.at(1);
    {
        const qsizetype question = request.rawTarget.indexOf('?');
        const QByteArray rawPath
            = question < 0 ? request.rawTarget : request.rawTarget.left(question);
        request.path = QUrl::fromPercentEncoding(rawPath);
        if (question >= 0) {
            // Form encoding writes spaces as '+', which QUrlQuery keeps literally.
            QByteArray rawQuery = request.rawTarget.mid(question + 1);
            rawQuery.replace('+', "%20");
            request.query = QUrlQuery(QString::fromUtf8(rawQuery));
        }
    }
    bool http10 = requestLine.at(2) == "HTTP/1.0";
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        request.headers.emplaceBack(line.left(colon).trimmed().toLower(),
                                    line.mid(colon + 1).trimmed());
    }

    const qsizetype bodyStart = headEnd + 4;
    qsizetype consumed = 0;
    if (request.header("transfer-encoding").toLower().contains("chunked")) {
        const Parse parse = dechunk(it->buffer.mid(bodyStart), &request.body, &consumed);
        if (parse == Parse::Malformed) {
            socket->write(FakeResponse::empty(400).serialize(true));
            socket->disconnectFromHost();
            return;
        }
        if (parse == Parse::Incomplete) {
            if (!it->continueSent && request.header("expect").toLower() == "100-continue") {
                it->continueSent = true;
                socket->write("HTTP/1.1 100 Continue\r\n\r\n");
            }
            return;
        }
        consumed += bodyStart;
    } else {
        bool ok = true;
        const QByteArray lengthField = request.header("content-length");
        const qsizetype length = lengthField.isEmpty() ? 0 : lengthField.toLongLong(&ok);
        if (!ok || length < 0) {
            socket->write(FakeResponse::empty(400).serialize(true));
            socket->disconnectFromHost();
            return;
        }
        if (it->buffer.size() < bodyStart + length) {
            if (!it->continueSent && request.header("expect").toLower() == "100-continue") {
                it->continueSent = true;
                socket->write("HTTP/1.1 100 Continue\r\n\r\n");
            }
            return;
        }
        request.body = it->buffer.mid(bodyStart, length);
        consumed = bodyStart + length;
    }
    it->buffer.remove(0, consumed);
    it->continueSent = false;

    const QByteArray connectionField = request.header("connection").toLower();
    const bool closeAfter
        = connectionField.contains("close") || (http10 && !connectionField.contains("keep-alive"));
    it->busy = true;
    serve(socket, std::move(request), closeAfter);
}

void HttpListener::serve(QTcpSocket *socket, FakeRequest request, bool closeAfter)
{
    const FakeResponse response = m_handler(request);
    auto finish = [this, socket, response, closeAfter] {
        auto it = m_connections.find(socket);
        if (it == m_connections.end())
            return;
        if (response.drop) {
            qCInfo(lcFakeHttp) << "closing the connection without an answer";
            m_connections.erase(it);
            socket->abort();
            socket->deleteLater();
            return;
        }
        socket->write(response.serialize(closeAfter));
        if (closeAfter) {
            m_connections.erase(it);
            socket->disconnectFromHost();
            return;
        }
        it->busy = false;
        if (!it->buffer.isEmpty())
            QTimer::singleShot(0, socket, [this, socket] { readFrom(socket); });
    };
    if (response.delayMs > 0)
        QTimer::singleShot(response.delayMs, socket, finish);
    else
        finish();
}

} // namespace slotline::fake
