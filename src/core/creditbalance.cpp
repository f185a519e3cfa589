#include "core/creditbalance.h"

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

} // namespace slotline
