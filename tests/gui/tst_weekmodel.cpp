#include "client/localstore.h"
#include "core/slotcalendar.h"
#include "gui/calendar/weekmodel.h"
#include "support/manualclock.h"

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;
using slotline::client::LocalStore;
using slotline::test::ManualClock;

namespace {

constexpr qint64 MinuteMs = 60'000;
constexpr qint64 HourMs = 60 * MinuteMs;
constexpr qint64 DayMs = 24 * HourMs;

const QString LinkedIn = u"acc_li"_s;
const QString Twitter = u"acc_x"_s;
const QString Facebook = u"acc_fb"_s;
const QString Bakery = u"sub_bakery"_s;

// 2026-03-02, a Monday; ManualClock's default now is 09:00 UTC on it.
const QDate OrdinaryMonday(2026, 3, 2);
// The Mondays before the changes of daylight saving time in Europe: Sunday 29 March 2026
// (02:00 CET -> 03:00 CEST) and Sunday 25 October 2026 (03:00 CEST -> 02:00 CET).
const QDate SpringMonday(2026, 3, 23);
const QDate AutumnMonday(2026, 10, 19);

QTimeZone berlinZone()
{
    return QTimeZone("Europe/Berlin");
}

qint64 utc(QDate date, int hour, int minute = 0)
{
    return QDateTime(date, QTime(hour, minute), QTimeZone::utc()).toMSecsSinceEpoch();
}

qint64 berlin(QDate date, int hour, int minute = 0)
{
    return QDateTime(date, QTime(hour, minute), berlinZone()).toMSecsSinceEpoch();
}

WeeklySlot slotAt(const QString &id, Qt::DayOfWeek day, int hour, int minute,
                  const QList<SlotTarget> &targets = {})
{
    WeeklySlot slot;
    slot.id = id;
    slot.day = day;
    slot.hour = hour;
    slot.minute = minute;
    slot.targets = targets;
    return slot;
}

SlotTarget forPlatform(Platform platform)
{
    return SlotTarget {platform, {}, {}};
}

SlotTarget forAccount(Platform platform, const QString &accountId, const QString &pageId = {})
{
    return SlotTarget {platform, accountId, pageId};
}

Submission post(const QString &id, const QString &accountId, Platform platform,
                SubmissionStatus status, std::optional<qint64> scheduledAtMs,
                const QString &text = u"Some text"_s)
{
    Submission value;
    value.id = id;
    value.projectId = u"prj_1"_s;
    value.accountId = accountId;
    value.platform = platform;
    value.text = text;
    value.status = status;
    value.scheduledAtMs = scheduledAtMs;
    if (scheduledAtMs)
        value.scheduleId = u"sch_"_s + id.mid(3);
    value.createdAtMs = ManualClock::DefaultStartMs - 30 * DayMs;
    value.updatedAtMs = value.createdAtMs;
    return value;
}

// The rows as "slot <id>" / "post <id>", in model order.
QStringList items(const QAbstractItemModel &model)
{
    QStringList values;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QModelIndex index = model.index(row, 0);
        if (index.data(WeekModel::KindRole).toInt() == int(WeekModel::Kind::Slot))
            values.append(u"slot "_s + index.data(WeekModel::SlotIdRole).toString());
        else
            values.append(u"post "_s + index.data(WeekModel::SubmissionIdRole).toString());
    }
    return values;
}

} // namespace

class TestWeekModel : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_directory;
    std::unique_ptr<LocalStore> m_store;
    ManualClock m_clock;

    void putPosts(const QList<Submission> &posts)
    {
        m_store->replacePosts(utc(QDate(2026, 1, 1), 0), utc(QDate(2027, 1, 1), 0), posts);
    }

    Submission cached(const QString &id) const
    {
        for (const Submission &value :
             m_store->posts().inRange(utc(QDate(2026, 1, 1), 0), utc(QDate(2027, 1, 1), 0))) {
            if (value.id == id)
                return value;
        }
        return {};
    }

    std::unique_ptr<WeekModel> makeModel(QDate firstDay = OrdinaryMonday)
    {
        auto model = std::make_unique<WeekModel>(*m_store);
        model->setClock(&m_clock);
        model->setWeek(firstDay);
        return model;
    }

