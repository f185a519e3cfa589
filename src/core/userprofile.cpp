#include "core/userprofile.h"

namespace slotline {

QJsonObject UserProfile::toJson() const
{
    return {
        {QStringLiteral("id"), userId},
        {QStringLiteral("email"), email},
        {QStringLiteral("name"), name},
        {QStringLiteral("projectId"), projectId},
        {QStringLiteral("projectName"), projectName},
        {QStringLiteral("timezone"), timezone},
        {QStringLiteral("apiKeyId"), apiKeyId},
    };
}

} // namespace slotline
