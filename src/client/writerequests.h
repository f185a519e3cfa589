#pragma once

#include "client/draftpublication.h"
#include "client/pendingchange.h"
#include "client/wirerequest.h"
#include "core/draft.h"
#include "core/platform.h"
#include "core/weeklyslot.h"

#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace slotline::client {

// What to publish: the body of POST /posts.
struct NewPost
{
    QString accountId;
    Platform platform = Platform::LinkedIn;
    QString text;
    QStringList mediaUrls;
    QString pageId; // a subaccount to post as; empty: the account itself
    std::optional<qint64> scheduledAtMs; // none and no next free slot: now
    bool useNextFreeSlot = false;
};

// What PATCH /schedules/{id} changes; what is not set stays.
struct ScheduleChange
{
    std::optional<qint64> scheduledAtMs;
    std::optional<QString> text;
    std::optional<QStringList> mediaUrls;
};

// The one encoding of each write the app makes: ApiClient's typed calls send these, and
// the outbox keeps them as first sent.
namespace writerequests {

// `prefix` and the id as one path segment (a "/" in an id stays in it).
QString idPath(const QString &prefix, const QString &id);

WireRequest createPost(const NewPost &post);
WireRequest updateSchedule(const QString &scheduleId, const ScheduleChange &change);
WireRequest cancelSchedule(const QString &scheduleId);
// With `draft.id` empty a new draft is made (found again by `draft.clientId` when a
// create is sent again); otherwise it is saved over, from `baseRevision` when given.
WireRequest saveDraft(const Draft &draft, std::optional<qint64> baseRevision);
WireRequest deleteDraft(const QString &draftId);
WireRequest publishDraft(const QString &draftId, const DraftPublication &publication);

// Accounts, slots and media. (Disconnecting an account takes a query, and is ApiClient's.)
// `accountId` empty: a new account; else that account, connected again.
WireRequest connectAccount(Platform platform, const QString &accountId);
WireRequest addSlots(const QList<WeeklySlot> &slots, bool replace);
WireRequest deleteSlot(const QString &slotId);
WireRequest fetchMedia(const QUrl &url);
WireRequest createUploadUrl(const QString &filename, const QString &contentType,
                            std::optional<qint64> size);

// An outbox entry's change, as its first attempt sends it.
WireRequest of(const PendingChange &change);

} // namespace writerequests
} // namespace slotline::client
