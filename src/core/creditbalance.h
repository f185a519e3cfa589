#pragma once

#include <QJsonObject>

#include <optional>

namespace slotline {

class JsonWriter;

struct CreditBalance
{
    qint64 remaining = 0;
    qint64 reserved = 0;
    qint64 used = 0;

    void writeJson(JsonWriter &json) const;
    QJsonObject toJson() const;
    // The API shape back into the value; nothing (and `error` says why) when the object
    // is not one.
    static std::optional<CreditBalance> fromJson(const QJsonObject &object,
                                                 QString *error = nullptr);
};

} // namespace slotline
