#include "core/account.h"

#include "core/isotime.h"
#include "core/jsonwriter.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

QString toString(AccountStatus status)
{
    switch (status) {
    case AccountStatus::Active: return QStringLiteral("active");
    case AccountStatus::Disconnected: return QStringLiteral("disconnected");
    }
    Q_UNREACHABLE();
    return QString();
}

void Account::writeJson(JsonWriter &json) const
{
    json.beginObject()
        .field("id"_L1, id)
        .field("platform"_L1, platforms::toString(platform))
        .field("name"_L1, name)
        .field("username"_L1, username);
    json.key("profileImageUrl"_L1).nullableValue(profileImageUrl);
    json.field("status"_L1, toString(status))
        .field("connectedAt"_L1, isotime::format(connectedAtMs))
        .endObject();
}

QJsonObject Account::toJson() const
{
    return JsonWriter::toObject(*this);
}

} // namespace slotline
