#pragma once

#include "client/apierror.h"

#include <QList>
#include <QString>

#include <variant>

namespace slotline::client {

// A call's outcome: its value, or why there is none.
template<typename T>
class ApiResult
{
public:
    ApiResult(T value) // NOLINT(google-explicit-constructor): callbacks receive values directly
        : m_outcome(std::move(value))
    { }
    ApiResult(ApiError error) // NOLINT(google-explicit-constructor)
        : m_outcome(std::move(error))
    { }

    bool ok() const { return std::holds_alternative<T>(m_outcome); }
    const T &value() const { return std::get<T>(m_outcome); }
    const ApiError &error() const { return std::get<ApiError>(m_outcome); }

private:
    std::variant<T, ApiError> m_outcome;
};

// The result of a call that answers nothing (204).
struct Done
{ };

// One page of a list: its items, and the cursor of the next page (empty on the last).
template<typename T>
struct ItemPage
{
    QList<T> items;
    QString cursor;

    bool hasMore() const { return !cursor.isEmpty(); }
};

} // namespace slotline::client
