#pragma once

#include <QJsonObject>

namespace slotline {

class JsonWriter;

struct CreditBalance
{
    qint64 remaining = 0;
    qint64 reserved = 0;
    qint64 used = 0;

    void writeJson(JsonWriter &json) const;
    QJsonObject toJson() const;
};

} // namespace slotline
