#include "server/controllers/slotcontroller.h"

#include "core/ids.h"
#include "core/isotime.h"
#include "core/jsonwriter.h"
#include "server/api/jsonliteral.h"
#include "server/api/listing.h"
#include "server/api/operationregistry.h"
#include "server/publishing/ruleviolations.h"
#include "server/publishing/slotfinder.h"
#include "storage/accountrepository.h"
#include "storage/slotrepository.h"
#include "storage/transaction.h"

#include <QJsonArray>

using namespace Qt::Literals::StringLiterals;

namespace slotline {
namespace {

QString wallTime(const WeeklySlot &slot)
{
    return u"%1 %2:%3"_s.arg(WeeklySlot::dayName(slot.day))
        .arg(slot.hour, 2, 10, QLatin1Char('0'))
        .arg(slot.minute, 2, 10, QLatin1Char('0'));
}

QByteArray slotsJson(const QList<WeeklySlot> &slots, const QString &timezone)
{
    JsonWriter json;
    json.beginObject();
    if (!timezone.isEmpty())
        json.field("timezone"_L1, timezone);
    json.key("items"_L1).beginArray();
    for (const WeeklySlot &slot : slots)
        slot.writeJson(json);
    return json.endArray().endObject().take();
}

} // namespace

SlotController::SlotController(Database &database, SlotRepository &slots,
                               AccountRepository &accounts, SlotFinder &finder)
    : m_database(database)
    , m_slots(slots)
    , m_accounts(accounts)
    , m_finder(finder)
{ }

void SlotController::registerOperations(OperationRegistry &registry)
{
    Operation get;
    get.name = u"get_slots"_s;
    get.summary = u"Weekly publishing slots"_s;
    get.description = u"Wall-clock times in the project's time zone, by weekday and time."_s;
    get.tag = u"Slots"_s;
    get.method = HttpMethod::Get;
    get.path = u"/schedule/slots"_s;
    get.resultSchema = listing::schemaRef(u"SlotList"_s);
    get.handler
        = [this](const CallContext &context, const QJsonObject &) { return getSlots(context); };
    registry.add(get);

    Operation add;
    add.name = u"add_slots"_s;
    add.summary = u"Add weekly slots, or replace them all"_s;
    add.description
        = u"Adds the slots (409 slot_exists if a day and time already has one, and nothing is "
          "added), or with replace: true replaces the whole set. Empty selectedTargets: every "
          "account; accountId null: every account of the platform. The items of GET "
          "/schedule/slots may be sent back with their ids: with replace: true a slot named by "
          "its id keeps that id (with the item's day, time and targets); without replace, "
          "naming an existing slot is a 409 slot_exists. An id that is not one of the "
          "project's slots is a 422."_s;
    add.tag = u"Slots"_s;
    add.method = HttpMethod::Post;
    add.path = u"/schedule/slots"_s;
    add.rateClass = RateClass::Write;
    add.bodySchema = jsonObject(R"({
        "type": "object", "additionalProperties": false, "required": ["slots"],
        "properties": {
            "slots": {"type": "array", "maxItems": 500, "items": {
                "type": "object", "additionalProperties": false, "required": ["day", "hour", "minute"],
                "properties": {
                    "id": {"type": "string", "minLength": 1, "maxLength": 100,
                           "description": "One of the project's slots, as GET /schedule/slots gives it; with replace: true it keeps this id."},
                    "day": {"type": "string", "enum": ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]},
                    "hour": {"type": "integer", "minimum": 0, "maximum": 23},
                    "minute": {"type": "integer", "minimum": 0, "maximum": 59},
                    "selectedTargets": {"type": "array", "maxItems": 100, "items": {
                        "type": "object", "additionalProperties": false, "required": ["platform"],
                        "properties": {
                            "platform": {"type": "string", "enum": ["linkedin", "facebook", "twitter", "x"]},
                            "accountId": {"type": ["string", "null"], "maxLength": 100},
                            "subaccountId": {"type": ["string", "null"], "maxLength": 100}}}}}}},
            "replace": {"type": "boolean", "description": "Replace every slot of the project with these."}
        }})");
    add.bodyRequired = true;
    add.successStatus = 201;
    add.resultSchema = listing::schemaRef(u"SlotsCreated"_s);
    add.errorCodes = {ErrorCode::SlotExists};
    add.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return addSlots(context, parameters);
    };
    registry.add(add);

    Operation remove;
    remove.name = u"delete_slot"_s;
    remove.summary = u"Delete a weekly slot"_s;
    remove.description = u"Posts already scheduled at its times stay scheduled."_s;
    remove.tag = u"Slots"_s;
    remove.method = HttpMethod::Delete;
    remove.path = u"/schedule/slots/{id}"_s;
    remove.rateClass = RateClass::Write;
    remove.pathParameters
        = {listing::identifierParameter(u"id"_s, u"The slot's id (slot_...)."_s, true)};
    remove.successStatus = 204;
    remove.errorCodes = {ErrorCode::NotFound};
    remove.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return deleteSlot(context, parameters);
    };
    registry.add(remove);

    Operation next;
    next.name = u"next_available_slot"_s;
    next.summary = u"The next free slot"_s;
    next.description
        = u"The first slot occurrence after `after` (default now) that applies to the target and "
          "is not taken by a scheduled, in-progress or published post of the same account in that "
          "minute (of any account of the platform, or of the project, when no account is given); "
          "a post published now takes the minute it was submitted in. "
          "Looks 26 weeks ahead. A slot at a time the clocks skip happens when they show the same "
          "time past the gap; one at a time they show twice happens the first time."_s;
    next.tag = u"Slots"_s;
    next.method = HttpMethod::Post;
    next.path = u"/schedule/slots/next-available"_s;
    next.rateClass = RateClass::Read;
    next.bodySchema = jsonObject(R"({
        "type": "object", "additionalProperties": false,
        "properties": {
            "accountId": {"type": "string", "minLength": 1, "maxLength": 100},
            "platform": {"type": "string", "enum": ["linkedin", "facebook", "twitter", "x"]},
            "subaccountId": {"type": "string", "minLength": 1, "maxLength": 100},
            "after": {"type": "string", "minLength": 1, "maxLength": 64, "description": "ISO 8601 with Z or an offset."}
        }})");
    next.resultSchema = listing::schemaRef(u"NextSlot"_s);
    next.errorCodes = {ErrorCode::NotFound, ErrorCode::NoAvailableSlot};
    next.handler = [this](const CallContext &context, const QJsonObject &parameters) {
        return nextAvailable(context, parameters);
    };
    registry.add(next);
}

