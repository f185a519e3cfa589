#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace slotline {

class JsonWriter;

// Who is calling: the owner of the key's project, as GET /users/me shows it.
struct UserProfile
{
    QString userId;
    QString email;
    QString name;
    QString projectId;
    QString projectName;
    QString timezone;
    QString apiKeyId;

    void writeJson(JsonWriter &json) const;
    QJsonObject toJson() const;
    // The API shape back into the value; nothing (and `error` says why) when the object
    // is not one.
    static std::optional<UserProfile> fromJson(const QJsonObject &object, QString *error = nullptr);
};

} // namespace slotline
