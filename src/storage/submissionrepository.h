#pragma once

#include "core/draft.h"
#include "core/submission.h"
#include "storage/page.h"
#include "storage/postlistings.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace slotline {

class Clock;
class Database;
class JsonWriter;
class Statement;

struct PostFilter
{
    std::optional<qint64> sinceMs; // on the post's time: scheduled, or created when published now
    std::optional<qint64> untilMs;
    QList<SubmissionStatus> statuses;
    std::optional<Platform> platform;
    QString accountId;
};

// Accounts whose connector is named in `connectors` hold at most `perAccount` claims at
// once, those already out included.
struct ClaimBound
{
    QStringList connectors;
    int perAccount = 0;
};

// Post submissions, including the dispatcher's bookkeeping. Every change of status is a
// guarded update (it names the status, or the claim, it expects), so two actors can never
// both move the same submission.
class SubmissionRepository
{
public:
    SubmissionRepository(Database &database, const Clock &clock);

    // A new submission; `nextAttemptAtMs` is when the dispatcher should publish it.
    void insert(const Submission &submission, qint64 nextAttemptAtMs);

    std::optional<Submission> find(const QString &projectId, const QString &submissionId);
    std::optional<Submission> findBySchedule(const QString &projectId, const QString &scheduleId);
    std::optional<Submission> findAnyProject(const QString &submissionId);

    // Ordered by the post's time, then id.
    Page<Submission> list(const QString &projectId, const PostFilter &filter,
                          const PageRequest &page);
    // The same page written into `items`, each post as Submission::writeJson() writes it:
    // its listing, rendered at its last change, copied as it is stored, or (a listing a
    // change cleared that was not rendered again) written from its columns. Returns the
    // cursor of the next page (empty on the last).
    QJsonArray writePage(const QString &projectId, const PostFilter &filter,
                         const PageRequest &page, JsonWriter &items);
    // The posts made from each of the drafts, by draft id: the `perDraft` most recent of
    // each, oldest first, whatever their status. Drafts without any have no entry.
    QHash<QString, QList<Draft::Publication>>
    publications(const QString &projectId, const QStringList &draftIds, int perDraft);
    // Submissions that have a schedule (cancelled ones excepted), by scheduled time.
    Page<Submission> listSchedules(const QString &projectId, std::optional<qint64> sinceMs,
                                   std::optional<qint64> untilMs, const PageRequest &page);

    // Only while scheduled and not claimed by the dispatcher; false otherwise.
    bool reschedule(const QString &submissionId, qint64 scheduledAtMs);
    bool editContent(const QString &submissionId, const std::optional<QString> &text,
                     const std::optional<QStringList> &mediaUrls);
    bool cancel(const QString &submissionId);
    // The account's posts that are still to go out: scheduled, or being published now
    // (`inProgress` says how many of those).
    QStringList pendingOf(const QString &accountId, int *inProgress = nullptr);

    // The dispatcher's side.
    std::optional<qint64> nextDueAt();
    // Claims up to `limit` submissions due at `nowMs`: in-progress, attempts + 1, claimed
    // with `token`. A claim is the promise that one publication attempt is under way. The
    // bound keeps one account's backlog from taking every claim while others' posts wait.
    QList<Submission> claimDue(qint64 nowMs, int limit, const QString &token,
                               const ClaimBound &bound = {});
    struct Overdue
    {
        int count = 0;
        std::optional<qint64> oldestDueAtMs;
    };
    // The unclaimed submissions due at `nowMs`: how far behind the dispatcher is.
    Overdue overdue(qint64 nowMs);
    // Claims left by a server that stopped before hearing the result.
    QList<Submission> claimed();
    bool markPublished(const QString &submissionId, const QString &claimToken,
                       const QString &publicUrl, qint64 publishedAtMs,
                       const QString &platformPostId = {});
    bool markRetry(const QString &submissionId, const QString &token, qint64 nextAttemptAtMs,
                   const QString &errorMessage);
    // `checkUrl`: where a person checks the account when the platform may have published
    // the post all the same; empty: it did not. `errorCode`: why, for programs.
    bool markFailed(const QString &submissionId, const QString &token, const QString &errorMessage,
                    const QString &checkUrl = {}, const QString &errorCode = {});
    // Not tried (the account waits for a platform's rate limit): due again at `untilMs`,
    // the claim's attempt given back.
    bool markDeferred(const QString &submissionId, const QString &token, qint64 untilMs,
                      const QString &reason);

private:
    // The ids of up to `limit` submissions due at `nowMs`, oldest first, within `bound`.
    QStringList dueWithinBound(qint64 nowMs, int limit, const ClaimBound &bound);

    struct Query
    {
        QString sql;
        QVariantList binds;
    };
    static Query listQuery(const QString &select, const QString &projectId,
                           const PostFilter &filter, const PageRequest &page);
    // True when `update` changed the post, whose listing is then rendered again.
    bool changedOne(const Statement &update, const QString &submissionId);
    std::optional<Submission> findWhere(const QString &condition, const QStringList &values);

    Database &m_database;
    const Clock &m_clock;
    PostListings m_listings;
};

} // namespace slotline
