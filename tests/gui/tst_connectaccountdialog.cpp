#include "client/session.h"
#include "gui/accounts/accountspanel.h"
#include "gui/accounts/accounttreemodel.h"
#include "gui/accounts/connectaccountdialog.h"
#include "support/fakeaccountserver.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

using namespace slotline;
using namespace slotline::gui;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;
using Stage = slotline::client::AccountConnector::Stage;

// Stands in for the browser: every https address the app opens comes here.
class BrowserStandIn : public QObject
{
    Q_OBJECT

public:
    QList<QUrl> opened;

public Q_SLOTS:
    void open(const QUrl &url) { opened.append(url); }
};

namespace {

Account account(const QString &id, Platform platform, const QString &name,
                AccountStatus status = AccountStatus::Connected)
{
    Account value;
    value.id = id;
    value.platform = platform;
    value.name = name;
    value.username = u"ada"_s;
    value.status = status;
    value.connector = platform == Platform::Twitter ? u"x"_s : platforms::toString(platform);
    return value;
}

Subaccount page(const QString &id, const QString &name)
{
    Subaccount value;
    value.id = id;
    value.name = name;
    value.type = u"page"_s;
    return value;
}

} // namespace

class TestConnectAccountDialog : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_directory;
    std::unique_ptr<FakeAccountServer> m_server;
    std::unique_ptr<client::Session> m_session;
    BrowserStandIn m_browser;

    std::unique_ptr<ConnectAccountDialog> makeDialog()
    {
        auto dialog = std::make_unique<ConnectAccountDialog>(*m_session);
        dialog->connector().setPollIntervalMs(30);
        dialog->show();
        return dialog;
    }

    static QList<QByteArray> connectKeys(const FakeAccountServer &server)
    {
        QList<QByteArray> keys;
        for (const auto &request :
             server.requestsTo("POST", u"/api/v2/users/me/accounts/connect"_s))
            keys.append(request.idempotencyKey);
        return keys;
    }

