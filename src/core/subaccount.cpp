#include "core/subaccount.h"

#include "core/jsonwriter.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

void Subaccount::writeJson(JsonWriter &json) const
{
    json.beginObject()
        .field("id"_L1, id)
        .field("accountId"_L1, accountId)
        .field("name"_L1, name)
        .field("type"_L1, type)
        .endObject();
}

QJsonObject Subaccount::toJson() const
{
    return JsonWriter::toObject(*this);
}

QStringList Subaccount::knownTypes()
{
    return {QStringLiteral("page"), QStringLiteral("organization"), QStringLiteral("group")};
}

} // namespace slotline
