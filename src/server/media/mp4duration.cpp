#include "server/media/mp4duration.h"

#include <QByteArray>
#include <QtEndian>

namespace slotline {
namespace {

struct Box
{
    QByteArray type;
    qint64 start = 0; // of its content, after the header
    qint64 end = 0;
};

// The box at `offset`, within a parent that ends at `limit`.
std::optional<Box> boxAt(QIODevice &file, qint64 offset, qint64 limit)
{
    if (offset + 8 > limit || !file.seek(offset))
        return std::nullopt;
    const QByteArray header = file.read(8);
    if (header.size() != 8)
        return std::nullopt;
    quint64 size = qFromBigEndian<quint32>(header.constData());
    qint64 headerSize = 8;
    if (size == 1) { // a 64-bit size follows the type
        const QByteArray large = file.read(8);
        if (large.size() != 8)
            return std::nullopt;
        size = qFromBigEndian<quint64>(large.constData());
        headerSize = 16;
    } else if (size == 0) { // the box runs to the end of its parent
        size = quint64(limit - offset);
    }
    if (size < quint64(headerSize) || size > quint64(limit - offset))
        return std::nullopt;
    return Box {header.sliced(4, 4), offset + headerSize, offset + qint64(size)};
}

std::optional<Box> findChild(QIODevice &file, qint64 from, qint64 limit, QByteArrayView type)
{
    qint64 offset = from;
    for (int seen = 0; seen < Mp4Duration::MaxBoxes && offset < limit; ++seen) {
        const auto box = boxAt(file, offset, limit);
        if (!box)
            return std::nullopt;
        if (box->type == type)
            return box;
        offset = box->end;
    }
    return std::nullopt;
}

} // namespace

std::optional<double> Mp4Duration::read(QIODevice &file)
{
    if (!file.isOpen() || file.isSequential())
        return std::nullopt;
    const qint64 size = file.size();
    const auto movie = findChild(file, 0, size, "moov");
    if (!movie)
        return std::nullopt;
    const auto header = findChild(file, movie->start, movie->end, "mvhd");
    if (!header || !file.seek(header->start))
        return std::nullopt;
    // version (1 byte), flags (3); then creation and modification times, the time scale
    // and the duration: 32-bit times in version 0, 64-bit in version 1.
    const QByteArray content = file.read(qMin<qint64>(header->end - header->start, 32));
    if (content.size() < 4)
        return std::nullopt;
    quint32 timeScale = 0;
    quint64 duration = 0;
    if (content.at(0) == 0 && content.size() >= 20) {
        timeScale = qFromBigEndian<quint32>(content.constData() + 12);
        duration = qFromBigEndian<quint32>(content.constData() + 16);
    } else if (content.at(0) == 1 && content.size() >= 32) {
        timeScale = qFromBigEndian<quint32>(content.constData() + 20);
        duration = qFromBigEndian<quint64>(content.constData() + 24);
    } else {
        return std::nullopt;
    }
    // All ones means "unknown" in ISO/IEC 14496-12.
    if (timeScale == 0 || duration == quint64(-1)
        || (content.at(0) == 0 && duration == 0xffffffffu))
        return std::nullopt;
    return double(duration) / double(timeScale);
}

} // namespace slotline
