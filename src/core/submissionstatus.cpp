#include "core/submissionstatus.h"

namespace slotline {

QString toString(SubmissionStatus status)
{
    switch (status) {
    case SubmissionStatus::Scheduled: return QStringLiteral("scheduled");
    case SubmissionStatus::InProgress: return QStringLiteral("in-progress");
    case SubmissionStatus::Published: return QStringLiteral("published");
    case SubmissionStatus::Failed: return QStringLiteral("failed");
    case SubmissionStatus::Cancelled: return QStringLiteral("cancelled");
    }
    Q_UNREACHABLE();
    return {};
}

std::optional<SubmissionStatus> submissionStatusFromString(QStringView text)
{
    for (const SubmissionStatus status :
         {SubmissionStatus::Scheduled, SubmissionStatus::InProgress, SubmissionStatus::Published,
          SubmissionStatus::Failed, SubmissionStatus::Cancelled}) {
        if (text == toString(status))
            return status;
    }
    return std::nullopt;
}

std::optional<SubmissionStatus> SubmissionLifecycle::startPublishing(SubmissionStatus from)
{
    if (from == SubmissionStatus::Scheduled)
        return SubmissionStatus::InProgress;
    return std::nullopt;
}

std::optional<SubmissionStatus> SubmissionLifecycle::publish(SubmissionStatus from)
{
    if (from == SubmissionStatus::InProgress)
        return SubmissionStatus::Published;
    return std::nullopt;
}

std::optional<SubmissionStatus> SubmissionLifecycle::fail(SubmissionStatus from)
{
    if (from == SubmissionStatus::InProgress)
        return SubmissionStatus::Failed;
    return std::nullopt;
}

std::optional<SubmissionStatus> SubmissionLifecycle::cancel(SubmissionStatus from)
{
    if (from == SubmissionStatus::Scheduled)
        return SubmissionStatus::Cancelled;
    return std::nullopt;
}

bool SubmissionLifecycle::isFinal(SubmissionStatus status)
{
    return status == SubmissionStatus::Published || status == SubmissionStatus::Failed
           || status == SubmissionStatus::Cancelled;
}

} // namespace slotline
