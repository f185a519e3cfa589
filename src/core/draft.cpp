#include "core/draft.h"

#include "core/isotime.h"
#include "core/jsonreader.h"
#include "core/jsonwriter.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

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
        .field("updatedAt"_L1, isotime::format(updatedAtMs))
        .endObject();
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
    return read.result(draft, error);
}

} // namespace slotline
