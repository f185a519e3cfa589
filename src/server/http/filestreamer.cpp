#include "server/http/filestreamer.h"

#include "server/api/logcategories.h"

#include <QTcpSocket>

namespace slotline {
namespace {

constexpr qint64 ChunkBytes = 256 * 1024;
// Refilled below this much queued, so the socket never runs dry nor holds much.
constexpr qint64 LowWaterBytes = 512 * 1024;

} // namespace

void FileStreamer::start(QTcpSocket *socket, std::unique_ptr<QFile> file)
{
    auto *streamer = new FileStreamer(socket, std::move(file)); // owned by the socket
    streamer->pump();
}

FileStreamer::FileStreamer(QTcpSocket *socket, std::unique_ptr<QFile> file)
    : QObject(socket)
    , m_socket(socket)
    , m_file(std::move(file))
{
    connect(m_socket, &QTcpSocket::bytesWritten, this, &FileStreamer::pump);
}

void FileStreamer::pump()
{
    if (!m_file)
        return;
    while (m_socket->bytesToWrite() < LowWaterBytes && !m_file->atEnd()) {
        const QByteArray chunk = m_file->read(ChunkBytes);
        if (chunk.isEmpty()) {
            // The file shrank or broke under us: the client sees a short body and the
            // connection closing, which is the only honest answer left.
            qCWarning(lcApi).noquote()
                << "cannot read" << m_file->fileName() << m_file->errorString();
            m_socket->abort();
            return;
        }
        m_socket->write(chunk);
    }
    if (m_file->atEnd()) {
        m_file.reset();
        m_socket->disconnectFromHost(); // after what is queued has been sent
    }
}

} // namespace slotline
