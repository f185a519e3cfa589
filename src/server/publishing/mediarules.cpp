#include "server/publishing/mediarules.h"

#include <cmath>

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

constexpr qint64 KB = 1024;
constexpr qint64 MB = 1024 * 1024;

struct Limits
{
    QString platform;
    QStringList imageTypes;
    qint64 maxImageBytes = 0; // 0: not checked here
    qint64 maxGifBytes = 0;
    qint64 minVideoBytes = 0;
    qint64 maxVideoBytes = 0;
    double minVideoSeconds = 0;
    double maxVideoSeconds = 0; // 0: not checked here
};

std::optional<Limits> limitsOf(const QString &connector)
{
    const QStringList commonImages {u"image/jpeg"_s, u"image/png"_s, u"image/gif"_s,
                                    u"image/webp"_s};
    if (connector == u"x") {
        // docs.x.com/x-api/media: up to 4 photos, 1 animated GIF or 1 video; image 5 MB,
        // GIF 15 MB, video 512 MB; 0.5 s to 140 s for most accounts.
        Limits x {u"X"_s, commonImages, 5 * MB, 15 * MB, 1, 512 * MB, 0.5, 140};
        return x;
    }
    if (connector == u"linkedin") {
        // Videos API: 75 KB to 500 MB, 3 s to 30 min, MP4; Posts API: one image, or a
        // multiImage of 2 to 20.
        Limits linkedIn {u"LinkedIn"_s,
                         {u"image/jpeg"_s, u"image/png"_s, u"image/gif"_s},
                         0,
                         0,
                         75 * KB,
                         500 * MB,
                         3,
                         30 * 60};
        return linkedIn;
    }
    if (connector == u"facebook") {
        // Photos staged unpublished and attached to one feed post. Page videos go through
        // the Resumable Upload API, whose file types include video/mp4 and no other video;
        // Meta's video specifications allow up to 10 GB and 240 minutes (verify: no
        // Graph page states a minimum, 1 s is ours).
        Limits facebook {u"Facebook"_s,
                         {u"image/jpeg"_s, u"image/png"_s, u"image/gif"_s},
                         0,
                         0,
                         1,
                         10 * 1024 * MB,
                         1,
                         240 * 60};
        return facebook;
    }
    return std::nullopt;
}

QString megabytes(qint64 bytes)
{
    return bytes >= MB ? u"%1 MB"_s.arg(double(bytes) / MB, 0, 'f', bytes % MB == 0 ? 0 : 1)
                       : u"%1 KB"_s.arg(double(bytes) / KB, 0, 'f', 0);
}

QString seconds(double value)
{
    return value >= 60 && std::fmod(value, 60) == 0 ? u"%1 min"_s.arg(value / 60)
                                                    : u"%1 s"_s.arg(value);
}

} // namespace

bool MediaRules::applies(const QString &connector)
{
    return limitsOf(connector).has_value();
}

QList<MediaRules::Violation> MediaRules::violations(const QString &connector,
                                                    const QList<std::optional<MediaFacts>> &media)
{
    QList<Violation> found;
    const auto limits = limitsOf(connector);
    if (!limits || media.isEmpty())
        return found;
    const QString &platform = limits->platform;
    int videos = 0;
    int gifs = 0;
    int images = 0;
    for (qsizetype i = 0; i < media.size(); ++i) {
        if (!media[i])
            continue;
        const MediaFacts &facts = *media[i];
        if (facts.mimeType.startsWith(u"video/")) {
            ++videos;
            if (facts.mimeType != u"video/mp4")
                found.append({i, u"is %1; %2 takes MP4 videos"_s.arg(facts.mimeType, platform)});
            if (facts.size > limits->maxVideoBytes)
                found.append(
                    {i, u"is a video of %1; %2 takes videos up to %3"_s.arg(
                            megabytes(facts.size), platform, megabytes(limits->maxVideoBytes))});
            else if (facts.size < limits->minVideoBytes)
                found.append(
                    {i, u"is a video of %1; %2 takes videos of at least %3"_s.arg(
                            megabytes(facts.size), platform, megabytes(limits->minVideoBytes))});
            if (facts.durationSeconds && limits->maxVideoSeconds > 0
                && (*facts.durationSeconds < limits->minVideoSeconds
                    || *facts.durationSeconds > limits->maxVideoSeconds))
                found.append(
                    {i, u"lasts %1 s; %2 takes videos of %3 to %4"_s.arg(
                            QString::number(*facts.durationSeconds, 'f', 1), platform,
                            seconds(limits->minVideoSeconds), seconds(limits->maxVideoSeconds))});
            continue;
        }
        if (!limits->imageTypes.contains(facts.mimeType)) {
            found.append({i, u"is %1; %2 takes %3"_s.arg(facts.mimeType, platform,
                                                         limits->imageTypes.join(u", "))});
            continue;
        }
        const bool gif = facts.mimeType == u"image/gif";
        // X takes one animated GIF alone, like a video.
        if (gif && connector == u"x")
            ++gifs;
        else
            ++images;
        const qint64 maxBytes
            = gif && limits->maxGifBytes > 0 ? limits->maxGifBytes : limits->maxImageBytes;
        if (maxBytes > 0 && facts.size > maxBytes)
            found.append({i, u"is %1; %2 takes %3 up to %4"_s.arg(megabytes(facts.size), platform,
                                                                  gif ? u"GIFs"_s : u"images"_s,
                                                                  megabytes(maxBytes))});
    }
    if (videos + gifs > 1 || (videos + gifs > 0 && images > 0))
        found.append({-1, u"mixes a video or GIF with other media; %1 takes one video (or GIF) "
                          "alone, or images"_s.arg(platform)});
    return found;
}

void MediaRules::check(const QString &connector, const QList<std::optional<MediaFacts>> &media,
                       const QString &field, RuleViolations &violations)
{
    for (const Violation &violation : MediaRules::violations(connector, media))
        violations.add(ErrorCode::ValidationFailed,
                       violation.index < 0 ? field : u"%1[%2]"_s.arg(field).arg(violation.index),
                       violation.message);
}

QString MediaRules::firstViolation(const QString &connector, const QList<MediaFacts> &media)
{
    QList<std::optional<MediaFacts>> known;
    for (const MediaFacts &facts : media)
        known.append(facts);
    const QList<Violation> found = violations(connector, known);
    if (found.isEmpty())
        return {};
    const Violation &first = found.first();
    return first.index < 0 ? u"The post's media %1."_s.arg(first.message)
                           : u"Medium %1 of the post %2."_s.arg(first.index + 1).arg(first.message);
}

} // namespace slotline
