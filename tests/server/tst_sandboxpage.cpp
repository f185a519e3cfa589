#include "core/ids.h"
#include "server/connectors/sandboxconnector.h"
#include "server/connectors/sandboxpage.h"
#include "storage/creditrepository.h"
#include "storage/sandboxpublicationrepository.h"
#include "storage/submissionrepository.h"
#include "support/testserver.h"

#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::test;

class TestSandboxPage : public QObject
{
    Q_OBJECT

private:
    static SandboxPublication publication(const QString &text)
    {
        SandboxPublication post;
        post.id = QStringLiteral("abc");
        post.token = QStringLiteral("ps_1");
        post.accountId = QStringLiteral("acc_1");
        post.accountName = QStringLiteral("Brand & Co <b>");
        post.username = QStringLiteral("brand\"co");
        post.platform = Platform::Twitter;
        post.text = text;
        post.publishedAtMs = 1'790'000'000'000;
        return post;
    }

private Q_SLOTS:
    void everythingFromThePostIsEscaped()
    {
        SandboxPublication post = publication(
            QStringLiteral("<script>alert(1)</script> & \"quotes\" <img src=x onerror=alert(2)>"));
        post.pageName = QStringLiteral("<i>page</i>");
        post.mediaUrls = {QStringLiteral("https://cdn.example.com/a.png?x=\"><script>")};
        const QByteArray html = SandboxPage::render(post);
        QVERIFY(!html.contains("<script>"));
        QVERIFY(!html.contains("<img src=x"));
        QVERIFY(!html.contains("<i>page</i>"));
        QVERIFY(!html.contains("<b>"));
        QVERIFY(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;"));
        QVERIFY(html.contains("Brand &amp; Co &lt;b&gt;"));
        QVERIFY(html.contains("@brand&quot;co"));
        QVERIFY(html.contains("on &lt;i&gt;page&lt;/i&gt;"));
        QVERIFY(html.contains("src=\"https://cdn.example.com/a.png?x=&quot;&gt;&lt;script&gt;\""));
    }

    void linksAreClickableAndBareDomainsGetAScheme()
    {
        const QByteArray html = SandboxPage::render(
            publication(QStringLiteral("Read https://example.com/a?b=1&c=2 or example.org now")));
        QVERIFY(html.contains("<a href=\"https://example.com/a?b=1&amp;c=2\" rel=\"noopener "
                              "noreferrer nofollow\">https://example.com/a?b=1&amp;c=2</a>"));
        QVERIFY(html.contains("<a href=\"https://example.org\""));
        QVERIFY(html.contains(">example.org</a> now"));
    }

    void onlyWebMediaIsShown()
    {
        SandboxPublication post = publication(QStringLiteral("media"));
        post.mediaUrls = {QStringLiteral("javascript:alert(1)"),
                          QStringLiteral("https://cdn.example.com/ok.png")};
        const QByteArray html = SandboxPage::render(post);
        QVERIFY(!html.contains("javascript:"));
        QVERIFY(html.contains("https://cdn.example.com/ok.png"));
    }

    void showsWhenAndWhere()
    {
        const QByteArray html = SandboxPage::render(publication(QStringLiteral("time")));
        QVERIFY(html.contains("datetime=\"2026-09-21T"));
        QVERIFY(html.contains("21 Sep 2026"));
        QVERIFY(html.contains("X (Twitter) sandbox"));
    }

    void servedWithoutAKeyAndLockedDown()
    {
        TestServer server;
        SandboxPublication post = publication(QStringLiteral("hello page"));
        post.id = QStringLiteral("publicpage123");
        post = SandboxPublicationRepository(server.database()).publish(post);

        const HttpResult page = server.http().get(SandboxConnector::pagePath() + post.id);
        QCOMPARE(page.status, 200);
        QCOMPARE(page.header("Content-Type"), QByteArray("text/html; charset=utf-8"));
        QCOMPARE(page.header("Content-Security-Policy"), SandboxPage::contentSecurityPolicy());
        QVERIFY(page.header("Content-Security-Policy").startsWith("default-src 'none'"));
        QCOMPARE(page.header("X-Content-Type-Options"), QByteArray("nosniff"));
        QVERIFY(page.body.contains("hello page"));

        const HttpResult missing = server.http().get(SandboxConnector::pagePath() + u"nothing");
        QCOMPARE(missing.status, 404);
        QVERIFY(missing.body.contains("No post is published at this address."));
        QCOMPARE(server.http().send("POST", SandboxConnector::pagePath() + post.id).status, 405);
    }

    void aPostSettledAfterACrashLinksToItsPage()
    {
        // The server died after the sandbox published a post and before the dispatcher
        // recorded it: the post is still claimed, its publication is on the sandbox's side.
        QTemporaryDir directory;
        Tenant tenant;
        Submission submission;
        SandboxPublication publication;
        {
            TestServer crashed(ServerConfig(), 0, directory.path());
            tenant = crashed.addTenant(QStringLiteral("Crash"));
            Database &database = crashed.database();
            submission.id = ids::generate(IdKind::PostSubmission);
            submission.projectId = tenant.projectId;
            submission.accountId = tenant.linkedinAccountId;
            submission.platform = Platform::LinkedIn;
            submission.text = QStringLiteral("published, then the server died");
            submission.status = SubmissionStatus::InProgress;
            submission.createdAtMs = submission.updatedAtMs = crashed.clock().nowMs();
            QVERIFY(CreditRepository(database, crashed.clock())
                        .reserve(tenant.projectId, submission.id));
            SubmissionRepository submissions(database, crashed.clock());
            submissions.insert(submission, submission.createdAtMs);
            QCOMPARE(
                submissions.claimDue(crashed.clock().nowMs(), 1, QStringLiteral("claim")).size(),
                1);
            publication.id = ids::unguessableToken();
            publication.token = submission.id;
            publication.accountId = tenant.linkedinAccountId;
            publication.accountName = QStringLiteral("Crash LinkedIn");
            publication.username = QStringLiteral("li-user");
            publication.platform = Platform::LinkedIn;
            publication.text = submission.text;
            publication.publishedAtMs = crashed.clock().nowMs();
            SandboxPublicationRepository(database).publish(publication);
        }

        TestServer restarted(ServerConfig(), 0, directory.path());
        QVERIFY(restarted.waitForStatus(tenant, submission.id, QStringLiteral("published")));
        const QString page = SandboxConnector::pagePath() + publication.id;
        QCOMPARE(restarted.submission(tenant, submission.id).value(u"publicUrl").toString(),
                 restarted.server().publicBaseUrl() + page);
        QVERIFY(restarted.server().publicBaseUrl().startsWith(u"http://127.0.0.1:"));
        QCOMPARE(restarted.http().get(page).status, 200);
    }
};

QTEST_GUILESS_MAIN(TestSandboxPage)
#include "tst_sandboxpage.moc"
