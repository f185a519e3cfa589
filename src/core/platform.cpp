#include "core/platform.h"

namespace slotline::platforms {

std::optional<Platform> fromString(QStringView value)
{
    if (value == u"linkedin")
        return Platform::LinkedIn;
    if (value == u"facebook")
        return Platform::Facebook;
    if (value == u"twitter" || value == u"x")
        return Platform::Twitter;
    return std::nullopt;
}

QString toString(Platform platform)
{
    switch (platform) {
    case Platform::LinkedIn: return QStringLiteral("linkedin");
    case Platform::Facebook: return QStringLiteral("facebook");
    case Platform::Twitter: return QStringLiteral("twitter");
    }
    Q_UNREACHABLE();
    return QString();
}

QString displayName(Platform platform)
{
    switch (platform) {
    case Platform::LinkedIn: return QStringLiteral("LinkedIn");
    case Platform::Facebook: return QStringLiteral("Facebook");
    case Platform::Twitter: return QStringLiteral("X (Twitter)");
    }
    Q_UNREACHABLE();
    return QString();
}

QList<Platform> all()
{
    return {Platform::LinkedIn, Platform::Facebook, Platform::Twitter};
}

QStringList acceptedSpellings()
{
    return {QStringLiteral("linkedin"), QStringLiteral("facebook"), QStringLiteral("twitter"),
            QStringLiteral("x")};
}

} // namespace slotline::platforms
