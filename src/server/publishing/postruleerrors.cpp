#include "server/publishing/postruleerrors.h"

#include "core/isotime.h"
#include "core/postrules.h"

namespace slotline {

namespace {

void addMediaUrlError(const ContentViolation &violation, const QString &field,
                      RuleViolations &violations)
{
    violations.add(ErrorCode::ValidationFailed, field + QStringLiteral("[%1]").arg(violation.found),
                   QStringLiteral("must be an http or https URL"));
}

} // namespace

void PostRuleErrors::checkContent(Platform platform, const QString &text,
                                  const QStringList &mediaUrls, const QString &field,
                                  RuleViolations &violations)
{
    const QString textField = field + QStringLiteral(".text");
    const QString mediaField = field + QStringLiteral(".mediaUrls");
    for (const ContentViolation &violation : PostRules::checkContent(platform, text, mediaUrls)) {
        switch (violation.kind) {
        case ContentViolation::Kind::Empty:
            violations.add(ErrorCode::ValidationFailed, textField,
                           QStringLiteral("is required unless mediaUrls has items"));
            break;
        case ContentViolation::Kind::TextTooLong:
            violations.add(
                ErrorCode::TextTooLong, textField,
                platform == Platform::Twitter
                    ? QStringLiteral("is %1 weighted characters; X allows %2 (URLs count 23, "
                                     "most symbols, emoji and CJK characters 2)")
                          .arg(violation.found)
                          .arg(violation.limit)
                    : QStringLiteral("is %1 characters; %2 allows %3")
                          .arg(violation.found)
                          .arg(platforms::displayName(platform))
                          .arg(violation.limit));
            break;
        case ContentViolation::Kind::TooManyMedia:
            violations.add(ErrorCode::TooManyMedia, mediaField,
                           QStringLiteral("has %1 items; %2 allows %3")
                               .arg(violation.found)
                               .arg(platforms::displayName(platform))
                               .arg(violation.limit));
            break;
        case ContentViolation::Kind::MediaNotAWebAddress:
            addMediaUrlError(violation, mediaField, violations);
            break;
        }
    }
}

void PostRuleErrors::checkMediaUrls(const QStringList &mediaUrls, const QString &field,
                                    RuleViolations &violations)
{
    for (int i = 0; i < mediaUrls.size(); ++i) {
        if (const auto violation = PostRules::checkMediaUrl(mediaUrls[i], i))
            addMediaUrlError(*violation, field, violations);
    }
}

std::optional<qint64> PostRuleErrors::checkScheduledTime(const QString &text, qint64 nowMs,
                                                         const QString &field,
                                                         RuleViolations &violations)
{
    const auto parsed = isotime::parse(text);
    if (const auto *error = std::get_if<isotime::ParseError>(&parsed)) {
        violations.add(ErrorCode::ValidationFailed, field, isotime::describe(*error));
        return std::nullopt;
    }
    const qint64 at = std::get<qint64>(parsed);
    const auto violation = PostRules::checkTime(at, nowMs, PostRules::RequestLatenessMs);
    if (!violation)
        return at;
    switch (*violation) {
    case TimeViolation::InThePast:
        violations.add(ErrorCode::ScheduledTimeInPast, field,
                       QStringLiteral("is in the past (%1); it is now %2")
                           .arg(isotime::format(at), isotime::format(nowMs)));
        break;
    case TimeViolation::TooFarAhead:
        violations.add(ErrorCode::ValidationFailed, field,
                       QStringLiteral("is more than two years ahead"));
        break;
    }
    return std::nullopt;
}

} // namespace slotline
