#include "core/draft.h"

#include "core/isotime.h"
#include "core/jsonreader.h"
#include "core/jsonwriter.h"
#include "core/submission.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

void writeOptionalTime(JsonWriter &json, QLatin1StringView name, std::optional<qint64> ms)
{
    json.key(name);
    if (ms)
        json.timeValue(*ms);
    else
        json.null();
}

} // namespace

void Draft::Publication::writeJson(JsonWriter &json) const
{
    json.beginObject()
        .field("postSubmissionId"_L1, postSubmissionId)
        .field("accountId"_L1, accountId)
        .field("platform"_L1, platforms::toString(platform));
    json.key("pageId"_L1).nullableValue(pageId);
    json.field("status"_L1, toString(status));
    writeOptionalTime(json, "scheduledTime"_L1, scheduledAtMs);
    writeOptionalTime(json, "publishedAt"_L1, publishedAtMs);
    json.key("publicUrl"_L1).nullableValue(publicUrl);
    json.key("createdAt"_L1).timeValue(createdAtMs);
    json.key("errorMessage"_L1).nullableValue(errorMessage);
    json.endObject();
}

std::optional<Draft::Publication> Draft::Publication::fromJson(const QJsonObject &object,
                                                               QString *error)
{
    JsonReader read(object);
    Publication publication;
    publication.postSubmissionId = read.string("postSubmissionId"_L1);
    publication.accountId = read.string("accountId"_L1);
    publication.platform = read.platform("platform"_L1);
    publication.pageId = read.optionalString("pageId"_L1);
    const QString status = read.string("status"_L1);
    if (const auto known = submissionStatusFromString(status))
        publication.status = *known;
    else
        read.fail("status"_L1, QStringLiteral("unknown status \"%1\"").arg(status));
    publication.scheduledAtMs = read.optionalTime("scheduledTime"_L1);
    publication.publishedAtMs = read.optionalTime("publishedAt"_L1);
    publication.publicUrl = read.optionalString("publicUrl"_L1);
    publication.createdAtMs = read.time("createdAt"_L1);
    publication.errorMessage = read.optionalString("errorMessage"_L1);
    return read.result(publication, error);
}

void Draft::writeJson(JsonWriter &json) const
{
    json.beginObject().field("id"_L1, id);
    json.key("clientId"_L1).nullableValue(clientId);
    json.field("text"_L1, text);
    json.key("platforms"_L1).beginArray();
    for (const Platform platform : platforms)
        json.value(platforms::toString(platform));
    json.endArray().key("mediaUrls"_L1).beginArray();
    for (const QString &url : mediaUrls)
        json.value(url);
    json.endArray()
        .field("revision"_L1, revision)
        .field("createdAt"_L1, isotime::format(createdAtMs))
        .field("updatedAt"_L1, isotime::format(updatedAtMs));
    json.key("publications"_L1).beginArray();
    for (const Publication &publication : publications)
        publication.writeJson(json);
    json.endArray().endObject();
}

std::optional<Draft> Draft::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    Draft draft;
    draft.id = read.string("id"_L1);
    draft.clientId = read.optionalString("clientId"_L1);
    draft.text = read.optionalString("text"_L1);
    draft.platforms = read.platformList("platforms"_L1);
    draft.mediaUrls = read.strings("mediaUrls"_L1);
    draft.revision = read.integer("revision"_L1);
    draft.createdAtMs = read.time("createdAt"_L1);
    draft.updatedAtMs = read.time("updatedAt"_L1);
    // A server from before publications were recorded sends none.
    if (object.contains("publications"_L1)) {
        for (const QJsonValue &item : read.array("publications"_L1)) {
            QString why;
            if (const auto publication = Publication::fromJson(item.toObject(), &why))
                draft.publications.append(*publication);
            else
                read.fail("publications"_L1, why);
        }
    }
    return read.result(draft, error);
}

Submission Draft::postOf(const Publication &publication) const
{
    Submission post;
    post.id = publication.postSubmissionId;
    post.accountId = publication.accountId;
    post.platform = publication.platform;
    post.text = text;
    if (!publication.pageId.isEmpty())
        post.target = PostTarget {QString(), publication.pageId};
    post.status = publication.status;
    post.scheduledAtMs = publication.scheduledAtMs;
    post.publishedAtMs = publication.publishedAtMs;
    post.publicUrl = publication.publicUrl;
    post.errorMessage = publication.errorMessage;
    post.createdAtMs = publication.createdAtMs;
    post.updatedAtMs = publication.createdAtMs;
    return post;
}

} // namespace slotline
