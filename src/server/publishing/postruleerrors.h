#pragma once

#include "core/platform.h"
#include "server/publishing/ruleviolations.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace slotline {

// The verdicts of the rule book (core's PostRules) for POST /posts, PATCH /schedules/{id}
// and the drafts, said as the API says them: an error code and a field path each.
class PostRuleErrors
{
public:
    // Text and media for a platform; `field` is where the content sits in the request
    // ("post.content").
    static void checkContent(Platform platform, const QString &text, const QStringList &mediaUrls,
                             const QString &field, RuleViolations &violations);

    // Each must be an absolute http or https URL; `field` names the array ("mediaUrls").
    static void checkMediaUrls(const QStringList &mediaUrls, const QString &field,
                               RuleViolations &violations);

    // A scheduledTime as sent; the instant when it is acceptable.
    static std::optional<qint64> checkScheduledTime(const QString &text, qint64 nowMs,
                                                    const QString &field,
                                                    RuleViolations &violations);
};

} // namespace slotline
