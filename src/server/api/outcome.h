#pragma once

#include "server/api/apierror.h"

#include <QByteArray>
#include <QJsonObject>

#include <optional>

namespace slotline {

// What an operation's handler answers: a JSON body with a 2xx status, no body (204),
// or an ApiError. Bodies are kept serialized; handlers write them with JsonWriter.
class Outcome
{
public:
    Outcome(ApiError error); // NOLINT(google-explicit-constructor): handlers return errors directly

    static Outcome ok(QByteArray json);
    static Outcome ok(const QJsonObject &body);
    static Outcome created(QByteArray json);
    static Outcome noContent();

    bool isError() const { return m_error.has_value(); }
    int status() const { return m_error ? m_error->status() : m_status; }
    const QByteArray &body() const { return m_body; }
    const ApiError &error() const { return *m_error; }

private:
    Outcome(int status, QByteArray body);

    int m_status = 200;
    QByteArray m_body;
    std::optional<ApiError> m_error;
};

} // namespace slotline
