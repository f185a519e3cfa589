#include "core/userprofile.h"

#include "core/jsonwriter.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

void UserProfile::writeJson(JsonWriter &json) const
{
    json.beginObject()
        .field("id"_L1, userId)
        .field("email"_L1, email)
        .field("name"_L1, name)
        .field("projectId"_L1, projectId)
        .field("projectName"_L1, projectName)
        .field("timezone"_L1, timezone)
        .field("apiKeyId"_L1, apiKeyId)
        .endObject();
}

QJsonObject UserProfile::toJson() const
{
    return JsonWriter::toObject(*this);
}

} // namespace slotline
