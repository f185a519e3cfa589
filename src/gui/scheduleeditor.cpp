#include "gui/scheduleeditor.h"

#include "client/session.h"
#include "core/clock.h"
#include "gui/movepostcommand.h"
#include "gui/projecttimezone.h"

#include <QLocale>
#include <QUndoStack>

namespace slotline::gui {

namespace {

QString titleOf(const Submission &post)
{
    const QString line = post.text.section(u'\n', 0, 0).trimmed();
    return line.size() > 40 ? line.left(39) + u'…' : line;
}

} // namespace

ScheduleEditor::ScheduleEditor(client::Session &session, QUndoStack &undoStack, const Clock &clock,
                               QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_undoStack(undoStack)
    , m_clock(clock)
{
    connect(&session.sync(), &client::SyncEngine::schedulingRefused, this,
            &ScheduleEditor::serverRefused);
}

std::optional<QString> ScheduleEditor::refusalToMove(const QString &submissionId, qint64 atMs) const
{
    const auto post = m_session.store().cachedPost(submissionId);
    if (!post)
        return tr("This post is no longer in the plan.");
    if (post->status != SubmissionStatus::Scheduled || post->scheduleId.isEmpty())
        return tr("Only scheduled posts can be moved; this one is %1.").arg(toString(post->status));
    const qint64 now = m_clock.nowMs();
    if (post->scheduledAtMs && *post->scheduledAtMs <= now)
        return tr("This post is due now and can no longer be moved.");
    if (atMs <= now)
        return tr("Posts cannot be moved into the past.");
    if (atMs > now + FurthestAheadMs)
        return tr("Posts can be scheduled at most two years ahead.");
    return std::nullopt;
}

bool ScheduleEditor::movePost(const QString &submissionId, qint64 atMs)
{
    if (const auto reason = refusalToMove(submissionId, atMs)) {
        Q_EMIT refused(*reason);
        return false;
    }
    const Submission post = *m_session.store().cachedPost(submissionId);
    if (post.scheduledAtMs == atMs)
        return true;
    const QDateTime at
        = QDateTime::fromMSecsSinceEpoch(atMs).toTimeZone(ProjectTimeZone::of(m_session.store()));
    m_undoStack.push(new MovePostCommand(
        m_session.store(), submissionId, post.scheduledAtMs.value_or(atMs), atMs,
        tr("Move “%1” to %2").arg(titleOf(post), QLocale().toString(at, QLocale::ShortFormat))));
    return true;
}

void ScheduleEditor::serverRefused(const QString &subject, const client::ApiError &error)
{
    // Moves are queued under their schedule's id; publications under a draft's.
    for (const Submission &post :
         m_session.store().cachedPosts(0, m_clock.nowMs() + FurthestAheadMs)) {
        if (post.scheduleId == subject) {
            Q_EMIT refused(
                tr("The server did not move “%1”: %2").arg(titleOf(post), error.toDisplayString()));
            return;
        }
    }
}

} // namespace slotline::gui
