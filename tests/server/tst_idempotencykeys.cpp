#include "server/http/idempotencykeys.h"

#include <QJsonDocument>
#include <QTest>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

namespace {

constexpr qint64 Now = 1'800'000'000'000;

QByteArray header(const HttpResponse &response, QByteArrayView name)
{
    for (const auto &[key, value] : response.headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

QString errorCode(const HttpResponse &response)
{
    return QJsonDocument::fromJson(response.body)
        .object()
        .value(u"error"_s)
        .toObject()
        .value(u"code"_s)
        .toString();
}

IdempotencyRepository::Record answered(const QString &hash, int status, qint64 createdAtMs)
{
    return {hash, status, QByteArrayLiteral("{\"id\":\"ps_1\"}"), createdAtMs};
}

} // namespace

class TestIdempotencyKeys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keysAreOneTo255VisibleAsciiCharacters()
    {
        QCOMPARE(idempotencykeys::keyError("a"), std::nullopt);
        QCOMPARE(idempotencykeys::keyError("order-42_!~"), std::nullopt);
        QCOMPARE(idempotencykeys::keyError(QByteArray(255, 'k')), std::nullopt);
        for (const QByteArray &bad :
             {QByteArray(), QByteArray(256, 'k'), QByteArray("two words"), QByteArray("tab\there"),
              QByteArray("caf\xc3\xa9"), QByteArray("nul\0byte", 8), QByteArray("del\x7f")}) {
            const auto error = idempotencykeys::keyError(bad);
            QVERIFY2(error, bad.constData());
            QCOMPARE(error->status(), 400);
            QCOMPARE(error->code(), u"invalid_idempotency_key"_s);
        }
    }

    void theSameRequestHashesAlikeWhateverItsKeyOrder()
    {
        const QJsonObject one {{u"text"_s, u"Hello"_s}, {u"accountId"_s, u"acc_1"_s}};
        QJsonObject other;
        other.insert(u"accountId"_s, u"acc_1"_s);
        other.insert(u"text"_s, u"Hello"_s);
        const QString hash = idempotencykeys::requestHash("POST", u"/api/v2/posts", one);
        QCOMPARE(idempotencykeys::requestHash("POST", u"/api/v2/posts", other), hash);
        QCOMPARE(hash.size(), 64); // SHA-256, hex
        // Another method, path or value is another request.
        QVERIFY(idempotencykeys::requestHash("PATCH", u"/api/v2/posts", one) != hash);
        QVERIFY(idempotencykeys::requestHash("POST", u"/api/v2/drafts", one) != hash);
        other.insert(u"text"_s, u"Hello!"_s);
        QVERIFY(idempotencykeys::requestHash("POST", u"/api/v2/posts", other) != hash);
    }

    void anAnswerWithinTheWindowIsReplayed()
    {
        const auto replay
            = idempotencykeys::answerFromEarlier(answered(u"h"_s, 201, Now - 1000), u"h"_s, Now);
        QVERIFY(replay);
        QCOMPARE(replay->status, 201);
        QCOMPARE(replay->body, QByteArrayLiteral("{\"id\":\"ps_1\"}"));
        QCOMPARE(header(*replay, "Idempotent-Replayed"), QByteArrayLiteral("true"));
        QCOMPARE(header(*replay, "Content-Type"), QByteArrayLiteral("application/json"));
        // A 204 has no body, so no type.
        const auto empty
            = idempotencykeys::answerFromEarlier(answered(u"h"_s, 204, Now), u"h"_s, Now);
        QVERIFY(empty);
        QCOMPARE(empty->status, 204);
        QVERIFY(header(*empty, "Content-Type").isEmpty());
    }

    void aKeyOlderThanTheWindowIsFreeAgain()
    {
        using idempotencykeys::WindowMs;
        QCOMPARE(idempotencykeys::answerFromEarlier(std::nullopt, u"h"_s, Now), std::nullopt);
        QCOMPARE(idempotencykeys::answerFromEarlier(answered(u"h"_s, 201, Now - WindowMs),
                                                    u"other"_s, Now),
                 std::nullopt);
        QVERIFY(idempotencykeys::answerFromEarlier(answered(u"h"_s, 201, Now - WindowMs + 1),
                                                   u"h"_s, Now));
    }

    void aKeyUsedForAnotherRequestIsRefused()
    {
        const auto refusal = idempotencykeys::answerFromEarlier(
            answered(u"first"_s, 201, Now - 1000), u"second"_s, Now);
        QVERIFY(refusal);
        QCOMPARE(refusal->status, 409);
        QCOMPARE(errorCode(*refusal), u"idempotency_key_reused"_s);
        QVERIFY(header(*refusal, "Idempotent-Replayed").isEmpty());
    }

    void aRequestStillBeingAnsweredHoldsItsKeyForAWhile()
    {
        using idempotencykeys::InProgressStatus;
        using idempotencykeys::InProgressWindowMs;
        const auto busy = idempotencykeys::answerFromEarlier(
            answered(u"h"_s, InProgressStatus, Now - 1000), u"h"_s, Now);
        QVERIFY(busy);
        QCOMPARE(busy->status, 409);
        QCOMPARE(errorCode(*busy), u"idempotency_in_progress"_s);
        // Another request under that key is refused as reused, not as in progress.
        QCOMPARE(errorCode(*idempotencykeys::answerFromEarlier(
                     answered(u"h"_s, InProgressStatus, Now - 1000), u"other"_s, Now)),
                 u"idempotency_key_reused"_s);
        // A mark its server left behind (it crashed) no longer holds the key.
        QCOMPARE(idempotencykeys::answerFromEarlier(
                     answered(u"h"_s, InProgressStatus, Now - InProgressWindowMs), u"h"_s, Now),
                 std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestIdempotencyKeys)
#include "tst_idempotencykeys.moc"
