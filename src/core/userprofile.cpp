#include "core/userprofile.h"

#include "core/jsonreader.h"
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

std::optional<UserProfile> UserProfile::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    UserProfile profile;
    profile.userId = read.string("id"_L1);
    profile.email = read.optionalString("email"_L1);
    profile.name = read.optionalString("name"_L1);
    profile.projectId = read.string("projectId"_L1);
    profile.projectName = read.optionalString("projectName"_L1);
    profile.timezone = read.string("timezone"_L1);
    profile.apiKeyId = read.string("apiKeyId"_L1);
    return read.result(profile, error);
}

} // namespace slotline
