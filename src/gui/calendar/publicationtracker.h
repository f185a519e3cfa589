#pragma once

#include <QHash>
#include <QList>
#include <QObject>

namespace slotline::client {
class Session;
struct PostCreated;
} // namespace slotline::client

namespace slotline::gui {

// Follows the publications the calendar queued until the server has made their posts,
// so that undoing one works at any moment: before it was sent the outbox entry is taken
// back, once the post exists it is cancelled, and in between it is cancelled as soon as
// the server's answer arrives (LocalStore::retractPublication). It also knows which post
// stands for one the history cancelled and made again, so that moves follow it.
class PublicationTracker : public QObject
{
    Q_OBJECT

public:
    explicit PublicationTracker(client::Session &session, QObject *parent = nullptr);

    // The post the publication became; empty while the server has not made it.
    QString postOf(qint64 sequence) const { return m_posts.value(sequence); }
    // Undoes the publication, now or when its post is made.
    void retract(qint64 sequence);

    // A redo or undo made the post again as the publication `sequence` (the old one was
    // cancelled): what the history did to the old post now concerns the new one.
    void replaced(const QString &oldPostId, qint64 sequence);
    // The post that stands for `postId` now, following replacements; empty while the
    // server has not made it yet.
    QString currentPost(const QString &postId) const;
    // Moves the post standing for `postId`, now or as soon as the server has made it.
    void move(const QString &postId, qint64 atMs);

private:
    void published(qint64 sequence, const client::PostCreated &post);
    void cancelPost(const QString &submissionId);
    void moveNow(const QString &submissionId, qint64 atMs);

    client::Session &m_session;
    QHash<qint64, QString> m_posts; // outbox sequence -> ps_...
    QHash<QString, qint64> m_successors; // a cancelled post -> the publication remaking it
    QList<std::pair<QString, qint64>> m_waitingMoves; // moves of posts not made yet
};

} // namespace slotline::gui
