#include "core/apikeysecret.h"

#include <QSet>
#include <QTest>

using namespace slotline;

class TestApiKeySecret : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void generatedKeysAreUniqueAndStoredOnlyAsHashAndPrefix()
    {
        QSet<QString> keys;
        for (int i = 0; i < 1000; ++i) {
            const ApiKeySecret secret = ApiKeySecret::generate();
            QVERIFY(secret.plaintext.startsWith(u"slk_"));
            QCOMPARE(secret.plaintext.size(), 44);
            QCOMPARE(secret.prefix, secret.plaintext.first(12));
            QCOMPARE(secret.hash, ApiKeySecret::hashOf(secret.plaintext));
            QCOMPARE(secret.hash.size(), 32);
            QVERIFY(!secret.hash.contains(secret.plaintext.toLatin1()));
            keys.insert(secret.plaintext);
        }
        QCOMPARE(keys.size(), 1000);
    }

    void prefixOfRefusesWhatCannotBeAKey_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("prefix");
        QTest::newRow("key") << "slk_abcdefgh1234"
                             << "slk_abcdefgh";
        QTest::newRow("wrong scheme") << "sk_live_abcdefgh"
                                      << "";
        QTest::newRow("too short") << "slk_abc"
                                   << "";
        QTest::newRow("absurdly long")
            << QString(QStringLiteral("slk_") + QString(300, u'a')) << "";
    }
    void prefixOfRefusesWhatCannotBeAKey()
    {
        QFETCH(QString, value);
        QFETCH(QString, prefix);
        QCOMPARE(ApiKeySecret::prefixOf(value), prefix);
    }

    void constantTimeEquals()
    {
        const QByteArray a = ApiKeySecret::hashOf(u"slk_one");
        QVERIFY(ApiKeySecret::constantTimeEquals(a, ApiKeySecret::hashOf(u"slk_one")));
        QVERIFY(!ApiKeySecret::constantTimeEquals(a, ApiKeySecret::hashOf(u"slk_two")));
        QVERIFY(!ApiKeySecret::constantTimeEquals(a, a.first(31)));
        QByteArray flipped = a;
        flipped[31] = char(flipped[31] ^ 1);
        QVERIFY(!ApiKeySecret::constantTimeEquals(a, flipped));
    }
};

QTEST_GUILESS_MAIN(TestApiKeySecret)
#include "tst_apikeysecret.moc"
