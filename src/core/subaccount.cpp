#include "core/subaccount.h"

namespace slotline {

QJsonObject Subaccount::toJson() const
{
    return {
        {QStringLiteral("id"), id},
        {QStringLiteral("accountId"), accountId},
        {QStringLiteral("name"), name},
        {QStringLiteral("type"), type},
    };
}

QStringList Subaccount::knownTypes()
{
    return {QStringLiteral("page"), QStringLiteral("organization"), QStringLiteral("group")};
}

} // namespace slotline
