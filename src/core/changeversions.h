#pragma once

#include <QJsonObject>

#include <optional>

namespace slotline {

class JsonWriter;

// How often each kind of a project's data has changed: numbers that only grow, so a client
// that kept them from its last read knows which lists it must read again (GET /changes).
struct ChangeVersions
{
    qint64 project = 0; // the project's name or time zone, its owner
    qint64 accounts = 0; // accounts, their states and pages
    qint64 slots = 0;
    qint64 credits = 0;
    qint64 posts = 0;
    qint64 drafts = 0;

    bool operator==(const ChangeVersions &) const = default;

    void writeJson(JsonWriter &json) const;
    static std::optional<ChangeVersions> fromJson(const QJsonObject &object,
                                                  QString *error = nullptr);
};

} // namespace slotline
