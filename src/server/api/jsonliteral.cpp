#include "server/api/jsonliteral.h"

#include <QJsonDocument>

#include <stdexcept>

namespace slotline {

QJsonObject jsonObject(const char *json)
{
    QJsonParseError error {};
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray(json), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        throw std::logic_error(std::string("invalid JSON literal: ") + json);
    return document.object();
}

} // namespace slotline
