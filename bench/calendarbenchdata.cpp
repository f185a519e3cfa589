#include "calendarbenchdata.h"

#include <QRandomGenerator>

#include <algorithm>
#include <utility>

using namespace Qt::Literals::StringLiterals;

namespace slotline::bench {

namespace {

constexpr qint64 MinuteMs = 60'000;
constexpr qint64 DayMs = 24 * 60 * MinuteMs;

} // namespace

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

QList<Submission> calendarBenchPosts(int count, qint64 weekStart, qint64 nowMs,
                                     const QList<Account> &accounts)
{
    // Some in other scripts or with an emoji, which take other fonts than the widget's.
    static const QStringList firstLines {
        u"Our spring collection is here"_s,
        u"Five things we learned shipping the new release"_s,
        u"Join us live on Thursday"_s,
        u"Customer story: how a small bakery doubled its orders"_s,
        u"Behind the scenes"_s,
        u"We're hiring: backend engineer (remote)"_s,
        u"Weekend reading list"_s,
        u"Tip of the day: keyboard shortcuts in the planner"_s,
        u"🎉 Launch day: Café & Bäckerei — 20 % off"_s,
        u"عرض خاص لنهاية الأسبوع"_s,
        u"新製品のお知らせ"_s,
    };
    QRandomGenerator random(42);
    QList<Submission> posts;
    posts.reserve(count);
    for (int i = 0; i < count; ++i) {
        Submission post;
        post.id = u"ps_%1"_s.arg(i, 5, 10, QChar(u'0'));
        post.projectId = u"prj_bench"_s;
        const Account &account = accounts[random.bounded(accounts.size())];
        post.accountId = account.id;
        post.platform = account.platform;
        post.text = u"%1\n%2 and a second line with #hashtags and a link https://example.com/%3"_s
                        .arg(firstLines[random.bounded(firstLines.size())])
                        .arg(u"More about it"_s)
                        .arg(i);
        // Day: Monday to Friday weigh 2, Saturday and Sunday 1.
        const int dayTicket = random.bounded(12);
        const int day = dayTicket < 10 ? dayTicket / 2 : dayTicket - 5;
        int quarter = 0; // quarter hours after 07:00, 0..55
        if (random.bounded(100) < 45) {
            const int peak = QList<int> {8, 22, 40}[random.bounded(3)]; // 09:00, 12:30, 17:00
            quarter = peak + random.bounded(5) - random.bounded(5);
        } else {
            quarter = random.bounded(56);
        }
        const qint64 minute = 7 * 60 + 15 * std::clamp(quarter, 0, 55);
        const qint64 at = weekStart + day * DayMs + minute * MinuteMs;
        post.scheduledAtMs = at;
        post.scheduleId = u"sch_"_s + post.id.mid(3);
        post.createdAtMs = weekStart - 3 * DayMs;
        post.updatedAtMs = post.createdAtMs;
        if (at < nowMs) {
            if (random.bounded(12) == 0) {
                post.status = SubmissionStatus::Failed;
                post.errorMessage = u"The platform refused the post: token expired"_s;
                post.attempts = 3;
            } else {
                post.status = SubmissionStatus::Published;
                post.publishedAtMs = at + 20'000;
                post.publicUrl = u"https://example.com/p/%1"_s.arg(i);
                post.attempts = 1;
            }
            post.updatedAtMs = at + 20'000;
        } else {
            post.status = SubmissionStatus::Scheduled;
        }
        posts.append(post);
    }
    return posts;
}

} // namespace slotline::bench
