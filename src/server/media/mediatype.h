#pragma once

#include <QByteArrayView>
#include <QString>
#include <QStringList>

#include <optional>

namespace slotline {

// The media types the server accepts, told apart by what a file starts with rather than
// by its name or the Content-Type it was served with: both are the sender's claim, and
// an HTML page called photo.png must not become a post's image.
//
// video/mp4 is an ISO base media file whose leading `ftyp` box names a major brand of
// the MP4 family (isom, iso2 to iso6, mp41, mp42, avc1, Apple's M4V variants, DASH,
// mobile and Sony's MP4 profiles). Only the major brand counts: QuickTime (`qt  `),
// 3GPP, audio-only M4A and HEIF images list MP4 brands among their compatible ones too,
// and none of them is an MP4 video a platform would take.
class MediaType
{
public:
    // The type the content starts like, or nothing when it is none of the accepted
    // ones. `head` is the first bytesNeeded() bytes, or the whole file when it is
    // shorter.
    static std::optional<QString> sniff(QByteArrayView head);

    // How many leading bytes sniff() needs to decide.
    static qsizetype bytesNeeded();

    // The file name extension for an accepted type ("png"), or an empty string.
    static QString extension(const QString &mimeType);

    // Every accepted type, for the documentation and the OpenAPI description.
    static QStringList accepted();
};

} // namespace slotline
