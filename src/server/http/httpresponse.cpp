#include "server/http/httpresponse.h"

#include "server/api/apierror.h"
#include "server/api/logcategories.h"
#include "server/http/connectionguard.h"
#include "server/http/filestreamer.h"
#include "server/http/httpstatus.h"

#include <QFile>
#include <QTcpSocket>

#include <algorithm>
#include <memory>

namespace slotline {

HttpResponse HttpResponse::fromError(const ApiError &error)
{
    HttpResponse response {error.status(), error.toJsonBytes(), error.headers()};
    response.headers.emplaceBack(QByteArrayLiteral("Content-Type"),
                                 QByteArrayLiteral("application/json"));
    return response;
}

QByteArray HttpResponse::serialize(bool headOnly, bool withContentLength) const
{
    QByteArray bytes;
    bytes.reserve(256 + body.size());
    bytes += "HTTP/1.1 " + QByteArray::number(status) + ' ' + httpstatus::reasonPhrase(status)
             + "\r\n";
    for (const auto &[name, value] : headers)
        bytes += name + ": " + value + "\r\n";
    const bool cacheControlGiven
        = std::any_of(headers.begin(), headers.end(), [](const auto &header) {
              return header.first.compare("Cache-Control", Qt::CaseInsensitive) == 0;
          });
    if (!cacheControlGiven)
        bytes += "Cache-Control: no-store\r\n";
    if (status != 204 && withContentLength)
        bytes += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    bytes += "\r\n";
    if (!headOnly)
        bytes += body;
    return bytes;
}

void HttpResponse::writeTo(QTcpSocket *socket, bool headOnly) const
{
    if (bodyFile.isEmpty()) {
        socket->write(serialize(headOnly));
        return;
    }
    auto file = std::make_unique<QFile>(bodyFile);
    if (!file->open(QIODevice::ReadOnly)) {
        qCWarning(lcApi).noquote() << "cannot open" << bodyFile << file->errorString();
        fromError(ApiError::internal()).writeTo(socket, headOnly);
        return;
    }
    HttpResponse head = *this;
    head.bodyFile.clear();
    head.headers.emplaceBack(QByteArrayLiteral("Content-Length"), QByteArray::number(file->size()));
    if (headOnly) {
        socket->write(head.serialize(true, false));
        return;
    }
    // A file goes out in pieces as the client takes them, and the connection serves
    // nothing more and closes after it: files are public, and a client pipelining requests
    // for them without reading the answers would otherwise pile them up in memory.
    head.headers.emplaceBack(QByteArrayLiteral("Connection"), QByteArrayLiteral("close"));
    socket->write(head.serialize(true, false));
    if (auto *guard = socket->findChild<ConnectionGuard *>(QString(), Qt::FindDirectChildrenOnly))
        guard->stopReading();
    FileStreamer::start(socket, std::move(file));
}

} // namespace slotline
