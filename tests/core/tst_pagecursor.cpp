#include "core/pagecursor.h"

#include <QTest>

using namespace slotline;

class TestPageCursor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrips()
    {
        const QJsonArray position {1'772'442'000'000LL, QStringLiteral("acc_x")};
        const QString cursor = pagecursor::encode(u"accounts", position);
        QVERIFY(!cursor.contains(u'='));
        QVERIFY(!cursor.contains(u'+') && !cursor.contains(u'/')); // safe in a query string
        QCOMPARE(pagecursor::decode(u"accounts", cursor), position);
    }

    void refusesCursorsOfAnotherList()
    {
        const QString cursor = pagecursor::encode(u"accounts", QJsonArray {1, QStringLiteral("a")});
        QVERIFY(!pagecursor::decode(u"calls", cursor));
    }

    void refusesGarbage_data()
    {
        QTest::addColumn<QString>("cursor");
        QTest::newRow("empty") << "";
        QTest::newRow("not base64") << "!!!";
        QTest::newRow("base64 of text") << QString::fromLatin1(QByteArray("hello").toBase64());
        QTest::newRow("base64 of a JSON array")
            << QString::fromLatin1(QByteArray("[1,2]").toBase64());
        QTest::newRow("position not an array") << QString::fromLatin1(
            QByteArray("{\"l\":\"accounts\",\"p\":3}")
                .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
        QTest::newRow("very long") << QString(5000, u'A');
    }
    void refusesGarbage()
    {
        QFETCH(QString, cursor);
        QVERIFY(!pagecursor::decode(u"accounts", cursor));
    }
};

QTEST_GUILESS_MAIN(TestPageCursor)
#include "tst_pagecursor.moc"
