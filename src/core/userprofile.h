#pragma once

#include <QJsonObject>
#include <QString>

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
};

} // namespace slotline
