#include "client/writerequests.h"

#include "core/isotime.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

using namespace Qt::Literals::StringLiterals;

namespace slotline::client::writerequests {
namespace {

// Compact, and with the keys sorted (QJsonObject keeps them so): the same change is
// always the same bytes.
WireRequest withBody(QByteArray method, QString path, const QJsonObject &body)
{
    return WireRequest {std::move(method), std::move(path),
                        QJsonDocument(body).toJson(QJsonDocument::Compact)};
}

void insertWhen(QJsonObject &body, std::optional<qint64> scheduledAtMs, bool useNextFreeSlot)
{
    if (scheduledAtMs)
        body.insert(u"scheduledTime"_s, isotime::format(*scheduledAtMs));
    if (useNextFreeSlot)
        body.insert(u"useNextFreeSlot"_s, true);
}

} // namespace

QString idPath(const QString &prefix, const QString &id)
{
    return prefix + QString::fromLatin1(QUrl::toPercentEncoding(id));
}

WireRequest createPost(const NewPost &post)
{
    const QJsonObject content {{u"text"_s, post.text},
                               {u"platform"_s, platforms::toString(post.platform)},
                               {u"mediaUrls"_s, QJsonArray::fromStringList(post.mediaUrls)}};
    QJsonObject inner {{u"accountId"_s, post.accountId}, {u"content"_s, content}};
    if (!post.pageId.isEmpty())
        inner.insert(u"target"_s,
                     QJsonObject {{u"targetType"_s, platforms::toString(post.platform)},
                                  {u"pageId"_s, post.pageId}});
    QJsonObject body {{u"post"_s, inner}};
    insertWhen(body, post.scheduledAtMs, post.useNextFreeSlot);
    return withBody("POST", u"/posts"_s, body);
}

WireRequest updateSchedule(const QString &scheduleId, const ScheduleChange &change)
{
    QJsonObject body;
    insertWhen(body, change.scheduledAtMs, false);
    QJsonObject content;
    if (change.text)
        content.insert(u"text"_s, *change.text);
    if (change.mediaUrls)
        content.insert(u"mediaUrls"_s, QJsonArray::fromStringList(*change.mediaUrls));
    if (!content.isEmpty())
        body.insert(u"post"_s, QJsonObject {{u"content"_s, content}});
    return withBody("PATCH", idPath(u"/schedules/"_s, scheduleId), body);
}

WireRequest cancelSchedule(const QString &scheduleId)
{
    return WireRequest {"DELETE", idPath(u"/schedules/"_s, scheduleId), {}};
}

WireRequest saveDraft(const Draft &draft, std::optional<qint64> baseRevision)
{
    QJsonArray platformNames;
    for (const Platform platform : draft.platforms)
        platformNames.append(platforms::toString(platform));
    QJsonObject body {{u"text"_s, draft.text},
                      {u"platforms"_s, platformNames},
                      {u"mediaUrls"_s, QJsonArray::fromStringList(draft.mediaUrls)}};
    if (!draft.id.isEmpty())
        body.insert(u"draftId"_s, draft.id);
    else if (!draft.clientId.isEmpty())
        body.insert(u"clientId"_s, draft.clientId);
    if (baseRevision)
        body.insert(u"baseRevision"_s, *baseRevision);
    return withBody("POST", u"/tools/save_draft"_s, body);
}

WireRequest deleteDraft(const QString &draftId)
{
    return withBody("POST", u"/tools/delete_draft"_s, QJsonObject {{u"draftId"_s, draftId}});
}

WireRequest publishDraft(const QString &draftId, const DraftPublication &publication)
{
    QJsonObject body {{u"draftId"_s, draftId}, {u"accountId"_s, publication.accountId}};
    if (!publication.pageId.isEmpty())
        body.insert(u"pageId"_s, publication.pageId);
    insertWhen(body, publication.scheduledAtMs, publication.useNextFreeSlot);
    return withBody("POST", u"/tools/publish_draft"_s, body);
}

WireRequest connectAccount(Platform platform, const QString &accountId)
{
    // The connect call names X "x", as people do.
    QJsonObject body {
        {u"platform"_s, platform == Platform::Twitter ? u"x"_s : platforms::toString(platform)}};
    if (!accountId.isEmpty())
        body.insert(u"accountId"_s, accountId);
    return withBody("POST", u"/users/me/accounts/connect"_s, body);
}

WireRequest addSlots(const QList<WeeklySlot> &slots, bool replace)
{
    QJsonArray items;
    for (const WeeklySlot &slot : slots) {
        QJsonArray targets;
        for (const SlotTarget &target : slot.targets) {
            QJsonObject item {{u"platform"_s, platforms::toString(target.platform)}};
            // Null: every account of the platform.
            item.insert(u"accountId"_s, target.accountId.isEmpty() ? QJsonValue(QJsonValue::Null)
                                                                   : QJsonValue(target.accountId));
            if (!target.subaccountId.isEmpty())
                item.insert(u"subaccountId"_s, target.subaccountId);
            targets.append(item);
        }
        items.append(QJsonObject {{u"day"_s, WeeklySlot::dayName(slot.day)},
                                  {u"hour"_s, slot.hour},
                                  {u"minute"_s, slot.minute},
                                  {u"selectedTargets"_s, targets}});
    }
    QJsonObject body {{u"slots"_s, items}};
    if (replace)
        body.insert(u"replace"_s, true);
    return withBody("POST", u"/schedule/slots"_s, body);
}

WireRequest deleteSlot(const QString &slotId)
{
    return WireRequest {"DELETE", idPath(u"/schedule/slots/"_s, slotId), {}};
}

WireRequest fetchMedia(const QUrl &url)
{
    return withBody("POST", u"/media"_s,
                    QJsonObject {{u"url"_s, url.toString(QUrl::FullyEncoded)}});
}

WireRequest createUploadUrl(const QString &filename, const QString &contentType,
                            std::optional<qint64> size)
{
    QJsonObject body {{u"filename"_s, filename}};
    if (!contentType.isEmpty())
        body.insert(u"contentType"_s, contentType);
    if (size)
        body.insert(u"size"_s, *size);
    return withBody("POST", u"/media/uploads"_s, body);
}

WireRequest of(const PendingChange &change)
{
    struct Encoder
    {
        WireRequest operator()(const DraftSaving &saving) const
        {
            return saveDraft(saving.draft, saving.baseRevision);
        }
        WireRequest operator()(const DraftDeletion &deletion) const
        {
            return deleteDraft(deletion.draftId);
        }
        WireRequest operator()(const DraftPublishing &publishing) const
        {
            return publishDraft(publishing.draftId, publishing.publication);
        }
        WireRequest operator()(const ScheduleMove &move) const
        {
            return updateSchedule(move.scheduleId, ScheduleChange {move.toMs, {}, {}});
        }
        WireRequest operator()(const ScheduleCancellation &cancellation) const
        {
            return cancelSchedule(cancellation.scheduleId);
        }
        WireRequest operator()(const SlotAddition &addition) const
        {
            return addSlots({addition.slot}, false);
        }
        WireRequest operator()(const SlotRemoval &removal) const
        {
            return deleteSlot(removal.slotId);
        }
        WireRequest operator()(const MediaUploading &uploading) const
        {
            const MediaUpload &upload = uploading.upload;
            return createUploadUrl(upload.name, upload.contentType, upload.size);
        }
    };
    return std::visit(Encoder {}, change);
}

} // namespace slotline::client::writerequests
