// How long POST /schedule/slots/next-available takes to find a slot in a busy project:
// 100,000 scheduled posts, 21 weekly slots, an IANA zone with daylight saving. It times the
// server's own SlotFinder (the slot list, the zone, the occupancy queries) on a real
// database file, for the cases a user meets: a quiet account, a busy one whose slots are
// taken for months, one with no free slot in the 26 weeks searched, and whole-platform
// queries across every account's posts.

#include "benchdatabase.h"
#include "core/clock.h"
#include "core/ids.h"
#include "core/slotcalendar.h"
#include "core/submission.h"
#include "fixedclock.h"
#include "server/access/identitycache.h"
#include "server/publishing/slotfinder.h"
#include "storage/accountrepository.h"
#include "storage/apikeyrepository.h"
#include "storage/database.h"
#include "storage/projectrepository.h"
#include "storage/slotoccupancy.h"
#include "storage/slotrepository.h"
#include "storage/statement.h"
#include "storage/submissionrepository.h"
#include "storage/transaction.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTextStream>

#include <algorithm>

using namespace slotline;

namespace {

struct Figures
{
    double medianUs = 0;
    double p99Us = 0;
    double maxUs = 0;
};

Figures summarize(QList<qint64> nanoseconds)
{
    std::sort(nanoseconds.begin(), nanoseconds.end());
    const auto at = [&](double fraction) {
        return double(nanoseconds[qsizetype(fraction * double(nanoseconds.size() - 1))]) / 1000.0;
    };
    return {at(0.5), at(0.99), double(nanoseconds.last()) / 1000.0};
}

Submission scheduledPost(const QString &projectId, const Account &account, qint64 atMs,
                         qint64 nowMs)
{
    Submission post;
    post.id = ids::generate(IdKind::PostSubmission);
    post.projectId = projectId;
    post.accountId = account.id;
    post.platform = account.platform;
    post.text = QStringLiteral("Scheduled post for the benchmark");
    post.status = SubmissionStatus::Scheduled;
    post.scheduledAtMs = atMs;
    post.scheduleId = ids::generate(IdKind::Schedule);
    post.createdAtMs = nowMs;
    post.updatedAtMs = nowMs;
    return post;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Times the next-free-slot search over a project with many scheduled posts."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("posts"), QStringLiteral("Scheduled posts in the project."),
                      QStringLiteral("n"), QStringLiteral("100000")});
    parser.addOption({QStringLiteral("queries"), QStringLiteral("Queries per case."),
                      QStringLiteral("n"), QStringLiteral("2000")});
    parser.addOption({QStringLiteral("case"),
                      QStringLiteral("Run only the cases whose name contains this text."),
                      QStringLiteral("text")});
    BenchDatabase::addOption(parser);
    parser.process(app);
    const int postCount = std::max(2000, parser.value(QStringLiteral("posts")).toInt());
    const int queryCount = std::max(10, parser.value(QStringLiteral("queries")).toInt());
    QTextStream out(stdout);

    BenchDatabase storage;
    Database database;
    if (!storage.open(parser, database, out))
        return 2;
    // A Monday morning in March: the 26 weeks searched cross the spring-forward night.
    const bench::FixedClock clock(
        QDateTime(QDate(2026, 3, 2), QTime(8, 0), QTimeZone("Europe/Berlin")).toMSecsSinceEpoch());
    const qint64 now = clock.nowMs();
    const QString zoneId = QStringLiteral("Europe/Berlin");
    const SlotCalendar calendar {QTimeZone(zoneId.toUtf8())};

    ProjectRepository projects(database, clock);
    AccountRepository accounts(database, clock);
    ApiKeyRepository keys(database, clock);
    SlotRepository slotRepository(database, clock);
    SubmissionRepository submissions(database, clock);
    const QString projectId
        = projects.create(NewProject {QStringLiteral("Bench"), zoneId, {}, QStringLiteral("B")}).id;

    // Every day at 09:00, 12:30 and 17:00, for every account.
    QList<WeeklySlot> weekly;
    for (int day = Qt::Monday; day <= Qt::Sunday; ++day) {
        for (const auto &[hour, minute] :
             {std::pair {9, 0}, std::pair {12, 30}, std::pair {17, 0}}) {
            WeeklySlot slot;
            slot.id = ids::generate(IdKind::Slot);
            slot.day = Qt::DayOfWeek(day);
            slot.hour = hour;
            slot.minute = minute;
            weekly.append(slot);
        }
    }
    slotRepository.add(projectId, weekly);

    // Every slot occurrence of the next 27 weeks, in order.
    QList<qint64> occurrences;
    const QDate firstDay = calendar.localDate(now);
    for (int offset = 0; offset < 27 * 7; ++offset) {
        for (const auto &[hour, minute] :
             {std::pair {9, 0}, std::pair {12, 30}, std::pair {17, 0}}) {
            const qint64 at = calendar.instantOf(firstDay.addDays(offset), hour, minute);
            if (at > now)
                occurrences.append(at);
        }
    }

    const Platform platformOf[] = {Platform::LinkedIn, Platform::Twitter, Platform::Facebook};
    QList<Account> team;
    for (int i = 0; i < 20; ++i)
        team.append(accounts.add(NewAccount {projectId,
                                             platformOf[i % 3],
                                             QStringLiteral("Account %1").arg(i),
                                             QStringLiteral("account%1").arg(i),
                                             {},
                                             QStringLiteral("sandbox")}));
    const Account &quiet = team[0]; // a few posts, mostly free slots
    const Account &busy = team[1]; // every slot taken for 20 weeks
    const Account &full = team[2]; // every slot taken for all 26 weeks and more

    QElapsedTimer setup;
    setup.start();
    QRandomGenerator random(20260302);
    {
        Transaction transaction(database);
        int inserted = 0;
        const auto insert = [&](const Account &account, qint64 at) {
            submissions.insert(scheduledPost(projectId, account, at, now), at);
            ++inserted;
        };
        for (qsizetype i = 0; i < occurrences.size(); ++i) {
            if (occurrences[i] < now + 20LL * 7 * 86'400'000)
                insert(busy, occurrences[i]);
            insert(full, occurrences[i]);
            if (i % 10 == 3)
                insert(quiet, occurrences[i]);
        }
        // The rest of the team: random minutes over the 26 weeks, a third of them on slots.
        const qint64 span = 26LL * 7 * 86'400'000;
        while (inserted < postCount) {
            const Account &account = team[3 + int(random.bounded(quint32(team.size() - 3)))];
            const qint64 at
                = random.bounded(3) == 0
                      ? occurrences[qsizetype(random.bounded(quint32(occurrences.size())))]
                      : now + 60'000 + qint64(random.bounded(quint64(span))) / 60'000 * 60'000;
            insert(account, at);
        }
        transaction.commit();
    }
    const qint64 setupMs = setup.elapsed();
    // The posts are in the write-ahead log now; a running server checkpoints it into the
    // database file as it goes, and that is where a search would find them.
    {
        Statement checkpoint(database, QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        checkpoint.exec();
    }

    IdentityCache identities(database, keys, projects, 250);
    SlotOccupancy occupancy(database);
    SlotFinder finder(slotRepository, occupancy, identities);

    struct Case
    {
        QString name;
        SlotQuery query;
        bool afterVaries; // a random "after" in the next week, or now
        std::optional<bool> expectsSlot; // none: either answer is right
    };
    const QList<Case> cases {
        {QStringLiteral("quiet account, after a random time"),
         {quiet.id, quiet.platform, {}},
         true,
         true},
        {QStringLiteral("busy account, 20 weeks taken"), {busy.id, busy.platform, {}}, false, true},
        {QStringLiteral("full account, nothing free in 26 weeks"),
         {full.id, full.platform, {}},
         false,
         false},
        {QStringLiteral("any X account of the project"),
         {{}, Platform::Twitter, {}},
         true,
         std::nullopt},
        {QStringLiteral("any account of the project"), {{}, std::nullopt, {}}, true, std::nullopt},
    };

    out << "next free slot: " << postCount << " scheduled posts (" << setupMs
        << " ms to insert), 21 weekly slots in " << zoneId << ", " << queryCount
        << " queries per case" << Qt::endl
        << Qt::endl;
    out << qSetFieldWidth(42) << Qt::left << "case" << qSetFieldWidth(12) << Qt::right << "median"
        << "p99"
        << "max"
        << "found" << qSetFieldWidth(0) << Qt::endl;
    bool allWithinTarget = true;
    const QString only = parser.value(QStringLiteral("case"));
    for (const Case &benchCase : cases) {
        if (!benchCase.name.contains(only))
            continue;
        QList<qint64> times;
        times.reserve(queryCount);
        int foundCount = 0;
        for (int i = 0; i < queryCount; ++i) {
            const qint64 after = benchCase.afterVaries
                                     ? now + qint64(random.bounded(quint64(7LL * 86'400'000)))
                                     : now;
            QElapsedTimer timer;
            timer.start();
            const auto found = finder.next(projectId, benchCase.query, after);
            times.append(timer.nsecsElapsed());
            if (found)
                ++foundCount;
            if (benchCase.expectsSlot && found.has_value() != *benchCase.expectsSlot) {
                out << "error: " << benchCase.name << " gave an unexpected answer" << Qt::endl;
                return 1;
            }
        }
        const Figures figures = summarize(times);
        allWithinTarget = allWithinTarget && figures.medianUs < 1000;
        out << qSetFieldWidth(42) << Qt::left << benchCase.name << qSetFieldWidth(12) << Qt::right
            << QStringLiteral("%1 µs").arg(figures.medianUs, 0, 'f', 0)
            << QStringLiteral("%1 µs").arg(figures.p99Us, 0, 'f', 0)
            << QStringLiteral("%1 µs").arg(figures.maxUs, 0, 'f', 0)
            << QStringLiteral("%1%").arg(100 * foundCount / queryCount) << qSetFieldWidth(0)
            << Qt::endl;
    }
    out << Qt::endl
        << (allWithinTarget ? "every median under the 1 ms target"
                            : "a median is over the 1 ms target")
        << Qt::endl;
    return 0;
}