private Q_SLOTS:
    void init()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom));
        m_clock.setNowMs(ManualClock::DefaultStartMs);
        m_directory = std::make_unique<QTemporaryDir>();
        QVERIFY(m_directory->isValid());
        m_store = std::make_unique<LocalStore>();
        m_store->open(m_directory->filePath(u"cache.sqlite"_s));

        Account linkedin;
        linkedin.id = LinkedIn;
        linkedin.platform = Platform::LinkedIn;
        linkedin.name = u"Ada Lovelace"_s;
        Account twitter = linkedin;
        twitter.id = Twitter;
        twitter.platform = Platform::Twitter;
        twitter.name = u"Ada on X"_s;
        Account facebook = linkedin;
        facebook.id = Facebook;
        facebook.platform = Platform::Facebook;
        facebook.name = u"Ada's Facebook"_s;
        m_store->putAccounts({linkedin, twitter, facebook}, ManualClock::DefaultStartMs);
        Subaccount bakery;
        bakery.id = Bakery;
        bakery.accountId = Facebook;
        bakery.name = u"Ada's Bakery"_s;
        bakery.type = u"page"_s;
        m_store->putSubaccounts(Facebook, {bakery}, ManualClock::DefaultStartMs);
        // The project's zone, where slots are defined and the week is shown by default.
        m_store->putSlots(u"Europe/Berlin"_s, {}, ManualClock::DefaultStartMs);
    }

    void cleanup()
    {
        m_store.reset();
        m_directory.reset();
    }

    void weekStarting_data()
    {
        QTest::addColumn<QDate>("day");
        QTest::addColumn<Qt::DayOfWeek>("firstDayOfWeek");
        QTest::addColumn<QDate>("expected");
        QTest::newRow("Wednesday, weeks from Monday")
            << QDate(2026, 3, 4) << Qt::Monday << QDate(2026, 3, 2);
        QTest::newRow("Monday itself") << QDate(2026, 3, 2) << Qt::Monday << QDate(2026, 3, 2);
        QTest::newRow("Sunday, weeks from Monday")
            << QDate(2026, 3, 8) << Qt::Monday << QDate(2026, 3, 2);
        QTest::newRow("Wednesday, weeks from Sunday")
            << QDate(2026, 3, 4) << Qt::Sunday << QDate(2026, 3, 1);
        QTest::newRow("Friday, weeks from Saturday")
            << QDate(2026, 3, 6) << Qt::Saturday << QDate(2026, 2, 28);
    }

    void weekStarting()
    {
        QFETCH(QDate, day);
        QFETCH(Qt::DayOfWeek, firstDayOfWeek);
        QFETCH(QDate, expected);
        QCOMPARE(WeekModel::weekStarting(day, firstDayOfWeek), expected);
    }

    void nothingBeforeAWeek()
    {
        m_store->putSlots(u"Europe/Berlin"_s, {slotAt(u"slot_mon"_s, Qt::Monday, 9, 0)},
                          ManualClock::DefaultStartMs);
        WeekModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.range(), (std::pair<qint64, qint64>(0, 0)));
    }

    void slotOccurrencesInAnOrdinaryWeek()
    {
        m_store->putSlots(
            u"Europe/Berlin"_s,
            {slotAt(u"slot_sun"_s, Qt::Sunday, 17, 0, {forAccount(Platform::Twitter, Twitter)}),
             slotAt(u"slot_mon"_s, Qt::Monday, 9, 0),
             slotAt(u"slot_wed"_s, Qt::Wednesday, 12, 30, {forPlatform(Platform::LinkedIn)})},
            ManualClock::DefaultStartMs);
        WeekModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy rangeChanged(&model, &WeekModel::rangeChanged);
        model.setWeek(OrdinaryMonday);

        // The project's zone by default.
        QCOMPARE(model.timeZone(), berlinZone());
        QCOMPARE(model.range(), (std::pair<qint64, qint64>(utc(QDate(2026, 3, 1), 23),
                                                           utc(QDate(2026, 3, 8), 23))));
        QCOMPARE(rangeChanged.count(), 1);
        QCOMPARE(items(model),
                 (QStringList {u"slot slot_mon"_s, u"slot slot_wed"_s, u"slot slot_sun"_s}));

        const QModelIndex monday = model.indexOfSlot(u"slot_mon"_s);
        QCOMPARE(monday.data(WeekModel::StartRole).toLongLong(), utc(OrdinaryMonday, 8));
        QCOMPARE(monday.data(WeekModel::DayRole).toInt(), 0);
        QCOMPARE(monday.data(WeekModel::MinuteOfDayRole).toInt(), 9 * 60);
        QCOMPARE(monday.data().toString(), u"09:00 slot"_s);
        QCOMPARE(monday.data(WeekModel::PlatformRole).toInt(), -1);
        QVERIFY(monday.data(Qt::ToolTipRole).toString().contains(u"For every account"_s));
        QCOMPARE(monday.data(WeekModel::TakenRole).toBool(), false);
        QCOMPARE(monday.data(WeekModel::LaneRole).toInt(), 0);
        QCOMPARE(monday.data(WeekModel::LaneCountRole).toInt(), 1);
        QVERIFY(!monday.data(WeekModel::StatusRole).isValid());

        const QModelIndex wednesday = model.indexOfSlot(u"slot_wed"_s);
        QCOMPARE(wednesday.data(WeekModel::DayRole).toInt(), 2);
        QCOMPARE(wednesday.data(WeekModel::MinuteOfDayRole).toInt(), 12 * 60 + 30);
        QCOMPARE(wednesday.data(WeekModel::PlatformRole).toInt(), int(Platform::LinkedIn));
        QVERIFY(!wednesday.data(Qt::DecorationRole).value<QIcon>().isNull());
        QVERIFY(
            wednesday.data(Qt::ToolTipRole).toString().contains(u"For every LinkedIn account"_s));

        const QModelIndex sunday = model.indexOfSlot(u"slot_sun"_s);
        QCOMPARE(sunday.data(WeekModel::StartRole).toLongLong(), utc(QDate(2026, 3, 8), 16));
        QCOMPARE(sunday.data(WeekModel::DayRole).toInt(), 6);
        QCOMPARE(sunday.data(WeekModel::AccountIdRole).toString(), Twitter);
        QCOMPARE(sunday.data(WeekModel::AccountNameRole).toString(), u"Ada on X"_s);
        QCOMPARE(sunday.data(WeekModel::PlatformRole).toInt(), int(Platform::Twitter));
        QVERIFY(sunday.data(Qt::ToolTipRole).toString().contains(u"Ada on X"_s));
        QVERIFY(!model.indexOfSlot(u"slot_unknown"_s).isValid());
    }

    void slotsInTheWeekOfSpringForward()
    {
        m_store->putSlots(u"Europe/Berlin"_s,
                          {slotAt(u"slot_gap"_s, Qt::Sunday, 2, 30),
                           slotAt(u"slot_mon"_s, Qt::Monday, 9, 0),
                           slotAt(u"slot_sun_evening"_s, Qt::Sunday, 20, 0)},
                          ManualClock::DefaultStartMs);
        auto model = makeModel(SpringMonday);
        QAbstractItemModelTester tester(model.get(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);

        const QDate changeDay(2026, 3, 29);
        // The week is an hour short: from midnight CET to midnight CEST.
        QCOMPARE(model->range(),
                 (std::pair<qint64, qint64>(utc(QDate(2026, 3, 22), 23), utc(changeDay, 22))));
        QCOMPARE(items(*model), (QStringList {u"slot slot_mon"_s, u"slot slot_gap"_s,
                                              u"slot slot_sun_evening"_s}));

        QCOMPARE(model->indexOfSlot(u"slot_mon"_s).data(WeekModel::StartRole).toLongLong(),
                 utc(SpringMonday, 8));
        // 02:30 does not exist that night: it is read with the offset before the change
        // (01:30 UTC), when the clocks show 03:30 CEST, as the server's SlotCalendar has it.
        const QModelIndex gap = model->indexOfSlot(u"slot_gap"_s);
        QCOMPARE(gap.data(WeekModel::StartRole).toLongLong(), utc(changeDay, 1, 30));
        QCOMPARE(gap.data(WeekModel::StartRole).toLongLong(),
                 SlotCalendar(berlinZone()).instantOf(changeDay, 2, 30));
        QCOMPARE(gap.data(WeekModel::DayRole).toInt(), 6);
        QCOMPARE(gap.data(WeekModel::MinuteOfDayRole).toInt(), 3 * 60 + 30);
        QCOMPARE(gap.data().toString(), u"03:30 slot"_s);

        const QModelIndex evening = model->indexOfSlot(u"slot_sun_evening"_s);
        QCOMPARE(evening.data(WeekModel::StartRole).toLongLong(), utc(changeDay, 18));
        QCOMPARE(evening.data(WeekModel::MinuteOfDayRole).toInt(), 20 * 60);
    }

    void slotsInTheWeekOfFallBack()
    {
        m_store->putSlots(u"Europe/Berlin"_s,
                          {slotAt(u"slot_twice"_s, Qt::Sunday, 2, 30),
                           slotAt(u"slot_sun"_s, Qt::Sunday, 9, 0),
                           slotAt(u"slot_mon"_s, Qt::Monday, 9, 0)},
                          ManualClock::DefaultStartMs);
        auto model = makeModel(AutumnMonday);
        QAbstractItemModelTester tester(model.get(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);

        const QDate changeDay(2026, 10, 25);
        // An hour long: from midnight CEST to midnight CET.
        QCOMPARE(model->range(),
                 (std::pair<qint64, qint64>(utc(QDate(2026, 10, 18), 22), utc(changeDay, 23))));
        QCOMPARE(model->indexOfSlot(u"slot_mon"_s).data(WeekModel::StartRole).toLongLong(),
                 utc(AutumnMonday, 7));
        // 02:30 happens twice that night: the first time, in summer time.
        const QModelIndex twice = model->indexOfSlot(u"slot_twice"_s);
        QCOMPARE(twice.data(WeekModel::StartRole).toLongLong(), utc(changeDay, 0, 30));
        QCOMPARE(twice.data(WeekModel::DayRole).toInt(), 6);
        QCOMPARE(twice.data(WeekModel::MinuteOfDayRole).toInt(), 2 * 60 + 30);
        const QModelIndex sunday = model->indexOfSlot(u"slot_sun"_s);
        QCOMPARE(sunday.data(WeekModel::StartRole).toLongLong(), utc(changeDay, 8));
        QCOMPARE(sunday.data(WeekModel::MinuteOfDayRole).toInt(), 9 * 60);
    }

    void daysAndMinutesInAnotherZone()
    {
        m_store->putSlots(
            u"Europe/Berlin"_s,
            {slotAt(u"slot_mon_9"_s, Qt::Monday, 9, 0), slotAt(u"slot_mon_3"_s, Qt::Monday, 3, 0)},
            ManualClock::DefaultStartMs);
        putPosts({post(u"ps_wed"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                       utc(QDate(2026, 3, 4), 15))});
        auto model = makeModel();
        QAbstractItemModelTester tester(model.get(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy rangeChanged(model.get(), &WeekModel::rangeChanged);
        model->setTimeZone(QTimeZone("America/New_York"));

        // New York's week, which crosses its own spring-forward night (8 March 2026).
        QCOMPARE(model->timeZone(), QTimeZone("America/New_York"));
        QCOMPARE(rangeChanged.count(), 1);
        QCOMPARE(model->range(),
                 (std::pair<qint64, qint64>(utc(OrdinaryMonday, 5), utc(QDate(2026, 3, 9), 4))));
        QCOMPARE(items(*model),
                 (QStringList {u"slot slot_mon_9"_s, u"post ps_wed"_s, u"slot slot_mon_3"_s}));

        // Monday 09:00 in Berlin is 03:00 in New York.
        const QModelIndex nine = model->indexOfSlot(u"slot_mon_9"_s);
        QCOMPARE(nine.data(WeekModel::StartRole).toLongLong(), berlin(OrdinaryMonday, 9));
        QCOMPARE(nine.data(WeekModel::DayRole).toInt(), 0);
        QCOMPARE(nine.data(WeekModel::MinuteOfDayRole).toInt(), 3 * 60);
        QCOMPARE(nine.data().toString(), u"03:00 slot"_s);
        QVERIFY(nine.data(Qt::ToolTipRole).toString().contains(u"09:00 in Europe/Berlin"_s));
        // This week's Monday 03:00 in Berlin is still Sunday in New York, last week's: the
        // one shown is next Monday's, Sunday 22:00 (EDT) at the end of this week.
        const QModelIndex three = model->indexOfSlot(u"slot_mon_3"_s);
        QCOMPARE(three.data(WeekModel::StartRole).toLongLong(), berlin(QDate(2026, 3, 9), 3));
        QCOMPARE(three.data(WeekModel::DayRole).toInt(), 6);
        QCOMPARE(three.data(WeekModel::MinuteOfDayRole).toInt(), 22 * 60);

        const QModelIndex wednesday = model->indexOfPost(u"ps_wed"_s);
        QCOMPARE(wednesday.data(WeekModel::DayRole).toInt(), 2);
        QCOMPARE(wednesday.data(WeekModel::MinuteOfDayRole).toInt(), 10 * 60);

        // The same week in Berlin: the 03:00 slot is this Monday's, in the shown week.
        model->setTimeZone(berlinZone());
        QCOMPARE(model->indexOfSlot(u"slot_mon_3"_s).data(WeekModel::StartRole).toLongLong(),
                 berlin(OrdinaryMonday, 3));
        QCOMPARE(model->indexOfPost(u"ps_wed"_s).data(WeekModel::MinuteOfDayRole).toInt(), 16 * 60);
    }

    void whereAnInstantIsInTheShownWeek()
    {
        auto model = makeModel();
        model->setTimeZone(QTimeZone("America/New_York"));
        // Wednesday 15:20 UTC is 10:20 in New York (EST), the week's third day.
        const qint64 wednesday = utc(QDate(2026, 3, 4), 15) + 20 * 60'000;
        QCOMPARE(model->placeInWeek(wednesday), (std::pair {2, 10 * 60 + 20}));
        // Past the spring-forward night the offset is EDT's: 15:00 UTC is 11:00.
        QCOMPARE(model->placeInWeek(utc(QDate(2026, 3, 8), 15)), (std::pair {6, 11 * 60}));
        // The week starts at midnight New York time, not UTC's.
        QCOMPARE(model->placeInWeek(utc(OrdinaryMonday, 4)), std::nullopt);
        QCOMPARE(model->placeInWeek(utc(OrdinaryMonday, 5)), (std::pair {0, 0}));
        QCOMPARE(model->placeInWeek(utc(QDate(2026, 3, 9), 4)), std::nullopt);
    }

    void targetsAndTheAccountFilter()
    {
        m_store->putSlots(
            u"Europe/Berlin"_s,
            {slotAt(u"slot_all"_s, Qt::Monday, 9, 0),
             slotAt(u"slot_linkedin"_s, Qt::Monday, 10, 0, {forPlatform(Platform::LinkedIn)}),
             slotAt(u"slot_x_account"_s, Qt::Monday, 11, 0,
                    {forAccount(Platform::Twitter, Twitter)}),
             slotAt(u"slot_bakery"_s, Qt::Monday, 12, 0,
                    {forAccount(Platform::Facebook, Facebook, Bakery)}),
             slotAt(u"slot_x_or_li"_s, Qt::Monday, 13, 0,
                    {forPlatform(Platform::Twitter), forPlatform(Platform::LinkedIn)}),
             slotAt(u"slot_other_account"_s, Qt::Monday, 14, 0,
                    {forAccount(Platform::Twitter, u"acc_gone"_s)})},
            ManualClock::DefaultStartMs);
        putPosts({post(u"ps_li"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                       berlin(OrdinaryMonday, 15)),
                  post(u"ps_fb"_s, Facebook, Platform::Facebook, SubmissionStatus::Scheduled,
                       berlin(OrdinaryMonday, 16))});
        auto model = makeModel();
        QAbstractItemModelTester tester(model.get(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);

        // Every account: every slot for an account there is.
        QCOMPARE(items(*model),
                 (QStringList {u"slot slot_all"_s, u"slot slot_linkedin"_s,
                               u"slot slot_x_account"_s, u"slot slot_bakery"_s,
                               u"slot slot_x_or_li"_s, u"post ps_li"_s, u"post ps_fb"_s}));
        const QModelIndex bakery = model->indexOfSlot(u"slot_bakery"_s);
        QCOMPARE(bakery.data(WeekModel::AccountIdRole).toString(), Facebook);
        QCOMPARE(bakery.data(WeekModel::PageIdRole).toString(), Bakery);
        QVERIFY(bakery.data(Qt::ToolTipRole).toString().contains(u"Ada's Bakery"_s));
        QCOMPARE(model->indexOfSlot(u"slot_x_or_li"_s).data(WeekModel::PlatformRole).toInt(), -1);

        model->setAccountFilter(QStringList {LinkedIn});
        QCOMPARE(items(*model), (QStringList {u"slot slot_all"_s, u"slot slot_linkedin"_s,
                                              u"slot slot_x_or_li"_s, u"post ps_li"_s}));

        model->setAccountFilter(QStringList {Facebook});
        QCOMPARE(items(*model),
                 (QStringList {u"slot slot_all"_s, u"slot slot_bakery"_s, u"post ps_fb"_s}));

        model->setAccountFilter(QStringList {Twitter, Facebook});
        QCOMPARE(items(*model),
                 (QStringList {u"slot slot_all"_s, u"slot slot_x_account"_s, u"slot slot_bakery"_s,
                               u"slot slot_x_or_li"_s, u"post ps_fb"_s}));

        model->setAccountFilter(QStringList {});
        QCOMPARE(model->rowCount(), 0);

        model->setAccountFilter(std::nullopt);
        QCOMPARE(model->rowCount(), 7);
    }

    void takenAndFreeSlots()
    {
        m_store->putSlots(
            u"Europe/Berlin"_s,
            {slotAt(u"slot_li_9"_s, Qt::Monday, 9, 0, {forPlatform(Platform::LinkedIn)}),
             slotAt(u"slot_x_12"_s, Qt::Monday, 12, 0, {forAccount(Platform::Twitter, Twitter)}),
             slotAt(u"slot_tue_9"_s, Qt::Tuesday, 9, 0),
             slotAt(u"slot_wed_9"_s, Qt::Wednesday, 9, 0)},
            ManualClock::DefaultStartMs);
        const QDate tuesday = OrdinaryMonday.addDays(1);
        const QDate wednesday = OrdinaryMonday.addDays(2);
        Submission atOnce = post(u"ps_at_once"_s, Facebook, Platform::Facebook,
                                 SubmissionStatus::Published, std::nullopt);
        atOnce.createdAtMs = berlin(wednesday, 9);
        atOnce.publishedAtMs = atOnce.createdAtMs + 2000;
        putPosts({// Within the slot's minute: it holds it.
                  post(u"ps_li"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                       berlin(OrdinaryMonday, 9) + 30'000),
                  // At 12:00, but of an account the slot is not for.
                  post(u"ps_fb_12"_s, Facebook, Platform::Facebook, SubmissionStatus::Published,
                       berlin(OrdinaryMonday, 12)),
                  // A minute late, and a failed one: neither holds Tuesday's slot.
                  post(u"ps_x_late"_s, Twitter, Platform::Twitter, SubmissionStatus::Scheduled,
                       berlin(tuesday, 9, 1)),
                  post(u"ps_x_failed"_s, Twitter, Platform::Twitter, SubmissionStatus::Failed,
                       berlin(tuesday, 9)),
                  // Published at once: no scheduled time, no slot held.
                  atOnce});
        auto model = makeModel();
        QAbstractItemModelTester tester(model.get(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        const auto taken = [&](const QString &slotId) {
            return model->indexOfSlot(slotId).data(WeekModel::TakenRole).toBool();
        };
        QVERIFY(taken(u"slot_li_9"_s));
        QVERIFY(model->indexOfSlot(u"slot_li_9"_s)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(u"Taken"_s));
        QVERIFY(!taken(u"slot_x_12"_s));
        QVERIFY(!taken(u"slot_tue_9"_s));
        QVERIFY(!taken(u"slot_wed_9"_s));
        // The post published at once sits at its creation.
        QCOMPARE(model->indexOfPost(u"ps_at_once"_s).data(WeekModel::StartRole).toLongLong(),
                 berlin(wednesday, 9));

        // Moving the late post onto the slot's minute takes it: only that row changes.
        QSignalSpy changed(model.get(), &QAbstractItemModel::dataChanged);
        QSignalSpy reset(model.get(), &QAbstractItemModel::modelAboutToBeReset);
        const QPersistentModelIndex tuesdaySlot(model->indexOfSlot(u"slot_tue_9"_s));
        m_store->queueMove(cached(u"ps_x_late"_s), berlin(tuesday, 9));
        QVERIFY(taken(u"slot_tue_9"_s));
        QVERIFY(tuesdaySlot.isValid());
        QCOMPARE(tuesdaySlot.data(WeekModel::TakenRole).toBool(), true);
        QCOMPARE(reset.count(), 0);
        QVERIFY(changed.count() >= 1);

        // Only the shown accounts count: without LinkedIn the 09:00 LinkedIn slot is gone,
        // and Tuesday's slot (for everyone) is free for Facebook.
        model->setAccountFilter(QStringList {Facebook});
        QVERIFY(!model->indexOfSlot(u"slot_li_9"_s).isValid());
        QVERIFY(!taken(u"slot_tue_9"_s));
        // A post published at once holds no slot, even at the slot's time.
        QVERIFY(!taken(u"slot_wed_9"_s));
    }

    void lanesForPostsAtTheSameTime()
    {
        const QDate wednesday = OrdinaryMonday.addDays(2);
        putPosts({post(u"ps_c"_s, Facebook, Platform::Facebook, SubmissionStatus::Scheduled,
                       berlin(wednesday, 10)),
                  post(u"ps_a"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Published,
                       berlin(wednesday, 10)),
                  post(u"ps_b"_s, Twitter, Platform::Twitter, SubmissionStatus::Failed,
                       berlin(wednesday, 10)),
                  // The next day at the same time: a column of its own.
                  post(u"ps_thursday"_s, Twitter, Platform::Twitter, SubmissionStatus::Scheduled,
                       berlin(wednesday.addDays(1), 10))});
        auto model = makeModel();
        QAbstractItemModelTester tester(model.get(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(items(*model), (QStringList {u"post ps_a"_s, u"post ps_b"_s, u"post ps_c"_s,
                                              u"post ps_thursday"_s}));
        for (const auto &[id, lane] :
             {std::pair {u"ps_a"_s, 0}, std::pair {u"ps_b"_s, 1}, std::pair {u"ps_c"_s, 2}}) {
            const QModelIndex index = model->indexOfPost(id);
            QCOMPARE(index.data(WeekModel::LaneRole).toInt(), lane);
            QCOMPARE(index.data(WeekModel::LaneCountRole).toInt(), 3);
        }
        const QModelIndex thursday = model->indexOfPost(u"ps_thursday"_s);
        QCOMPARE(thursday.data(WeekModel::LaneRole).toInt(), 0);
        QCOMPARE(thursday.data(WeekModel::LaneCountRole).toInt(), 1);
    }

    void lanesForOverlappingPosts()
    {
        const QDate friday = OrdinaryMonday.addDays(4);
        const auto at = [&](int hour, int minute) { return berlin(friday, hour, minute); };
        putPosts({post(u"ps_1400"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                       at(14, 0)),
                  post(u"ps_1410"_s, Twitter, Platform::Twitter, SubmissionStatus::Scheduled,
                       at(14, 10)),
                  // 14:00's quarter is over: its lane is free again, still in the group.
                  post(u"ps_1415"_s, Facebook, Platform::Facebook, SubmissionStatus::Scheduled,
                       at(14, 15)),
                  // Everything before has ended: a group of its own.
                  post(u"ps_1430"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                       at(14, 30)),
                  post(u"ps_1600"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                       at(16, 0)),
                  post(u"ps_1614"_s, Twitter, Platform::Twitter, SubmissionStatus::Scheduled,
                       at(16, 14))});
        auto model = makeModel();
        QAbstractItemModelTester tester(model.get(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        const auto lanes = [&](const QString &id) {
            const QModelIndex index = model->indexOfPost(id);
            return std::pair {index.data(WeekModel::LaneRole).toInt(),
                              index.data(WeekModel::LaneCountRole).toInt()};
        };
        QCOMPARE(lanes(u"ps_1400"_s), (std::pair {0, 2}));
        QCOMPARE(lanes(u"ps_1410"_s), (std::pair {1, 2}));
        QCOMPARE(lanes(u"ps_1415"_s), (std::pair {0, 2}));
        QCOMPARE(lanes(u"ps_1430"_s), (std::pair {0, 1}));
        QCOMPARE(lanes(u"ps_1600"_s), (std::pair {0, 2}));
        QCOMPARE(lanes(u"ps_1614"_s), (std::pair {1, 2}));

        // Moving 14:10 away leaves 14:00 and 14:15 one after the other, each alone.
        m_store->queueMove(cached(u"ps_1410"_s), at(18, 0));
        QCOMPARE(lanes(u"ps_1400"_s), (std::pair {0, 1}));
        QCOMPARE(lanes(u"ps_1415"_s), (std::pair {0, 1}));
        QCOMPARE(lanes(u"ps_1410"_s), (std::pair {0, 1}));
    }

    void postRoles()
    {
        const QDate thursday = OrdinaryMonday.addDays(3);
        Submission page
            = post(u"ps_page"_s, Facebook, Platform::Facebook, SubmissionStatus::Scheduled,
                   berlin(thursday, 8), u"\n  Fresh bread today  \nsecond line"_s);
        page.target = PostTarget {u"page"_s, Bakery};
        Submission failed = post(u"ps_failed"_s, Twitter, Platform::Twitter,
                                 SubmissionStatus::Failed, berlin(OrdinaryMonday, 8));
        failed.errorMessage = u"Refused"_s;
        putPosts({page, failed,
                  post(u"ps_past"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                       ManualClock::DefaultStartMs - HourMs),
                  post(u"ps_in_progress"_s, LinkedIn, Platform::LinkedIn,
                       SubmissionStatus::InProgress, ManualClock::DefaultStartMs + HourMs)});
        auto model = makeModel();
        QAbstractItemModelTester tester(model.get(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);

        const QModelIndex index = model->indexOfPost(u"ps_page"_s);
        QCOMPARE(index.data(WeekModel::KindRole).toInt(), int(WeekModel::Kind::Post));
        QCOMPARE(index.data().toString(), u"Fresh bread today"_s);
        QCOMPARE(index.data(WeekModel::TitleRole).toString(), u"Fresh bread today"_s);
        QCOMPARE(index.data(WeekModel::TextRole).toString(), page.text);
        QCOMPARE(index.data(WeekModel::AccountIdRole).toString(), Facebook);
        QCOMPARE(index.data(WeekModel::AccountNameRole).toString(), u"Ada's Facebook"_s);
        QCOMPARE(index.data(WeekModel::PageIdRole).toString(), Bakery);
        QCOMPARE(index.data(WeekModel::PlatformRole).toInt(), int(Platform::Facebook));
        QCOMPARE(index.data(WeekModel::StatusRole).toInt(), int(SubmissionStatus::Scheduled));
        QCOMPARE(index.data(WeekModel::ScheduleIdRole).toString(), u"sch_page"_s);
        QCOMPARE(index.data(WeekModel::SlotIdRole).toString(), QString());
        QCOMPARE(index.data(WeekModel::DayRole).toInt(), 3);
        QCOMPARE(index.data(WeekModel::MinuteOfDayRole).toInt(), 8 * 60);
        QVERIFY(!index.data(Qt::DecorationRole).value<QIcon>().isNull());
        const QString tip = index.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"Ada's Facebook › Ada's Bakery"_s), qPrintable(tip));
        QVERIFY2(tip.contains(u"scheduled"_s), qPrintable(tip));
        QVERIFY2(tip.endsWith(page.text), qPrintable(tip));
        QVERIFY(index.data(WeekModel::MovableRole).toBool());
        QVERIFY(!index.data(WeekModel::PendingRole).toBool());

        QVERIFY(model->indexOfPost(u"ps_failed"_s)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(u"failed: Refused"_s));
        // Not movable: failed, due already, publishing.
        QVERIFY(!model->indexOfPost(u"ps_failed"_s).data(WeekModel::MovableRole).toBool());
        QVERIFY(!model->indexOfPost(u"ps_past"_s).data(WeekModel::MovableRole).toBool());
        QVERIFY(!model->indexOfPost(u"ps_in_progress"_s).data(WeekModel::MovableRole).toBool());
        // Time passes: the Thursday post is due and no longer movable.
        m_clock.setNowMs(berlin(thursday, 8));
        QVERIFY(!index.data(WeekModel::MovableRole).toBool());
    }

    void aPendingMoveShowsAtTheNewTime()
    {
        const QDate thursday = OrdinaryMonday.addDays(3);
        putPosts({post(u"ps_move"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                       berlin(thursday, 10)),
                  post(u"ps_other"_s, Twitter, Platform::Twitter, SubmissionStatus::Scheduled,
                       berlin(thursday, 12))});
        auto model = makeModel();
        QAbstractItemModelTester tester(model.get(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy reset(model.get(), &QAbstractItemModel::modelAboutToBeReset);
        const QPersistentModelIndex moving(model->indexOfPost(u"ps_move"_s));
        QCOMPARE(moving.row(), 0);

        m_store->queueMove(cached(u"ps_move"_s), berlin(thursday.addDays(1), 11));
        QCOMPARE(items(*model), (QStringList {u"post ps_other"_s, u"post ps_move"_s}));
        QVERIFY(moving.isValid());
        QCOMPARE(moving.row(), 1);
        QCOMPARE(moving.data(WeekModel::DayRole).toInt(), 4);
        QCOMPARE(moving.data(WeekModel::MinuteOfDayRole).toInt(), 11 * 60);
        QVERIFY(moving.data(WeekModel::PendingRole).toBool());
        QVERIFY(moving.data(WeekModel::MovableRole).toBool());
        QVERIFY(moving.data(Qt::ToolTipRole).toString().contains(u"moving…"_s));
        QVERIFY(!model->indexOfPost(u"ps_other"_s).data(WeekModel::PendingRole).toBool());
        QCOMPARE(reset.count(), 0);

        // The server confirms: no longer pending, still at the new time.
        const LocalStore::OutboxEntry entry = m_store->pendingScheduling().constFirst();
        m_store->schedulingDone(entry.sequence, std::nullopt);
        QVERIFY(!moving.data(WeekModel::PendingRole).toBool());
        QCOMPARE(moving.data(WeekModel::DayRole).toInt(), 4);
    }

    void cancelledPostsAreAbsent()
    {
        putPosts({post(u"ps_cancelled"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Cancelled,
                       berlin(OrdinaryMonday, 10)),
                  post(u"ps_kept"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                       berlin(OrdinaryMonday, 11)),
                  post(u"ps_to_cancel"_s, Twitter, Platform::Twitter, SubmissionStatus::Scheduled,
                       berlin(OrdinaryMonday, 12))});
        auto model = makeModel();
        QAbstractItemModelTester tester(model.get(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(items(*model), (QStringList {u"post ps_kept"_s, u"post ps_to_cancel"_s}));

        QSignalSpy removed(model.get(), &QAbstractItemModel::rowsRemoved);
        m_store->queueCancel(cached(u"ps_to_cancel"_s));
        QCOMPARE(items(*model), (QStringList {u"post ps_kept"_s}));
        QCOMPARE(removed.count(), 1);
    }

    void aRefreshUpdatesRowsInPlace()
    {
        m_store->putSlots(u"Europe/Berlin"_s, {slotAt(u"slot_mon"_s, Qt::Monday, 9, 0)},
                          ManualClock::DefaultStartMs);
        QList<Submission> posts {
            post(u"ps_a"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                 berlin(OrdinaryMonday, 10), u"First"_s),
            post(u"ps_b"_s, Twitter, Platform::Twitter, SubmissionStatus::Scheduled,
                 berlin(OrdinaryMonday, 11)),
            post(u"ps_c"_s, Facebook, Platform::Facebook, SubmissionStatus::Scheduled,
                 berlin(OrdinaryMonday, 12)),
        };
        putPosts(posts);
        auto model = makeModel();
        QAbstractItemModelTester tester(model.get(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy reset(model.get(), &QAbstractItemModel::modelAboutToBeReset);
        QSignalSpy changed(model.get(), &QAbstractItemModel::dataChanged);
        QSignalSpy moved(model.get(), &QAbstractItemModel::rowsMoved);
        QSignalSpy inserted(model.get(), &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(model.get(), &QAbstractItemModel::rowsRemoved);
        const QPersistentModelIndex a(model->indexOfPost(u"ps_a"_s));
        const QPersistentModelIndex c(model->indexOfPost(u"ps_c"_s));
        const QPersistentModelIndex slot(model->indexOfSlot(u"slot_mon"_s));

        // One post's text changes: one row's data, nothing else.
        posts[0].text = u"Edited"_s;
        putPosts(posts);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.constFirst().at(0).toModelIndex(), QModelIndex(a));
        QCOMPARE(a.data(WeekModel::TitleRole).toString(), u"Edited"_s);
        QCOMPARE(moved.count() + inserted.count() + removed.count(), 0);

        // Another one moves to the start of the week: a row move, its index follows.
        posts[2].scheduledAtMs = berlin(OrdinaryMonday, 8);
        putPosts(posts);
        QVERIFY(moved.count() >= 1);
        QCOMPARE(items(*model), (QStringList {u"post ps_c"_s, u"slot slot_mon"_s, u"post ps_a"_s,
                                              u"post ps_b"_s}));
        QCOMPARE(c.row(), 0);
        QCOMPARE(c.data(WeekModel::SubmissionIdRole).toString(), u"ps_c"_s);
        QCOMPARE(c.data(WeekModel::MinuteOfDayRole).toInt(), 8 * 60);
        QVERIFY(a.isValid());
        QVERIFY(slot.isValid());
        QCOMPARE(reset.count(), 0);
        QCOMPARE(inserted.count() + removed.count(), 0);

        // Reading the store again without a change says nothing.
        changed.clear();
        moved.clear();
        model->refresh();
        QCOMPARE(changed.count() + moved.count(), 0);
    }

    void namesFollowTheAccounts()
    {
        putPosts({post(u"ps_a"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                       berlin(OrdinaryMonday, 10))});
        auto model = makeModel();
        QAbstractItemModelTester tester(model.get(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        const QPersistentModelIndex a(model->indexOfPost(u"ps_a"_s));
        QCOMPARE(a.data(WeekModel::AccountNameRole).toString(), u"Ada Lovelace"_s);
        Account renamed;
        renamed.id = LinkedIn;
        renamed.platform = Platform::LinkedIn;
        renamed.name = u"Ada L."_s;
        m_store->putAccounts({renamed}, ManualClock::DefaultStartMs);
        QCOMPARE(a.data(WeekModel::AccountNameRole).toString(), u"Ada L."_s);
    }

    void weekNavigationReplacesTheRows()
    {
        m_store->putSlots(u"Europe/Berlin"_s, {slotAt(u"slot_mon"_s, Qt::Monday, 9, 0)},
                          ManualClock::DefaultStartMs);
        const QDate nextMonday = OrdinaryMonday.addDays(7);
        putPosts({post(u"ps_this"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                       berlin(OrdinaryMonday, 10)),
                  post(u"ps_next"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                       berlin(nextMonday, 10))});
        auto model = makeModel();
        QAbstractItemModelTester tester(model.get(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(items(*model), (QStringList {u"slot slot_mon"_s, u"post ps_this"_s}));
        const QPersistentModelIndex slot(model->indexOfSlot(u"slot_mon"_s));
        QSignalSpy rangeChanged(model.get(), &WeekModel::rangeChanged);

        model->setWeek(nextMonday);
        QCOMPARE(model->firstDay(), nextMonday);
        QCOMPARE(rangeChanged.count(), 1);
        QCOMPARE(rangeChanged.constFirst().at(0).toLongLong(), berlin(nextMonday, 0));
        QCOMPARE(rangeChanged.constFirst().at(1).toLongLong(), berlin(nextMonday.addDays(7), 0));
        QCOMPARE(items(*model), (QStringList {u"slot slot_mon"_s, u"post ps_next"_s}));
        // Next week's occurrence is another item: last week's is gone, not moved.
        QVERIFY(!slot.isValid());
        QCOMPARE(model->indexOfSlot(u"slot_mon"_s).data(WeekModel::StartRole).toLongLong(),
                 berlin(nextMonday, 9));

        // The same week again changes nothing.
        model->setWeek(nextMonday);
        QCOMPARE(rangeChanged.count(), 1);
    }
};

QTEST_MAIN(TestWeekModel)
#include "tst_weekmodel.moc"
