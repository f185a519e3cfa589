#include "calendarbenchdata.h"

#include <utility>

using namespace Qt::Literals::StringLiterals;

namespace slotline::bench {

QList<Account> calendarBenchAccounts(int count)
{
    QList<Account> accounts;
    for (int i = 0; i < count; ++i) {
        Account account;
        account.id = u"acc_%1"_s.arg(i);
        account.platform
            = QList<Platform> {Platform::LinkedIn, Platform::Facebook, Platform::Twitter}[i % 3];
        account.name = u"Account %1"_s.arg(i);
        accounts.append(account);
    }
    return accounts;
}

QList<WeeklySlot> calendarBenchSlots(const QList<Account> &accounts)
{
    QList<WeeklySlot> slots;
    for (int day = Qt::Monday; day <= Qt::Friday; ++day) {
        for (const auto &[hour, minute] :
             {std::pair {9, 0}, std::pair {12, 30}, std::pair {17, 0}}) {
            WeeklySlot slot;
            slot.id = u"slot_%1_%2"_s.arg(day).arg(hour);
            slot.day = Qt::DayOfWeek(day);
            slot.hour = hour;
            slot.minute = minute;
            if (hour == 12)
                slot.targets = {SlotTarget {Platform::Twitter, {}, {}}};
            else if (hour == 17)
                slot.targets = {SlotTarget {accounts[day].platform, accounts[day].id, {}}};
            slots.append(slot);
        }
    }
    return slots;
}

} // namespace slotline::bench
