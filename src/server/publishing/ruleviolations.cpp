#include "server/publishing/ruleviolations.h"

#include <algorithm>

namespace slotline {

void RuleViolations::add(ErrorCode code, const QString &field, const QString &message)
{
    // A rule violation is one of the 422s: anything else is not a field's fault.
    Q_ASSERT(errorcodes::httpStatus(code) == 422);
    m_details.append(FieldError {field, message});
    m_codes.append(code);
}

ApiError RuleViolations::toError() const
{
    const bool oneKind = std::all_of(m_codes.begin(), m_codes.end(),
                                     [this](ErrorCode code) { return code == m_codes.first(); });
    const ErrorCode code = oneKind ? m_codes.first() : ErrorCode::ValidationFailed;
    QString message;
    switch (code) {
    case ErrorCode::TextTooLong:
        message = QStringLiteral("The text is longer than the platform allows.");
        break;
    case ErrorCode::ScheduledTimeInPast:
        message = QStringLiteral("The scheduled time has already passed.");
        break;
    case ErrorCode::TooManyMedia:
        message = QStringLiteral("The post has more media than the platform allows.");
        break;
    default: message = QStringLiteral("The request has invalid fields."); break;
    }
    return ApiError(code, message).withDetails(m_details);
}

} // namespace slotline
