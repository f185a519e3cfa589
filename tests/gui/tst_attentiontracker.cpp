#include "client/localstore.h"
#include "core/account.h"
#include "core/submission.h"
#include "gui/posts/postlistmodel.h"
#include "gui/status/attentiontracker.h"
#include "gui/status/desktopnotifier.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;

namespace {

// Keeps what would have gone to the desktop.
class RecordingNotifier : public DesktopNotifier
{
public:
    void notify(const QString &title, const QString &body) override { told.append({title, body}); }
    QList<std::pair<QString, QString>> told;
};

Submission post(const QString &id, SubmissionStatus status, const QString &text = u"Launch"_s)
{
    Submission made;
    made.id = id;
    made.accountId = u"acc_x"_s;
    made.platform = Platform::Twitter;
    made.text = text;
    made.status = status;
    made.createdAtMs = 1'800'000'000'000;
    made.updatedAtMs = made.createdAtMs;
    if (status == SubmissionStatus::Failed)
        made.errorMessage = u"The sandbox refused this post"_s;
    return made;
}

Account account(const QString &id, AccountStatus status)
{
    Account made;
    made.id = id;
    made.platform = Platform::LinkedIn;
    made.name = u"Ada's LinkedIn"_s;
    made.status = status;
    return made;
}

} // namespace

// What needs attention is told once, stays marked until seen, and is remembered across
// restarts of the app.
class TestAttentionTracker : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    int m_stores = 0;

    QString newStoreFile() { return m_directory.filePath(u"store-%1.db"_s.arg(++m_stores)); }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_directory.isValid()); }

    void aFailedPostIsToldOnceAndStaysMarkedUntilSeen()
    {
        const QString file = newStoreFile();
        client::LocalStore store;
        store.open(file);
        RecordingNotifier notifier;
        {
            AttentionTracker tracker(store, notifier);
            QSignalSpy changed(&tracker, &AttentionTracker::changed);
            store.putPosts({post(u"ps_ok"_s, SubmissionStatus::Published),
                            post(u"ps_bad"_s, SubmissionStatus::Failed, u"Our launch\nmore"_s)});
            QCOMPARE(notifier.told.size(), 1);
            QCOMPARE(notifier.told.first().first, u"A post failed on X (Twitter)"_s);
            QVERIFY2(notifier.told.first().second.contains(u"Our launch"_s),
                     qPrintable(notifier.told.first().second));
            QCOMPARE(tracker.unseenPosts(), QSet<QString>({u"ps_bad"_s}));
            QCOMPARE(changed.size(), 1);

            // Read again (the list is refreshed every few seconds): not told again.
            store.putPosts({post(u"ps_bad"_s, SubmissionStatus::Failed, u"Our launch\nmore"_s)});
            QCOMPARE(notifier.told.size(), 1);
            QCOMPARE(tracker.unseenCount(), 1);
        }
        // After a restart it is still marked, and not told again.
        {
            AttentionTracker tracker(store, notifier);
            QCOMPARE(notifier.told.size(), 1);
            QCOMPARE(tracker.unseenPosts(), QSet<QString>({u"ps_bad"_s}));
            tracker.markSeen(u"ps_bad"_s);
            QCOMPARE(tracker.unseenCount(), 0);
        }
        {
            AttentionTracker tracker(store, notifier);
            QCOMPARE(tracker.unseenCount(), 0); // seen stays seen
            // Two more at once: one message for both.
            store.putPosts({post(u"ps_bad2"_s, SubmissionStatus::Failed),
                            post(u"ps_bad3"_s, SubmissionStatus::Failed)});
            QCOMPARE(notifier.told.size(), 2);
            // (No translator here: the English plural form is the app's translation's.)
            QVERIFY(notifier.told.last().first.startsWith(u"2 post"_s));
            QCOMPARE(tracker.unseenCount(), 2);
            tracker.markAllSeen();
            QCOMPARE(tracker.unseenCount(), 0);
        }
    }

    void anAccountThatIsNoLongerConnectedIsToldAndMarked()
    {
        client::LocalStore store;
        store.open(newStoreFile());
        RecordingNotifier notifier;
        AttentionTracker tracker(store, notifier);
        store.putAccounts({account(u"acc_a"_s, AccountStatus::Connected)}, 1);
        QCOMPARE(notifier.told.size(), 0);
        store.putAccounts({account(u"acc_a"_s, AccountStatus::Disconnected)}, 2);
        QCOMPARE(notifier.told.size(), 1);
        QCOMPARE(notifier.told.first().first,
                 u"LinkedIn account Ada's LinkedIn is no longer connected"_s);
        QCOMPARE(tracker.unseenAccounts(), QSet<QString>({u"acc_a"_s}));
        tracker.markSeen(u"acc_a"_s);
        QCOMPARE(tracker.unseenCount(), 0);

        // Connected again, then lost again: a new trouble, told again.
        store.putAccounts({account(u"acc_a"_s, AccountStatus::Connected)}, 3);
        store.putAccounts({account(u"acc_a"_s, AccountStatus::Disconnected)}, 4);
        QCOMPARE(notifier.told.size(), 2);
        QCOMPARE(tracker.unseenCount(), 1);
    }

    void anAccountToReconnectIsToldInThoseWordsAndARateLimitedOneIsNot()
    {
        client::LocalStore store;
        store.open(newStoreFile());
        RecordingNotifier notifier;
        AttentionTracker tracker(store, notifier);
        Account x = account(u"acc_x"_s, AccountStatus::RateLimited);
        x.platform = Platform::Twitter;
        x.username = u"ada"_s;
        store.putAccounts({x}, 1);
        QCOMPARE(notifier.told.size(), 0);
        QCOMPARE(tracker.unseenCount(), 0);
        x.status = AccountStatus::NeedsReconnect;
        store.putAccounts({x}, 2);
        QCOMPARE(notifier.told.size(), 1);
        QCOMPARE(notifier.told.first().first, u"%1 account @ada needs to be connected again"_s.arg(
                                                  platforms::displayName(Platform::Twitter)));
        QCOMPARE(tracker.unseenAccounts(), QSet<QString>({u"acc_x"_s}));
        // Reconnected: nothing more to see.
        x.status = AccountStatus::Connected;
        store.putAccounts({x}, 3);
        QCOMPARE(tracker.unseenCount(), 0);
    }

    void thePostsListShowsUnseenFailuresInBold()
    {
        client::LocalStore store;
        store.open(newStoreFile());
        store.replacePosts(0, 4'000'000'000'000,
                           {post(u"ps_ok"_s, SubmissionStatus::Published),
                            post(u"ps_bad"_s, SubmissionStatus::Failed)});
        PostListModel model(store);
        QAbstractItemModelTester tester(&model);
        model.setRange(0, 4'000'000'000'000);
        QTRY_COMPARE(model.rowCount(), 2);
        const auto bold = [&](const QString &id) {
            for (int row = 0; row < model.rowCount(); ++row) {
                const QModelIndex index = model.index(row, PostListModel::StatusColumn);
                if (index.data(PostListModel::SubmissionIdRole).toString() == id)
                    return index.data(Qt::FontRole).value<QFont>().bold();
            }
            return false;
        };
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setUnseen({u"ps_bad"_s});
        QVERIFY(bold(u"ps_bad"_s));
        QVERIFY(!bold(u"ps_ok"_s));
        QCOMPARE(changed.size(), 1);
        model.setUnseen({});
        QVERIFY(!bold(u"ps_bad"_s));
    }
};

QTEST_MAIN(TestAttentionTracker)
#include "tst_attentiontracker.moc"
