// The app as a German-speaking user meets it: the first start, the main window, the week
// calendar and the composer in German, with German dates and numbers, and the command
// line's help in German.
#include "app/desktopapp.h"
#include "app/translations.h"
#include "desktopapptesting.h"
#include "gui/calendar/calendarpanel.h"
#include "gui/composer/composerwidget.h"
#include "gui/mainwindow.h"
#include "gui/settings/firstrundialog.h"
#include "gui/status/connectionstatuswidget.h"

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

class TestGermanApp : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_profile;
    std::unique_ptr<app::Translations> m_translations;

    static gui::FirstRunDialog *firstRunDialog() { return test::visibleFirstRunDialog(); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_profile.isValid());
        test::useAppProfile(m_profile.path(), SLOTLINE_SERVER_BINARY);
        // As main.cpp does it, for a user whose language is German.
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        m_translations = std::make_unique<app::Translations>();
    }

    void cleanupTestCase() { m_translations.reset(); }

    void theWindowSpeaksGerman()
    {
        app::DesktopApp::Options options;
        options.dataDirectory = m_profile.filePath(u"data"_s);
        options.credentialsInFileOnly = true;
        app::DesktopApp desktop(options);
        QSignalSpy finished(&desktop, &app::DesktopApp::finished);
        desktop.start();
        QTRY_VERIFY(firstRunDialog());
        gui::FirstRunDialog *dialog = firstRunDialog();
        QCOMPARE(dialog->windowTitle(), u"Willkommen bei Slotline"_s);
        dialog->startButton()->click();

        QTRY_VERIFY_WITH_TIMEOUT(desktop.mainWindow(), 30'000);
        gui::MainWindow &window = *desktop.mainWindow();
        QTRY_COMPARE_WITH_TIMEOUT(window.connectionStatus().stateText(), u"Online"_s, 30'000);

        // German words are longer: the window must still fit a common laptop screen.
        QVERIFY2(window.minimumSizeHint().width() <= 1366,
                 qPrintable(QString::number(window.minimumSizeHint().width())));

        QStringList menus;
        for (const QAction *menu : window.menuBar()->actions())
            menus.append(menu->text());
        QCOMPARE(menus, (QStringList {u"&Datei"_s, u"&Bearbeiten"_s, u"Bei&trag"_s, u"&Konten"_s,
                                      u"&Ansicht"_s, u"&Hilfe"_s}));
        auto *tabs = window.findChild<QTabWidget *>(u"centralTabs"_s);
        QVERIFY(tabs);
        QCOMPARE(tabs->tabText(0).remove(u'&'), u"Woche"_s);
        QCOMPARE(tabs->tabText(1).remove(u'&'), u"Beiträge"_s);

        // German dates: the day with a full stop, German month names.
        gui::CalendarPanel &calendar = window.calendar();
        auto *range = calendar.findChild<QLabel *>(u"rangeLabel"_s);
        QVERIFY(range);
        calendar.showWeekOf(QDate(2026, 11, 18));
        QCOMPARE(range->text(), u"16. – 22. November 2026"_s);
        calendar.showWeekOf(QDate(2026, 10, 28));
        QCOMPARE(range->text(), u"26. Okt. – 1. Nov. 2026"_s);

        // German numbers: a full stop between thousands.
        window.composer().newDraft();
        window.findChild<QToolButton *>(u"linkedinButton"_s)->click();
        QTest::keyClicks(window.findChild<QPlainTextEdit *>(u"textEdit"_s), u"Hallo"_s);
        auto *counter = window.findChild<QLabel *>(u"linkedinCounter"_s);
        QVERIFY(counter);
        QCOMPARE(counter->text(), u"LinkedIn 5/3.000"_s);
        QCOMPARE(counter->toolTip(), u"Noch 2.995 Zeichen für LinkedIn verfügbar"_s);

        window.close();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 15'000);
    }

    void theCommandLineHelpIsGerman()
    {
        QProcess slotline;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"LC_ALL"_s, u"de_DE.UTF-8"_s);
        environment.insert(u"LANG"_s, u"de_DE.UTF-8"_s);
        environment.insert(u"LANGUAGE"_s, u"de"_s); // a desktop session's list comes first
        environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        slotline.setProcessEnvironment(environment);
        slotline.start(QStringLiteral(SLOTLINE_APP_BINARY), {u"--help"_s});
        QVERIFY(slotline.waitForFinished(30'000));
        QCOMPARE(slotline.exitCode(), 0);
        const QString help = QString::fromUtf8(slotline.readAllStandardOutput());
        QVERIFY2(help.contains(u"Social-Media-Beiträge planen"_s), qPrintable(help));
        QVERIFY2(help.contains(u"<Verzeichnis>"_s), qPrintable(help));
    }
};

QTEST_MAIN(TestGermanApp)
#include "tst_germanapp.moc"
