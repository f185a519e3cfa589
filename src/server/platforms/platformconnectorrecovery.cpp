#include "core/clock.h"
#include "server/api/logcategories.h"
#include "server/platforms/platformconnector.h"
#include "storage/databaseerror.h"
#include "storage/publishattemptrepository.h"

#include <QTimer>

// When a connector cannot tell whether a create went through (its answer was lost), it
// looks for the post on the account before anything is sent again: found, that is the
// post; absent at both looks, the create failed and may be retried; when the account
// cannot be read, the outcome stays unknown for a person to settle. The same search
// settles a duplicate refusal after a lost answer, and what a restart found left open.
namespace slotline {

void PlatformConnector::afterUnknown(const Attempt &attempt, const OpenCreate &open,
                                     const PlatformError &error, Done done)
{
    qCInfo(lcDispatcher).noquote()
        << attempt.request.token << "create call outcome unknown (" << error.message
        << "): looking for the post on" << displayName();
    search(attempt, open.sentAtMs,
           [this, attempt, open, error, done = std::move(done)](const Search &found) {
               recordSearch(open.recordId, found);
               switch (found.result) {
               case Search::Result::Found: done(publishedAs(found.post)); return;
               case Search::Result::NotFound:
                   done(PublishResult::failure(
                       FailureCode::PlatformUnavailable,
                       QStringLiteral("%1 The post was not on the account when looked for "
                                      "twice since.")
                           .arg(error.message),
                       true));
                   return;
               case Search::Result::Undeterminable:
                   done(unknownOutcome(QStringLiteral("%1 may have published this post, but its "
                                                      "answer was lost: %2 Whether it did "
                                                      "cannot be told (%3).")
                                           .arg(displayName(), error.message, found.why),
                                       attempt.request.account, attempt.pageExternalId));
                   return;
               }
           });
}

void PlatformConnector::afterDuplicate(const Attempt &attempt, const PublishAttempt &lost,
                                       Done done)
{
    qCInfo(lcDispatcher).noquote()
        << attempt.request.token << "refused as a duplicate after a call whose answer was lost:"
        << "looking for that call's post on" << displayName();
    search(attempt, lost.sentAtMs,
           [this, attempt, lostId = lost.id, done = std::move(done)](const Search &found) {
               if (found.result == Search::Result::Found) {
                   recordSearch(lostId, found);
                   done(publishedAs(found.post));
                   return;
               }
               const QString why = found.result == Search::Result::NotFound
                                       ? QStringLiteral("it is not listed among the account's "
                                                        "posts yet")
                                       : found.why;
               done(unknownOutcome(
                   QStringLiteral("%1 refused this post as a duplicate of one already on the "
                                  "account, and an earlier attempt to send it got no answer: "
                                  "that attempt most likely published it, but it could not be "
                                  "found (%2).")
                       .arg(displayName(), why),
                   attempt.request.account, attempt.pageExternalId));
           });
}

void PlatformConnector::recordSearch(qint64 recordId, const Search &search)
{
    PublishAttemptRepository attempts(m_database, m_clock);
    switch (search.result) {
    case Search::Result::Found:
        attempts.settle(recordId, PublishAttempt::Outcome::Found, search.post.platformPostId,
                        search.post.publicUrl);
        return;
    case Search::Result::NotFound:
        attempts.settle(recordId, PublishAttempt::Outcome::NotFound);
        return;
    case Search::Result::Undeterminable: return; // stays unknown
    }
}

void PlatformConnector::search(const Attempt &attempt, qint64 sentAtMs, SearchDone done)
{
    // The waits give the platform time to list a post made by the call; they count from the
    // call, so a look long after it (a restart) reads at once, and only once.
    const qint64 firstLookAt = sentAtMs + m_lookupTiming.firstLookAfterMs;
    const qint64 secondLookAt = firstLookAt + m_lookupTiming.secondLookAfterMs;
    const auto untilMs = [this](qint64 at) {
        return std::chrono::milliseconds(std::max<qint64>(at - m_clock.nowMs(), 0));
    };
    QTimer::singleShot(
        untilMs(firstLookAt), this,
        [this, attempt, sentAtMs, secondLookAt, untilMs, done = std::move(done)]() mutable {
            const bool lastLook = m_clock.nowMs() >= secondLookAt;
            findPost(attempt, sentAtMs,
                     [this, attempt, sentAtMs, secondLookAt, untilMs, lastLook,
                      done = std::move(done)](const Search &first) {
                         if (first.result != Search::Result::NotFound || lastLook) {
                             done(first);
                             return;
                         }
                         QTimer::singleShot(untilMs(secondLookAt), this,
                                            [this, attempt, sentAtMs, done]() {
                                                findPost(attempt, sentAtMs, done);
                                            });
                     });
        });
}

void PlatformConnector::findPost(const Attempt &attempt, qint64 sentAtMs, SearchDone done)
{
    const qint64 sinceMs = sentAtMs - ClockSkewMs;
    const PlatformRequest first = postsRequest(attempt, sinceMs);
    readPosts(attempt, first, first, sinceMs, 0, 0, std::move(done));
}

void PlatformConnector::readPosts(const Attempt &attempt, const PlatformRequest &first,
                                  const PlatformRequest &asked, qint64 sinceMs, int pagesRead,
                                  qsizetype postsRead, SearchDone done)
{
    send(asked, [this, attempt, first, asked, sinceMs, pagesRead, postsRead,
                 done = std::move(done)](const PlatformResponse &response) {
        if (auto error = failureOf(response, displayName())) {
            done(Search {Search::Result::Undeterminable, {}, whyPostsUnread(attempt, *error)});
            return;
        }
        const PostsPage page = postsPage(attempt, first, asked, response, sinceMs);
        if (!page.failure.isEmpty()) {
            done(Search {Search::Result::Undeterminable, {}, page.failure});
            return;
        }
        const QString wanted = listedText(attempt);
        // Oldest first: the first match is the one this call made.
        for (qsizetype i = page.posts.size() - 1; i >= 0; --i) {
            if (page.posts.at(i).text == wanted) {
                done(Search {Search::Result::Found, page.posts.at(i).post, {}});
                return;
            }
        }
        const qsizetype read = postsRead + page.posts.size();
        if (!page.next) {
            const QString why = absenceProvesNothing(attempt);
            done(why.isEmpty() ? Search {Search::Result::NotFound, {}, {}}
                               : Search {Search::Result::Undeterminable, {}, why});
            return;
        }
        if (pagesRead + 1 >= qMax(1, m_lookupTiming.maxPages)) {
            done(Search {Search::Result::Undeterminable,
                         {},
                         QStringLiteral("the account has more posts on %1 since then than the "
                                        "%2 read")
                             .arg(displayName())
                             .arg(read)});
            return;
        }
        readPosts(attempt, first, *page.next, sinceMs, pagesRead + 1, read, done);
    });
}

void PlatformConnector::settleLeftOver(const PublishRequest &request, Found found)
{
    QTimer::singleShot(0, this, [this, request, found = std::move(found)]() mutable {
        std::optional<PublishAttempt> last;
        try {
            last = PublishAttemptRepository(m_database, m_clock).latest(request.token);
        } catch (const DatabaseError &error) {
            found(unknownOutcome(
                QStringLiteral("The server stopped while this post was being sent to %1, and "
                               "what it had sent cannot be read (%2).")
                    .arg(displayName(), error.message()),
                request));
            return;
        }
        using Outcome = PublishAttempt::Outcome;
        if (!last || last->outcome == Outcome::Refused || last->outcome == Outcome::NotFound) {
            found(std::nullopt); // no create call may have made it: send it
            return;
        }
        if (last->outcome == Outcome::Created || last->outcome == Outcome::Found) {
            // The answer was recorded, the result not yet.
            found(publishedAs(Created {last->platformPostId, last->publicUrl}));
            return;
        }
        qCInfo(lcDispatcher).noquote()
            << request.token << "was being sent to" << displayName()
            << "when the server stopped: looking for it among the account's posts";
        const QString stopped
            = QStringLiteral("The server stopped while this post was being sent to %1, so it "
                             "may have been published.")
                  .arg(displayName());
        auto prepared = prepare(request);
        if (const auto *refused = std::get_if<PublishResult>(&prepared)) {
            found(unknownOutcome(
                QStringLiteral("%1 It cannot be looked for: %2").arg(stopped, refused->error),
                request));
            return;
        }
        const qint64 recordId = last->id;
        const qint64 sentAtMs = last->sentAtMs;
        withToken(
            std::get<Attempt>(std::move(prepared)),
            [this, request, recordId, sentAtMs, stopped,
             found = std::move(found)](const std::variant<Attempt, PublishResult> &ready) mutable {
                if (const auto *failed = std::get_if<PublishResult>(&ready)) {
                    found(unknownOutcome(QStringLiteral("%1 It cannot be looked for: %2")
                                             .arg(stopped, failed->error),
                                         request));
                    return;
                }
                const Attempt &attempt = std::get<Attempt>(ready);
                search(attempt, sentAtMs,
                       [this, account = attempt.request.account, page = attempt.pageExternalId,
                        recordId, stopped, found](const Search &result) {
                           recordSearch(recordId, result);
                           switch (result.result) {
                           case Search::Result::Found: found(publishedAs(result.post)); return;
                           case Search::Result::NotFound: found(std::nullopt); return;
                           case Search::Result::Undeterminable:
                               found(unknownOutcome(
                                   QStringLiteral("%1 Whether it was cannot be told (%2).")
                                       .arg(stopped, result.why),
                                   account, page));
                               return;
                           }
                       });
            });
    });
}

} // namespace slotline
