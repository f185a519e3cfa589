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
        QTest::newRow("emoji with skin tone is one emoji") << QStringLiteral("👍🏽") << 2;
        QTest::newRow("ZWJ family is one emoji") << QStringLiteral("👩‍👩‍👧") << 2;
        QTest::newRow("flag is one emoji") << QStringLiteral("🇩🇪") << 2;
        QTest::newRow("two regional indicators that are no flag") << QStringLiteral("🇦🇦") << 4;
        QTest::newRow("keycap with selector") << QStringLiteral(u"#\uFE0F\u20E3") << 2;
        QTest::newRow("digit with selector but no keycap") << QStringLiteral(u"1\uFE0F") << 3;
        QTest::newRow("copyright sign is text") << QStringLiteral(u"\u00A9") << 1;
        QTest::newRow("copyright sign with emoji selector") << QStringLiteral(u"\u00A9\uFE0F") << 2;
        QTest::newRow("text selector keeps a symbol text") << QStringLiteral(u"\u2764\uFE0E") << 4;
        QTest::newRow("heart with emoji selector") << QStringLiteral(u"\u2764\uFE0F") << 2;
        QTest::newRow("unlisted ZWJ pair is two emoji and a joiner")
            << QStringLiteral(u"🐱\u200D👤") << 5;
        QTest::newRow("England flag tag sequence")
            << QStringLiteral(u"🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F")
            << 2;
        QTest::newRow("only blanks count nothing") << QStringLiteral(" \n\t ") << 0;
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
        QTest::newRow("subdomains and a second-level domain")
            << QStringLiteral("see www.bbc.co.uk/news") << 4 + 23;
        QTest::newRow("path keeps balanced parentheses")
            << QStringLiteral("https://en.wikipedia.org/wiki/Primer_(film)") << 23;
        QTest::newRow("query without its trailing question mark")
            << QStringLiteral("example.com/?q=1?") << 23 + 1;
        QTest::newRow("port") << QStringLiteral("http://example.com:8080/x") << 23;
        QTest::newRow("bare domain after a slash is no URL")
            << QStringLiteral("a/example.com") << 13;
        QTest::newRow("hashtag is no URL") << QStringLiteral("#example.com") << 12;
        QTest::newRow("domain label longer than 63 is no URL")
            << QString(64, u'a') + QStringLiteral(".com") << 68;
        QTest::newRow("unicode host needs the protocol") << QStringLiteral("例え.jp") << 7;
        QTest::newRow("unicode host with protocol") << QStringLiteral("http://例え.jp") << 23;
        // Without a protocol only the ASCII domain links, at the start and after a space
        // alike: Í (1) + link (23), twice, with the space between.
        QTest::newRow("ASCII domain inside an accented word")
            << QStringLiteral("Íxac.it/path Íxac.it/path") << 24 + 1 + 24;
        QTest::newRow("t.co slug") << QStringLiteral("https://t.co/abc123") << 23;
        QTest::newRow("t.co slug too long")
            << QStringLiteral("https://t.co/") + QString(41, u'a') << 13 + 41;
    }
    void twitterWeightedLength()
    {
        QFETCH(QString, text);
        QFETCH(int, weight);
        QCOMPARE(PlatformRules::twitterWeightedLength(text), weight);
        QCOMPARE(PlatformRules::textLength(Platform::Twitter, text), weight);
    }

    // The v3 weighted counting cases of twitter-text's conformance suite
    // (conformance/validate.yml, WeightedTweetsWithDiscountedEmojiCounterTest and
    // UnicodeDirectionalMarkerCounterTest; twitter-text is Apache-2.0), texts and expected
    // values as published there, long texts written as repetitions.
    void twitterTextConformance_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("weightedLength");
        QTest::addColumn<bool>("valid");
        QTest::newRow("Regular Tweet with url")
            << QStringLiteral(u"Hi http://test.co") << 26 << true;
        QTest::newRow("Just url") << QStringLiteral(u"http://test.co") << 23 << true;
        QTest::newRow("Long tweet, overflow at char index 280")
            << QStringLiteral(u"285 chars") + QStringLiteral(u"-xxxxxxxxxx").repeated(25)
                   + QStringLiteral(u"-")
            << 285 << false;
        QTest::newRow("Long tweet with url in the middle, overflow at char index 284")
            << QStringLiteral(u"285 chars- http://www.twitter.com/jack ")
                   + QStringLiteral(u"xxxxxxxxxx-").repeated(24)
            << 299 << false;
        QTest::newRow("Long tweet with url at the end, overflow at char index 265")
            << QStringLiteral(u"xxxxxxxxxx-").repeated(24)
                   + QStringLiteral(u" http://www.twitter.com/jack ")
            << 289 << false;
        QTest::newRow("10 url string, no overflow")
            << QStringLiteral(u"https://www.twitter.com/aloha ").repeated(10) << 240 << true;
        QTest::newRow("160 CJK char, overflow at char index 140") << QStringLiteral(
            u"故人西辞黄鹤楼，烟花三月下扬州。孤帆远影碧空尽，唯见长江天际流。朱雀桥边野草花，乌衣"
            u"巷口夕阳斜。旧时王谢堂前燕，飞入寻常百姓家。朝辞白帝彩云间，千里江陵一日还。两岸猿声"
            u"啼不住，轻舟已过万重山。泪湿罗巾梦不成，夜深前殿按歌声。红颜未老恩先断，斜倚薰笼坐到"
            u"明。独在异乡为异客，每逢佳节倍思亲。遥知兄弟登高处，遍插茱萸少一人。")
                                                                  << 320 << false;
        QTest::newRow("160 emoji char, overflow at char index 140")
            << QStringLiteral(u"😷").repeated(160) << 320 << false;
        QTest::newRow("3 latin char + 160 CJK char, overflow at char index 141") << QStringLiteral(
            u"the故人西辞黄鹤楼，烟花三月下扬州。孤帆远影碧空尽，唯见长江天际流。朱雀桥边野草花，乌"
            u"衣巷口夕阳斜。旧时王谢堂前燕，飞入寻常百姓家。朝辞白帝彩云间，千里江陵一日还。两岸猿"
            u"声啼不住，轻舟已过万重山。泪湿罗巾梦不成，夜深前殿按歌声。红颜未老恩先断，斜倚薰笼坐"
            u"到明。独在异乡为异客，每逢佳节倍思亲。遥知兄弟登高处，遍插茱萸少一人。")
                                                                                 << 323 << false;
        QTest::newRow("282 chars with a normalized character within valid range but outside 280")
            << QStringLiteral(u"282 chars") + QStringLiteral(u"-xxxxxxxxxx").repeated(24)
                   + QStringLiteral(u"-xxxxxA\u0301x")
            << 281 << false;
        QTest::newRow("Count a mix of single byte single word, and double word unicode characters")
            << QStringLiteral(u"H🐱☺👨\u200D👩\u200D👧\u200D👦") << 7 << true;
        QTest::newRow("Count unicode emoji chars inside the basic multilingual plane")
            << QStringLiteral(u"😷👾😡🔥💩") << 10 << true;
        QTest::newRow("Count unicode emoji chars outside the basic multilingual plane with skin "
                      "tone modifiers")
            << QStringLiteral(u"🙋🏽👨\u200D🎤") << 4 << true;
        QTest::newRow(
            "Handle General Punctuation Characters with visible spaces(u2000-200A), no ZWJ/ZWNJ")
            << QStringLiteral(u"This is a tweet with general punctuation characters: "
                              u"\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A"
                              u"\u200B ‐ ‑ ‒ – — ― ‖  ‗ ‘ ’ ‚ ‛ “ ” „ ‟ ′ ″ ‴ ‵ ‶ ‷")
            << 110 << true;
        QTest::newRow("Handle long url with invalid domain labels and short url")
            << QStringLiteral(u"Long url with invalid domain labels and a short url: https://")
                   + QStringLiteral(u"somesuperlongurl").repeated(249)
                   + QStringLiteral(u".com/foo https://")
                   + QStringLiteral(u"somesuperlongurl").repeated(249)
                   + QStringLiteral(u".com/foo https://")
                   + QStringLiteral(u"somesuperlongurl").repeated(249)
                   + QStringLiteral(u".com/foo https://validurl.com")
            << 12079 << false;
        QTest::newRow("Handle a 64 character domain without protocol")
            << QStringLiteral(u"randomurl").repeated(7) + QStringLiteral(u"s.com") << 68 << true;
        QTest::newRow("Do not allow > 140 CJK characters by virtue of CJK chars greater than 63 "
                      "punycode encoded chars in the host")
            << QStringLiteral(u"あいうえおかきくけこ").repeated(12) + QStringLiteral(u" http://")
                   + QStringLiteral(u"あいうえおかきくけこ").repeated(5)
                   + QStringLiteral(u"あいう.com")
            << 358 << false;
        QTest::newRow("Allow > 140 CJK characters by virtue of CJK chars less than 63 punycode "
                      "encoded chars in the host")
            << QStringLiteral(u"あいうえおかきくけこ").repeated(12) + QStringLiteral(u" http://")
                   + QStringLiteral(u"あいうえおかきくけこ").repeated(5)
                   + QStringLiteral(u"あい.com")
            << 264 << true;
        QTest::newRow("140 family emoji")
            << QStringLiteral(u"👨\u200D👩\u200D👧\u200D👦").repeated(140) << 280 << true;
        QTest::newRow("Emoji with a leading character in the latin range is counted as 2")
            << QStringLiteral(u"1\u20E3") << 2 << true;
        QTest::newRow("Unicode 10.0 emoji")
            << QStringLiteral(u"Unicode 10.0 emoji: 🤪; 🧕; 🧕🏾; "
                              u"🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F")
            << 34 << true;
        QTest::newRow("Unicode 9.0 emoji")
            << QStringLiteral(u"Unicode 9.0 emoji: 🤠; 💃; 💃🏾") << 29 << true;
        QTest::newRow("Handle invalid characters")
            << QStringLiteral(u"ABC\u202A\uFFFFABC\uFFFE") << 12 << false;
        QTest::newRow("Tweet text containing directional characters should be considered valid")
            << QStringLiteral(u"\u2066\u202Ahttp://foobar.پاکستان/\u202C\u2069") << 31 << true;
    }
    void twitterTextConformance()
    {
        QFETCH(QString, text);
        QFETCH(int, weightedLength);
        QFETCH(bool, valid);
        const int weight = PlatformRules::twitterWeightedLength(text);
        QCOMPARE(weight, weightedLength);
        // X also refuses noncharacters and byte order marks, whatever the length.
        const bool refusedCharacter = text.contains(QChar(0xfffe)) || text.contains(QChar(0xfeff))
                                      || text.contains(QChar(0xffff));
        QCOMPARE(weight <= PlatformRules::maxTextLength(Platform::Twitter) && !refusedCharacter,
                 valid);
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
