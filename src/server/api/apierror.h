#pragma once

#include "core/errorcode.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace slotline {

struct FieldError
{
    QString field; // dotted path into the request, e.g. "post.content.text" or "limit"
    QString message;
};

// Every non-2xx answer: one status, one snake_case code, a message for people, and
// optional details. The JSON shape is the contract's; this is the only place that
// builds it.
class ApiError
{
public:
    // The status is the code's (errorcodes::httpStatus()).
    ApiError(ErrorCode code, QString message);

    ApiError &withDetail(const QString &field, const QString &message);
    ApiError &withDetails(const QList<FieldError> &details);
    ApiError &withRetryAfter(int seconds);
    ApiError &withHeader(const QByteArray &name, const QByteArray &value);
    // Extra members of the "error" object (e.g. the current draft of a conflict).
    ApiError &withField(const QString &name, const QJsonValue &value);

    int status() const { return errorcodes::httpStatus(m_code); }
    ErrorCode errorCode() const { return m_code; }
    QString code() const { return errorcodes::toString(m_code); }
    QString message() const { return m_message; }
    const QList<FieldError> &details() const { return m_details; }
    std::optional<int> retryAfter() const { return m_retryAfter; }
    const QList<QPair<QByteArray, QByteArray>> &headers() const { return m_headers; }

    QJsonObject toJson() const;
    QByteArray toJsonBytes() const;

    static ApiError invalidJson(const QString &message);
    static ApiError invalidQuery(const QList<FieldError> &details);
    static ApiError validationFailed(const QList<FieldError> &details);
    static ApiError unauthorized(const QString &message);
    static ApiError notFound(const QString &message);
    static ApiError unsupportedApiVersion(const QString &version);
    static ApiError methodNotAllowed(const QByteArray &allow);
    static ApiError unsupportedMediaType();
    static ApiError rateLimited(int retryAfterSeconds, const QString &message);
    static ApiError internal();

private:
    ErrorCode m_code;
    QString m_message;
    QList<FieldError> m_details;
    std::optional<int> m_retryAfter;
    QList<QPair<QByteArray, QByteArray>> m_headers;
    QJsonObject m_extra;
};

} // namespace slotline
