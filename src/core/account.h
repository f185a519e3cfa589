#pragma once

#include "core/platform.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace slotline {

class JsonWriter;

// Whether an account can publish. `Connected` was called "active" before real
// platforms; that spelling is still read.
enum class AccountStatus { Connected, NeedsReconnect, RateLimited, Disconnected };

QString toString(AccountStatus status);
std::optional<AccountStatus> accountStatusFromString(QStringView value);

// A connected social-media account of a project.
struct Account
{
    QString id;
    QString projectId;
    Platform platform = Platform::LinkedIn;
    QString name;
    QString username;
    QString profileImageUrl;
    AccountStatus status = AccountStatus::Connected;
    QString connector; // which publishing connector serves it: sandbox, linkedin, x, facebook
    qint64 connectedAtMs = 0;
    std::optional<qint64> rateLimitedUntilMs; // while RateLimited
    // Why the account is not connected, in words for people (the platform's reason).
    QString statusReason;
    // The platform's own id of the person; not part of the API shape.
    QString externalId;

    // The API shape; the project stays inside the server.
    void writeJson(JsonWriter &json) const;
    QJsonObject toJson() const;
    // The API shape back into the value; nothing (and `error` says why) when the object
    // is not one.
    static std::optional<Account> fromJson(const QJsonObject &object, QString *error = nullptr);
};

} // namespace slotline
