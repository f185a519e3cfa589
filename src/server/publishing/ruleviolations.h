#pragma once

#include "server/api/apierror.h"

#include <QList>
#include <QString>

namespace slotline {

// The business rules a request broke, each naming its field. They become one 422 whose
// code is the specific one (text_too_long, scheduled_time_in_past...) when every problem
// is of that kind, and validation_failed otherwise.
class RuleViolations
{
public:
    void add(ErrorCode code, const QString &field, const QString &message);
    bool isEmpty() const { return m_details.isEmpty(); }
    ApiError toError() const;

private:
    QList<FieldError> m_details;
    QList<ErrorCode> m_codes;
};

} // namespace slotline
