#include "core/account.h"

#include "core/isotime.h"
#include "core/jsonreader.h"
#include "core/jsonwriter.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

QString toString(AccountStatus status)
{
    switch (status) {
    case AccountStatus::Connected: return QStringLiteral("connected");
    case AccountStatus::NeedsReconnect: return QStringLiteral("needs_reconnect");
    case AccountStatus::RateLimited: return QStringLiteral("rate_limited");
    case AccountStatus::Disconnected: return QStringLiteral("disconnected");
    }
    Q_UNREACHABLE();
    return QString();
}

std::optional<AccountStatus> accountStatusFromString(QStringView value)
{
    if (value == u"connected" || value == u"active")
        return AccountStatus::Connected;
    if (value == u"needs_reconnect")
        return AccountStatus::NeedsReconnect;
    if (value == u"rate_limited")
        return AccountStatus::RateLimited;
    if (value == u"disconnected")
        return AccountStatus::Disconnected;
    return std::nullopt;
}

void Account::writeJson(JsonWriter &json) const
{
    json.beginObject()
        .field("id"_L1, id)
        .field("platform"_L1, platforms::toString(platform))
        .field("name"_L1, name)
        .field("username"_L1, username);
    json.key("profileImageUrl"_L1).nullableValue(profileImageUrl);
    json.field("connector"_L1, connector)
        .field("status"_L1, toString(status))
        .field("connectedAt"_L1, isotime::format(connectedAtMs));
    if (rateLimitedUntilMs)
        json.field("rateLimitedUntil"_L1, isotime::format(*rateLimitedUntilMs));
    if (!statusReason.isEmpty())
        json.field("statusReason"_L1, statusReason);
    json.endObject();
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
    // A status this build does not know yet cannot publish from here: read as such.
    account.status
        = accountStatusFromString(read.string("status"_L1)).value_or(AccountStatus::Disconnected);
    account.connector = read.optionalString("connector"_L1);
    account.connectedAtMs = read.time("connectedAt"_L1);
    if (object.contains("rateLimitedUntil"_L1))
        account.rateLimitedUntilMs = read.time("rateLimitedUntil"_L1);
    account.statusReason = read.optionalString("statusReason"_L1);
    return read.result(account, error);
}

} // namespace slotline
