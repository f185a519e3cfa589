#include "core/changeversions.h"

#include "core/jsonreader.h"
#include "core/jsonwriter.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

void ChangeVersions::writeJson(JsonWriter &json) const
{
    json.beginObject()
        .field("project"_L1, project)
        .field("accounts"_L1, accounts)
        .field("slots"_L1, slots)
        .field("credits"_L1, credits)
        .field("posts"_L1, posts)
        .field("drafts"_L1, drafts)
        .endObject();
}

std::optional<ChangeVersions> ChangeVersions::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    ChangeVersions versions;
    versions.project = read.integer("project"_L1);
    versions.accounts = read.integer("accounts"_L1);
    versions.slots = read.integer("slots"_L1);
    versions.credits = read.integer("credits"_L1);
    versions.posts = read.integer("posts"_L1);
    versions.drafts = read.integer("drafts"_L1);
    return read.result(versions, error);
}

} // namespace slotline
