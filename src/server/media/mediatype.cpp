#include "server/media/mediatype.h"

#include <array>

namespace slotline {
namespace {

struct Type
{
    const char *mimeType;
    const char *extension;
};

constexpr std::array Types {
    Type {"image/png", "png"},   Type {"image/jpeg", "jpg"}, Type {"image/gif", "gif"},
    Type {"image/webp", "webp"}, Type {"video/mp4", "mp4"},
};

// The longest look any signature below needs: a RIFF header up to "WEBP", or an ftyp
// box up to its major brand.
constexpr qsizetype HeadSize = 12;

// Major brands of MP4 video files, as registered with the MP4 registration authority.
constexpr std::array Mp4Brands {
    "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42",
    "avc1", "M4V ", "M4VH", "M4VP", "dash", "mmp4", "MSNV",
};

bool startsWith(QByteArrayView head, QByteArrayView signature)
{
    return head.size() >= signature.size() && head.first(signature.size()) == signature;
}

bool isMp4(QByteArrayView head)
{
    if (head.size() < HeadSize || head.sliced(4, 4) != QByteArrayView("ftyp"))
        return false;
    // The box size covers its own header, the major brand and the minor version.
    const auto byteAt = [&](int index) { return quint32(quint8(head[index])); };
    const quint32 boxSize = (byteAt(0) << 24) | (byteAt(1) << 16) | (byteAt(2) << 8) | byteAt(3);
    if (boxSize < 16)
        return false;
    const QByteArrayView brand = head.sliced(8, 4);
    for (const char *known : Mp4Brands) {
        if (brand == QByteArrayView(known, 4))
            return true;
    }
    return false;
}

} // namespace

std::optional<QString> MediaType::sniff(QByteArrayView head)
{
    if (startsWith(head, "\x89PNG\r\n\x1a\n"))
        return QStringLiteral("image/png");
    // SOI followed by the first marker's 0xFF: every JPEG variant (JFIF, Exif, raw).
    if (startsWith(head, "\xff\xd8\xff"))
        return QStringLiteral("image/jpeg");
    if (startsWith(head, "GIF87a") || startsWith(head, "GIF89a"))
        return QStringLiteral("image/gif");
    if (startsWith(head, "RIFF") && head.size() >= HeadSize
        && head.sliced(8, 4) == QByteArrayView("WEBP"))
        return QStringLiteral("image/webp");
    if (isMp4(head))
        return QStringLiteral("video/mp4");
    return std::nullopt;
}

qsizetype MediaType::bytesNeeded()
{
    return HeadSize;
}

QString MediaType::extension(const QString &mimeType)
{
    for (const Type &type : Types) {
        if (mimeType == QLatin1StringView(type.mimeType))
            return QString::fromLatin1(type.extension);
    }
    return {};
}

QStringList MediaType::accepted()
{
    QStringList types;
    for (const Type &type : Types)
        types.append(QString::fromLatin1(type.mimeType));
    return types;
}

} // namespace slotline
