#include "server/api/apierror.h"

#include "core/jsonwriter.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::Literals::StringLiterals;

namespace slotline {

ApiError::ApiError(ErrorCode code, QString message)
    : m_code(code)
    , m_message(std::move(message))
{ }

ApiError &ApiError::withDetail(const QString &field, const QString &message)
{
    m_details.append(FieldError {field, message});
    return *this;
}

ApiError &ApiError::withDetails(const QList<FieldError> &details)
{
    m_details.append(details);
    return *this;
}

ApiError &ApiError::withRetryAfter(int seconds)
{
    m_retryAfter = seconds;
    return withHeader(QByteArrayLiteral("Retry-After"), QByteArray::number(seconds));
}

ApiError &ApiError::withHeader(const QByteArray &name, const QByteArray &value)
{
    m_headers.append({name, value});
    return *this;
}

ApiError &ApiError::withField(const QString &name, const QJsonValue &value)
{
    m_extra.insert(name, value);
    return *this;
}

QJsonObject ApiError::toJson() const
{
    QJsonObject error = m_extra;
    error.insert(QStringLiteral("code"), code());
    error.insert(QStringLiteral("message"), m_message);
    if (!m_details.isEmpty()) {
        QJsonArray details;
        for (const FieldError &detail : m_details)
            details.append(QJsonObject {{QStringLiteral("field"), detail.field},
                                        {QStringLiteral("message"), detail.message}});
        error.insert(QStringLiteral("details"), details);
    }
    if (m_retryAfter)
        error.insert(QStringLiteral("retryAfter"), *m_retryAfter);
    return QJsonObject {{QStringLiteral("error"), error}};
}

QByteArray ApiError::toJsonBytes() const
{
    if (!m_extra.isEmpty())
        return QJsonDocument(toJson()).toJson(QJsonDocument::Compact);
    // Most errors, among them every 429 of a client that keeps hammering, have nothing
    // extra: written straight, in the same order as QJsonObject's (sorted keys), at a
    // tenth of the cost of building one.
    JsonWriter json;
    json.beginObject().key("error"_L1).beginObject().field("code"_L1, errorcodes::name(m_code));
    if (!m_details.isEmpty()) {
        json.key("details"_L1).beginArray();
        for (const FieldError &detail : m_details)
            json.beginObject()
                .field("field"_L1, detail.field)
                .field("message"_L1, detail.message)
                .endObject();
        json.endArray();
    }
    json.field("message"_L1, m_message);
    if (m_retryAfter)
        json.field("retryAfter"_L1, qint64(*m_retryAfter));
    return json.endObject().endObject().take();
}

ApiError ApiError::invalidJson(const QString &message)
{
    return ApiError(ErrorCode::InvalidJson, message);
}

ApiError ApiError::invalidQuery(const QList<FieldError> &details)
{
    return ApiError(ErrorCode::InvalidQuery,
                    QStringLiteral("The query string has invalid parameters."))
        .withDetails(details);
}

ApiError ApiError::validationFailed(const QList<FieldError> &details)
{
    return ApiError(ErrorCode::ValidationFailed, QStringLiteral("The request has invalid fields."))
        .withDetails(details);
}

ApiError ApiError::unauthorized(const QString &message)
{
    return ApiError(ErrorCode::Unauthorized, message);
}

ApiError ApiError::notFound(const QString &message)
{
    return ApiError(ErrorCode::NotFound, message);
}

ApiError ApiError::unsupportedApiVersion(const QString &version)
{
    return ApiError(
        ErrorCode::UnsupportedApiVersion,
        QStringLiteral("API version \"%1\" is not served here; use /api/v2.").arg(version));
}

ApiError ApiError::methodNotAllowed(const QByteArray &allow)
{
    return ApiError(ErrorCode::MethodNotAllowed,
                    QStringLiteral("This path does not accept that method; it accepts %1.")
                        .arg(QString::fromLatin1(allow)))
        .withHeader(QByteArrayLiteral("Allow"), allow);
}

ApiError ApiError::unsupportedMediaType()
{
    return ApiError(ErrorCode::UnsupportedMediaType,
                    QStringLiteral("Send the body as JSON with Content-Type: application/json."));
}

ApiError ApiError::rateLimited(int retryAfterSeconds, const QString &message)
{
    return ApiError(ErrorCode::RateLimited, message).withRetryAfter(retryAfterSeconds);
}

ApiError ApiError::internal()
{
    return ApiError(ErrorCode::InternalError,
                    QStringLiteral("The server failed to handle the request. It has been logged; "
                                   "try again later."));
}

} // namespace slotline
