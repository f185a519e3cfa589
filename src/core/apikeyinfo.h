#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace slotline {

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

    QJsonObject toJson() const;
};

} // namespace slotline
