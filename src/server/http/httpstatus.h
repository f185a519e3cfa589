#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>

namespace slotline::httpstatus {

QByteArray reasonPhrase(int status);

// A whole HTTP/1.1 response for writing straight to a socket, used where QtHttpServer
// is not (or no longer) in charge of the connection.
QByteArray rawResponse(int status, const QList<QPair<QByteArray, QByteArray>> &headers,
                       const QByteArray &body);

} // namespace slotline::httpstatus
