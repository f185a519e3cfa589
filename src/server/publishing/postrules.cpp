#include "server/publishing/postrules.h"

#include "core/isotime.h"
#include "core/platformrules.h"

#include <QUrl>

namespace slotline {

void PostRules::checkContent(Platform platform, const QString &text, const QStringList &mediaUrls,
                             const QString &field, RuleViolations &violations)
{
    if (text.trimmed().isEmpty() && mediaUrls.isEmpty())
        violations.add(QStringLiteral("validation_failed"), field + QStringLiteral(".text"),
                       QStringLiteral("is required unless mediaUrls has items"));

    const int length = PlatformRules::textLength(platform, text);
    const int limit = PlatformRules::maxTextLength(platform);
    if (length > limit)
        violations.add(
            QStringLiteral("text_too_long"), field + QStringLiteral(".text"),
            platform == Platform::Twitter
                ? QStringLiteral("is %1 weighted characters; X allows %2 (URLs count 23, "
                                 "most symbols, emoji and CJK characters 2)")
                      .arg(length)
                      .arg(limit)
                : QStringLiteral("is %1 characters; %2 allows %3")
                      .arg(length)
                      .arg(platforms::displayName(platform))
                      .arg(limit));

    const int mediaLimit = PlatformRules::maxMediaCount(platform);
    if (mediaUrls.size() > mediaLimit)
        violations.add(QStringLiteral("too_many_media"), field + QStringLiteral(".mediaUrls"),
                       QStringLiteral("has %1 items; %2 allows %3")
                           .arg(mediaUrls.size())
                           .arg(platforms::displayName(platform))
                           .arg(mediaLimit));
    checkMediaUrls(mediaUrls, field + QStringLiteral(".mediaUrls"), violations);
}

void PostRules::checkMediaUrls(const QStringList &mediaUrls, const QString &field,
                               RuleViolations &violations)
{
    for (qsizetype i = 0; i < mediaUrls.size(); ++i) {
        const QUrl url(mediaUrls[i], QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https")
            || url.host().isEmpty())
            violations.add(QStringLiteral("validation_failed"),
                           field + QStringLiteral("[%1]").arg(i),
                           QStringLiteral("must be an http or https URL"));
    }
}

std::optional<qint64> PostRules::checkScheduledTime(const QString &text, qint64 nowMs,
                                                    const QString &field,
                                                    RuleViolations &violations)
{
    const auto parsed = isotime::parse(text);
    if (const auto *error = std::get_if<isotime::ParseError>(&parsed)) {
        violations.add(QStringLiteral("validation_failed"), field, isotime::describe(*error));
        return std::nullopt;
    }
    const qint64 at = std::get<qint64>(parsed);
    if (at < nowMs - PastToleranceMs) {
        violations.add(QStringLiteral("scheduled_time_in_past"), field,
                       QStringLiteral("is in the past (%1); it is now %2")
                           .arg(isotime::format(at), isotime::format(nowMs)));
        return std::nullopt;
    }
    if (at > nowMs + FutureLimitMs) {
        violations.add(QStringLiteral("validation_failed"), field,
                       QStringLiteral("is more than two years ahead"));
        return std::nullopt;
    }
    return at;
}

} // namespace slotline
