#pragma once

#include "core/platform.h"
#include "server/publishing/ruleviolations.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace slotline {

// The rules of POST /posts and PATCH /schedules/{id} that a schema cannot say.
class PostRules
{
public:
    // A post must arrive no more than this much late.
    static constexpr qint64 PastToleranceMs = 60'000;
    // Nor be planned absurdly far ahead.
    static constexpr qint64 FutureLimitMs = 2LL * 366 * 24 * 60 * 60 * 1000;

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
