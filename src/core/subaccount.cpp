#include "core/subaccount.h"

#include "core/jsonreader.h"
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

std::optional<Subaccount> Subaccount::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    Subaccount subaccount;
    subaccount.id = read.string("id"_L1);
    subaccount.accountId = read.string("accountId"_L1);
    subaccount.name = read.string("name"_L1);
    subaccount.type = read.string("type"_L1);
    return read.result(subaccount, error);
}

} // namespace slotline
