#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace slotline {

class JsonWriter;

// What may be shown about an API key: never the key itself.
struct ApiKeyInfo
{
    QString id;
    QString projectId;
    QString name;
    QString prefix;
    qint64 createdAtMs = 0;
    std::optional<qint64> lastUsedAtMs;
    std::optional<qint64> revokedAtMs;

    bool isRevoked() const { return revokedAtMs.has_value(); }

    void writeJson(JsonWriter &json) const;
    QJsonObject toJson() const;
    // The API shape back into the value; nothing (and `error` says why) when the object
    // is not one.
    static std::optional<ApiKeyInfo> fromJson(const QJsonObject &object, QString *error = nullptr);
};

} // namespace slotline
