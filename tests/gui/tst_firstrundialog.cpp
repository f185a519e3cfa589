#include "gui/settings/connectionform.h"
#include "gui/settings/firstrundialog.h"
#include "support/testserver.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTest>

using namespace slotline;
using namespace slotline::gui;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;

class TestFirstRunDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void welcomesAndStartsWithTheBuiltInServer()
    {
        FirstRunDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(dialog.windowTitle(), u"Welcome to Slotline"_s);
        QVERIFY(dialog.findChild<QLabel *>(u"title"_s)->text().contains(u"Welcome to Slotline"));
        QCOMPARE(dialog.startButton()->text(), u"&Start"_s);
        QCOMPARE(dialog.quitButton()->text(), u"&Quit"_s);
        QVERIFY(dialog.startButton()->isEnabled());
        QCOMPARE(dialog.choice().mode, ConnectionChoice::Mode::Bundled);

        QTest::mouseClick(dialog.startButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.isHidden());
    }

    void quitRejects()
    {
        FirstRunDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::mouseClick(dialog.quitButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
    }

    void aRemoteServerStartsOnlyOnceTested()
    {
        TestServer server;
        const Tenant tenant = server.addTenant(u"Beta"_s);
        FirstRunDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        ConnectionForm *form = dialog.connectionForm();
        // On its circle: a radio button takes clicks there and on its text only.
        QTest::mouseClick(form->findChild<QRadioButton *>(u"remoteRadio"_s), Qt::LeftButton, {},
                          QPoint(6, 6));
        QVERIFY(!dialog.startButton()->isEnabled());
        // Enter does not start with an untested server.
        QTest::keyClick(&dialog, Qt::Key_Return);
        QVERIFY(dialog.isVisible());

        QTest::keyClicks(form->findChild<QLineEdit *>(u"addressEdit"_s),
                         u"127.0.0.1:%1"_s.arg(server.port()));
        QTest::keyClicks(form->findChild<QLineEdit *>(u"apiKeyEdit"_s), tenant.apiKey);
        QTest::mouseClick(form->findChild<QPushButton *>(u"testButton"_s), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.startButton()->isEnabled(), 20'000);

        const ConnectionChoice choice = dialog.choice();
        QCOMPARE(choice.mode, ConnectionChoice::Mode::Remote);
        QCOMPARE(choice.baseUrl, QUrl(u"http://127.0.0.1:%1"_s.arg(server.port())));
        QCOMPARE(choice.apiKey, tenant.apiKey);
        QTest::mouseClick(dialog.startButton(), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }
};

QTEST_MAIN(TestFirstRunDialog)
#include "tst_firstrundialog.moc"
