#include "core/schedule.h"

#include "core/isotime.h"
#include "core/jsonwriter.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

void Schedule::writeJson(JsonWriter &json) const
{
    json.beginObject()
        .field("id"_L1, submission.scheduleId)
        .field("postSubmissionId"_L1, submission.id)
        .field("scheduledAt"_L1, isotime::format(submission.scheduledAtMs.value_or(0)))
        .field("status"_L1, toString(submission.status));
    json.key("account"_L1)
        .beginObject()
        .field("id"_L1, account.id)
        .field("platform"_L1, platforms::toString(account.platform))
        .field("name"_L1, account.name)
        .field("username"_L1, account.username);
    json.key("profileImageUrl"_L1).nullableValue(account.profileImageUrl);
    json.endObject();
    json.key("draft"_L1);
    submission.writePostJson(json);
    json.endObject();
}

} // namespace slotline
