#include "core/account.h"

#include "core/isotime.h"

namespace slotline {

QString toString(AccountStatus status)
{
    switch (status) {
    case AccountStatus::Active:
        return QStringLiteral("active");
    case AccountStatus::Disconnected:
        return QStringLiteral("disconnected");
    }
    Q_UNREACHABLE();
    return QString();
}

QJsonObject Account::toJson() const
{
    return {
        {QStringLiteral("id"), id},
        {QStringLiteral("platform"), platforms::toString(platform)},
        {QStringLiteral("name"), name},
        {QStringLiteral("username"), username},
        {QStringLiteral("profileImageUrl"),
         profileImageUrl.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(profileImageUrl)},
        {QStringLiteral("status"), toString(status)},
        {QStringLiteral("connectedAt"), isotime::format(connectedAtMs)},
    };
}

} // namespace slotline
