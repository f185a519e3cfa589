#pragma once

#include "core/submission.h"
#include "server/api/callcontext.h"
#include "server/api/outcome.h"
#include "server/publishing/mediarules.h"

#include <QJsonObject>

#include <functional>
#include <optional>

namespace slotline {

class AccountRepository;
class CreditRepository;
class Database;
class DraftRepository;
class SlotFinder;
class SubmissionRepository;

// A post as POST /posts (and, later, tools) submits it, read from validated parameters.
struct PostRequest
{
    QString accountId;
    QString platform; // as sent: x and twitter both
    QString text;
    QStringList mediaUrls;
    bool hasTarget = false;
    QString targetType;
    QString pageId;
    QString scheduledTime; // empty: not given
    bool useNextFreeSlot = false;
    QString draftId; // the draft the post is made from; empty: none

    static PostRequest fromParameters(const QJsonObject &parameters);
};

// Checks a post against every rule, picks its time (now, the one asked for, or the next
// free slot), holds its credit and stores it, all in one transaction; then tells the
// dispatcher.
class PostSubmitter
{
public:
    PostSubmitter(Database &database, AccountRepository &accounts,
                  SubmissionRepository &submissions, DraftRepository &drafts,
                  CreditRepository &credits, SlotFinder &slots, std::function<void()> submitted);

    // 201 {postSubmissionId, status, scheduledTime, scheduleId}, or why not.
    Outcome submit(const CallContext &context, const PostRequest &request);

    // What the server knows of a media URL of its own (nothing for any other URL), so
    // that a real platform's media rules are checked when the post is submitted.
    using MediaLookup = std::function<std::optional<MediaFacts>(const QString &url)>;
    void setMediaLookup(MediaLookup lookup) { m_mediaLookup = std::move(lookup); }

private:
    Database &m_database;
    AccountRepository &m_accounts;
    SubmissionRepository &m_submissions;
    DraftRepository &m_drafts;
    CreditRepository &m_credits;
    SlotFinder &m_slots;
    std::function<void()> m_submitted;
    MediaLookup m_mediaLookup;
};

} // namespace slotline
