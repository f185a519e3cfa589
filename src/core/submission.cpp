#include "core/submission.h"

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
        json.timeValue(*ms);
    else
        json.null();
}

// Text as a Submission holds it, and as a SubmissionView does (UTF-8).
void writeText(JsonWriter &json, const QString &text)
{
    json.value(text);
}

void writeText(JsonWriter &json, QByteArrayView utf8)
{
    json.utf8Value(utf8);
}

void writeNullableText(JsonWriter &json, const QString &text)
{
    json.nullableValue(text);
}

void writeNullableText(JsonWriter &json, QByteArrayView utf8)
{
    json.nullableUtf8Value(utf8);
}

template<typename Target>
void writeTarget(JsonWriter &json, const std::optional<Target> &target)
{
    if (!target) {
        json.null();
        return;
    }
    json.beginObject().key("targetType"_L1);
    writeText(json, target->targetType);
    if (!target->pageId.isEmpty()) {
        json.key("pageId"_L1);
        writeText(json, target->pageId);
    }
    json.endObject();
}

// The API shape of a submission, from a Submission or a SubmissionView alike.
template<typename Post>
void writeSubmission(JsonWriter &json, const Post &post)
{
    json.beginObject().key("postSubmissionId"_L1);
    writeText(json, post.id);
    json.field("status"_L1, toString(post.status)).key("accountId"_L1);
    writeText(json, post.accountId);
    json.field("platform"_L1, platforms::toString(post.platform)).key("text"_L1);
    writeText(json, post.text);
    json.key("mediaUrls"_L1);
    writeStrings(json, post.mediaUrls);
    json.key("target"_L1);
    writeTarget(json, post.target);
    json.key("scheduledTime"_L1);
    writeOptionalTime(json, post.scheduledAtMs);
    json.key("scheduleId"_L1);
    writeNullableText(json, post.scheduleId);
    json.key("createdAt"_L1).timeValue(post.createdAtMs);
    json.key("updatedAt"_L1).timeValue(post.updatedAtMs);
    json.key("publishedAt"_L1);
    writeOptionalTime(json, post.publishedAtMs);
    json.key("publicUrl"_L1);
    writeNullableText(json, post.publicUrl);
    json.key("platformPostId"_L1);
    writeNullableText(json, post.platformPostId);
    json.key("errorMessage"_L1);
    writeNullableText(json, post.errorMessage);
    json.key("checkUrl"_L1);
    writeNullableText(json, post.checkUrl);
    json.key("errorCode"_L1);
    writeNullableText(json, post.errorCode);
    json.key("draftId"_L1);
    writeNullableText(json, post.draftId);
    json.endObject();
}

} // namespace

void Submission::writeJson(JsonWriter &json) const
{
    writeSubmission(json, *this);
}

void SubmissionView::writeJson(JsonWriter &json) const
{
    writeSubmission(json, *this);
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
        .key("publishedAt"_L1)
        .timeValue(publishedAtMs)
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
    submission.platformPostId = read.optionalString("platformPostId"_L1);
    submission.errorMessage = read.optionalString("errorMessage"_L1);
    submission.checkUrl = read.optionalString("checkUrl"_L1);
    submission.errorCode = read.optionalString("errorCode"_L1);
    submission.draftId = read.optionalString("draftId"_L1);
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
