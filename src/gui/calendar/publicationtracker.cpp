#include "gui/calendar/publicationtracker.h"

#include "client/session.h"
#include "core/postrules.h"
#include "gui/common/logcategories.h"

#include <utility>

namespace slotline::gui {

PublicationTracker::PublicationTracker(client::Session &session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    connect(&session.sync(), &client::SyncEngine::published, this,
            [this](qint64 sequence, const QString &, const client::PostCreated &post) {
                published(sequence, post);
            });
}

void PublicationTracker::retract(qint64 sequence)
{
    if (const QString postId = m_posts.value(sequence); !postId.isEmpty()) {
        cancelPost(postId);
        return;
    }
    // Unsent, it is withdrawn; on its way, the store cancels its post when it arrives
    // (also after a restart).
    m_session.store().retractPublication(sequence);
}

void PublicationTracker::published(qint64 sequence, const client::PostCreated &post)
{
    m_posts.insert(sequence, post.postSubmissionId);
    const auto waiting = std::exchange(m_waitingMoves, {});
    for (const auto &[postId, atMs] : waiting)
        move(postId, atMs);
}

void PublicationTracker::replaced(const QString &oldPostId, qint64 sequence)
{
    if (!oldPostId.isEmpty())
        m_successors.insert(oldPostId, sequence);
}

QString PublicationTracker::currentPost(const QString &postId) const
{
    QString current = postId;
    // Each replacement is a new post: the chain ends, but is followed a bounded way.
    for (int step = 0; step < 1000; ++step) {
        const auto successor = m_successors.constFind(current);
        if (successor == m_successors.cend())
            return current;
        const QString next = m_posts.value(*successor);
        if (next.isEmpty())
            return {};
        current = next;
    }
    return current;
}

void PublicationTracker::move(const QString &postId, qint64 atMs)
{
    const QString current = currentPost(postId);
    if (current.isEmpty()) {
        m_waitingMoves.append({postId, atMs});
        return;
    }
    moveNow(current, atMs);
}

void PublicationTracker::moveNow(const QString &submissionId, qint64 atMs)
{
    // The post as shown now: a refusal on the way may have put it back meanwhile.
    const auto post = m_session.store().posts().find(submissionId);
    if (!post || !PostRules::isChangeable(*post) || post->scheduledAtMs == atMs)
        return;
    m_session.store().queueMove(*post, atMs);
}

void PublicationTracker::cancelPost(const QString &submissionId)
{
    const auto post = m_session.store().posts().find(submissionId);
    if (!post || !PostRules::isChangeable(*post)) {
        qCInfo(lcGui) << "not cancelling" << submissionId << ": it is no longer scheduled";
        return;
    }
    m_session.store().queueCancel(*post);
}

} // namespace slotline::gui
