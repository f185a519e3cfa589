#include "gui/calendar/scheduleeditor.h"

#include "client/session.h"
#include "core/clock.h"
#include "core/postrules.h"
#include "gui/calendar/movepostcommand.h"
#include "gui/calendar/publicationtracker.h"
#include "gui/calendar/publishagainquestion.h"
#include "gui/calendar/scheduledraftcommand.h"
#include "gui/calendar/unschedulepostcommand.h"
#include "gui/calendar/weekview.h"
#include "gui/common/errortext.h"
#include "gui/common/projecttimezone.h"
#include "gui/common/rulewords.h"

#include <QLocale>
#include <QUndoStack>

namespace slotline::gui {

namespace {

QString titleOf(const QString &text)
{
    const QString line = text.trimmed().section(u'\n', 0, 0).trimmed();
    return line.size() > 40 ? line.left(39) + u'…' : line;
}

// A post's status as the end of "this one is …" (core's toString() is the API's word).
QString statusInSentence(SubmissionStatus status)
{
    switch (status) {
    case SubmissionStatus::Scheduled:
        //: A post's status in "Only scheduled posts can be moved; this one is %1."
        return ScheduleEditor::tr("scheduled");
    case SubmissionStatus::InProgress:
        //: A post's status in "Only scheduled posts can be moved; this one is %1."
        return ScheduleEditor::tr("being published");
    case SubmissionStatus::Published:
        //: A post's status in "Only scheduled posts can be moved; this one is %1."
        return ScheduleEditor::tr("published");
    case SubmissionStatus::Failed:
        //: A post's status in "Only scheduled posts can be moved; this one is %1."
        return ScheduleEditor::tr("failed");
    case SubmissionStatus::Cancelled:
        //: A post's status in "Only scheduled posts can be moved; this one is %1."
        return ScheduleEditor::tr("cancelled");
    }
    return toString(status);
}

// A drop on the calendar: at its time, or (no time) in the next free slot.
client::DraftPublication publicationOf(const ScheduleEditor::Target &target,
                                       std::optional<qint64> atMs)
{
    client::DraftPublication publication;
    publication.accountId = target.accountId;
    publication.pageId = target.pageId;
    publication.scheduledAtMs = atMs;
    publication.useNextFreeSlot = !atMs;
    return publication;
}

} // namespace

ScheduleEditor::ScheduleEditor(client::Session &session, QUndoStack &undoStack, const Clock &clock,
                               QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_undoStack(undoStack)
    , m_clock(clock)
    , m_tracker(new PublicationTracker(session, this))
{
    connect(&session.sync(), &client::SyncEngine::schedulingRefused, this,
            &ScheduleEditor::serverRefused);
}

void ScheduleEditor::follow(WeekView &view)
{
    view.setEditor(this);
    connect(&view, &WeekView::draftDropped, this,
            [this](const QString &draft, const Target &target, qint64 atMs) {
                scheduleDraft(draft, target, atMs);
            });
    connect(&view, &WeekView::postMoveRequested, this,
            [this](const QString &post, qint64 atMs) { movePost(post, atMs); });
    connect(&view, &WeekView::unscheduleRequested, this,
            [this](const QString &post) { unschedulePost(post); });
    connect(&view, &WeekView::refused, this, &ScheduleEditor::refused);
}

std::optional<QString> ScheduleEditor::refusalToMove(const QString &submissionId, qint64 atMs) const
{
    const auto post = m_session.store().posts().find(submissionId);
    if (!post)
        return tr("This post is no longer in the plan.");
    const qint64 now = m_clock.nowMs();
    if (const auto refusal = PostRules::refusalToChange(*post, now))
        return *refusal == ChangeRefusal::Due
                   ? tr("This post is due now and can no longer be moved.")
                   : tr("Only scheduled posts can be moved; this one is %1.")
                         .arg(statusInSentence(post->status));
    if (const auto problem = PostRules::checkTime(atMs, now))
        return RuleWords::timeProblem(*problem);
    return std::nullopt;
}

bool ScheduleEditor::movePost(const QString &submissionId, qint64 atMs)
{
    if (const auto reason = refusalToMove(submissionId, atMs)) {
        Q_EMIT refused(*reason);
        return false;
    }
    const Submission post = *m_session.store().posts().find(submissionId);
    if (post.scheduledAtMs == atMs)
        return true;
    m_undoStack.push(
        new MovePostCommand(*m_tracker, submissionId, post.scheduledAtMs.value_or(atMs), atMs,
                            tr("Move “%1” to %2").arg(titleOf(post.text), timeText(atMs))));
    Q_EMIT accepted();
    return true;
}

std::optional<QString> ScheduleEditor::refusalToSchedule(const QString &draftLocalId,
                                                         const Target &target,
                                                         std::optional<qint64> atMs) const
{
    return refusalToPublish(draftLocalId, publicationOf(target, atMs));
}

std::optional<QString>
ScheduleEditor::refusalToPublish(const QString &draftLocalId,
                                 const client::DraftPublication &publication) const
{
    const auto draft = m_session.store().draft(draftLocalId);
    if (!draft)
        return tr("This draft no longer exists.");
    if (draft->state == client::LocalStore::SyncState::Conflict)
        return tr("This draft was changed elsewhere too: choose which version to keep first.");
    if (publication.accountId.isEmpty())
        return tr("Choose the account to schedule for first.");
    const QList<Account> accounts = m_session.store().reference().accounts();
    const auto account = std::find_if(accounts.cbegin(), accounts.cend(), [&](const Account &a) {
        return a.id == publication.accountId;
    });
    if (account == accounts.cend())
        return tr("This account is no longer connected to the project.");
    const QString platform = platforms::displayName(account->platform);
    if (const auto refusal = PostRules::refusalToPublish(account->status))
        return RuleWords::publishRefusal(*refusal, account->name);
    if (!draft->platforms.isEmpty() && !draft->platforms.contains(account->platform)) {
        QStringList names;
        for (const Platform written : draft->platforms)
            names.append(platforms::displayName(written));
        return tr("This draft is written for %1, not for %2 (%3).")
            .arg(QLocale().createSeparatedList(names), account->name, platform);
    }
    if (const auto problems
        = PostRules::checkContent(account->platform, draft->text, draft->mediaUrls,
                                  PostRules::MediaAddresses::WebOrWaitingUpload);
        !problems.isEmpty())
        return RuleWords::contentProblem(account->platform, problems.first());
    if (publication.scheduledAtMs) {
        if (const auto problem = PostRules::checkTime(*publication.scheduledAtMs, m_clock.nowMs()))
            return RuleWords::timeProblem(*problem);
    }
    return std::nullopt;
}

bool ScheduleEditor::scheduleDraft(const QString &draftLocalId, const Target &target,
                                   std::optional<qint64> atMs, bool confirmedAgain)
{
    return publishDraft(draftLocalId, publicationOf(target, atMs), confirmedAgain);
}

bool ScheduleEditor::publishDraft(const QString &draftLocalId,
                                  const client::DraftPublication &publication, bool confirmedAgain)
{
    if (const auto reason = refusalToPublish(draftLocalId, publication)) {
        Q_EMIT refused(*reason);
        return false;
    }
    const auto draft = m_session.store().draft(draftLocalId);
    if (m_session.store().isPublicationQueued(draftLocalId, publication))
        return true; // a second drop while the first waits costs no second credit
    if (!confirmedAgain
        && PublishAgainQuestion::isNeeded(m_session.store(), draftLocalId, publication)) {
        Q_EMIT againAsked(draftLocalId, publication);
        return true;
    }
    if (!publication.scheduledAtMs && !publication.useNextFreeSlot) {
        // Published now: once out it cannot be taken back, so no undo is offered for it.
        m_session.store().queuePublication(draftLocalId, publication);
        Q_EMIT accepted();
        return true;
    }
    const QString title = titleOf(draft->text);
    m_undoStack.push(new ScheduleDraftCommand(
        m_session.store(), *m_tracker, draftLocalId, publication,
        publication.scheduledAtMs
            ? tr("Schedule “%1” at %2").arg(title, timeText(*publication.scheduledAtMs))
            : tr("Schedule “%1” in the next free slot").arg(title)));
    Q_EMIT accepted();
    return true;
}

std::optional<QString> ScheduleEditor::refusalToUnschedule(const QString &submissionId) const
{
    const auto post = m_session.store().posts().find(submissionId);
    if (!post)
        return tr("This post is no longer in the plan.");
    if (const auto refusal = PostRules::refusalToChange(*post, m_clock.nowMs()))
        return *refusal == ChangeRefusal::Due
                   ? tr("This post is due now and can no longer be cancelled.")
                   : tr("Only scheduled posts can be taken off the calendar; this one is %1.")
                         .arg(statusInSentence(post->status));
    return std::nullopt;
}

bool ScheduleEditor::unschedulePost(const QString &submissionId)
{
    if (const auto reason = refusalToUnschedule(submissionId)) {
        Q_EMIT refused(*reason);
        return false;
    }
    const Submission post = *m_session.store().posts().find(submissionId);
    m_undoStack.push(new UnschedulePostCommand(m_session.store(), *m_tracker, m_clock, post,
                                               tr("Unschedule “%1”").arg(titleOf(post.text))));
    Q_EMIT accepted();
    return true;
}

QString ScheduleEditor::timeText(qint64 atMs) const
{
    const QDateTime at
        = QDateTime::fromMSecsSinceEpoch(atMs).toTimeZone(ProjectTimeZone::of(m_session.store()));
    return QLocale().toString(at, QLocale::ShortFormat);
}

void ScheduleEditor::serverRefused(const QString &subject, const client::ApiError &error)
{
    if (const auto draft = m_session.store().draft(subject)) {
        Q_EMIT refused(tr("The server did not schedule “%1”: %2")
                           .arg(titleOf(draft->text), ErrorText::describe(error)));
        return;
    }
    // Moves are queued under their schedule's id; publications under a draft's.
    for (const Submission &post :
         m_session.store().posts().inRange(0, m_clock.nowMs() + PostRules::FurthestAheadMs)) {
        if (post.scheduleId == subject) {
            Q_EMIT refused(tr("The server did not change “%1”: %2")
                               .arg(titleOf(post.text), ErrorText::describe(error)));
            return;
        }
    }
}

} // namespace slotline::gui
