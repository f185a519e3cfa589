#include "core/draft.h"
#include "core/submission.h"

#include <QTest>

using namespace slotline;

class TestDraft : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aPublicationNamesItsPostWithTheDraftsText()
    {
        Draft draft;
        draft.id = QStringLiteral("drf_1");
        draft.text = QStringLiteral("Launch day");
        Draft::Publication onPage;
        onPage.postSubmissionId = QStringLiteral("ps_1");
        onPage.accountId = QStringLiteral("acc_fb");
        onPage.platform = Platform::Facebook;
        onPage.pageId = QStringLiteral("sub_page");
        onPage.status = SubmissionStatus::Failed;
        onPage.scheduledAtMs = 2'000;
        onPage.createdAtMs = 1'000;
        onPage.errorMessage = QStringLiteral("The page was removed.");

        const Submission post = draft.postOf(onPage);
        QCOMPARE(post.id, QStringLiteral("ps_1"));
        QCOMPARE(post.accountId, QStringLiteral("acc_fb"));
        QVERIFY(post.platform == Platform::Facebook);
        QCOMPARE(post.text, QStringLiteral("Launch day"));
        QVERIFY(post.target);
        QCOMPARE(post.target->pageId, QStringLiteral("sub_page"));
        QVERIFY(post.status == SubmissionStatus::Failed);
        QCOMPARE(post.scheduledAtMs, std::optional<qint64>(2'000));
        QCOMPARE(post.publishedAtMs, std::nullopt);
        QCOMPARE(post.errorMessage, QStringLiteral("The page was removed."));
        QCOMPARE(post.createdAtMs, qint64(1'000));
        QCOMPARE(post.updatedAtMs, qint64(1'000));
    }

    void aPublicationToTheAccountItselfHasNoTarget()
    {
        Draft draft;
        draft.text = QStringLiteral("Hello");
        Draft::Publication onAccount;
        onAccount.postSubmissionId = QStringLiteral("ps_2");
        onAccount.accountId = QStringLiteral("acc_li");
        onAccount.status = SubmissionStatus::Published;
        onAccount.publishedAtMs = 5'000;
        onAccount.publicUrl = QStringLiteral("https://www.linkedin.com/feed/update/urn:li:share:1");

        const Submission post = draft.postOf(onAccount);
        QVERIFY(!post.target);
        QVERIFY(post.status == SubmissionStatus::Published);
        QCOMPARE(post.publishedAtMs, std::optional<qint64>(5'000));
        QCOMPARE(post.publicUrl, onAccount.publicUrl);
    }
};

QTEST_GUILESS_MAIN(TestDraft)
#include "tst_draft.moc"
