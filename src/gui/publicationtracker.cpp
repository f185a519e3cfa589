#include "gui/publicationtracker.h"

#include "client/session.h"
#include "gui/logcategories.h"

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
    if (m_session.store().withdrawPublication(sequence))
        return;
    if (const QString postId = m_posts.value(sequence); !postId.isEmpty()) {
        cancelPost(postId);
        return;
    }
    // On its way: the answer brings the post to cancel.
    m_retracting.insert(sequence);
}

void PublicationTracker::published(qint64 sequence, const client::PostCreated &post)
{
    m_posts.insert(sequence, post.postSubmissionId);
    if (m_retracting.remove(sequence))
        cancelPost(post.postSubmissionId);
}

void PublicationTracker::cancelPost(const QString &submissionId)
{
    const auto post = m_session.store().cachedPost(submissionId);
    if (!post || post->status != SubmissionStatus::Scheduled || post->scheduleId.isEmpty()) {
        qCInfo(lcGui) << "not cancelling" << submissionId << ": it is no longer scheduled";
        return;
    }
    m_session.store().queueCancel(*post);
}

} // namespace slotline::gui
