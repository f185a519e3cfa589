#include "core/account.h"

#include "core/isotime.h"
#include "core/jsonreader.h"
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

std::optional<Account> Account::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    Account account;
    account.id = read.string("id"_L1);
    account.platform = read.platform("platform"_L1);
    account.name = read.string("name"_L1);
    account.username = read.optionalString("username"_L1);
    account.profileImageUrl = read.optionalString("profileImageUrl"_L1);
    account.status = read.string("status"_L1) == u"disconnected" ? AccountStatus::Disconnected
                                                                 : AccountStatus::Active;
    account.connectedAtMs = read.time("connectedAt"_L1);
    return read.result(account, error);
}

} // namespace slotline
