#include "client/session.h"
#include "gui/posts/postlistmodel.h"
#include "gui/posts/postspanel.h"
#include "support/manualclock.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QDesktopServices>
#include <QMessageBox>
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

    // A failed post goes again as a new post of its draft, to the same account, now; one
    // the platform may have is not sent without a warning, and an account that has to be
    // connected again first cannot take it.
    void aFailedPostCanBeTriedAgain()
    {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        ManualClock clock;
        client::Session session(QUrl(u"http://127.0.0.1:9"_s), u"key"_s,
                                directory.filePath(u"store.sqlite"_s));
        Account ada;
        ada.id = u"acc_1"_s;
        ada.platform = Platform::Twitter;
        ada.name = u"Ada"_s;
        ada.status = AccountStatus::Connected;
        session.store().putAccounts({ada}, Start);
        PostsPanel panel(session, clock);
        Submission published = failedPost(u"ps_published"_s, Platform::Twitter, {});
        published.status = SubmissionStatus::Published;
        Submission lost = failedPost(u"ps_lost"_s, Platform::Twitter, u"https://x.com/ada"_s);
        lost.text = u"Maybe out"_s;
        lost.errorCode = u"may_have_published"_s;
        session.store().putPosts(
            {failedPost(u"ps_refused"_s, Platform::Twitter, {}), lost, published});
        QTRY_COMPARE(panel.model().rowCount(), 3);
        QAction *tryAgain = panel.tryAgainAction();

        QVERIFY(panel.showPost(u"ps_published"_s));
        QVERIFY(!tryAgain->isEnabled());
        QVERIFY(panel.showPost(u"ps_refused"_s));
        QVERIFY(tryAgain->isEnabled());
        tryAgain->trigger();
        QVERIFY(!panel.tryAgainWarning());
        const QList<client::LocalStore::LocalDraft> drafts = session.store().drafts();
        QCOMPARE(drafts.size(), 1);
        QCOMPARE(drafts.first().text, u"Out now"_s);
        const auto queued = session.store().queuedPublications(drafts.first().localId);
        QCOMPARE(queued.size(), 1);
        QCOMPARE(queued.first().accountId, u"acc_1"_s);
        QVERIFY(!queued.first().scheduledAtMs);
        QVERIFY(!queued.first().useNextFreeSlot);

        // The platform may have it: asked first; Cancel sends nothing.
        QVERIFY(panel.showPost(u"ps_lost"_s));
        tryAgain->trigger();
        QMessageBox *warning = panel.tryAgainWarning();
        QVERIFY(warning);
        QCOMPARE(warning->text(), u"X (Twitter) may have published this post already."_s);
        warning->button(QMessageBox::Cancel)->click();
        QCOMPARE(session.store().drafts().size(), 1);
        tryAgain->trigger();
        warning = panel.tryAgainWarning();
        QVERIFY(warning);
        for (QAbstractButton *button : warning->buttons()) {
            if (button->text() == u"Publish Again")
                button->click();
        }
        QCOMPARE(session.store().drafts().size(), 2);
        for (const auto &draft : session.store().drafts()) {
            if (draft.text == u"Maybe out")
                QCOMPARE(session.store().queuedPublications(draft.localId).size(), 1);
        }

        // The account has to be connected again: not offered, and the status tip says why.
        ada.status = AccountStatus::NeedsReconnect;
        session.store().putAccounts({ada}, Start);
        QVERIFY(panel.showPost(u"ps_refused"_s));
        QVERIFY(!tryAgain->isEnabled());
        QCOMPARE(tryAgain->statusTip(), u"Ada needs to be connected again first."_s);
    }
};

QTEST_MAIN(TestPostsPanel)
#include "tst_postspanel.moc"
