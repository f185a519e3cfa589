#include "app/translations.h"

#include <QCoreApplication>
#include <QTest>

using namespace Qt::Literals::StringLiterals;

// The app's strings that count things read as English does, one and many.
class TestTranslations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void countedStringsHaveTheirEnglishPlurals_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("expected");
        QTest::newRow("one") << 1 << u"Offline · 1 change waiting"_s;
        QTest::newRow("two") << 2 << u"Offline · 2 changes waiting"_s;
        QTest::newRow("none") << 0 << u"Offline · 0 changes waiting"_s;
    }

    void countedStringsHaveTheirEnglishPlurals()
    {
        QFETCH(int, count);
        QFETCH(QString, expected);
        const slotline::app::Translations translations;
        QVERIFY(translations.hasEnglish());
        QCOMPARE(QCoreApplication::translate("slotline::gui::ConnectionStatusWidget",
                                             "Offline · %n change(s) waiting", nullptr, count),
                 expected);
    }

    void withoutThemTheSourceTextShows()
    {
        {
            const slotline::app::Translations translations;
        }
        QCOMPARE(QCoreApplication::translate("slotline::gui::ConnectionStatusWidget",
                                             "Offline · %n change(s) waiting", nullptr, 1),
                 u"Offline · 1 change(s) waiting"_s);
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
