#pragma once

#include <QJsonObject>

namespace slotline {

struct CreditBalance
{
    qint64 remaining = 0;
    qint64 reserved = 0;
    qint64 used = 0;

    QJsonObject toJson() const;
};

} // namespace slotline
