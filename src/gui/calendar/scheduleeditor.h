#pragma once

#include "client/draftpublication.h"

#include <QObject>

#include <optional>

QT_BEGIN_NAMESPACE
class QUndoStack;
QT_END_NAMESPACE

namespace slotline {
class Clock;
}

namespace slotline::client {
class ApiError;
class Session;
} // namespace slotline::client

namespace slotline::gui {

class PublicationTracker;
class WeekView;

// Performs what the calendar's gestures ask for: a view turns a drop or a key into
// (post, new time) and calls this, so mouse, keyboard and undo share one path. Each
// change goes on the undo stack and through the outbox; what cannot be done is refused
// here with a reason the view shows, and what the server refuses later comes back as
// refused() too (the store has put the post back by then).
class ScheduleEditor : public QObject
{
    Q_OBJECT

public:
    ScheduleEditor(client::Session &session, QUndoStack &undoStack, const Clock &clock,
                   QObject *parent = nullptr);

    // Performs what the view is asked for (drops, moves by key, Delete) and tells it why a
    // drop cannot be while it is dragged: the view itself changes nothing.
    void follow(WeekView &view);

    // Where a draft is scheduled to: an account, or one of its pages.
    struct Target
    {
        QString accountId;
        QString pageId;
    };

    // Why the post cannot go to `atMs`, in words for the user; nothing when it can.
    std::optional<QString> refusalToMove(const QString &submissionId, qint64 atMs) const;
    // Moves the post (undoably). False, after refused(), when it cannot; true also when it
    // is already there.
    bool movePost(const QString &submissionId, qint64 atMs);

    // Why the draft cannot be scheduled for `target` at `atMs` (std::nullopt: in the next
    // free slot): the draft is not for that platform, too long for it, in the past...
    std::optional<QString> refusalToSchedule(const QString &draftLocalId, const Target &target,
                                             std::optional<qint64> atMs) const;
    // Schedules the draft (undoably); the draft stays. False, after refused(), when it
    // cannot. When the draft already went to that account and page (or is scheduled for
    // it, or waits to go there), nothing is scheduled yet: againAsked() says so, and only a
    // call with `confirmedAgain` schedules it.
    bool scheduleDraft(const QString &draftLocalId, const Target &target,
                       std::optional<qint64> atMs, bool confirmedAgain = false);
    // The same for any publication the composer asks for: now, at a time, or in the next
    // free slot.
    std::optional<QString> refusalToPublish(const QString &draftLocalId,
                                            const client::DraftPublication &publication) const;
    bool publishDraft(const QString &draftLocalId, const client::DraftPublication &publication,
                      bool confirmedAgain = false);

    std::optional<QString> refusalToUnschedule(const QString &submissionId) const;
    // Cancels the scheduled post and keeps its text as a draft (undoably). False, after
    // refused(), when it cannot.
    bool unschedulePost(const QString &submissionId);

Q_SIGNALS:
    void refused(const QString &reason);
    // A change was made (and queued for the server).
    void accepted();
    // The draft went there before: the user is to be asked first.
    void againAsked(const QString &draftLocalId,
                    const slotline::client::DraftPublication &publication);

private:
    void serverRefused(const QString &subject, const client::ApiError &error);

    QString timeText(qint64 atMs) const;

    client::Session &m_session;
    QUndoStack &m_undoStack;
    const Clock &m_clock;
    PublicationTracker *m_tracker = nullptr;
};

} // namespace slotline::gui
