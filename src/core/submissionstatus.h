#pragma once

#include <QString>

#include <optional>

namespace slotline {

enum class SubmissionStatus { Scheduled, InProgress, Published, Failed, Cancelled };

QString toString(SubmissionStatus status);
std::optional<SubmissionStatus> submissionStatusFromString(QStringView text);

// The only ways a submission's status can change:
//   scheduled -> in-progress -> published | failed
//   scheduled -> cancelled
// A post published now starts in-progress. Each step is a function that refuses (returns
// nothing) from a status it does not leave, so an illegal transition cannot be written.
class SubmissionLifecycle
{
public:
    static std::optional<SubmissionStatus> startPublishing(SubmissionStatus from);
    static std::optional<SubmissionStatus> publish(SubmissionStatus from);
    static std::optional<SubmissionStatus> fail(SubmissionStatus from);
    static std::optional<SubmissionStatus> cancel(SubmissionStatus from);

    static bool isFinal(SubmissionStatus status);
};

} // namespace slotline
