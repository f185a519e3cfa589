#include "core/platform.h"

#include <QTest>

using namespace slotline;

class TestPlatform : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("canonical");
        QTest::newRow("linkedin") << "linkedin" << true << "linkedin";
        QTest::newRow("facebook") << "facebook" << true << "facebook";
        QTest::newRow("twitter") << "twitter" << true << "twitter";
        QTest::newRow("x is twitter") << "x" << true << "twitter";
        QTest::newRow("upper case is not a spelling") << "X" << false << "";
        QTest::newRow("padded") << " twitter" << false << "";
        QTest::newRow("empty") << "" << false << "";
        QTest::newRow("other network") << "myspace" << false << "";
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(QString, canonical);
        const auto platform = platforms::fromString(text);
        QCOMPARE(platform.has_value(), valid);
        if (valid)
            QCOMPARE(platforms::toString(*platform), canonical);
    }

    void everyPlatformRoundTrips()
    {
        for (const Platform platform : platforms::all()) {
            QCOMPARE(platforms::fromString(platforms::toString(platform)), platform);
            QVERIFY(!platforms::displayName(platform).isEmpty());
        }
        QCOMPARE(platforms::acceptedSpellings().size(), platforms::all().size() + 1);
    }
};

QTEST_GUILESS_MAIN(TestPlatform)
#include "tst_platform.moc"
