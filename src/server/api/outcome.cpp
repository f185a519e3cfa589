#include "server/api/outcome.h"

#include <QJsonDocument>

namespace slotline {

Outcome::Outcome(ApiError error)
    : m_error(std::move(error))
{ }

Outcome::Outcome(int status, QByteArray body)
    : m_status(status)
    , m_body(std::move(body))
{ }

Outcome Outcome::ok(QByteArray json)
{
    return Outcome(200, std::move(json));
}

Outcome Outcome::ok(const QJsonObject &body)
{
    return Outcome(200, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

Outcome Outcome::created(QByteArray json)
{
    return Outcome(201, std::move(json));
}

Outcome Outcome::noContent()
{
    return Outcome(204, {});
}

} // namespace slotline
