#pragma once

#include <QJsonObject>
#include <QString>

namespace slotline {

// One entry of a project's call log.
struct CallRecord
{
    QString id;
    QString projectId;
    QString apiKeyId;
    qint64 atMs = 0;
    QString method;
    QString path; // relative to the API base, e.g. "/users/me"
    QString tool; // empty unless the call went through POST /tools/<name>
    QJsonObject arguments;
    int status = 0;
    double durationMs = 0;

    QJsonObject toJson() const;
};

} // namespace slotline
