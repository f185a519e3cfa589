#pragma once

#include "core/account.h"
#include "core/platform.h"
#include "core/submission.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>

namespace slotline {

// One thing wrong with what a post says or carries, for one platform.
struct ContentViolation
{
    enum class Kind {
        Empty, // neither text nor media
        TextTooLong, // `found` is the platform's count of the text
        TooManyMedia, // `found` is how many there are
        MediaNotAWebAddress, // `found` is the item's index
    };
    Kind kind = Kind::Empty;
    int found = 0;
    int limit = 0;

    friend bool operator==(const ContentViolation &, const ContentViolation &) = default;
};

// Why a time is no time to publish at.
enum class TimeViolation { InThePast, TooFarAhead };

// Why an account cannot take a post now. A rate-limited account can: its posts wait until
// the platform takes them again.
enum class PublishRefusal { NeedsReconnect, Disconnected };

// Why a post's schedule can no longer be changed (its time or content) or cancelled.
enum class ChangeRefusal {
    NotScheduled, // published, failed, cancelled, or being published
    Due, // its time has come: it may be claimed at any moment
};

// The rules of publishing, written once: the server turns a verdict into a field path and
// an error code, the app into words. Each function says what is wrong, not how to say it.
class PostRules
{
public:
    // Nor may a post be planned absurdly far ahead.
    static constexpr qint64 FurthestAheadMs = 2LL * 366 * 24 * 60 * 60 * 1000;
    // A time a request names may be this much past: clocks differ and requests travel.
    static constexpr qint64 RequestLatenessMs = 60'000;

    // A schedule is changed only in this status, and only while nobody has claimed it.
    static constexpr SubmissionStatus ChangeableStatus = SubmissionStatus::Scheduled;
    // The posts that occupy their minute, as the slot finder and the calendar count them:
    // those to be, being or already published.
    static constexpr std::array<SubmissionStatus, 3> OccupyingStatuses {
        SubmissionStatus::Scheduled, SubmissionStatus::InProgress, SubmissionStatus::Published};
    // The posts still on their way: claimable by the dispatcher.
    static constexpr std::array<SubmissionStatus, 2> UnsettledStatuses {
        SubmissionStatus::Scheduled, SubmissionStatus::InProgress};

    // Which media addresses a post may carry: the server takes only web addresses; the
    // app also a medium still waiting for its upload (localmedia), which counts toward the
    // platform's limit like any other.
    enum class MediaAddresses { WebOnly, WebOrWaitingUpload };

    // Everything wrong with this text and media for this platform, in that order: empty,
    // too long, too many media, then each media item that is not an http(s) address.
    static QList<ContentViolation> checkContent(Platform platform, const QString &text,
                                                const QStringList &mediaUrls,
                                                MediaAddresses accepted = MediaAddresses::WebOnly);
    static std::optional<ContentViolation> checkMediaUrl(const QString &url, int index);

    // A time chosen to publish at. `toleratedLatenessMs`: how far past it may be (a person
    // choosing in the app gets none; a request RequestLatenessMs).
    static std::optional<TimeViolation> checkTime(qint64 atMs, qint64 nowMs,
                                                  qint64 toleratedLatenessMs = 0);

    static std::optional<PublishRefusal> refusalToPublish(AccountStatus status);
    static bool mayPublish(AccountStatus status) { return !refusalToPublish(status); }

    // Whether a post's time or content may still change, or it be cancelled. With `nowMs`,
    // a post whose time has come is refused too: the app must not offer what the
    // dispatcher may be claiming (the server decides by the claim alone).
    static std::optional<ChangeRefusal> refusalToChange(const Submission &post,
                                                        std::optional<qint64> nowMs = {});
    static bool isChangeable(const Submission &post, std::optional<qint64> nowMs = {})
    {
        return !refusalToChange(post, nowMs);
    }

    // Whether the post takes its minute away from a slot (see OccupyingStatuses).
    static bool occupiesItsMinute(const Submission &post);
    static bool isOccupying(SubmissionStatus status);
    // Whether a post's outcome is still to come: being published, or due and not yet taken.
    static bool awaitsOutcome(SubmissionStatus status, std::optional<qint64> scheduledAtMs,
                              qint64 nowMs);
};

} // namespace slotline
