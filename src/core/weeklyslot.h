#pragma once

#include "core/platform.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace slotline {

class JsonWriter;

// Whom a weekly slot is for: every account of a platform (no accountId), one account, or
// one page of an account.
struct SlotTarget
{
    Platform platform = Platform::LinkedIn;
    QString accountId;
    QString subaccountId;

    void writeJson(JsonWriter &json) const;
    bool operator==(const SlotTarget &other) const = default;
};

// What a slot is asked about: an account (and maybe its page), or just a platform.
struct SlotQuery
{
    QString accountId;
    std::optional<Platform> platform;
    QString subaccountId;
};

// A weekly publishing slot: a wall-clock time on a weekday, in the project's time zone.
// No targets means every account.
struct WeeklySlot
{
    QString id; // slot_...
    Qt::DayOfWeek day = Qt::Monday;
    int hour = 0;
    int minute = 0;
    QList<SlotTarget> targets;

    bool appliesTo(const SlotQuery &query) const;
    // The same weekday and wall-clock time: a project has one slot at each.
    bool sameTimeAs(const WeeklySlot &other) const
    {
        return day == other.day && hour == other.hour && minute == other.minute;
    }
    // Whether it is for this account or some page of it: a slot for one page counts for
    // the account that owns the page (the calendar shows it in that account's week).
    bool appliesToAccountOrItsPages(const QString &accountId, Platform platform) const;
    // The one platform all its targets are on, if there is one.
    std::optional<Platform> singlePlatform() const;
    // Its target, when it has just one and that is one account (or page).
    std::optional<SlotTarget> singleAccountTarget() const;
    void writeJson(JsonWriter &json) const;
    // The API shape back into the value; nothing (and `error` says why) when the object
    // is not one.
    static std::optional<WeeklySlot> fromJson(const QJsonObject &object, QString *error = nullptr);

    static QString dayName(Qt::DayOfWeek day);
    static std::optional<Qt::DayOfWeek> dayFromName(QStringView name);
};

} // namespace slotline
