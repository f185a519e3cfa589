#include "core/callrecord.h"

#include "core/isotime.h"
#include "core/jsonwriter.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

void CallRecord::writeJson(JsonWriter &json) const
{
    json.beginObject()
        .field("id"_L1, id)
        .field("at"_L1, isotime::format(atMs))
        .field("apiKeyId"_L1, apiKeyId)
        .field("method"_L1, method)
        .field("path"_L1, path);
    json.key("tool"_L1).nullableValue(tool);
    json.key("arguments"_L1);
    if (!argumentsJson.isEmpty())
        json.raw(argumentsJson);
    else
        json.value(QJsonValue(arguments));
    json.field("status"_L1, status).field("durationMs"_L1, durationMs).endObject();
}

QJsonObject CallRecord::toJson() const
{
    return JsonWriter::toObject(*this);
}

} // namespace slotline
