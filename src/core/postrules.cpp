#include "core/postrules.h"

#include "core/localmedia.h"
#include "core/platformrules.h"

#include <QUrl>

#include <algorithm>

namespace slotline {

QList<ContentViolation> PostRules::checkContent(Platform platform, const QString &text,
                                                const QStringList &mediaUrls,
                                                MediaAddresses accepted)
{
    using Kind = ContentViolation::Kind;
    QList<ContentViolation> found;
    if (text.trimmed().isEmpty() && mediaUrls.isEmpty())
        found.append({Kind::Empty, 0, 0});
    const int length = PlatformRules::textLength(platform, text);
    if (const int limit = PlatformRules::maxTextLength(platform); length > limit)
        found.append({Kind::TextTooLong, length, limit});
    if (const int limit = PlatformRules::maxMediaCount(platform); mediaUrls.size() > limit)
        found.append({Kind::TooManyMedia, int(mediaUrls.size()), limit});
    for (int i = 0; i < mediaUrls.size(); ++i) {
        if (accepted == MediaAddresses::WebOrWaitingUpload && localmedia::isReference(mediaUrls[i]))
            continue;
        if (const auto bad = checkMediaUrl(mediaUrls[i], i))
            found.append(*bad);
    }
    return found;
}

std::optional<ContentViolation> PostRules::checkMediaUrl(const QString &url, int index)
{
    const QUrl parsed(url, QUrl::StrictMode);
    if (parsed.isValid() && (parsed.scheme() == u"http" || parsed.scheme() == u"https")
        && !parsed.host().isEmpty())
        return std::nullopt;
    return ContentViolation {ContentViolation::Kind::MediaNotAWebAddress, index, 0};
}

std::optional<TimeViolation> PostRules::checkTime(qint64 atMs, qint64 nowMs,
                                                  qint64 toleratedLatenessMs)
{
    // With no lateness tolerated, "now" itself is already past: it is gone by the time
    // the post would be sent.
    if (toleratedLatenessMs == 0 ? atMs <= nowMs : atMs < nowMs - toleratedLatenessMs)
        return TimeViolation::InThePast;
    if (atMs > nowMs + FurthestAheadMs)
        return TimeViolation::TooFarAhead;
    return std::nullopt;
}

std::optional<PublishRefusal> PostRules::refusalToPublish(AccountStatus status)
{
    switch (status) {
    case AccountStatus::Connected:
    case AccountStatus::RateLimited: return std::nullopt;
    case AccountStatus::NeedsReconnect: return PublishRefusal::NeedsReconnect;
    case AccountStatus::Disconnected: return PublishRefusal::Disconnected;
    }
    Q_UNREACHABLE();
    return PublishRefusal::Disconnected;
}

std::optional<ChangeRefusal> PostRules::refusalToChange(const Submission &post,
                                                        std::optional<qint64> nowMs)
{
    if (post.status != ChangeableStatus || !post.claimToken.isEmpty() || post.scheduleId.isEmpty())
        return ChangeRefusal::NotScheduled;
    if (nowMs && post.scheduledAtMs && *post.scheduledAtMs <= *nowMs)
        return ChangeRefusal::Due;
    return std::nullopt;
}

bool PostRules::isOccupying(SubmissionStatus status)
{
    return std::find(OccupyingStatuses.cbegin(), OccupyingStatuses.cend(), status)
           != OccupyingStatuses.cend();
}

bool PostRules::occupiesItsMinute(const Submission &post)
{
    return post.scheduledAtMs && isOccupying(post.status);
}

bool PostRules::awaitsOutcome(SubmissionStatus status, std::optional<qint64> scheduledAtMs,
                              qint64 nowMs)
{
    return status == SubmissionStatus::InProgress
           || (status == SubmissionStatus::Scheduled && scheduledAtMs && *scheduledAtMs <= nowMs);
}

} // namespace slotline
