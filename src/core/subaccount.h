#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace slotline {

// A page, organization or group that an account can publish to.
struct Subaccount
{
    QString id;
    QString accountId;
    QString name;
    QString type;
    qint64 createdAtMs = 0; // orders the list; not part of the API shape

    QJsonObject toJson() const;

    static QStringList knownTypes();
};

} // namespace slotline
