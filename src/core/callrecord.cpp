#include "core/callrecord.h"

#include "core/isotime.h"
#include "core/jsonreader.h"
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

std::optional<CallRecord> CallRecord::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    CallRecord record;
    record.id = read.string("id"_L1);
    record.atMs = read.time("at"_L1);
    record.apiKeyId = read.string("apiKeyId"_L1);
    record.method = read.string("method"_L1);
    record.path = read.string("path"_L1);
    record.tool = read.optionalString("tool"_L1);
    record.arguments = read.optionalObject("arguments"_L1).value_or(QJsonObject());
    record.status = int(read.integer("status"_L1));
    record.durationMs = read.number("durationMs"_L1);
    return read.result(record, error);
}

} // namespace slotline