Outcome SlotController::getSlots(const CallContext &context)
{
    return Outcome::ok(slotsJson(m_slots.list(context.projectId),
                                 QString::fromUtf8(m_finder.zoneOf(context.projectId).id())));
}

Outcome SlotController::addSlots(const CallContext &context, const QJsonObject &parameters)
{
    const bool replace = parameters.value(u"replace"_s).toBool();
    const QJsonArray requested = parameters.value(u"slots"_s).toArray();
    RuleViolations violations;
    if (requested.isEmpty() && !replace)
        violations.add(ErrorCode::ValidationFailed, u"slots"_s,
                       u"must have items (or send replace: true to remove every slot)"_s);

    Transaction transaction(m_database);
    const QList<WeeklySlot> current = m_slots.list(context.projectId);
    QList<WeeklySlot> slots;
    // Items naming a slot that exists, when slots are only added: each is a clash.
    QList<std::pair<qsizetype, QString>> namedExisting;
    for (qsizetype i = 0; i < requested.size(); ++i) {
        const QJsonObject item = requested[i].toObject();
        const QString field = u"slots[%1]"_s.arg(i);
        WeeklySlot slot;
        slot.id = ids::generate(IdKind::Slot);
        // The items of GET come back with their ids: a replaced set keeps the ids its
        // clients hold (and DELETE with), an added slot is a new one.
        if (item.contains(u"id"_s)) {
            const QString id = item.value(u"id"_s).toString();
            const bool known = std::any_of(current.begin(), current.end(),
                                           [&](const WeeklySlot &old) { return old.id == id; });
            const auto earlier = std::find_if(
                requested.begin(), requested.begin() + i,
                [&](const QJsonValue &other) { return other.toObject().value(u"id"_s) == id; });
            if (!known)
                violations.add(ErrorCode::ValidationFailed, field + u".id"_s,
                               u"is not a slot of this project"_s);
            else if (earlier != requested.begin() + i)
                violations.add(ErrorCode::ValidationFailed, field + u".id"_s,
                               u"names the same slot as slots[%1]"_s.arg(
                                   std::distance(requested.begin(), earlier)));
            else if (replace)
                slot.id = id;
            else
                namedExisting.append({i, id});
        }
        slot.day = WeeklySlot::dayFromName(item.value(u"day"_s).toString()).value_or(Qt::Monday);
        slot.hour = item.value(u"hour"_s).toInt();
        slot.minute = item.value(u"minute"_s).toInt();
        const QJsonArray targets = item.value(u"selectedTargets"_s).toArray();
        for (qsizetype t = 0; t < targets.size(); ++t) {
            const QJsonObject target = targets[t].toObject();
            const QString targetField = field + u".selectedTargets[%1]"_s.arg(t);
            SlotTarget slotTarget;
            slotTarget.platform = platforms::fromString(target.value(u"platform"_s).toString())
                                      .value_or(Platform::LinkedIn);
            slotTarget.accountId = target.value(u"accountId"_s).toString();
            slotTarget.subaccountId = target.value(u"subaccountId"_s).toString();
            if (!slotTarget.accountId.isEmpty()) {
                const auto account = ids::looksLike(slotTarget.accountId, IdKind::Account)
                                         ? m_accounts.find(context.projectId, slotTarget.accountId)
                                         : std::nullopt;
                if (!account)
                    violations.add(ErrorCode::ValidationFailed, targetField + u".accountId"_s,
                                   u"is not an account of this project"_s);
                else if (account->platform != slotTarget.platform)
                    violations.add(ErrorCode::ValidationFailed, targetField + u".platform"_s,
                                   u"is %1, but the account is a %2 account"_s.arg(
                                       platforms::toString(slotTarget.platform),
                                       platforms::toString(account->platform)));
            }
            if (!slotTarget.subaccountId.isEmpty()) {
                if (slotTarget.accountId.isEmpty())
                    violations.add(ErrorCode::ValidationFailed, targetField + u".subaccountId"_s,
                                   u"needs the accountId the page belongs to"_s);
                else if (!m_accounts.findSubaccount(context.projectId, slotTarget.accountId,
                                                    slotTarget.subaccountId))
                    violations.add(ErrorCode::ValidationFailed, targetField + u".subaccountId"_s,
                                   u"is not a page of that account"_s);
            }
            slot.targets.append(slotTarget);
        }
        for (qsizetype earlier = 0; earlier < slots.size(); ++earlier) {
            if (slots[earlier].day == slot.day && slots[earlier].hour == slot.hour
                && slots[earlier].minute == slot.minute)
                violations.add(ErrorCode::ValidationFailed, field,
                               u"has the same day and time as slots[%1] (%2)"_s.arg(earlier).arg(
                                   wallTime(slot)));
        }
        slots.append(slot);
    }

    const QList<WeeklySlot> existing = replace ? QList<WeeklySlot>() : current;
    if (existing.size() + slots.size() > MaxSlots)
        violations.add(
            ErrorCode::ValidationFailed, u"slots"_s,
            u"would give the project %1 slots; it may have %2"_s.arg(existing.size() + slots.size())
                .arg(MaxSlots));
    if (!violations.isEmpty())
        return violations.toError();

    ApiError clash(ErrorCode::SlotExists,
                   u"A slot already exists at some of these days and times; nothing was added."_s);
    bool clashes = false;
    for (qsizetype i = 0; i < slots.size(); ++i) {
        bool atItsTime = false;
        for (const WeeklySlot &old : existing) {
            if (old.day == slots[i].day && old.hour == slots[i].hour
                && old.minute == slots[i].minute) {
                clash.withDetail(u"slots[%1]"_s.arg(i),
                                 u"%1 already has slot %2"_s.arg(wallTime(old), old.id));
                clashes = atItsTime = true;
            }
        }
        for (const auto &[item, id] : std::as_const(namedExisting)) {
            if (item == i && !atItsTime) {
                clash.withDetail(
                    u"slots[%1].id"_s.arg(i),
                    u"slot %1 exists already; send replace: true to change it"_s.arg(id));
                clashes = true;
            }
        }
    }
    if (clashes)
        return clash;
    if (replace)
        m_slots.removeAll(context.projectId);
    m_slots.add(context.projectId, slots);
    transaction.commit();
    return Outcome::created(slotsJson(slots, {}));
}

