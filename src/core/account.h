#pragma once

#include "core/platform.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace slotline {

class JsonWriter;

enum class AccountStatus { Active, Disconnected };

QString toString(AccountStatus status);

// A connected social-media account of a project.
struct Account
{
    QString id;
    QString projectId;
    Platform platform = Platform::LinkedIn;
    QString name;
    QString username;
    QString profileImageUrl;
    AccountStatus status = AccountStatus::Active;
    QString connector; // which publishing connector serves it, e.g. "sandbox"
    qint64 connectedAtMs = 0;

    // The API shape; internal fields (project, connector) stay inside the server.
    void writeJson(JsonWriter &json) const;
    QJsonObject toJson() const;
    // The API shape back into the value; nothing (and `error` says why) when the object
    // is not one.
    static std::optional<Account> fromJson(const QJsonObject &object, QString *error = nullptr);
};

} // namespace slotline
