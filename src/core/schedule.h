#pragma once

#include "core/account.h"
#include "core/submission.h"

namespace slotline {

class JsonWriter;

// The scheduled side of a submission, with its account, as GET /schedules/{id} shows it.
struct Schedule
{
    Submission submission;
    Account account;

    void writeJson(JsonWriter &json) const;
};

} // namespace slotline
