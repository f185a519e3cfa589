#include "client/apiresults.h"

#include "core/jsonreader.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline::client {

std::optional<PostCreated> PostCreated::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    PostCreated created;
    created.postSubmissionId = read.string("postSubmissionId"_L1);
    created.status = read.string("status"_L1);
    created.scheduledAtMs = read.optionalTime("scheduledTime"_L1);
    created.scheduleId = read.optionalString("scheduleId"_L1);
    return read.result(created, error);
}

std::optional<NextSlot> NextSlot::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    JsonReader slot(read.object("slot"_L1), u"slot"_s);
    NextSlot next {slot.string("slotId"_L1), slot.time("slotTime"_L1)};
    if (!slot.ok())
        read.fail("slot"_L1, slot.error());
    return read.result(next, error);
}

std::optional<SlotList> SlotList::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    SlotList list;
    list.timezone = read.string("timezone"_L1);
    for (const QJsonValue &item : read.array("items"_L1)) {
        QString itemError;
        if (const auto slot = WeeklySlot::fromJson(item.toObject(), &itemError))
            list.slots.append(*slot);
        else
            read.fail("items"_L1, itemError);
    }
    return read.result(list, error);
}

std::optional<MediaItem> MediaItem::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    MediaItem item;
    item.id = read.string("id"_L1);
    item.url = read.string("url"_L1);
    item.mimeType = read.string("mimeType"_L1);
    item.size = read.integer("size"_L1);
    item.sha256 = read.string("sha256"_L1);
    return read.result(item, error);
}

std::optional<UploadTicket> UploadTicket::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    UploadTicket ticket;
    ticket.mediaId = read.string("mediaId"_L1);
    ticket.uploadUrl = read.string("uploadUrl"_L1);
    ticket.publicUrl = read.string("publicUrl"_L1);
    ticket.expiresAtMs = read.time("expiresAt"_L1);
    return read.result(ticket, error);
}

std::optional<ToolInfo> ToolInfo::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    ToolInfo tool;
    tool.name = read.string("name"_L1);
    tool.description = read.string("description"_L1);
    tool.readOnly = read.boolean("readOnly"_L1);
    tool.parameters = read.object("parameters"_L1);
    return read.result(tool, error);
}

std::optional<ConnectStart> ConnectStart::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    ConnectStart start;
    start.authorizationUrl = QUrl(read.string("authorizationUrl"_L1), QUrl::StrictMode);
    start.state = read.string("state"_L1);
    start.expiresAtMs = read.time("expiresAt"_L1);
    // The browser is sent there: nothing but a web address will do.
    if (read.ok()
        && (!start.authorizationUrl.isValid() || start.authorizationUrl.isRelative()
            || !(start.authorizationUrl.scheme() == u"https"
                 || start.authorizationUrl.scheme() == u"http")))
        read.fail("authorizationUrl"_L1, u"not a web address"_s);
    if (read.ok() && start.state.isEmpty())
        read.fail("state"_L1, u"empty"_s);
    return read.result(start, error);
}

std::optional<ConnectAttempt> ConnectAttempt::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    ConnectAttempt attempt;
    attempt.state = read.string("state"_L1);
    attempt.platform = read.platform("platform"_L1);
    const QString status = read.string("status"_L1);
    if (status == u"pending")
        attempt.status = Status::Pending;
    else if (status == u"connected")
        attempt.status = Status::Connected;
    else if (status == u"failed")
        attempt.status = Status::Failed;
    else if (status == u"expired")
        attempt.status = Status::Expired;
    else if (read.ok())
        read.fail("status"_L1, u"unknown status "_s + status);
    attempt.accountId = read.optionalString("accountId"_L1);
    attempt.error = read.optionalString("error"_L1);
    attempt.expiresAtMs = read.time("expiresAt"_L1);
    if (read.ok() && attempt.status == Status::Connected && attempt.accountId.isEmpty())
        read.fail("accountId"_L1, u"missing"_s);
    return read.result(attempt, error);
}

} // namespace slotline::client
