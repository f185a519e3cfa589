#include "client/localstore.h"
#include "gui/common/itemcolors.h"
#include "gui/posts/postlistmodel.h"
#include "support/manualclock.h"

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace slotline;
using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;
using slotline::client::LocalStore;
using slotline::test::ManualClock;

namespace {

constexpr qint64 HourMs = 3'600'000;
constexpr qint64 Start = ManualClock::DefaultStartMs; // Monday 09:00 UTC
constexpr qint64 WeekStart = Start - 9 * HourMs;
constexpr qint64 WeekEnd = WeekStart + 7 * 24 * HourMs;

const QString LinkedIn = u"acc_li"_s;
const QString Twitter = u"acc_x"_s;
const QString Facebook = u"acc_fb"_s;

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
    value.createdAtMs = scheduledAtMs ? Start - 24 * HourMs : Start - HourMs;
    value.updatedAtMs = value.createdAtMs;
    return value;
}

QStringList ids(const QAbstractItemModel &model)
{
    QStringList values;
    for (int row = 0; row < model.rowCount(); ++row)
        values.append(model.index(row, 0).data(PostListModel::SubmissionIdRole).toString());
    return values;
}

} // namespace

class TestPostListModel : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_directory;
    std::unique_ptr<LocalStore> m_store;
    ManualClock m_clock;
    QList<Submission> m_posts;

    TimeText timeText() const { return TimeText(&m_clock, QTimeZone::utc()); }

    Submission cached(const QString &id) const
    {
        for (const Submission &value : m_store->posts().inRange(WeekStart, WeekEnd)) {
            if (value.id == id)
                return value;
        }
        return {};
    }

