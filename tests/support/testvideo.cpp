#include "support/testvideo.h"

#include <QtEndian>

namespace slotline::test {
namespace {

QByteArray box(QByteArrayView type, const QByteArray &content)
{
    QByteArray header(4, '\0');
    qToBigEndian<quint32>(quint32(8 + content.size()), header.data());
    return header + type.toByteArray() + content;
}

} // namespace

QByteArray testVideo(qint64 size, int seconds)
{
    QByteArray mvhd(100, '\0');
    qToBigEndian<quint32>(1000, mvhd.data() + 12);
    qToBigEndian<quint32>(quint32(seconds * 1000), mvhd.data() + 16);
    QByteArray file = box("ftyp", QByteArray("isom\0\0\2\0isomiso2avc1mp41", 24))
                      + box("moov", box("mvhd", mvhd));
    QByteArray filler(size - file.size() - 8, '\0');
    for (qsizetype i = 0; i < filler.size(); ++i)
        filler[i] = char((i / 4096) % 251);
    return file + box("mdat", filler);
}

} // namespace slotline::test
