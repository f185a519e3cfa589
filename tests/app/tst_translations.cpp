#include "app/translations.h"
#include "gui/accounts/accounttreemodel.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QScopeGuard>
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
                                             "Offline · %Ln change(s) waiting", nullptr, count),
                 expected);
    }

    void germanCountsWithItsOwnPlurals_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("expected");
        QTest::newRow("one") << 1 << u"Offline · 1 Änderung wartet"_s;
        QTest::newRow("two") << 2 << u"Offline · 2 Änderungen warten"_s;
    }

    void germanCountsWithItsOwnPlurals()
    {
        QFETCH(int, count);
        QFETCH(QString, expected);
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const auto restore = qScopeGuard([&before] { QLocale::setDefault(before); });
        const slotline::app::Translations translations;
        QCOMPARE(QCoreApplication::translate("slotline::gui::ConnectionStatusWidget",
                                             "Offline · %Ln change(s) waiting", nullptr, count),
                 expected);
    }

    void germanReachesTheWordsTheCodeLooksUp()
    {
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const auto restore = qScopeGuard([&before] { QLocale::setDefault(before); });
        const slotline::app::Translations translations;
        // A page's type comes from the server as an API word.
        QCOMPARE(slotline::gui::AccountTreeModel::pageTypeText(u"organization"_s),
                 u"Organisation"_s);
        QCOMPARE(slotline::gui::AccountTreeModel::pageTypeText(u"community"_s), u"community"_s);
    }

    void germanBringsQtsOwnStrings()
    {
        const QString qtGerman
            = QLibraryInfo::path(QLibraryInfo::TranslationsPath) + u"/qtbase_de.qm"_s;
        // scripts/install-deps.sh installs it, and the .deb recommends it.
        QVERIFY2(QFileInfo::exists(qtGerman),
                 "Qt's German translation is not installed (qt6-translations-l10n)");
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const auto restore = qScopeGuard([&before] { QLocale::setDefault(before); });
        {
            const slotline::app::Translations translations;
            QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), u"Abbrechen"_s);
        }
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), u"Cancel"_s);
    }

    void withoutThemTheSourceTextShows()
    {
        {
            const slotline::app::Translations translations;
        }
        QCOMPARE(QCoreApplication::translate("slotline::gui::ConnectionStatusWidget",
                                             "Offline · %Ln change(s) waiting", nullptr, 1),
                 u"Offline · 1 change(s) waiting"_s);
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
