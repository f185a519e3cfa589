#include "core/submission.h"

#include "core/isotime.h"
#include "core/jsonwriter.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

void writeStrings(JsonWriter &json, const QStringList &strings)
{
    json.beginArray();
    for (const QString &string : strings)
        json.value(string);
    json.endArray();
}

void writeOptionalTime(JsonWriter &json, const std::optional<qint64> &ms)
{
    if (ms)
        json.value(isotime::format(*ms));
    else
        json.null();
}

void writeTarget(JsonWriter &json, const std::optional<PostTarget> &target)
{
    if (!target) {
        json.null();
        return;
    }
    json.beginObject().field("targetType"_L1, target->targetType);
    if (!target->pageId.isEmpty())
        json.field("pageId"_L1, target->pageId);
    json.endObject();
}

} // namespace

void Submission::writeJson(JsonWriter &json) const
{
    json.beginObject()
        .field("postSubmissionId"_L1, id)
        .field("status"_L1, toString(status))
        .field("accountId"_L1, accountId)
        .field("platform"_L1, platforms::toString(platform))
        .field("text"_L1, text);
    json.key("mediaUrls"_L1);
    writeStrings(json, mediaUrls);
    json.key("target"_L1);
    writeTarget(json, target);
    json.key("scheduledTime"_L1);
    writeOptionalTime(json, scheduledAtMs);
    json.key("scheduleId"_L1).nullableValue(scheduleId);
    json.field("createdAt"_L1, isotime::format(createdAtMs))
        .field("updatedAt"_L1, isotime::format(updatedAtMs));
    json.key("publishedAt"_L1);
    writeOptionalTime(json, publishedAtMs);
    json.key("publicUrl"_L1).nullableValue(publicUrl);
    json.key("errorMessage"_L1).nullableValue(errorMessage);
    json.endObject();
}

void Submission::writePostJson(JsonWriter &json) const
{
    json.beginObject().field("accountId"_L1, accountId);
    json.key("content"_L1)
        .beginObject()
        .field("text"_L1, text)
        .field("platform"_L1, platforms::toString(platform));
    json.key("mediaUrls"_L1);
    writeStrings(json, mediaUrls);
    json.endObject();
    json.key("target"_L1);
    writeTarget(json, target);
    json.endObject();
}

void PublishedPost::writeJson(JsonWriter &json) const
{
    json.beginObject()
        .field("id"_L1, id)
        .field("postSubmissionId"_L1, submissionId)
        .field("accountId"_L1, accountId)
        .field("platform"_L1, platforms::toString(platform))
        .field("text"_L1, text);
    json.key("mediaUrls"_L1);
    writeStrings(json, mediaUrls);
    json.field("publicUrl"_L1, publicUrl)
        .field("publishedAt"_L1, isotime::format(publishedAtMs))
        .endObject();
}

} // namespace slotline
