#pragma once

#include "core/account.h"
#include "core/submission.h"

#include <QJsonObject>

#include <optional>

namespace slotline {

class JsonWriter;

// The scheduled side of a submission, with its account, as GET /schedules/{id} shows it.
struct Schedule
{
    Submission submission;
    Account account;

    void writeJson(JsonWriter &json) const;
    // The API shape back into the value; nothing (and `error` says why) when the object
    // is not one.
    static std::optional<Schedule> fromJson(const QJsonObject &object, QString *error = nullptr);
};

} // namespace slotline
