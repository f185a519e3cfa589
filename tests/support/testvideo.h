#pragma once

#include <QByteArray>

namespace slotline::test {

// An MP4 of `size` bytes whose movie header says it lasts `seconds`: ftyp, moov with
// mvhd (version 0, time scale 1000), and mdat filled with bytes that differ along the
// file, so that parts sent in the wrong order, twice or not at all would be told apart.
QByteArray testVideo(qint64 size, int seconds);

} // namespace slotline::test
