#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace slotline {

class JsonWriter;

// A page, organization or group that an account can publish to.
struct Subaccount
{
    QString id;
    QString accountId;
    QString name;
    QString type;
    qint64 createdAtMs = 0; // orders the list; not part of the API shape
    QString externalId; // the platform's id of the page or organization; internal

    void writeJson(JsonWriter &json) const;
    QJsonObject toJson() const;
    // The API shape back into the value; nothing (and `error` says why) when the object
    // is not one.
    static std::optional<Subaccount> fromJson(const QJsonObject &object, QString *error = nullptr);

    static QStringList knownTypes();
};

} // namespace slotline
