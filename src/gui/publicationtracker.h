#pragma once

#include <QHash>
#include <QObject>
#include <QSet>

namespace slotline::client {
class Session;
struct PostCreated;
} // namespace slotline::client

namespace slotline::gui {

// Follows the publications the calendar queued until the server has made their posts,
// so that undoing one works at any moment: before it was sent the outbox entry is taken
// back, once the post exists it is cancelled, and in between it is cancelled as soon as
// the server's answer arrives.
class PublicationTracker : public QObject
{
    Q_OBJECT

public:
    explicit PublicationTracker(client::Session &session, QObject *parent = nullptr);

    // The post the publication became; empty while the server has not made it.
    QString postOf(qint64 sequence) const { return m_posts.value(sequence); }
    // Undoes the publication, now or when its post is made.
    void retract(qint64 sequence);
    // The publication goes ahead after all (redo before the server answered).
    void keep(qint64 sequence) { m_retracting.remove(sequence); }

private:
    void published(qint64 sequence, const client::PostCreated &post);
    void cancelPost(const QString &submissionId);

    client::Session &m_session;
    QHash<qint64, QString> m_posts; // outbox sequence -> ps_...
    QSet<qint64> m_retracting;
};

} // namespace slotline::gui
