#pragma once

#include <QAbstractHttpServer>

#include <functional>

namespace slotline {

// QtHttpServer parses the requests; every one of them goes to a single handler (the
// request pipeline), which owns routing, so QtHttpServer's own router is not used.
class ApiHttpServer : public QAbstractHttpServer
{
    Q_OBJECT

public:
    using Handler = std::function<void(const QHttpServerRequest &, QTcpSocket *)>;

    explicit ApiHttpServer(Handler handler, QObject *parent = nullptr);

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    Handler m_handler;
};

} // namespace slotline
