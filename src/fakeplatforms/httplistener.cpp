#include "fakeplatforms/httplistener.h"

#include "fakeplatforms/logcategories.h"

#include <QDir>
#include <QPointer>
#include <QTcpSocket>
#include <QTemporaryFile>
#include <QTimer>
#include <QUrl>

#include <utility>

using namespace Qt::StringLiterals;

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
        // Bounded: while a request is being answered, or a body written to its file, the
        // rest waits in the network rather than in memory.
        socket->setReadBufferSize(ReadAheadBytes);
        m_connections.insert(socket, Connection());
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readFrom(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_connections.remove(socket);
            socket->deleteLater();
        });
    }
}

void HttpListener::refuse(QTcpSocket *socket, int status)
{
    socket->write(FakeResponse::empty(status).serialize(true));
    m_connections.remove(socket);
    socket->disconnectFromHost();
}

bool HttpListener::spill(QTcpSocket *socket, Connection &connection)
{
    while (connection.spillRemaining > 0 && socket->bytesAvailable() > 0) {
        const QByteArray piece
            = socket->read(qMin<qint64>(connection.spillRemaining, ReadAheadBytes));
        if (piece.isEmpty())
            break;
        if (connection.spilling.bodyFile->write(piece) != piece.size()) {
            qCWarning(lcFakeHttp) << "cannot keep a large body:"
                                  << connection.spilling.bodyFile->errorString();
            refuse(socket, 500);
            return false;
        }
        connection.spillRemaining -= piece.size();
    }
    return connection.spillRemaining == 0;
}

void HttpListener::readFrom(QTcpSocket *socket)
{
    auto it = m_connections.find(socket);
    if (it == m_connections.end() || it->busy)
        return;

    if (it->spilling.bodyFile) {
        if (!spill(socket, *it))
            return;
        FakeRequest request = std::exchange(it->spilling, FakeRequest());
        it->continueSent = false;
        it->busy = true;
        serve(socket, std::move(request), it->spillCloseAfter);
        return;
    }

    it->buffer += socket->readAll();
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
        refuse(socket, 400);
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
    const QByteArray connectionField = request.header("connection").toLower();
    const bool closeAfter
        = connectionField.contains("close") || (http10 && !connectionField.contains("keep-alive"));
    const bool expectsContinue = request.header("expect").toLower() == "100-continue";
    const auto sendContinue = [&] {
        if (!it->continueSent && expectsContinue) {
            it->continueSent = true;
            socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        }
    };

    const qsizetype bodyStart = headEnd + 4;
    qsizetype consumed = 0;
    if (request.header("transfer-encoding").toLower().contains("chunked")) {
        const Parse parse = dechunk(it->buffer.mid(bodyStart), &request.body, &consumed);
        if (parse == Parse::Malformed) {
            refuse(socket, 400);
            return;
        }
        if (parse == Parse::Incomplete) {
            sendContinue();
            return;
        }
        consumed += bodyStart;
    } else {
        bool ok = true;
        const QByteArray lengthField = request.header("content-length");
        const qint64 length = lengthField.isEmpty() ? 0 : lengthField.toLongLong(&ok);
        if (!ok || length < 0) {
            refuse(socket, 400);
            return;
        }
        if (length > LargeBodyBytes) {
            auto file = std::make_shared<QTemporaryFile>(QDir::tempPath()
                                                         + u"/slotline-fake-body-XXXXXX"_s);
            if (!file->open()) {
                qCWarning(lcFakeHttp) << "cannot keep a large body:" << file->errorString();
                refuse(socket, 500);
                return;
            }
            const qint64 arrived = qMin<qint64>(length, it->buffer.size() - bodyStart);
            if (file->write(it->buffer.constData() + bodyStart, arrived) != arrived) {
                qCWarning(lcFakeHttp) << "cannot keep a large body:" << file->errorString();
                refuse(socket, 500);
                return;
            }
            it->buffer.remove(0, bodyStart + arrived);
            request.bodyFile = std::move(file);
            it->spilling = std::move(request);
            it->spillRemaining = length - arrived;
            it->spillCloseAfter = closeAfter;
            if (it->spillRemaining > 0)
                sendContinue();
            readFrom(socket);
            return;
        }
        if (it->buffer.size() < bodyStart + length) {
            sendContinue();
            return;
        }
        request.body = it->buffer.mid(bodyStart, length);
        consumed = bodyStart + length;
    }
    it->buffer.remove(0, consumed);
    it->continueSent = false;
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
        // Pipelined bytes already read, or left in the socket while this one was answered.
        if (!it->buffer.isEmpty() || socket->bytesAvailable() > 0)
            QTimer::singleShot(0, socket, [this, socket] { readFrom(socket); });
    };
    if (response.held) {
        // Released after its connection is gone (and its address perhaps reused): nothing.
        auto once = std::make_shared<std::function<void()>>(
            [finish, guard = QPointer<QTcpSocket>(socket)] {
                if (guard)
                    finish();
            });
        m_held.append(once);
        QTimer::singleShot(response.delayMs > 0 ? response.delayMs : FakeResponse::HeldAtMostMs,
                           socket, [this, once] {
                               if (m_held.removeOne(once))
                                   (*once)();
                           });
    } else if (response.delayMs > 0) {
        QTimer::singleShot(response.delayMs, socket, finish);
    } else {
        finish();
    }
}

int HttpListener::releaseHeld()
{
    const auto held = std::exchange(m_held, {});
    for (const auto &finish : held)
        (*finish)();
    return int(held.size());
}

} // namespace slotline::fake