Outcome SlotController::deleteSlot(const CallContext &context, const QJsonObject &parameters)
{
    const QString id = parameters.value(u"id"_s).toString();
    if (!ids::looksLike(id, IdKind::Slot) || !m_slots.remove(context.projectId, id))
        return ApiError::notFound(u"No slot %1 in this project."_s.arg(id));
    return Outcome::noContent();
}

Outcome SlotController::nextAvailable(const CallContext &context, const QJsonObject &parameters)
{
    RuleViolations violations;
    SlotQuery query;
    query.accountId = parameters.value(u"accountId"_s).toString();
    query.subaccountId = parameters.value(u"subaccountId"_s).toString();
    query.platform = platforms::fromString(parameters.value(u"platform"_s).toString());
    if (!query.accountId.isEmpty()) {
        const auto account = ids::looksLike(query.accountId, IdKind::Account)
                                 ? m_accounts.find(context.projectId, query.accountId)
                                 : std::nullopt;
        if (!account) {
            violations.add(ErrorCode::ValidationFailed, u"accountId"_s,
                           u"is not an account of this project"_s);
        } else {
            if (query.platform && *query.platform != account->platform)
                violations.add(ErrorCode::ValidationFailed, u"platform"_s,
                               u"is %1, but the account is a %2 account"_s.arg(
                                   platforms::toString(*query.platform),
                                   platforms::toString(account->platform)));
            query.platform = account->platform;
        }
    }
    if (!query.subaccountId.isEmpty()) {
        if (query.accountId.isEmpty())
            violations.add(ErrorCode::ValidationFailed, u"subaccountId"_s,
                           u"needs the accountId the page belongs to"_s);
        else if (!m_accounts.findSubaccount(context.projectId, query.accountId, query.subaccountId))
            violations.add(ErrorCode::ValidationFailed, u"subaccountId"_s,
                           u"is not a page of that account"_s);
    }
    qint64 after = context.nowMs;
    if (parameters.contains(u"after"_s)) {
        const auto parsed = isotime::parse(parameters.value(u"after"_s).toString());
        if (const auto *error = std::get_if<isotime::ParseError>(&parsed))
            violations.add(ErrorCode::ValidationFailed, u"after"_s, isotime::describe(*error));
        else
            after = std::get<qint64>(parsed);
    }
    if (!violations.isEmpty())
        return violations.toError();

    const auto slot = m_finder.next(context.projectId, query, after);
    if (!slot)
        return ApiError(ErrorCode::NoAvailableSlot,
                        u"No weekly slot for this target is free in the 26 weeks after %1."_s.arg(
                            isotime::format(after)));
    JsonWriter json;
    json.beginObject()
        .key("slot"_L1)
        .beginObject()
        .field("slotId"_L1, slot->slotId)
        .field("slotTime"_L1, isotime::format(slot->atMs));
    return Outcome::ok(json.endObject().endObject().take());
}

} // namespace slotline
