#include "core/apikeyinfo.h"

#include "core/isotime.h"

namespace slotline {
namespace {

QJsonValue optionalTime(const std::optional<qint64> &ms)
{
    return ms ? QJsonValue(isotime::format(*ms)) : QJsonValue(QJsonValue::Null);
}

} // namespace

QJsonObject ApiKeyInfo::toJson() const
{
    return {
        {QStringLiteral("id"), id},
        {QStringLiteral("name"), name},
        {QStringLiteral("prefix"), prefix},
        {QStringLiteral("createdAt"), isotime::format(createdAtMs)},
        {QStringLiteral("lastUsedAt"), optionalTime(lastUsedAtMs)},
        {QStringLiteral("revokedAt"), optionalTime(revokedAtMs)},
    };
}

} // namespace slotline
