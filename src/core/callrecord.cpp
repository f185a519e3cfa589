#include "core/callrecord.h"

#include "core/isotime.h"

namespace slotline {

QJsonObject CallRecord::toJson() const
{
    return {
        {QStringLiteral("id"), id},
        {QStringLiteral("at"), isotime::format(atMs)},
        {QStringLiteral("apiKeyId"), apiKeyId},
        {QStringLiteral("method"), method},
        {QStringLiteral("path"), path},
        {QStringLiteral("tool"), tool.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(tool)},
        {QStringLiteral("arguments"), arguments},
        {QStringLiteral("status"), status},
        {QStringLiteral("durationMs"), durationMs},
    };
}

} // namespace slotline
