#include "client/apierror.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace slotline::client {
namespace {

ApiError::Kind kindOf(int status)
{
    switch (status) {
    case 401: return ApiError::Kind::Unauthorized;
    case 402: return ApiError::Kind::PaymentRequired;
    case 404: return ApiError::Kind::NotFound;
    case 409: return ApiError::Kind::Conflict;
    case 410: return ApiError::Kind::Gone;
    case 422: return ApiError::Kind::Validation;
    case 429: return ApiError::Kind::RateLimited;
    default: break;
    }
    return status >= 500 ? ApiError::Kind::Server : ApiError::Kind::BadRequest;
}

} // namespace

ApiError::ApiError(Kind kind, QString message)
    : m_kind(kind)
    , m_message(std::move(message))
{ }

ApiError ApiError::fromResponse(int status, const QByteArray &body, int retryAfterSeconds)
{
    ApiError error(kindOf(status), QString());
    error.m_status = status;
    error.m_retryAfterSeconds = retryAfterSeconds;
    const QJsonObject object
        = QJsonDocument::fromJson(body).object().value(QStringLiteral("error")).toObject();
    error.m_code = object.value(QStringLiteral("code")).toString();
    error.m_message = object.value(QStringLiteral("message")).toString();
    if (error.m_message.isEmpty())
        error.m_message
            = QCoreApplication::translate("ApiError", "The server answered with HTTP status %1.")
                  .arg(status);
    for (const QJsonValue &detail : object.value(QStringLiteral("details")).toArray()) {
        const QJsonObject item = detail.toObject();
        error.m_details.append(FieldIssue {item.value(QStringLiteral("field")).toString(),
                                           item.value(QStringLiteral("message")).toString()});
    }
    if (status == 429 && error.m_retryAfterSeconds <= 0)
        error.m_retryAfterSeconds
            = std::max(1, object.value(QStringLiteral("retryAfter")).toInt(1));
    if (const QJsonValue draft = object.value(QStringLiteral("draft")); draft.isObject())
        error.m_currentDraft = Draft::fromJson(draft.toObject());
    if (const QJsonValue count = object.value(QStringLiteral("scheduledPosts")); count.isDouble())
        error.m_scheduledPosts = count.toInt();
    return error;
}

QString ApiError::messageFor(const QString &field) const
{
    for (const FieldIssue &issue : m_details) {
        if (issue.field == field)
            return issue.message;
    }
    return QString();
}

bool ApiError::isTransient() const
{
    return m_kind == Kind::Network || m_kind == Kind::Timeout || m_kind == Kind::RateLimited
           || m_kind == Kind::Server;
}

QString ApiError::toDisplayString() const
{
    if (m_details.isEmpty())
        return m_message;
    QStringList fields;
    for (const FieldIssue &issue : m_details)
        fields.append(issue.field + QStringLiteral(" ") + issue.message);
    return m_message + QStringLiteral(" (") + fields.join(QStringLiteral("; ")) + u')';
}

} // namespace slotline::client
