#include "core/creditbalance.h"

namespace slotline {

QJsonObject CreditBalance::toJson() const
{
    return {
        {QStringLiteral("creditsRemaining"), remaining},
        {QStringLiteral("creditsReserved"), reserved},
        {QStringLiteral("creditsUsed"), used},
    };
}

} // namespace slotline
