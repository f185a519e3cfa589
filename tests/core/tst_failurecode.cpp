#include "core/failurecode.h"

#include <QSet>
#include <QTest>

using namespace slotline;

class TestFailureCode : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyCodeReadsBackAsItself()
    {
        const QStringList codes = failurecodes::all();
        QCOMPARE(QSet<QString>(codes.cbegin(), codes.cend()).size(), codes.size());
        for (const QString &spelling : codes) {
            const auto code = failurecodes::fromString(spelling);
            QVERIFY2(code, qPrintable(spelling));
            QCOMPARE(failurecodes::toString(*code), spelling);
        }
        QVERIFY(codes.contains(QStringLiteral("may_have_published")));
        QVERIFY(codes.contains(QStringLiteral("needs_reconnect")));
    }

    // A newer server's code is not one of these: the client shows the server's message.
    void anUnknownCodeIsNone()
    {
        QVERIFY(!failurecodes::fromString(u"a_later_code"));
        QVERIFY(!failurecodes::fromString(u""));
        QVERIFY(!failurecodes::fromString(u"Duplicate"));
    }
};

QTEST_GUILESS_MAIN(TestFailureCode)
#include "tst_failurecode.moc"
