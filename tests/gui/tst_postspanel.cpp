#include "client/session.h"
#include "gui/models/postlistmodel.h"
#include "gui/widgets/postspanel.h"
#include "support/manualclock.h"

#include <QAbstractItemView>
#include <QAction>
#include <QDesktopServices>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace slotline;
using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;
using slotline::test::ManualClock;

// Stands in for the browser: the addresses the panel opens come here.
class BrowserStandIn : public QObject
{
    Q_OBJECT

public:
    QList<QUrl> opened;

public Q_SLOTS:
    void open(const QUrl &url) { opened.append(url); }
};

namespace {

constexpr qint64 HourMs = 3'600'000;
constexpr qint64 Start = ManualClock::DefaultStartMs;

Submission failedPost(const QString &id, Platform platform, const QString &checkUrl)
{
    Submission post;
    post.id = id;
    post.projectId = u"prj_1"_s;
    post.accountId = u"acc_1"_s;
    post.platform = platform;
    post.text = u"Out now"_s;
    post.status = SubmissionStatus::Failed;
    post.createdAtMs = Start - HourMs;
    post.updatedAtMs = post.createdAtMs;
    post.errorMessage = u"It went wrong."_s;
    post.checkUrl = checkUrl;
    return post;
}

} // namespace

class TestPostsPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { QLocale::setDefault(QLocale::c()); }

    // Only a post that failed although the platform may have it offers its account, named
    // after the platform, and opens the address the server gave.
    void aPostThePlatformMayHaveOffersItsAccount()
    {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        ManualClock clock;
        // Nothing listens there: the panel works from the local copy.
        client::Session session(QUrl(u"http://127.0.0.1:9"_s), u"key"_s,
                                directory.filePath(u"store.sqlite"_s));
        PostsPanel panel(session, clock);
        Submission published = failedPost(u"ps_published"_s, Platform::Twitter, {});
        published.status = SubmissionStatus::Published;
        published.errorMessage.clear();
        published.publishedAtMs = Start - HourMs;
        published.publicUrl = u"https://x.com/ada/status/1"_s;
        session.store().putPosts(
            {failedPost(u"ps_lost"_s, Platform::Twitter, u"https://x.com/ada"_s),
             failedPost(u"ps_refused"_s, Platform::Twitter, {}), published,
             failedPost(u"ps_page"_s, Platform::Facebook, u"https://www.facebook.com/1001"_s)});
        QTRY_COMPARE(panel.model().rowCount(), 4);

        QAction *check = panel.checkAccountAction();
        QVERIFY(!check->isEnabled()); // nothing chosen yet
        QVERIFY(panel.showPost(u"ps_refused"_s));
        QVERIFY(!check->isEnabled());
        QVERIFY(panel.showPost(u"ps_published"_s));
        QVERIFY(!check->isEnabled());

        QVERIFY(panel.showPost(u"ps_lost"_s));
        QVERIFY(check->isEnabled());
        QCOMPARE(check->text(), u"Check the &account on X (Twitter)…"_s);
        const QModelIndex lost = panel.model().indexOfPost(u"ps_lost"_s);
        QVERIFY(panel.model()
                    .index(lost.row(), PostListModel::StatusColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(u"X (Twitter) may have published it"_s));

        BrowserStandIn browser;
        QDesktopServices::setUrlHandler(u"https"_s, &browser, "open");
        const auto restore = qScopeGuard([] { QDesktopServices::unsetUrlHandler(u"https"_s); });
        check->trigger();
        QCOMPARE(browser.opened, QList<QUrl>({QUrl(u"https://x.com/ada"_s)}));

        QVERIFY(panel.showPost(u"ps_page"_s));
        QVERIFY(check->isEnabled());
        QCOMPARE(check->text(), u"Check the &account on Facebook…"_s);
        check->trigger();
        QCOMPARE(browser.opened.last(), QUrl(u"https://www.facebook.com/1001"_s));
    }
};

QTEST_MAIN(TestPostsPanel)
#include "tst_postspanel.moc"
