#include "core/weeklyslot.h"

#include "core/jsonreader.h"
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

bool WeeklySlot::appliesToAccountOrItsPages(const QString &accountId, Platform platform) const
{
    if (appliesTo(SlotQuery {accountId, platform, QString()}))
        return true;
    return std::any_of(targets.cbegin(), targets.cend(), [&](const SlotTarget &target) {
        return !target.subaccountId.isEmpty()
               && appliesTo(SlotQuery {accountId, platform, target.subaccountId});
    });
}

std::optional<Platform> WeeklySlot::singlePlatform() const
{
    if (targets.isEmpty())
        return std::nullopt;
    const Platform first = targets.first().platform;
    const bool one = std::all_of(targets.cbegin(), targets.cend(),
                                 [first](const SlotTarget &t) { return t.platform == first; });
    return one ? std::optional<Platform>(first) : std::nullopt;
}

std::optional<SlotTarget> WeeklySlot::singleAccountTarget() const
{
    if (targets.size() != 1 || targets.first().accountId.isEmpty())
        return std::nullopt;
    return targets.first();
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

std::optional<WeeklySlot> WeeklySlot::fromJson(const QJsonObject &object, QString *error)
{
    JsonReader read(object);
    WeeklySlot slot;
    slot.id = read.string("id"_L1);
    const QString day = read.string("day"_L1);
    if (const auto known = dayFromName(day))
        slot.day = *known;
    else
        read.fail("day"_L1, QStringLiteral("unknown day \"%1\"").arg(day));
    slot.hour = int(read.integer("hour"_L1));
    slot.minute = int(read.integer("minute"_L1));
    for (const QJsonValue &item : read.array("selectedTargets"_L1)) {
        JsonReader target(item.toObject(), QStringLiteral("selectedTargets"));
        SlotTarget parsed;
        parsed.platform = target.platform("platform"_L1);
        parsed.accountId = target.optionalString("accountId"_L1);
        parsed.subaccountId = target.optionalString("subaccountId"_L1);
        if (!target.ok())
            read.fail("selectedTargets"_L1, target.error());
        slot.targets.append(parsed);
    }
    return read.result(slot, error);
}

} // namespace slotline