private Q_SLOTS:
    void init()
    {
        QLocale::setDefault(QLocale::c());
        m_clock.setNowMs(Start);
        m_directory = std::make_unique<QTemporaryDir>();
        QVERIFY(m_directory->isValid());
        m_store = std::make_unique<LocalStore>();
        m_store->open(m_directory->filePath(u"cache.sqlite"_s));

        Account linkedin;
        linkedin.id = LinkedIn;
        linkedin.platform = Platform::LinkedIn;
        linkedin.name = u"Ada Lovelace"_s;
        linkedin.username = u"ada"_s;
        Account twitter = linkedin;
        twitter.id = Twitter;
        twitter.platform = Platform::Twitter;
        twitter.name = u"Ada on X"_s;
        Account facebook = linkedin;
        facebook.id = Facebook;
        facebook.platform = Platform::Facebook;
        facebook.name = u"Ada's Facebook"_s;
        m_store->putAccounts({linkedin, twitter, facebook}, Start);
        Subaccount bakery;
        bakery.id = u"sub_1"_s;
        bakery.accountId = Facebook;
        bakery.name = u"Ada's Bakery"_s;
        bakery.type = u"page"_s;
        m_store->putSubaccounts(Facebook, {bakery}, Start);

        Submission scheduled
            = post(u"ps_scheduled"_s, LinkedIn, Platform::LinkedIn, SubmissionStatus::Scheduled,
                   Start + 5 * HourMs, u"\nLaunch day\nsecond line"_s);
        Submission publishing = post(u"ps_publishing"_s, Twitter, Platform::Twitter,
                                     SubmissionStatus::InProgress, std::nullopt);
        Submission published = post(u"ps_published"_s, Facebook, Platform::Facebook,
                                    SubmissionStatus::Published, Start - 2 * HourMs);
        published.target = PostTarget {u"page"_s, u"sub_1"_s};
        published.publishedAtMs = Start - 2 * HourMs + 30'000;
        published.publicUrl = u"http://127.0.0.1:8787/p/pub_1"_s;
        Submission failed = post(u"ps_failed"_s, Twitter, Platform::Twitter,
                                 SubmissionStatus::Failed, Start - 3 * HourMs);
        failed.errorMessage
            = u"X refused: You are not allowed to create a Tweet with duplicate content."_s;
        Submission cancelled = post(u"ps_cancelled"_s, LinkedIn, Platform::LinkedIn,
                                    SubmissionStatus::Cancelled, Start + 30 * HourMs);
        Submission nextWeek = post(u"ps_next_week"_s, LinkedIn, Platform::LinkedIn,
                                   SubmissionStatus::Scheduled, WeekEnd + HourMs);
        m_posts = {scheduled, publishing, published, failed, cancelled, nextWeek};
        m_store->replacePosts(WeekStart, WeekEnd + 7 * 24 * HourMs, m_posts);
    }

    void cleanup()
    {
        m_store.reset();
        m_directory.reset();
    }

    void nothingBeforeARange()
    {
        PostListModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.hasPostsInProgress());
    }

    void newestFirstWithEveryColumn()
    {
        PostListModel model(*m_store);
        model.setTimeText(timeText());
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setRange(WeekStart, WeekEnd);

        QCOMPARE(model.columnCount(), int(PostListModel::ColumnCount));
        QCOMPARE(model.headerData(PostListModel::WhenColumn, Qt::Horizontal).toString(), u"When"_s);
        QCOMPARE(model.headerData(PostListModel::StatusColumn, Qt::Horizontal).toString(),
                 u"Status"_s);
        // By scheduled time, or creation time when published at once.
        QCOMPARE(ids(model), (QStringList {u"ps_cancelled"_s, u"ps_scheduled"_s, u"ps_publishing"_s,
                                           u"ps_published"_s, u"ps_failed"_s}));

        const auto cell = [&](const QString &id, int column, int role = Qt::DisplayRole) {
            return model.indexOfPost(id, column).data(role);
        };
        QCOMPARE(cell(u"ps_scheduled"_s, PostListModel::WhenColumn).toString(),
                 timeText().dateTime(Start + 5 * HourMs));
        QCOMPARE(cell(u"ps_published"_s, PostListModel::WhenColumn).toString(),
                 timeText().dateTime(Start - 2 * HourMs + 30'000));
        QCOMPARE(cell(u"ps_publishing"_s, PostListModel::WhenColumn).toString(),
                 timeText().dateTime(Start - HourMs));

        QCOMPARE(cell(u"ps_scheduled"_s, PostListModel::AccountColumn).toString(),
                 u"Ada Lovelace"_s);
        QCOMPARE(cell(u"ps_published"_s, PostListModel::AccountColumn).toString(),
                 u"Ada's Facebook › Ada's Bakery"_s);
        QVERIFY(!cell(u"ps_failed"_s, PostListModel::AccountColumn, Qt::DecorationRole)
                     .value<QIcon>()
                     .isNull());
        QCOMPARE(cell(u"ps_scheduled"_s, PostListModel::TextColumn).toString(), u"Launch day"_s);

        QCOMPARE(cell(u"ps_scheduled"_s, PostListModel::StatusColumn).toString(), u"Scheduled"_s);
        QCOMPARE(cell(u"ps_publishing"_s, PostListModel::StatusColumn).toString(),
                 u"Publishing…"_s);
        QCOMPARE(cell(u"ps_published"_s, PostListModel::StatusColumn).toString(), u"Published"_s);
        // The reason as the server (or the platform) put it, for people.
        QCOMPARE(cell(u"ps_failed"_s, PostListModel::StatusColumn).toString(),
                 u"Failed: X refused: You are not allowed to create a Tweet with duplicate "
                 "content."_s);
        QCOMPARE(cell(u"ps_failed"_s, PostListModel::StatusColumn, Qt::ToolTipRole).toString(),
                 u"Publishing failed: X refused: You are not allowed to create a Tweet with "
                 "duplicate content."_s);
        QCOMPARE(cell(u"ps_cancelled"_s, PostListModel::StatusColumn).toString(), u"Cancelled"_s);

        QCOMPARE(cell(u"ps_published"_s, PostListModel::StatusColumn, Qt::ForegroundRole)
                     .value<QColor>(),
                 ItemColors::success());
        QCOMPARE(
            cell(u"ps_failed"_s, PostListModel::StatusColumn, Qt::ForegroundRole).value<QColor>(),
            ItemColors::error());
        QCOMPARE(cell(u"ps_cancelled"_s, PostListModel::StatusColumn, Qt::ForegroundRole)
                     .value<QColor>(),
                 ItemColors::muted());
        QCOMPARE(cell(u"ps_published"_s, PostListModel::StatusColumn, Qt::ToolTipRole).toString(),
                 u"http://127.0.0.1:8787/p/pub_1"_s);

        QCOMPARE(cell(u"ps_published"_s, 0, PostListModel::PublicUrlRole).toUrl(),
                 QUrl(u"http://127.0.0.1:8787/p/pub_1"_s));
        QVERIFY(cell(u"ps_scheduled"_s, 0, PostListModel::PublicUrlRole).toUrl().isEmpty());
        QCOMPARE(cell(u"ps_failed"_s, 0, PostListModel::StatusRole).toInt(),
                 int(SubmissionStatus::Failed));
        QCOMPARE(cell(u"ps_scheduled"_s, 0, PostListModel::ScheduleIdRole).toString(),
                 u"sch_scheduled"_s);
        QCOMPARE(cell(u"ps_publishing"_s, 0, PostListModel::ScheduleIdRole).toString(), QString());
        QCOMPARE(cell(u"ps_publishing"_s, 0, PostListModel::AccountIdRole).toString(), Twitter);

        const auto whole = model.postAt(model.indexOfPost(u"ps_failed"_s));
        QVERIFY(whole);
        QCOMPARE(whole->errorMessage,
                 u"X refused: You are not allowed to create a Tweet with duplicate content."_s);
    }

    void rangeAndAccountFilterChangeOnlyTheirRows()
    {
        PostListModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setRange(WeekStart, WeekEnd);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        const QPersistentModelIndex failed = model.indexOfPost(u"ps_failed"_s);

        model.setAccountFilter(QStringList {Twitter});
        QCOMPARE(ids(model), (QStringList {u"ps_publishing"_s, u"ps_failed"_s}));
        QVERIFY(failed.isValid());
        QCOMPARE(failed.row(), 1);

        model.setAccountFilter(QStringList {Twitter, Facebook});
        QCOMPARE(ids(model), (QStringList {u"ps_publishing"_s, u"ps_published"_s, u"ps_failed"_s}));
        model.setAccountFilter({});
        QCOMPARE(model.rowCount(), 5);

        model.setRange(WeekEnd, WeekEnd + 7 * 24 * HourMs);
        QCOMPARE(ids(model), QStringList {u"ps_next_week"_s});
        QVERIFY(!failed.isValid());
        QCOMPARE(reset.size(), 0);
    }

    void aChangedPostUpdatesItsRow()
    {
        PostListModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setRange(WeekStart, WeekEnd);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        const QPersistentModelIndex publishing
            = model.indexOfPost(u"ps_publishing"_s, PostListModel::StatusColumn);

        // The server lists the week again: one post got published, nothing else changed.
        QList<Submission> posts = m_posts;
        posts[1].status = SubmissionStatus::Published;
        posts[1].publishedAtMs = Start - HourMs + 5'000;
        posts[1].publicUrl = u"http://127.0.0.1:8787/p/pub_2"_s;
        m_store->replacePosts(WeekStart, WeekEnd + 7 * 24 * HourMs, posts);

        QCOMPARE(reset.size(), 0);
        QCOMPARE(inserted.size(), 0);
        QCOMPARE(removed.size(), 0);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex().row(), publishing.row());
        QCOMPARE(publishing.data().toString(), u"Published"_s);
        QCOMPARE(publishing.data(PostListModel::PublicUrlRole).toUrl(),
                 QUrl(u"http://127.0.0.1:8787/p/pub_2"_s));
    }

    void queuedMovesAndCancellationsSaySo()
    {
        PostListModel model(*m_store);
        model.setTimeText(timeText());
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setRange(WeekStart, WeekEnd);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        const QPersistentModelIndex scheduled = model.indexOfPost(u"ps_scheduled"_s);
        QCOMPARE(scheduled.row(), 1);

        // Moved to tomorrow: it becomes the newest, and waits for the server.
        const qint64 tomorrow = Start + 48 * HourMs;
        m_store->queueMove(cached(u"ps_scheduled"_s), tomorrow);
        QCOMPARE(scheduled.row(), 0);
        QCOMPARE(
            QModelIndex(scheduled).siblingAtColumn(PostListModel::StatusColumn).data().toString(),
            u"Moving…"_s);
        QCOMPARE(
            QModelIndex(scheduled).siblingAtColumn(PostListModel::WhenColumn).data().toString(),
            timeText().dateTime(tomorrow));
        QVERIFY(scheduled.data(PostListModel::PendingRole).toBool());

        // The server confirms: the status is the post's own again.
        const QList<LocalStore::OutboxEntry> pending = m_store->pendingScheduling();
        QCOMPARE(pending.size(), 1);
        m_store->schedulingDone(pending.first().sequence, std::nullopt);
        QCOMPARE(
            QModelIndex(scheduled).siblingAtColumn(PostListModel::StatusColumn).data().toString(),
            u"Scheduled"_s);
        QVERIFY(!scheduled.data(PostListModel::PendingRole).toBool());

        m_store->queueCancel(cached(u"ps_scheduled"_s));
        QCOMPARE(
            QModelIndex(scheduled).siblingAtColumn(PostListModel::StatusColumn).data().toString(),
            u"Cancelling…"_s);

        // Refused: the post is put back as it was.
        m_store->schedulingRefused(m_store->pendingScheduling().first().sequence);
        QCOMPARE(
            QModelIndex(scheduled).siblingAtColumn(PostListModel::StatusColumn).data().toString(),
            u"Scheduled"_s);
        QCOMPARE(reset.size(), 0);
        QVERIFY(scheduled.isValid());
    }

    void postsInProgress()
    {
        PostListModel model(*m_store);
        model.setTimeText(timeText());
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setRange(WeekStart, WeekEnd);
        QVERIFY(model.hasPostsInProgress()); // ps_publishing

        model.setAccountFilter(QStringList {LinkedIn});
        QVERIFY(!model.hasPostsInProgress()); // scheduled in 5 hours
        m_clock.advanceMs(5 * HourMs);
        QVERIFY(model.hasPostsInProgress()); // now due
    }

    // A post out for longer than a moment says why in its tooltip: waiting for the
    // account's rate limit, or for a retry.
    void aWaitingPostSaysWhy()
    {
        PostListModel model(*m_store);
        model.setTimeText(timeText());
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setRange(WeekStart, WeekEnd);
        const QModelIndex publishing
            = model.indexOfPost(u"ps_publishing"_s, PostListModel::StatusColumn);
        QVERIFY(publishing.data(Qt::ToolTipRole).toString().isEmpty());

        QList<Submission> posts = m_posts;
        for (Submission &post : posts) {
            if (post.id == u"ps_publishing")
                post.errorMessage = u"Waiting for the account's rate limit: X's rate limit for "
                                    u"this account is used up until 14:30 UTC."_s;
        }
        m_store->replacePosts(WeekStart, WeekEnd + 7 * 24 * HourMs, posts);
        const QModelIndex waiting
            = model.indexOfPost(u"ps_publishing"_s, PostListModel::StatusColumn);
        QCOMPARE(waiting.data().toString(), u"Publishing…"_s);
        QCOMPARE(waiting.data(Qt::ToolTipRole).toString(),
                 u"Not published yet: Waiting for the account's rate limit: X's rate limit for "
                 u"this account is used up until 14:30 UTC."_s);

        // The account's limit known, the state says until when, and goes back when it ends.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QList<Account> accounts = m_store->reference().accounts();
        for (Account &account : accounts) {
            if (account.id == Twitter) {
                account.status = AccountStatus::RateLimited;
                account.rateLimitedUntilMs = Start + 2 * HourMs;
            }
        }
        m_store->putAccounts(accounts, Start);
        QVERIFY(!changed.isEmpty());
        const QString until = QLocale().toString(
            QDateTime::fromMSecsSinceEpoch(Start + 2 * HourMs, QTimeZone::utc()).time(),
            QLocale::ShortFormat);
        QCOMPARE(
            model.indexOfPost(u"ps_publishing"_s, PostListModel::StatusColumn).data().toString(),
            u"Waiting until "_s + until);
        m_clock.setNowMs(Start + 2 * HourMs + 1);
        QCOMPARE(
            model.indexOfPost(u"ps_publishing"_s, PostListModel::StatusColumn).data().toString(),
            u"Publishing…"_s);
    }

    // The server's code names the reason in the app's words; its message, the platform's
    // detail, follows in the tooltip. A code the app does not know shows the message.
    void aFailedPostIsWordedByItsCode_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("tip");
        const QString message = u"X refused: You are not allowed to create a Tweet with duplicate "
                                u"content."_s;
        QTest::newRow("duplicate")
            << u"duplicate"_s << u"Failed: X (Twitter) already has this text on the account"_s
            << u"Publishing failed: X (Twitter) already has this text on the "
               u"account\n"_s
                   + message;
        QTest::newRow("needs reconnect")
            << u"needs_reconnect"_s << u"Failed: The account needs to be connected again"_s
            << u"Publishing failed: The account needs to be connected again\n"_s + message;
        QTest::newRow("may have published")
            << u"may_have_published"_s
            << u"Failed: X (Twitter) may have published it: check the account"_s
            << u"Publishing failed: X (Twitter) may have published it: check the account\n"_s
                   + message;
        QTest::newRow("platform's refusal") << u"platform_refused"_s << u"Failed: "_s + message
                                            << u"Publishing failed: "_s + message;
        QTest::newRow("unknown code")
            << u"a_later_code"_s << u"Failed: "_s + message << u"Publishing failed: "_s + message;
    }
    void aFailedPostIsWordedByItsCode()
    {
        QFETCH(QString, code);
        QFETCH(QString, status);
        QFETCH(QString, tip);
        PostListModel model(*m_store);
        model.setTimeText(timeText());
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setRange(WeekStart, WeekEnd);
        QList<Submission> posts = m_posts;
        for (Submission &post : posts) {
            if (post.id == u"ps_failed") {
                post.errorCode = code;
                if (code == u"may_have_published")
                    post.checkUrl = u"https://x.com/ada"_s;
            }
        }
        m_store->replacePosts(WeekStart, WeekEnd + 7 * 24 * HourMs, posts);
        const QModelIndex failed = model.indexOfPost(u"ps_failed"_s, PostListModel::StatusColumn);
        QCOMPARE(failed.data().toString(), status);
        QCOMPARE(failed.data(Qt::ToolTipRole).toString(), tip);
    }

    void newAccountNamesReachTheRows()
    {
        PostListModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        model.setRange(WeekStart, WeekEnd);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

        // Slots or credits change the reference data, not the names: nothing to tell.
        m_store->putSlots(u"UTC"_s, {}, Start);
        QCOMPARE(changed.size(), 0);

        QList<Account> accounts = m_store->reference().accounts();
        accounts[0].name = u"Ada King"_s;
        m_store->putAccounts(accounts, Start);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(
            model.indexOfPost(u"ps_scheduled"_s, PostListModel::AccountColumn).data().toString(),
            u"Ada King"_s);

        // An account the cache does not know: its id rather than nothing.
        m_store->putAccounts({}, Start);
        QCOMPARE(
            model.indexOfPost(u"ps_scheduled"_s, PostListModel::AccountColumn).data().toString(),
            LinkedIn);
    }
};

QTEST_MAIN(TestPostListModel)
#include "tst_postlistmodel.moc"
