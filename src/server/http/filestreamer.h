#pragma once

#include <QFile>
#include <QObject>

#include <memory>

QT_BEGIN_NAMESPACE
class QTcpSocket;
QT_END_NAMESPACE

namespace slotline {

// Sends a file's bytes on a connection a piece at a time, as the client takes them, so a
// large file never sits in memory whole; then closes the connection. Lives as a child of
// the socket, so a client that goes away takes it along.
class FileStreamer : public QObject
{
    Q_OBJECT

public:
    // `file` is open for reading; its bytes follow whatever the socket has queued.
    static void start(QTcpSocket *socket, std::unique_ptr<QFile> file);

private:
    FileStreamer(QTcpSocket *socket, std::unique_ptr<QFile> file);
    void pump();

    QTcpSocket *m_socket;
    std::unique_ptr<QFile> m_file;
};

} // namespace slotline
