#include "core/platformrules.h"

#include <QTest>

using namespace slotline;

class TestPlatformRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void twitterWeightedLength_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("weight");
        QTest::newRow("ASCII") << QStringLiteral("Hello, world") << 12;
        QTest::newRow("empty") << QString() << 0;
        QTest::newRow("Latin accents") << QStringLiteral("café") << 4;
        QTest::newRow("combining accent is NFC-composed first")
            << QStringLiteral("cafe\u0301") << 4;
        QTest::newRow("Cyrillic") << QStringLiteral("привет") << 6;
        QTest::newRow("Hebrew and Arabic") << QStringLiteral("שלום مرحبا") << 10;
        QTest::newRow("CJK weighs 2") << QStringLiteral("日本語") << 6;
        QTest::newRow("Hangul weighs 2") << QStringLiteral("한국") << 4;
        QTest::newRow("emoji weighs 2") << QStringLiteral("👍") << 2;
        QTest::newRow("emoji with skin tone: two code points") << QStringLiteral("👍🏽") << 4;
        QTest::newRow("ZWJ family: 3 emoji + 2 joiners")
            << QStringLiteral("👩‍👩‍👧") << 8;
        QTest::newRow("flag: two regional indicators") << QStringLiteral("🇩🇪") << 4;
        QTest::newRow("en dash and curly quotes are light") << QStringLiteral("–“”") << 3;
        QTest::newRow("bullet is heavy") << QStringLiteral("•") << 2;
        QTest::newRow("prime is light") << QStringLiteral("′") << 1;
        QTest::newRow("https URL counts 23")
            << QStringLiteral("https://example.com/a/very/long/path?with=query") << 23;
        QTest::newRow("short URL counts 23 too") << QStringLiteral("http://a.co") << 23;
        QTest::newRow("URL in a sentence")
            << QStringLiteral("Read https://example.com/x now") << 5 + 23 + 4;
        QTest::newRow("trailing period is not URL")
            << QStringLiteral("See https://example.com.") << 4 + 23 + 1;
        QTest::newRow("URL in parentheses")
            << QStringLiteral("(https://example.com)") << 1 + 23 + 1;
        QTest::newRow("bare domain") << QStringLiteral("visit example.com today") << 6 + 23 + 6;
        QTest::newRow("bare domain with path") << QStringLiteral("example.org/pricing") << 23;
        QTest::newRow("www") << QStringLiteral("www.example.de") << 23;
        QTest::newRow("two URLs") << QStringLiteral("a.com b.io") << 23 + 1 + 23;
        QTest::newRow("e-mail is not a URL") << QStringLiteral("me@example.com") << 14;
        QTest::newRow("unknown TLD is not a URL") << QStringLiteral("file.cpp") << 8;
        QTest::newRow("abbreviation is not a URL") << QStringLiteral("e.g. this") << 9;
        QTest::newRow("URL with emoji after") << QStringLiteral("https://x.com 🎉") << 23 + 1 + 2;
    }
    void twitterWeightedLength()
    {
        QFETCH(QString, text);
        QFETCH(int, weight);
        QCOMPARE(PlatformRules::twitterWeightedLength(text), weight);
        QCOMPARE(PlatformRules::textLength(Platform::Twitter, text), weight);
    }

    void limits()
    {
        QCOMPARE(PlatformRules::maxTextLength(Platform::Twitter), 280);
        QCOMPARE(PlatformRules::maxTextLength(Platform::LinkedIn), 3000);
        QCOMPARE(PlatformRules::maxTextLength(Platform::Facebook), 63206);
        QCOMPARE(PlatformRules::maxMediaCount(Platform::Twitter), 4);
        QCOMPARE(PlatformRules::maxMediaCount(Platform::Facebook), 10);
        QCOMPARE(PlatformRules::maxMediaCount(Platform::LinkedIn), 20);
    }

    void otherPlatformsCountCodePoints_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("length");
        QTest::newRow("ASCII") << QStringLiteral("hello") << 5;
        QTest::newRow("emoji is one code point") << QStringLiteral("👍") << 1;
        QTest::newRow("ZWJ family is five") << QStringLiteral("👩‍👩‍👧") << 5;
        QTest::newRow("CJK") << QStringLiteral("日本語") << 3;
        QTest::newRow("URL is its length") << QStringLiteral("https://example.com") << 19;
        QTest::newRow("NFC first") << QStringLiteral("e\u0301") << 1;
    }
    void otherPlatformsCountCodePoints()
    {
        QFETCH(QString, text);
        QFETCH(int, length);
        QCOMPARE(PlatformRules::textLength(Platform::LinkedIn, text), length);
        QCOMPARE(PlatformRules::textLength(Platform::Facebook, text), length);
    }

    void boundaryAtTheLimit()
    {
        QCOMPARE(PlatformRules::twitterWeightedLength(QString(280, u'a')), 280);
        QCOMPARE(PlatformRules::twitterWeightedLength(QString(140, QChar(0x65e5))), 280);
        QCOMPARE(PlatformRules::twitterWeightedLength(QString(139, QChar(0x65e5))
                                                      + QStringLiteral("ab")),
                 280);
    }
};

QTEST_GUILESS_MAIN(TestPlatformRules)
#include "tst_platformrules.moc"
