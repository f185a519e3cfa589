#include "server/http/apihttpserver.h"

namespace slotline {

ApiHttpServer::ApiHttpServer(Handler handler, QObject *parent)
    : QAbstractHttpServer(parent)
    , m_handler(std::move(handler))
{ }

bool ApiHttpServer::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    m_handler(request, socket);
    return true;
}

void ApiHttpServer::missingHandler(const QHttpServerRequest &, QTcpSocket *)
{
    // handleRequest() answers every request; nothing is ever missing.
}

} // namespace slotline
