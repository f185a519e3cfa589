#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

class QTcpSocket;

namespace slotline {

class ApiError;

// One answer as the server sends it: status, headers, and a body in memory or in a file.
struct HttpResponse
{
    int status = 200;
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    // A file to send as the body instead of `body` (served media).
    QString bodyFile {};

    // The error's status, headers and JSON body.
    static HttpResponse fromError(const ApiError &error);

    // The head and body in one piece (QHttpServerResponder writes every line separately):
    // Cache-Control: no-store unless one is given, Content-Length unless told not to.
    QByteArray serialize(bool headOnly, bool withContentLength = true) const;
    // Sends it; a bodyFile goes out in pieces as the client takes them.
    void writeTo(QTcpSocket *socket, bool headOnly) const;
};

} // namespace slotline
