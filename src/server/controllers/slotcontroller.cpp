#include "server/controllers/slotcontroller.h"

#include "core/ids.h"
#include "core/isotime.h"
#include "core/jsonwriter.h"
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
    registry.handle(u"get_slots"_s, this, &SlotController::getSlots);
    registry.handle(u"add_slots"_s, this, &SlotController::addSlots);
    registry.handle(u"delete_slot"_s, this, &SlotController::deleteSlot);
    registry.handle(u"next_available_slot"_s, this, &SlotController::nextAvailable);
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
            if (slots[earlier].sameTimeAs(slot))
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
            if (old.sameTimeAs(slots[i])) {
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
