#include "server/access/callargumentredactor.h"
#include "server/api/jsonliteral.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace slotline;

class TestCallArgumentRedactor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void secretNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("secret");
        QTest::newRow("apiKey") << "apiKey" << true;
        QTest::newRow("x-api-key") << "x-api-key" << true;
        QTest::newRow("api_key") << "api_key" << true;
        QTest::newRow("accessToken") << "accessToken" << true;
        QTest::newRow("refresh_token") << "refresh_token" << true;
        QTest::newRow("clientSecret") << "clientSecret" << true;
        QTest::newRow("password") << "password" << true;
        QTest::newRow("signature") << "signature" << true;
        QTest::newRow("sig") << "sig" << true;
        QTest::newRow("Authorization") << "Authorization" << true;
        QTest::newRow("apiKeyId is an id") << "apiKeyId" << false;
        QTest::newRow("text") << "text" << false;
        QTest::newRow("keyword") << "keyword" << false;
        QTest::newRow("tokenCount") << "tokenCount" << false;
    }
    void secretNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, secret);
        QCOMPARE(CallArgumentRedactor::isSecretName(name), secret);
    }

    void redactsSecretsAtAnyDepthAndKeepsTheRest()
    {
        const QJsonObject redacted = CallArgumentRedactor::redact(jsonObject(
            "{"
            "\"query\": {\"limit\": \"5\", \"token\": \"abc\"},"
            "\"body\": {\"post\": {\"content\": {\"text\": \"hello\", \"accessToken\": \"t\"}},"
            "\"note\": \"my key is slk_abcdefghijklmnop\","
            "\"list\": [{\"password\": \"p\"}]}}"));
        const QJsonObject body = redacted.value(QStringLiteral("body")).toObject();
        QCOMPARE(redacted.value(QStringLiteral("query"))
                     .toObject()
                     .value(QStringLiteral("limit"))
                     .toString(),
                 QStringLiteral("5"));
        QCOMPARE(redacted.value(QStringLiteral("query"))
                     .toObject()
                     .value(QStringLiteral("token"))
                     .toString(),
                 QStringLiteral("[redacted]"));
        const QJsonObject content = body.value(QStringLiteral("post"))
                                        .toObject()
                                        .value(QStringLiteral("content"))
                                        .toObject();
        QCOMPARE(content.value(QStringLiteral("text")).toString(), QStringLiteral("hello"));
        QCOMPARE(content.value(QStringLiteral("accessToken")).toString(),
                 QStringLiteral("[redacted]"));
        QCOMPARE(body.value(QStringLiteral("list"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("password"))
                     .toString(),
                 QStringLiteral("[redacted]"));
        QVERIFY(!QJsonDocument(redacted).toJson().contains("slk_abcdefghijklmnop"));
    }

    void cutsLongValues()
    {
        QJsonArray many;
        for (int i = 0; i < 50; ++i)
            many.append(i);
        const QJsonObject redacted = CallArgumentRedactor::redact(QJsonObject {
            {QStringLiteral("text"), QString(1000, u'a')}, {QStringLiteral("many"), many}});
        const QString text = redacted.value(QStringLiteral("text")).toString();
        QVERIFY(text.startsWith(QString(CallArgumentRedactor::MaxStringLength, u'a')));
        QVERIFY(text.endsWith(QStringLiteral("[800 more characters]")));
        const QJsonArray cut = redacted.value(QStringLiteral("many")).toArray();
        QCOMPARE(cut.size(), CallArgumentRedactor::MaxArrayItems + 1);
        QCOMPARE(cut.last().toString(), QStringLiteral("… [30 more items]"));
    }

    // Arguments with nothing to hide or cut are logged as they are; each single reason to
    // change them, alone among plain values and wherever it is, is still found.
    void findsEachReasonAlone_data()
    {
        QTest::addColumn<QByteArray>("arguments");
        QTest::addColumn<QByteArray>("mustNotAppear");
        QTest::newRow("secret name, deep")
            << QByteArray("{\"body\": {\"post\": {\"content\": {\"text\": \"hi\", "
                          "\"apiKey\": \"zz-secret\"}}}}")
            << QByteArray("zz-secret");
        QTest::newRow("secret name in an array")
            << QByteArray("{\"body\": {\"list\": [1, {\"signature\": \"zz-secret\"}]}}")
            << QByteArray("zz-secret");
        QTest::newRow("key in a text")
            << QByteArray("{\"body\": {\"note\": \"see slk_abcdefghijkl\"}}")
            << QByteArray("slk_abcdefghijkl");
        QTest::newRow("long text")
            << "{\"body\": {\"text\": \"" + QByteArray(300, 'z') + "\"}}" << QByteArray(250, 'z');
        QTest::newRow("long array") << "{\"query\": {\"status\": ["
                                           + QByteArray("\"zz-item\",").repeated(25) + "\"last\"]}}"
                                    << QByteArray("last");
    }
    void findsEachReasonAlone()
    {
        QFETCH(QByteArray, arguments);
        QFETCH(QByteArray, mustNotAppear);
        const QJsonObject original = QJsonDocument::fromJson(arguments).object();
        QVERIFY(!original.isEmpty());
        const QByteArray logged
            = QJsonDocument(CallArgumentRedactor::redact(original)).toJson(QJsonDocument::Compact);
        QVERIFY2(!logged.contains(mustNotAppear), logged.constData());

        const QJsonObject plain
            = QJsonDocument::fromJson("{\"body\": {\"post\": {\"accountId\": \"acc_1\", "
                                      "\"content\": {\"text\": \"hello\", \"mediaUrls\": "
                                      "[\"https://a.example/x.png\"]}}}, \"query\": "
                                      "{\"limit\": \"5\"}}")
                  .object();
        QVERIFY(!plain.isEmpty());
        QCOMPARE(CallArgumentRedactor::redact(plain), plain);
    }

    void summarisesDeepNesting()
    {
        QJsonObject nested {{QStringLiteral("leaf"), 1}};
        for (int i = 0; i < 20; ++i)
            nested = QJsonObject {{QStringLiteral("n"), nested}};
        const QByteArray json
            = QJsonDocument(CallArgumentRedactor::redact(nested)).toJson(QJsonDocument::Compact);
        QVERIFY(json.contains("nested too deep"));
        QVERIFY(!json.contains("leaf"));
    }
};

QTEST_GUILESS_MAIN(TestCallArgumentRedactor)
#include "tst_callargumentredactor.moc"