private Q_SLOTS:
    void initTestCase() { QDesktopServices::setUrlHandler(u"https"_s, &m_browser, "open"); }

    void cleanupTestCase() { QDesktopServices::unsetUrlHandler(u"https"_s); }

    void init()
    {
        m_directory = std::make_unique<QTemporaryDir>();
        m_server = std::make_unique<FakeAccountServer>();
        m_session
            = std::make_unique<client::Session>(m_server->baseUrl(), FakeAccountServer::apiKey(),
                                                m_directory->filePath(u"store.sqlite"_s));
        m_browser.opened.clear();
    }

    void cleanup()
    {
        m_session.reset();
        m_server.reset();
        m_directory.reset();
    }

    void connectsInTheBrowserAndShowsTheAccountWithItsPages()
    {
        m_server->setNewAccount(
            account(u"acc_fb"_s, Platform::Facebook, u"Ada's Facebook"_s),
            {page(u"sub_1"_s, u"Ada's Bakery"_s), page(u"sub_2"_s, u"Ada's Readers"_s)});
        m_server->setScript({u"pending"_s, u"pending"_s, u"pending"_s, u"connected"_s});
        auto dialog = makeDialog();
        QSignalSpy connected(dialog.get(), &ConnectAccountDialog::accountConnected);
        QVERIFY(dialog->connectButton()->isVisible());
        QVERIFY(!dialog->closeButton()->isVisible());
        dialog->choosePlatform(Platform::Facebook);
        QVERIFY(dialog->findChild<QRadioButton *>(u"facebookButton"_s)->isChecked());
        QTest::mouseClick(dialog->connectButton(), Qt::LeftButton);

        // The platform's page opens in the browser, and the dialog waits for it.
        QTRY_COMPARE(m_browser.opened.size(), 1);
        QCOMPARE(m_browser.opened.first().host(), u"www.facebook.com"_s);
        QVERIFY(m_browser.opened.first().query().contains(u"state=st_1"_s));
        QVERIFY(dialog->shownText().startsWith(u"Finish in your browser…"_s));
        QVERIFY(dialog->shownText().contains(u"Facebook"_s));
        auto *address = dialog->findChild<QLineEdit *>(u"addressEdit"_s);
        QVERIFY(address->isVisible());
        QCOMPARE(QUrl(address->text()), m_browser.opened.first());
        QVERIFY(dialog->cancelButton()->isVisible());
        QVERIFY(!dialog->connectButton()->isVisible());
        // The address can be opened again and copied, in case the browser did not open.
        QTest::mouseClick(dialog->findChild<QToolButton *>(u"openAgainButton"_s), Qt::LeftButton);
        QCOMPARE(m_browser.opened.size(), 2);
        QTest::mouseClick(dialog->findChild<QToolButton *>(u"copyButton"_s), Qt::LeftButton);
        QCOMPARE(QGuiApplication::clipboard()->text(), address->text());

        QTRY_COMPARE(dialog->connector().stage(), Stage::Connected);
        QCOMPARE(connected.size(), 1);
        QCOMPARE(connected.first().first().toString(), u"acc_fb"_s);
        QVERIFY2(dialog->shownText().contains(u"Ada's Facebook"_s),
                 qPrintable(dialog->shownText()));
        QVERIFY(dialog->shownText().contains(u"2 page"_s));
        auto *pages = dialog->findChild<QListWidget *>(u"pagesList"_s);
        QCOMPARE(pages->count(), 2);
        QVERIFY(pages->item(0)->text().startsWith(u"Ada's Bakery"_s));
        QVERIFY(dialog->closeButton()->isVisible());
        QVERIFY(!dialog->cancelButton()->isVisible());
        QTest::mouseClick(dialog->closeButton(), Qt::LeftButton);
        QCOMPARE(dialog->result(), int(QDialog::Accepted));
        // The account is in the store, for the accounts list.
        QCOMPARE(m_session->store().reference().accounts().first().id, u"acc_fb"_s);
        QCOMPARE(connectKeys(*m_server).size(), 1);
    }

    void aFailureShowsTheReasonAndCanBeTriedAgain()
    {
        m_server->setScript({u"pending"_s, u"failed"_s});
        m_server->setFailureReason(u"X refused: the app was not authorized."_s);
        auto dialog = makeDialog();
        dialog->choosePlatform(Platform::Twitter);
        dialog->connectButton()->click();
        QTRY_COMPARE(dialog->connector().stage(), Stage::Failed);
        QVERIFY2(dialog->shownText().contains(u"X refused: the app was not authorized."_s),
                 qPrintable(dialog->shownText()));
        QVERIFY(dialog->tryAgainButton()->isVisible());

        m_server->setScript({u"connected"_s});
        QTest::mouseClick(dialog->tryAgainButton(), Qt::LeftButton);
        QTRY_COMPARE(dialog->connector().stage(), Stage::Connected);
        // A new attempt, with a key of its own.
        const QList<QByteArray> keys = connectKeys(*m_server);
        QCOMPARE(keys.size(), 2);
        QVERIFY(keys.at(0) != keys.at(1));
        QCOMPARE(m_browser.opened.size(), 2);
        QVERIFY(dialog->shownText().contains(u"no pages"_s));
    }

    void anExpiredAttemptSaysSo()
    {
        m_server->setScript({u"pending"_s, u"expired"_s});
        auto dialog = makeDialog();
        dialog->connectButton()->click();
        QTRY_COMPARE(dialog->connector().stage(), Stage::Expired);
        QVERIFY2(dialog->shownText().contains(u"ran out"_s), qPrintable(dialog->shownText()));
        QVERIFY(dialog->tryAgainButton()->isVisible());
    }

    void aPlatformTheServerHasNoAppForShowsTheServersExplanation()
    {
        m_server->setUnconfigured({Platform::LinkedIn});
        auto dialog = makeDialog();
        dialog->choosePlatform(Platform::LinkedIn);
        dialog->connectButton()->click();
        QTRY_COMPARE(dialog->connector().stage(), Stage::Error);
        const QString shown = dialog->shownText();
        QVERIFY2(shown.contains(u"cannot connect accounts of that platform yet"_s),
                 qPrintable(shown));
        QVERIFY2(shown.contains(u"slotline-server platforms set linkedin"_s), qPrintable(shown));
        QVERIFY(m_browser.opened.isEmpty());
        QCOMPARE(m_server->polls(), 0);
    }

    void anUnreachableServerIsSaidInWords()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const QUrl nowhere(u"http://127.0.0.1:%1"_s.arg(closed.serverPort()));
        closed.close();
        m_session.reset();
        m_session = std::make_unique<client::Session>(nowhere, FakeAccountServer::apiKey(),
                                                      m_directory->filePath(u"other.sqlite"_s));
        auto dialog = makeDialog();
        dialog->connectButton()->click();
        QTRY_COMPARE(dialog->connector().stage(), Stage::Error);
        QVERIFY2(dialog->shownText().contains(u"The server cannot be reached."_s),
                 qPrintable(dialog->shownText()));
    }

    void cancelStopsWaiting()
    {
        m_server->setScript({u"pending"_s});
        auto dialog = makeDialog();
        dialog->connectButton()->click();
        QTRY_COMPARE(dialog->connector().stage(), Stage::Waiting);
        QTRY_VERIFY(m_server->polls() >= 1);
        QTest::mouseClick(dialog->cancelButton(), Qt::LeftButton);
        QCOMPARE(dialog->result(), int(QDialog::Rejected));
        QCOMPARE(dialog->connector().stage(), Stage::Idle);
        const int asked = m_server->polls();
        QTest::qWait(200);
        QVERIFY(m_server->polls() <= asked + 1);
    }

    void reconnectingPreselectsTheAccount()
    {
        Account x
            = account(u"acc_x"_s, Platform::Twitter, u"Ada on X"_s, AccountStatus::NeedsReconnect);
        x.statusReason = u"The token was revoked."_s;
        m_server->addAccount(x);
        m_server->setScript({u"pending"_s, u"connected"_s});
        auto dialog = makeDialog();
        dialog->setReconnectAccount(x);
        QCOMPARE(dialog->chosenPlatform(), Platform::Twitter);
        QVERIFY(!dialog->findChild<QRadioButton *>(u"linkedinButton"_s)->isEnabled());
        QVERIFY(!dialog->findChild<QRadioButton *>(u"facebookButton"_s)->isEnabled());
        QVERIFY(dialog->shownText().contains(u"The token was revoked."_s));
        QCOMPARE(dialog->connectButton()->text(), u"Rec&onnect"_s);
        dialog->connectButton()->click();
        QTRY_COMPARE(dialog->connector().stage(), Stage::Connected);
        const auto sent = m_server->requestsTo("POST", u"/api/v2/users/me/accounts/connect"_s);
        QCOMPARE(sent.size(), 1);
        QCOMPARE(sent.first().body,
                 (QJsonObject {{u"platform"_s, u"x"_s}, {u"accountId"_s, u"acc_x"_s}}));
        QVERIFY(dialog->shownText().contains(u"connected again"_s));
        QVERIFY(m_session->store().reference().accounts().first().status
                == AccountStatus::Connected);
    }

    void theAccountsPanelAsksToConnectAndReconnect()
    {
        Account x
            = account(u"acc_x"_s, Platform::Twitter, u"Ada on X"_s, AccountStatus::NeedsReconnect);
        Account sandbox = account(u"acc_li"_s, Platform::LinkedIn, u"Ada Lovelace"_s);
        sandbox.connector = u"sandbox"_s;
        m_session->store().putAccounts({sandbox, x}, 1'000);
        AccountTreeModel model(m_session->store());
        AccountsPanel panel(model);
        panel.resize(300, 200);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy connectAsked(&panel, &AccountsPanel::connectRequested);
        QSignalSpy reconnectAsked(&panel, &AccountsPanel::reconnectRequested);

        panel.connectAction()->trigger();
        QCOMPARE(connectAsked.size(), 1);

        // Reconnecting is for accounts of real platforms.
        QTreeView *view = panel.view();
        view->setCurrentIndex(model.indexOfAccount(u"acc_li"_s));
        QVERIFY(!panel.reconnectAction()->isEnabled());
        view->setCurrentIndex(model.indexOfAccount(u"acc_x"_s));
        QVERIFY(panel.reconnectAction()->isEnabled());
        panel.reconnectAction()->trigger();
        QCOMPARE(reconnectAsked.size(), 1);
        QCOMPARE(reconnectAsked.takeFirst().first().toString(), u"acc_x"_s);

        // A double click on the account that needs it reconnects it.
        const QRect where = view->visualRect(model.indexOfAccount(u"acc_x"_s));
        // (A press first: QTest's double click is the second click alone.)
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, where.center());
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, where.center());
        QCOMPARE(reconnectAsked.size(), 1);
        QCOMPARE(reconnectAsked.first().first().toString(), u"acc_x"_s);
        const QRect connectedOne = view->visualRect(model.indexOfAccount(u"acc_li"_s));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, connectedOne.center());
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, connectedOne.center());
        QCOMPARE(reconnectAsked.size(), 1);
    }
};

QTEST_MAIN(TestConnectAccountDialog)
#include "tst_connectaccountdialog.moc"
