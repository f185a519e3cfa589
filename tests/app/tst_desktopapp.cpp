#include "app/desktopapp.h"
#include "app/serversupervisor.h"
#include "client/localstore.h"
#include "desktopapptesting.h"
#include "gui/composer/composerwidget.h"
#include "gui/drafts/draftlistmodel.h"
#include "gui/mainwindow.h"
#include "gui/settings/firstrundialog.h"
#include "gui/status/connectionstatuswidget.h"
#include "support/testserver.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

// The app as a user meets it: the first start's choice, the built-in server started as a
// real slotline-server process, the window online with the demo project, and everything
// stopped on the way out; then a second start that goes straight back to it.
class TestDesktopApp : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_profile;

    app::DesktopApp::Options options() const
    {
        app::DesktopApp::Options options;
        options.dataDirectory = m_profile.filePath(u"data"_s);
        options.credentialsInFileOnly = true;
        return options;
    }

    static gui::FirstRunDialog *firstRunDialog() { return test::visibleFirstRunDialog(); }

    static bool processRuns(qint64 pid) { return pid > 0 && ::kill(pid_t(pid), 0) == 0; }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_profile.isValid());
        test::useAppProfile(m_profile.path(), SLOTLINE_SERVER_BINARY);
    }

    void theFirstStartOffersTheBuiltInServerAndStopsItOnTheWayOut()
    {
        app::DesktopApp desktop(options());
        QSignalSpy finished(&desktop, &app::DesktopApp::finished);
        desktop.start();
        QTRY_VERIFY(firstRunDialog());
        gui::FirstRunDialog *dialog = firstRunDialog();
        QVERIFY(dialog->startButton()->isEnabled()); // the built-in server is the default
        dialog->startButton()->click();

        QTRY_VERIFY_WITH_TIMEOUT(desktop.mainWindow(), 30'000);
        gui::MainWindow &window = *desktop.mainWindow();
        QTRY_COMPARE_WITH_TIMEOUT(window.connectionStatus().stateText(), u"Online"_s, 30'000);
        auto *accounts = window.findChild<QComboBox *>(u"accountCombo"_s);
        QTRY_COMPARE(accounts->count(), 3); // the demo project's sandbox accounts
        QCOMPARE(window.windowTitle(), u"Demo — Slotline"_s);

        // Something written, to find again on the next start.
        window.composer().newDraft();
        QTest::keyClicks(window.findChild<QPlainTextEdit *>(u"textEdit"_s),
                         u"Written in the first session"_s);
        window.composer().saveDraft();
        QTRY_COMPARE(window.connectionStatus().stateText(), u"Online"_s);

        const qint64 pid = desktop.bundledServerProcessId();
        QVERIFY(processRuns(pid));
        window.close();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 15'000);
        QTRY_VERIFY(!processRuns(pid));
    }

    void theNextStartGoesStraightBackToIt()
    {
        app::DesktopApp desktop(options());
        QSignalSpy finished(&desktop, &app::DesktopApp::finished);
        desktop.start();
        QTRY_VERIFY_WITH_TIMEOUT(desktop.mainWindow(), 30'000);
        QVERIFY(!firstRunDialog());
        gui::MainWindow &window = *desktop.mainWindow();
        QTRY_COMPARE_WITH_TIMEOUT(window.connectionStatus().stateText(), u"Online"_s, 30'000);
        QTRY_COMPARE(window.findChild<QComboBox *>(u"accountCombo"_s)->count(), 3);
        QAbstractItemModel *drafts
            = window.findChild<QAbstractItemView *>(u"draftsView"_s)->model();
        QTRY_COMPARE(drafts->rowCount(), 1);
        QVERIFY(
            drafts->index(0, 0).data().toString().startsWith(u"Written in the first session"_s));
        window.close();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 15'000);
    }

    void aStoppedBuiltInServerIsStartedAgainWhileTheWindowWorksOffline()
    {
        app::DesktopApp desktop(options());
        QSignalSpy finished(&desktop, &app::DesktopApp::finished);
        desktop.start();
        QTRY_VERIFY_WITH_TIMEOUT(desktop.mainWindow(), 30'000);
        QPointer<gui::MainWindow> window = desktop.mainWindow();
        QTRY_COMPARE_WITH_TIMEOUT(window->connectionStatus().stateText(), u"Online"_s, 30'000);
        app::ServerSupervisor *supervisor = desktop.bundledServerSupervisor();
        QVERIFY(supervisor);
        // Long enough a pause to write something while the server is away.
        supervisor->setPausesMs({2'500, 500, 500});

        for (const int signal : {SIGKILL, SIGTERM}) {
            const qint64 pid = desktop.bundledServerProcessId();
            QVERIFY(processRuns(pid));
            ::kill(pid_t(pid), signal);
            // A server asked to stop closes its port before it exits: the app may see it
            // offline a moment before it learns why.
            QTRY_VERIFY_WITH_TIMEOUT(
                window->connectionStatus().stateText().startsWith(u"Offline"_s)
                    && window->connectionStatus().stateText().contains(u"starting it again"_s),
                10'000);
            // Nothing closed, nothing asked: the same window, working.
            QCOMPARE(desktop.mainWindow(), window.data());
            QVERIFY(window->isVisible());
            for (QWidget *widget : QApplication::topLevelWidgets())
                QVERIFY(!qobject_cast<QMessageBox *>(widget) || !widget->isVisible());

            // Written offline, synced once the server is back.
            const QString text = u"Written while the server was away (%1)"_s.arg(signal);
            window->composer().newDraft();
            QTest::keyClicks(window->findChild<QPlainTextEdit *>(u"textEdit"_s), text);
            window->composer().saveDraft();
            const QString localId = window->composer().draftId();
            QVERIFY(!localId.isEmpty());
            QTRY_COMPARE_WITH_TIMEOUT(window->connectionStatus().stateText(), u"Online"_s, 30'000);
            QVERIFY(desktop.bundledServerProcessId() != pid);
            QCOMPARE(desktop.mainWindow(), window.data());
            QCOMPARE(window->composer().draftId(), localId); // still open
            QAbstractItemModel *drafts
                = window->findChild<QAbstractItemView *>(u"draftsView"_s)->model();
            // Synced: the server gave it its id.
            QTRY_VERIFY_WITH_TIMEOUT(
                [&] {
                    for (int row = 0; row < drafts->rowCount(); ++row) {
                        const QModelIndex index = drafts->index(row, 0);
                        if (index.data(gui::DraftListModel::TextRole).toString() == text)
                            return index.data(gui::DraftListModel::SyncStateRole).toInt()
                                       == int(client::LocalStore::SyncState::Synced)
                                   && !index.data(gui::DraftListModel::ServerIdRole)
                                           .toString()
                                           .isEmpty();
                    }
                    return false;
                }(),
                15'000);
        }
        window->close();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 15'000);
    }

    void aServerThatCannotBeStartedAgainIsSaidInWordsWithItsLogBehindDetails()
    {
        app::DesktopApp desktop(options());
        QSignalSpy finished(&desktop, &app::DesktopApp::finished);
        desktop.start();
        QTRY_VERIFY_WITH_TIMEOUT(desktop.mainWindow(), 30'000);
        QPointer<gui::MainWindow> window = desktop.mainWindow();
        QTRY_COMPARE_WITH_TIMEOUT(window->connectionStatus().stateText(), u"Online"_s, 30'000);
        desktop.bundledServerSupervisor()->setPausesMs({200, 200});

        // Another server takes the data directory once the app's has stopped: the app's
        // may not run beside it (one server per directory), so every try fails. (The
        // restarts wait until the other one holds the directory: else the first try could
        // take it back before the other one starts.)
        app::ServerSupervisor *supervisor = desktop.bundledServerSupervisor();
        supervisor->halt();
        const qint64 pid = desktop.bundledServerProcessId();
        ::kill(pid_t(pid), SIGKILL);
        QTRY_VERIFY(!processRuns(pid));
        QProcess other;
        other.start(QStringLiteral(SLOTLINE_SERVER_BINARY),
                    {u"serve"_s, u"--data"_s, m_profile.filePath(u"data/server"_s), u"--listen"_s,
                     u"127.0.0.1:0"_s});
        QVERIFY(other.waitForStarted());
        QByteArray said;
        QTRY_VERIFY_WITH_TIMEOUT((said += other.readAllStandardOutput()).contains("listening"),
                                 30'000);
        supervisor->retryNow();

        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = window->findChild<QMessageBox *>(u"serverGaveUpBox"_s)),
                                 30'000);
        QTRY_VERIFY(box->isVisible());
        QVERIFY2(box->text().contains(u"tried 2 time"_s), qPrintable(box->text()));
        QVERIFY2(box->informativeText().contains(u"drafts and changes are kept"_s),
                 qPrintable(box->informativeText()));
        // The server's own lines are behind "Show Details…", not in the message.
        QVERIFY2(box->detailedText().contains(u"another slotline-server"_s),
                 qPrintable(box->detailedText()));
        QVERIFY(!box->text().contains(u"error:"_s));
        QCOMPARE(desktop.mainWindow(), window.data());
        QVERIFY(window->connectionStatus().stateText().contains(u"could not be started again"_s));

        // Once the other one is gone, "Try again" brings it back.
        other.terminate();
        QVERIFY(other.waitForFinished(15'000));
        QAbstractButton *retry = nullptr;
        for (QAbstractButton *button : box->buttons()) {
            if (button->text() == u"Try &again"_s)
                retry = button;
        }
        QVERIFY(retry);
        retry->click();
        QTRY_COMPARE_WITH_TIMEOUT(window->connectionStatus().stateText(), u"Online"_s, 30'000);
        QCOMPARE(desktop.mainWindow(), window.data());
        window->close();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 15'000);
    }

    void switchingToAnotherServerStopsTheBuiltInOne()
    {
        test::TestServer remote;
        const test::Tenant tenant = remote.addTenant(u"Elsewhere"_s);
        app::DesktopApp desktop(options());
        QSignalSpy finished(&desktop, &app::DesktopApp::finished);
        desktop.start();
        QTRY_VERIFY_WITH_TIMEOUT(desktop.mainWindow(), 30'000);
        QTRY_COMPARE_WITH_TIMEOUT(desktop.mainWindow()->connectionStatus().stateText(), u"Online"_s,
                                  30'000);
        const qint64 bundledPid = desktop.bundledServerProcessId();
        QVERIFY(processRuns(bundledPid));

        gui::ConnectionChoice choice;
        choice.mode = gui::ConnectionChoice::Mode::Remote;
        choice.baseUrl = QUrl(u"http://127.0.0.1:%1"_s.arg(remote.port()));
        choice.apiKey = tenant.apiKey;
        Q_EMIT desktop.mainWindow()->connectionChangeRequested(choice);

        QTRY_VERIFY_WITH_TIMEOUT(desktop.mainWindow()
                                     && desktop.mainWindow()->windowTitle()
                                            == u"Elsewhere — Slotline"_s,
                                 15'000);
        QTRY_VERIFY(!processRuns(bundledPid)); // not needed any more
        QTRY_COMPARE(desktop.mainWindow()->findChild<QComboBox *>(u"accountCombo"_s)->count(), 3);
        // The drafts of the built-in server stay with it.
        QCOMPARE(desktop.mainWindow()
                     ->findChild<QAbstractItemView *>(u"draftsView"_s)
                     ->model()
                     ->rowCount(),
                 0);
        desktop.mainWindow()->close();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 15'000);

        // The next start goes to the chosen server, with its key from the store.
        app::DesktopApp again(options());
        again.start();
        QTRY_VERIFY_WITH_TIMEOUT(again.mainWindow(), 15'000);
        QTRY_COMPARE(again.mainWindow()->windowTitle(), u"Elsewhere — Slotline"_s);
        QCOMPARE(again.bundledServerProcessId(), 0);
    }
};

QTEST_MAIN(TestDesktopApp)
#include "tst_desktopapp.moc"
