#pragma once

#include "core/account.h"
#include "core/submission.h"
#include "core/weeklyslot.h"

#include <QList>

namespace slotline::bench {

// The project the week calendar's benchmarks plan in: accounts on the three platforms in
// turn, and weekday slots at 09:00 (for everyone), 12:30 (for X) and 17:00 (for one account).
QList<Account> calendarBenchAccounts(int count = 20);
QList<WeeklySlot> calendarBenchSlots(const QList<Account> &accounts);
// Posts as a busy team plans them in the week that starts at `weekStart`: on quarter hours
// from 07:00 to 20:45, weekdays twice as full as the weekend, nearly half of them bunched
// around 09:00, 12:30 and 17:00, some first lines in other scripts or with an emoji. Before
// `nowMs` they were published (one in twelve failed); after it they wait, scheduled.
QList<Submission> calendarBenchPosts(int count, qint64 weekStart, qint64 nowMs,
                                     const QList<Account> &accounts);

} // namespace slotline::bench
