#include "server/publishing/ruleviolations.h"

namespace slotline {

void RuleViolations::add(const QString &code, const QString &field, const QString &message)
{
    m_details.append(FieldError {field, message});
    m_codes.append(code);
}

ApiError RuleViolations::toError() const
{
    const bool oneKind = std::all_of(m_codes.begin(), m_codes.end(), [this](const QString &code) {
        return code == m_codes.first();
    });
    const QString code = oneKind ? m_codes.first() : QStringLiteral("validation_failed");
    QString message;
    if (code == u"text_too_long")
        message = QStringLiteral("The text is longer than the platform allows.");
    else if (code == u"scheduled_time_in_past")
        message = QStringLiteral("The scheduled time has already passed.");
    else if (code == u"too_many_media")
        message = QStringLiteral("The post has more media than the platform allows.");
    else
        message = QStringLiteral("The request has invalid fields.");
    return ApiError(422, code, message).withDetails(m_details);
}

} // namespace slotline
