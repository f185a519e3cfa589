#include "core/weeklyslot.h"

#include "core/jsonwriter.h"

using namespace Qt::Literals::StringLiterals;

namespace slotline {

void SlotTarget::writeJson(JsonWriter &json) const
{
    json.beginObject().field("platform"_L1, platforms::toString(platform));
    json.key("accountId"_L1).nullableValue(accountId);
    json.key("subaccountId"_L1).nullableValue(subaccountId);
    json.endObject();
}

bool WeeklySlot::appliesTo(const SlotQuery &query) const
{
    if (targets.isEmpty())
        return true;
    return std::any_of(targets.begin(), targets.end(), [&](const SlotTarget &target) {
        if (query.platform && target.platform != *query.platform)
            return false;
        if (!target.accountId.isEmpty() && target.accountId != query.accountId)
            return false;
        // A slot for one page is for posts to that page only.
        if (!target.subaccountId.isEmpty() && target.subaccountId != query.subaccountId)
            return false;
        return true;
    });
}

void WeeklySlot::writeJson(JsonWriter &json) const
{
    json.beginObject()
        .field("id"_L1, id)
        .field("day"_L1, dayName(day))
        .field("hour"_L1, hour)
        .field("minute"_L1, minute);
    json.key("selectedTargets"_L1).beginArray();
    for (const SlotTarget &target : targets)
        target.writeJson(json);
    json.endArray().endObject();
}

QString WeeklySlot::dayName(Qt::DayOfWeek day)
{
    static const char *const names[]
        = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"};
    return QString::fromLatin1(names[int(day) - 1]);
}

std::optional<Qt::DayOfWeek> WeeklySlot::dayFromName(QStringView name)
{
    for (int day = Qt::Monday; day <= Qt::Sunday; ++day) {
        if (name == dayName(Qt::DayOfWeek(day)))
            return Qt::DayOfWeek(day);
    }
    return std::nullopt;
}

} // namespace slotline
