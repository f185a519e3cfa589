// slotline's command line: help and version are printed where there is no display (over
// ssh on the machine that runs the server), and only those are answered without one.
#include "app/commandline.h"

#include <QProcess>
#include <QTest>

using namespace slotline::app;
using namespace Qt::Literals::StringLiterals;

class TestCommandLine : public QObject
{
    Q_OBJECT

private:
    static QProcessEnvironment withoutADisplay()
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const QString &name : {u"DISPLAY"_s, u"WAYLAND_DISPLAY"_s, u"QT_QPA_PLATFORM"_s})
            environment.remove(name);
        environment.insert(u"LC_ALL"_s, u"C.UTF-8"_s);
        environment.insert(u"LANGUAGE"_s, u"en"_s);
        return environment;
    }

private Q_SLOTS:
    void onlyHelpAndVersionArePrintedWithoutTheWindow_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<bool>("printsOnly");
        QTest::newRow("nothing") << QStringList {u"slotline"_s} << false;
        QTest::newRow("--help") << QStringList {u"slotline"_s, u"--help"_s} << true;
        QTest::newRow("-h") << QStringList {u"slotline"_s, u"-h"_s} << true;
        QTest::newRow("--help-all") << QStringList {u"slotline"_s, u"--help-all"_s} << true;
        QTest::newRow("--version") << QStringList {u"slotline"_s, u"--version"_s} << true;
        QTest::newRow("after a profile")
            << QStringList {u"slotline"_s, u"--profile"_s, u"/tmp/p"_s, u"-v"_s} << true;
        QTest::newRow("a profile")
            << QStringList {u"slotline"_s, u"--profile"_s, u"/tmp/p"_s} << false;
        QTest::newRow("after --") << QStringList {u"slotline"_s, u"--"_s, u"--help"_s} << false;
        // The program's own name is not an option.
        QTest::newRow("named --help") << QStringList {u"--help"_s} << false;
    }

    void onlyHelpAndVersionArePrintedWithoutTheWindow()
    {
        QFETCH(QStringList, arguments);
        QFETCH(bool, printsOnly);
        QCOMPARE(CommandLine::printsOnly(arguments), printsOnly);
    }

    void helpAndVersionNeedNoDisplay_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("expected");
        QTest::newRow("--version") << u"--version"_s << u"slotline " SLOTLINE_VERSION ""_s;
        QTest::newRow("--help") << u"--help"_s << u"--profile <directory>"_s;
    }

    void helpAndVersionNeedNoDisplay()
    {
        QFETCH(QString, option);
        QFETCH(QString, expected);
        QProcess slotline;
        slotline.setProcessEnvironment(withoutADisplay());
        slotline.start(QStringLiteral(SLOTLINE_APP_BINARY), {option});
        QVERIFY(slotline.waitForFinished(30'000));
        const QString output = QString::fromUtf8(slotline.readAllStandardOutput());
        QVERIFY2(slotline.exitStatus() == QProcess::NormalExit && slotline.exitCode() == 0,
                 qPrintable(QString::fromUtf8(slotline.readAllStandardError())));
        QVERIFY2(output.contains(expected), qPrintable(output));
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
