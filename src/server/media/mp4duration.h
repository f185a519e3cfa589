#pragma once

#include <QIODevice>

#include <optional>

namespace slotline {

// The duration an MP4 or QuickTime file states in its movie header (`moov`/`mvhd`),
// read from the box headers alone: it seeks from box to box, reads a few dozen bytes,
// looks at a bounded number of boxes, and takes nothing in the file on trust, so any
// file (or a hostile one) costs at most a few reads.
class Mp4Duration
{
public:
    // Seconds, or nothing when the file has no readable movie header.
    static std::optional<double> read(QIODevice &file);

    // Boxes looked at on each of the two levels before giving up.
    static constexpr int MaxBoxes = 1024;
};

} // namespace slotline
