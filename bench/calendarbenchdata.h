#pragma once

#include "core/account.h"
#include "core/weeklyslot.h"

#include <QList>

namespace slotline::bench {

// The project the week calendar's benchmarks plan in: accounts on the three platforms in
// turn, and weekday slots at 09:00 (for everyone), 12:30 (for X) and 17:00 (for one account).
QList<Account> calendarBenchAccounts(int count = 20);
QList<WeeklySlot> calendarBenchSlots(const QList<Account> &accounts);

} // namespace slotline::bench
