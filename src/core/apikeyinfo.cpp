#include "core/apikeyinfo.h"

#include "core/isotime.h"
#include "core/jsonreader.h"
#include "core/jsonwriter.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {
void ApiKeyInfo::writeJson(JsonWriter &json) const
{
    json.beginObject()
        .field("id"_L1, id)
        .field("name"_L1, name)
        .field("prefix"_L1, prefix)
        .field("createdAt"_L1, isotime::format(createdAtMs));
    json.key("lastUsedAt"_L1)
        .nullableValue(lastUsedAtMs ? isotime::format(*lastUsedAtMs) : QString());
    json.key("revokedAt"_L1).nullableValue(revokedAtMs ? isotime::format(*revokedAtMs) : QString());
    json.endObject();
}

QJsonObject ApiKeyInfo::toJson() const
{
    return JsonWriter::toObject(*this);
}

std::optional<ApiKeyInfo> ApiKeyInfo::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    ApiKeyInfo key;
    key.id = read.string("id"_L1);
    key.name = read.string("name"_L1);
    key.prefix = read.string("prefix"_L1);
    key.createdAtMs = read.time("createdAt"_L1);
    key.lastUsedAtMs = read.optionalTime("lastUsedAt"_L1);
    key.revokedAtMs = read.optionalTime("revokedAt"_L1);
    return read.result(key, error);
}

} // namespace slotline
