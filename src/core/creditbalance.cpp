#include "core/creditbalance.h"

#include "core/jsonreader.h"
#include "core/jsonwriter.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

void CreditBalance::writeJson(JsonWriter &json) const
{
    json.beginObject()
        .field("creditsRemaining"_L1, remaining)
        .field("creditsReserved"_L1, reserved)
        .field("creditsUsed"_L1, used)
        .endObject();
}

QJsonObject CreditBalance::toJson() const
{
    return JsonWriter::toObject(*this);
}

std::optional<CreditBalance> CreditBalance::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    CreditBalance balance;
    balance.remaining = read.integer("creditsRemaining"_L1);
    balance.reserved = read.integer("creditsReserved"_L1);
    balance.used = read.integer("creditsUsed"_L1);
    return read.result(balance, error);
}

} // namespace slotline
