#pragma once

#include "core/platform.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace slotline {

class JsonWriter;

// A post being written: not yet bound to an account or a time, and free to break the
// platforms' limits while it is worked on. `revision` grows by one with every save, so
// an editor that started from an older revision can tell that someone else saved since.
//
// `clientId` is the id its writer chose before the server had seen it: a create sent
// again, however late, finds the draft it made instead of making another.
struct Draft
{
    QString id; // drf_...
    QString clientId; // empty: none was given
    QString text;
    QList<Platform> platforms;
    QStringList mediaUrls;
    qint64 revision = 1;
    qint64 createdAtMs = 0;
    qint64 updatedAtMs = 0;

    // {id, clientId, text, platforms, mediaUrls, revision, createdAt, updatedAt}
    void writeJson(JsonWriter &json) const;
    // The API shape back into the value; nothing (and `error` says why) when the object
    // is not one.
    static std::optional<Draft> fromJson(const QJsonObject &object, QString *error = nullptr);
};

} // namespace slotline
