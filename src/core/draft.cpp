#include "core/draft.h"

#include "core/isotime.h"
#include "core/jsonwriter.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

void Draft::writeJson(JsonWriter &json) const
{
    json.beginObject().field("id"_L1, id).field("text"_L1, text);
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

} // namespace slotline
