#include "core/schedule.h"

#include "core/isotime.h"
#include "core/jsonreader.h"
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

std::optional<Schedule> Schedule::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    QString postError;
    auto submission = Submission::fromPostJson(read.object("draft"_L1), &postError);
    if (!submission) {
        read.fail("draft"_L1, postError);
        submission = Submission();
    }
    Schedule schedule {*submission, Account()};
    schedule.submission.scheduleId = read.string("id"_L1);
    schedule.submission.id = read.string("postSubmissionId"_L1);
    schedule.submission.scheduledAtMs = read.time("scheduledAt"_L1);
    const QString status = read.string("status"_L1);
    if (const auto known = submissionStatusFromString(status))
        schedule.submission.status = *known;
    else
        read.fail("status"_L1, QStringLiteral("unknown status \"%1\"").arg(status));
    JsonReader account(read.object("account"_L1), QStringLiteral("account"));
    schedule.account.id = account.string("id"_L1);
    schedule.account.platform = account.platform("platform"_L1);
    schedule.account.name = account.string("name"_L1);
    schedule.account.username = account.optionalString("username"_L1);
    schedule.account.profileImageUrl = account.optionalString("profileImageUrl"_L1);
    if (!account.ok())
        read.fail("account"_L1, account.error());
    return read.result(schedule, error);
}

} // namespace slotline
