#include "core/account.h"
#include "core/apikeyinfo.h"
#include "core/callrecord.h"
#include "core/creditbalance.h"
#include "core/draft.h"
#include "core/jsonreader.h"
#include "core/jsonwriter.h"
#include "core/schedule.h"
#include "core/subaccount.h"
#include "core/submission.h"
#include "core/userprofile.h"
#include "core/weeklyslot.h"

#include <QJsonArray>
#include <QTest>

using namespace slotline;

namespace {

constexpr qint64 Noon = 1'795'348'800'000; // 2026-11-22T12:00:00.000Z

// What the server writes, read back and written again, is the same JSON: no field is
// lost or changed on the way through the parser.
template<typename T>
void expectRoundTrip(const T &value)
{
    const QJsonObject written = JsonWriter::toObject(value);
    QString error;
    const std::optional<T> read = T::fromJson(written, &error);
    QVERIFY2(read, qPrintable(error));
    QCOMPARE(JsonWriter::toObject(*read), written);
}

Submission scheduledSubmission()
{
    Submission submission;
    submission.id = QStringLiteral("ps_1");
    submission.accountId = QStringLiteral("acc_1");
    submission.platform = Platform::Twitter;
    submission.text = QStringLiteral("Hello 👋");
    submission.mediaUrls = {QStringLiteral("https://cdn.example.com/a.png")};
    submission.target = PostTarget {QStringLiteral("twitter"), QString()};
    submission.status = SubmissionStatus::Scheduled;
    submission.scheduledAtMs = Noon + 3'600'000;
    submission.scheduleId = QStringLiteral("sch_1");
    submission.createdAtMs = Noon;
    submission.updatedAtMs = Noon + 1;
    return submission;
}

} // namespace

class TestJsonReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyApiShapeRoundTrips()
    {
        expectRoundTrip(UserProfile {QStringLiteral("usr_1"), QStringLiteral("a@example.com"),
                                     QStringLiteral("Ada"), QStringLiteral("prj_1"),
                                     QStringLiteral("Demo"), QStringLiteral("Europe/Berlin"),
                                     QStringLiteral("key_1")});
        Account account;
        account.id = QStringLiteral("acc_1");
        account.platform = Platform::Facebook;
        account.name = QStringLiteral("Shop");
        account.username = QStringLiteral("shop");
        account.status = AccountStatus::Disconnected;
        account.connectedAtMs = Noon;
        expectRoundTrip(account);
        account.profileImageUrl = QStringLiteral("https://example.com/p.png");
        expectRoundTrip(account);
        expectRoundTrip(Subaccount {QStringLiteral("sub_1"),
                                    QStringLiteral("acc_1"),
                                    QStringLiteral("Page"),
                                    QStringLiteral("page"),
                                    0,
                                    {}});
        expectRoundTrip(CreditBalance {97, 2, 1});
        ApiKeyInfo key;
        key.id = QStringLiteral("key_1");
        key.name = QStringLiteral("ci");
        key.prefix = QStringLiteral("slk_abcd");
        key.createdAtMs = Noon;
        expectRoundTrip(key);
        key.lastUsedAtMs = Noon + 5;
        key.revokedAtMs = Noon + 6;
        expectRoundTrip(key);
        CallRecord call;
        call.id = QStringLiteral("call_1");
        call.atMs = Noon;
        call.apiKeyId = QStringLiteral("key_1");
        call.method = QStringLiteral("POST");
        call.path = QStringLiteral("/tools/save_draft");
        call.tool = QStringLiteral("save_draft");
        call.arguments = QJsonObject {
            {QStringLiteral("body"), QJsonObject {{QStringLiteral("text"), QStringLiteral("x")}}}};
        call.status = 200;
        call.durationMs = 1.25;
        expectRoundTrip(call);

        Submission submission = scheduledSubmission();
        expectRoundTrip(submission);
        submission.status = SubmissionStatus::Published;
        submission.publishedAtMs = Noon + 3'600'500;
        submission.publicUrl = QStringLiteral("http://127.0.0.1/sandbox/posts/x");
        submission.target = PostTarget {QStringLiteral("facebook"), QStringLiteral("sub_1")};
        expectRoundTrip(submission);
        submission.status = SubmissionStatus::Failed;
        submission.scheduledAtMs.reset();
        submission.scheduleId.clear();
        submission.target.reset();
        submission.errorMessage = QStringLiteral("refused");
        expectRoundTrip(submission);
        submission.draftId = QStringLiteral("drf_1");
        expectRoundTrip(submission);
        QVERIFY(JsonWriter::toObject(submission).value(QStringLiteral("checkUrl")).isNull());
        // Failed, and X may have it all the same: where to look.
        submission.checkUrl = QStringLiteral("https://x.com/someone");
        expectRoundTrip(submission);
        QCOMPARE(JsonWriter::toObject(submission).value(QStringLiteral("checkUrl")).toString(),
                 QStringLiteral("https://x.com/someone"));

        expectRoundTrip(PublishedPost {QStringLiteral("pub_1"),
                                       QStringLiteral("ps_1"),
                                       QStringLiteral("acc_1"),
                                       Platform::LinkedIn,
                                       QStringLiteral("Hi"),
                                       {},
                                       QStringLiteral("http://x/p"),
                                       Noon});
        expectRoundTrip(Schedule {scheduledSubmission(), account});

        WeeklySlot slot;
        slot.id = QStringLiteral("slot_1");
        slot.day = Qt::Friday;
        slot.hour = 17;
        slot.minute = 30;
        slot.targets
            = {SlotTarget {Platform::Twitter, QString(), QString()},
               SlotTarget {Platform::Facebook, QStringLiteral("acc_1"), QStringLiteral("sub_1")}};
        expectRoundTrip(slot);

        Draft draft;
        draft.id = QStringLiteral("drf_1");
        draft.text = QStringLiteral("Soon");
        draft.platforms = {Platform::Twitter, Platform::LinkedIn};
        draft.revision = 4;
        draft.createdAtMs = Noon;
        draft.updatedAtMs = Noon + 10;
        expectRoundTrip(draft);
        draft.clientId = QStringLiteral("9b1d-laptop");
        Draft::Publication published;
        published.postSubmissionId = QStringLiteral("ps_1");
        published.accountId = QStringLiteral("acc_1");
        published.platform = Platform::Facebook;
        published.pageId = QStringLiteral("sub_1");
        published.status = SubmissionStatus::Published;
        published.publishedAtMs = Noon + 20;
        published.publicUrl = QStringLiteral("https://example.com/p/1");
        published.createdAtMs = Noon + 15;
        Draft::Publication failed;
        failed.postSubmissionId = QStringLiteral("ps_2");
        failed.accountId = QStringLiteral("acc_2");
        failed.platform = Platform::Twitter;
        failed.status = SubmissionStatus::Failed;
        failed.scheduledAtMs = Noon + 3'600'000;
        failed.createdAtMs = Noon + 16;
        failed.errorMessage = QStringLiteral("refused");
        draft.publications = {published, failed};
        expectRoundTrip(draft);
    }

    void xReadsAsTwitter()
    {
        const auto draft = Draft::fromJson(QJsonObject {
            {QStringLiteral("id"), QStringLiteral("drf_1")},
            {QStringLiteral("text"), QString()},
            {QStringLiteral("platforms"), QJsonArray {QStringLiteral("x")}},
            {QStringLiteral("mediaUrls"), QJsonArray {}},
            {QStringLiteral("revision"), 1},
            {QStringLiteral("createdAt"), QStringLiteral("2026-11-22T12:00:00.000Z")},
            {QStringLiteral("updatedAt"), QStringLiteral("2026-11-22T13:00:00+01:00")}});
        QVERIFY(draft);
        QCOMPARE(draft->platforms, QList<Platform> {Platform::Twitter});
        QCOMPARE(draft->updatedAtMs, Noon);
        // From a server that knew no client ids or publications yet.
        QVERIFY(draft->clientId.isEmpty());
        QVERIFY(draft->publications.isEmpty());
    }

    void aMalformedObjectSaysWhichFieldIsWrong_data()
    {
        QTest::addColumn<QJsonObject>("object");
        QTest::addColumn<QString>("error");
        const QJsonObject good = JsonWriter::toObject(CreditBalance {1, 2, 3});
        QJsonObject missing = good;
        missing.remove(QStringLiteral("creditsUsed"));
        QTest::newRow("missing") << missing << QStringLiteral("creditsUsed: missing");
        QJsonObject text = good;
        text.insert(QStringLiteral("creditsReserved"), QStringLiteral("two"));
        QTest::newRow("wrong type") << text << QStringLiteral("creditsReserved: not a number");
        QJsonObject null = good;
        null.insert(QStringLiteral("creditsRemaining"), QJsonValue::Null);
        QTest::newRow("null") << null << QStringLiteral("creditsRemaining: missing");
    }
    void aMalformedObjectSaysWhichFieldIsWrong()
    {
        QFETCH(QJsonObject, object);
        QFETCH(QString, error);
        QString said;
        QVERIFY(!CreditBalance::fromJson(object, &said));
        QCOMPARE(said, error);
    }

    void unknownValuesAreRefusedWithTheirPath()
    {
        QJsonObject slot = JsonWriter::toObject(WeeklySlot {});
        slot.insert(
            QStringLiteral("selectedTargets"),
            QJsonArray {QJsonObject {{QStringLiteral("platform"), QStringLiteral("myspace")}}});
        QString error;
        QVERIFY(!WeeklySlot::fromJson(slot, &error));
        QVERIFY2(error.contains(u"selectedTargets.platform: unknown platform \"myspace\""),
                 qPrintable(error));

        QJsonObject submission = JsonWriter::toObject(scheduledSubmission());
        submission.insert(QStringLiteral("status"), QStringLiteral("exploded"));
        QVERIFY(!Submission::fromJson(submission, &error));
        QVERIFY2(error.startsWith(u"status:"), qPrintable(error));
        submission = JsonWriter::toObject(scheduledSubmission());
        submission.insert(QStringLiteral("scheduledTime"), QStringLiteral("tomorrow"));
        QVERIFY(!Submission::fromJson(submission, &error));
        QCOMPARE(error, QStringLiteral("scheduledTime: not an ISO 8601 time"));
    }

    void aZeroWidthNoBreakSpaceThatBeginsAStringIsKept()
    {
        const QString mark(QChar(0xFEFF));
        // QJsonDocument::fromJson alone turns the first of these into "".
        for (const QString &text :
             QStringList {mark, mark + QStringLiteral("x"), QStringLiteral("x") + mark}) {
            const QByteArray json
                = "{\"a\":\"" + text.toUtf8() + "\",\"b\":\"" + text.toUtf8() + "\"}";
            QJsonParseError error {};
            const QJsonObject object = JsonReader::parse(json, &error).object();
            QCOMPARE(error.error, QJsonParseError::NoError);
            QCOMPARE(object.value(QStringLiteral("a")).toString(), text);
            QCOMPARE(object.value(QStringLiteral("b")).toString(), text);
            QCOMPARE(JsonWriter::parseObject(json), object);
        }
        // One before the document is a byte order mark, as before.
        QJsonParseError before {};
        const QJsonDocument plain = QJsonDocument::fromJson("\xEF\xBB\xBF{\"a\":1}", &before);
        QJsonParseError after {};
        const QJsonDocument kept = JsonReader::parse("\xEF\xBB\xBF{\"a\":1}", &after);
        QCOMPARE(after.error, before.error);
        QCOMPARE(kept, plain);
    }
};

QTEST_GUILESS_MAIN(TestJsonReader)
#include "tst_jsonreader.moc"
