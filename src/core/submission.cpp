#include "core/submission.h"

#include "core/isotime.h"
#include "core/jsonreader.h"
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

namespace {

std::optional<PostTarget> readTarget(JsonReader &read)
{
    const auto object = read.optionalObject("target"_L1);
    if (!object)
        return std::nullopt;
    JsonReader target(*object, QStringLiteral("target"));
    PostTarget result {target.string("targetType"_L1), target.optionalString("pageId"_L1)};
    if (!target.ok())
        read.fail("target"_L1, target.error());
    return result;
}

} // namespace

std::optional<Submission> Submission::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    Submission submission;
    submission.id = read.string("postSubmissionId"_L1);
    const QString status = read.string("status"_L1);
    if (const auto known = submissionStatusFromString(status))
        submission.status = *known;
    else
        read.fail("status"_L1, QStringLiteral("unknown status \"%1\"").arg(status));
    submission.accountId = read.string("accountId"_L1);
    submission.platform = read.platform("platform"_L1);
    submission.text = read.optionalString("text"_L1);
    submission.mediaUrls = read.strings("mediaUrls"_L1);
    submission.target = readTarget(read);
    submission.scheduledAtMs = read.optionalTime("scheduledTime"_L1);
    submission.scheduleId = read.optionalString("scheduleId"_L1);
    submission.createdAtMs = read.time("createdAt"_L1);
    submission.updatedAtMs = read.time("updatedAt"_L1);
    submission.publishedAtMs = read.optionalTime("publishedAt"_L1);
    submission.publicUrl = read.optionalString("publicUrl"_L1);
    submission.errorMessage = read.optionalString("errorMessage"_L1);
    return read.result(submission, error);
}

std::optional<Submission> Submission::fromPostJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    Submission submission;
    submission.accountId = read.string("accountId"_L1);
    JsonReader content(read.object("content"_L1), QStringLiteral("content"));
    submission.text = content.optionalString("text"_L1);
    submission.platform = content.platform("platform"_L1);
    submission.mediaUrls = content.strings("mediaUrls"_L1);
    if (!content.ok())
        read.fail("content"_L1, content.error());
    submission.target = readTarget(read);
    return read.result(submission, error);
}

std::optional<PublishedPost> PublishedPost::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    PublishedPost post;
    post.id = read.string("id"_L1);
    post.submissionId = read.string("postSubmissionId"_L1);
    post.accountId = read.string("accountId"_L1);
    post.platform = read.platform("platform"_L1);
    post.text = read.optionalString("text"_L1);
    post.mediaUrls = read.strings("mediaUrls"_L1);
    post.publicUrl = read.string("publicUrl"_L1);
    post.publishedAtMs = read.time("publishedAt"_L1);
    return read.result(post, error);
}

} // namespace slotline
