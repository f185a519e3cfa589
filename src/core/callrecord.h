#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace slotline {

class JsonWriter;

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
    QByteArray argumentsJson; // the same, already serialized (as read from the log)
    int status = 0;
    double durationMs = 0;

    void writeJson(JsonWriter &json) const;
    QJsonObject toJson() const;
    // The API shape back into the value; nothing (and `error` says why) when the object
    // is not one.
    static std::optional<CallRecord> fromJson(const QJsonObject &object, QString *error = nullptr);
};

} // namespace slotline
