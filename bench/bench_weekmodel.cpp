// How long the week calendar's model takes to follow the store with a full week: 2,000
// posts over 20 accounts in each of two weeks, and 15 weekly slots. It times a refresh
// (what every postsChanged or outboxChanged costs), and setWeek to the next full week and
// back, each against the refresh of an empty week in the same run: the fixed cost of
// reading the slots, the accounts and the outbox.

#include "calendarbenchdata.h"
#include "client/localstore.h"
#include "core/clock.h"
#include "core/submission.h"
#include "core/weeklyslot.h"
#include "gui/calendar/weekmodel.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimeZone>

#include <algorithm>
#include <functional>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 MinuteMs = 60'000;
constexpr qint64 DayMs = 24 * 60 * MinuteMs;

double medianMs(QList<qint64> nanoseconds)
{
    std::sort(nanoseconds.begin(), nanoseconds.end());
    return double(nanoseconds[nanoseconds.size() / 2]) / 1e6;
}

// The median of `runs` timings of `step`, with `between` (untimed) after each one.
double timeMedian(int runs, const std::function<void()> &step,
                  const std::function<void()> &between = {})
{
    QList<qint64> nanoseconds;
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer timer;
        timer.start();
        step();
        nanoseconds.append(timer.nsecsElapsed());
        if (between)
            between();
    }
    return medianMs(nanoseconds);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Times the week calendar's model over a week with many posts."_s);
    parser.addHelpOption();
    parser.addOption({u"posts"_s, u"Posts in each of the two weeks."_s, u"n"_s, u"2000"_s});
    parser.addOption(
        {u"runs"_s, u"Timed runs of each step (the median is printed)."_s, u"n"_s, u"20"_s});
    parser.process(app);
    const int postCount = std::max(1, parser.value(u"posts"_s).toInt());
    const int runs = std::max(1, parser.value(u"runs"_s).toInt());
    QTextStream out(stdout);

    QTemporaryDir directory;
    if (!directory.isValid()) {
        out << "cannot create a temporary directory\n";
        return 2;
    }
    client::LocalStore store;
    store.open(directory.filePath(u"cache.sqlite"_s));

    const QTimeZone berlin("Europe/Berlin");
    const QDate firstMonday(2026, 3, 2);
    const QDate emptyMonday(2026, 6, 1);
    const qint64 weekStart = QDateTime(firstMonday, QTime(0, 0), berlin).toMSecsSinceEpoch();

    const QList<Account> accounts = bench::calendarBenchAccounts();
    store.putAccounts(accounts, weekStart);

    const QList<WeeklySlot> slots = bench::calendarBenchSlots(accounts);
    store.putSlots(u"Europe/Berlin"_s, slots, weekStart);

    // Posts all over both weeks, a fifth of them on slot times, most of them in the day.
    QRandomGenerator random(42);
    QList<Submission> posts;
    for (int week = 0; week < 2; ++week) {
        for (int i = 0; i < postCount; ++i) {
            Submission post;
            post.id = u"ps_%1_%2"_s.arg(week).arg(i, 5, 10, QChar(u'0'));
            post.projectId = u"prj_bench"_s;
            const Account &account = accounts[random.bounded(accounts.size())];
            post.accountId = account.id;
            post.platform = account.platform;
            post.text = u"Post %1 of the week\nwith a second line"_s.arg(i);
            post.status = SubmissionStatus::Scheduled;
            const int day = week * 7 + random.bounded(7);
            const qint64 minute = i % 5 == 0 ? QList<int> {9 * 60, 12 * 60 + 30, 17 * 60}[i % 3]
                                             : 7 * 60 + random.bounded(14 * 60);
            post.scheduledAtMs = weekStart + day * DayMs + minute * MinuteMs;
            post.scheduleId = u"sch_"_s + post.id.mid(3);
            post.createdAtMs = weekStart - DayMs;
            post.updatedAtMs = post.createdAtMs;
            posts.append(post);
        }
    }
    store.replacePosts(weekStart - DayMs, weekStart + 15 * DayMs, posts);

    const SystemClock clock;
    gui::WeekModel model(store);
    model.setClock(&clock);
    model.setTimeZone(berlin);

    model.setWeek(emptyMonday);
    const int emptyRows = model.rowCount();
    const double emptyRefresh = timeMedian(runs, [&] { model.refresh(); });

    model.setWeek(firstMonday);
    const int fullRows = model.rowCount();
    const double fullRefresh = timeMedian(runs, [&] { model.refresh(); });
    const auto [sinceMs, untilMs] = model.range();
    const double storeRead = timeMedian(runs, [&] { store.posts().inRange(sinceMs, untilMs); });
    const double nextWeek = timeMedian(
        runs, [&] { model.setWeek(firstMonday.addDays(7)); }, [&] { model.setWeek(firstMonday); });

    out << "week model: " << postCount << " posts a week, " << slots.size() << " weekly slots, "
        << accounts.size() << " accounts; median of " << runs << " runs\n";
    out << "  empty week, refresh:      " << emptyRefresh << " ms (" << emptyRows << " rows)\n";
    out << "  full week, refresh:       " << fullRefresh << " ms (" << fullRows << " rows), ratio "
        << fullRefresh / emptyRefresh << "\n";
    out << "  of which the store's cachedPosts: " << storeRead << " ms\n";
    out << "  full week, setWeek(next): " << nextWeek << " ms, ratio " << nextWeek / emptyRefresh
        << "\n";

    // 15 weekday slots, all for some account; every post of the week.
    if (emptyRows != slots.size() || fullRows != postCount + slots.size()) {
        out << "unexpected rows: " << emptyRows << " and " << fullRows << "\n";
        return 1;
    }
    return 0;
}
