#include "gui/settings/connectionform.h"
#include "support/testserver.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace slotline;
using namespace slotline::gui;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;

namespace {

// Answers every request with a fixed reply: a web server that is not Slotline.
class CannedServer : public QObject
{
public:
    explicit CannedServer(QByteArray answer)
        : m_answer(std::move(answer))
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
                    socket->readAll();
                    socket->write(m_answer);
                    socket->disconnectFromHost();
                });
            }
        });
    }
    QString address() const { return u"http://127.0.0.1:%1"_s.arg(m_server.serverPort()); }

private:
    QByteArray m_answer;
    QTcpServer m_server;
};

} // namespace

class TestConnectionForm : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_tenant;
    std::unique_ptr<ConnectionForm> m_form;

    QString serverAddress() const { return u"http://127.0.0.1:%1"_s.arg(m_server->port()); }

    template<typename T>
    T *child(const char *name) const
    {
        T *widget = m_form->findChild<T *>(QString::fromLatin1(name));
        if (!widget)
            qWarning("no %s", name);
        return widget;
    }
    QLineEdit *address() const { return child<QLineEdit>("addressEdit"); }
    QLineEdit *key() const { return child<QLineEdit>("apiKeyEdit"); }
    QPushButton *testButton() const { return child<QPushButton>("testButton"); }
    QLabel *result() const { return child<QLabel>("testResult"); }
    QLabel *addressProblem() const { return child<QLabel>("addressProblem"); }
    QLabel *keyProblem() const { return child<QLabel>("apiKeyProblem"); }

    // Where Tab goes from `widget`.
    static QWidget *nextTabStop(QWidget *widget)
    {
        QWidget *next = widget->nextInFocusChain();
        while (next != widget && !(next->focusPolicy() & Qt::TabFocus))
            next = next->nextInFocusChain();
        return next;
    }

    // A radio button takes clicks on its circle and text only, not its whole width.
    void choose(const char *radio)
    {
        QRadioButton *button = child<QRadioButton>(radio);
        QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(6, button->height() / 2));
    }

    // Chooses the remote server and types in address and key, as a user would.
    void enter(const QString &addressText, const QString &keyText)
    {
        choose("remoteRadio");
        address()->clear();
        key()->clear();
        QTest::keyClicks(address(), addressText);
        QTest::keyClicks(key(), keyText);
    }

    bool testAndWait()
    {
        QSignalSpy finished(m_form.get(), &ConnectionForm::testFinished);
        QTest::mouseClick(testButton(), Qt::LeftButton);
        return QTest::qWaitFor([&] { return !finished.isEmpty(); }, 20'000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_server = std::make_unique<TestServer>();
        m_tenant = m_server->addTenant(u"Alpha Studio"_s, u"Europe/Berlin"_s);
    }

    void init()
    {
        m_form = std::make_unique<ConnectionForm>();
        m_form->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_form.get()));
    }

    void cleanup() { m_form.reset(); }

    void cleanupTestCase() { m_server.reset(); }

    void theBuiltInServerIsAcceptableAtOnce()
    {
        QVERIFY(child<QRadioButton>("bundledRadio")->isChecked());
        QVERIFY(m_form->isAcceptable());
        QCOMPARE(m_form->choice().mode, ConnectionChoice::Mode::Bundled);
        QVERIFY(!child<QWidget>("remoteFields")->isEnabled());

        QSignalSpy acceptable(m_form.get(), &ConnectionForm::acceptableChanged);
        choose("remoteRadio");
        QVERIFY(child<QWidget>("remoteFields")->isEnabled());
        QVERIFY(!m_form->isAcceptable());
        QCOMPARE(acceptable.size(), 1);
        QCOMPARE(acceptable.last().first().toBool(), false);

        choose("bundledRadio");
        QVERIFY(m_form->isAcceptable());
        QCOMPARE(acceptable.last().first().toBool(), true);
    }

    void aGoodAddressAndKeyConnect()
    {
        enter(serverAddress() + u"/api/v2/"_s, u"  "_s + m_tenant.apiKey);
        QSignalSpy acceptable(m_form.get(), &ConnectionForm::acceptableChanged);
        QTest::mouseClick(testButton(), Qt::LeftButton);
        // While it runs.
        QVERIFY(!testButton()->isEnabled());
        QCOMPARE(result()->text(), u"Testing…"_s);
        QVERIFY(!m_form->isAcceptable());

        QTRY_VERIFY_WITH_TIMEOUT(m_form->isAcceptable(), 20'000);
        QVERIFY(testButton()->isEnabled());
        QCOMPARE(acceptable.size(), 1);
        QCOMPARE(acceptable.last().first().toBool(), true);
        QVERIFY2(result()->text().contains(u"Alpha Studio"), qPrintable(result()->text()));
        QVERIFY(result()->text().contains(u"Europe/Berlin"));
        QVERIFY(addressProblem()->isHidden());
        QVERIFY(keyProblem()->isHidden());

        const ConnectionChoice choice = m_form->choice();
        QCOMPARE(choice.mode, ConnectionChoice::Mode::Remote);
        QCOMPARE(choice.baseUrl, QUrl(serverAddress()));
        QCOMPARE(choice.apiKey, m_tenant.apiKey);

        // Any change to what was tested asks for another test.
        QTest::keyClick(key(), Qt::Key_X);
        QVERIFY(!m_form->isAcceptable());
        QCOMPARE(acceptable.last().first().toBool(), false);
        QVERIFY(result()->text().isEmpty());
        QTest::keyClick(key(), Qt::Key_Backspace);
        QVERIFY(!m_form->isAcceptable());
        QVERIFY(testAndWait());
        QVERIFY(m_form->isAcceptable());
        QTest::keyClicks(address(), u"/"_s);
        QVERIFY(!m_form->isAcceptable());
    }

    void aWrongKeyIsSaidNextToTheKey()
    {
        enter(serverAddress(), u"slk_notakeyofthisserveratall"_s);
        QVERIFY(testAndWait());
        QVERIFY(!m_form->isAcceptable());
        QVERIFY(!keyProblem()->isHidden());
        QVERIFY2(keyProblem()->text().contains(u"refused"), qPrintable(keyProblem()->text()));
        QCOMPARE(key()->accessibleDescription(), keyProblem()->text());
        QVERIFY(addressProblem()->isHidden());

        // Typing again clears the complaint.
        QTest::keyClick(key(), Qt::Key_A);
        QVERIFY(keyProblem()->isHidden());
    }

    void aGarbageAddressIsSaidNextToTheAddress()
    {
        enter(u"ftp://slotline.example.com"_s, m_tenant.apiKey);
        QSignalSpy finished(m_form.get(), &ConnectionForm::testFinished);
        QTest::mouseClick(testButton(), Qt::LeftButton);
        QCOMPARE(finished.size(), 1); // nothing was sent
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY(!addressProblem()->isHidden());
        QVERIFY(addressProblem()->text().contains(u"http://"));
        QVERIFY(keyProblem()->isHidden());
        QVERIFY(testButton()->isEnabled());
        QVERIFY(!m_form->isAcceptable());
        QVERIFY(m_form->choice().baseUrl.isEmpty());
    }

    void aMissingKeyIsSaidNextToTheKey()
    {
        enter(serverAddress(), QString());
        QTest::mouseClick(testButton(), Qt::LeftButton);
        QVERIFY(!keyProblem()->isHidden());
        QVERIFY(addressProblem()->isHidden());
        QVERIFY(!m_form->isAcceptable());
    }

    void aPortWithoutAServerIsUnreachable()
    {
        quint16 port = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            port = probe.serverPort();
        }
        enter(u"http://127.0.0.1:%1"_s.arg(port), m_tenant.apiKey);
        QVERIFY(testAndWait());
        QVERIFY(!m_form->isAcceptable());
        QVERIFY2(result()->text().contains(u"No Slotline server answers"),
                 qPrintable(result()->text()));
        QVERIFY(result()->text().contains(QString::number(port)));
        QVERIFY(keyProblem()->isHidden());
    }

    void anotherKindOfServerIsRecognized_data()
    {
        QTest::addColumn<QByteArray>("answer");
        QTest::newRow("a web page") << QByteArray("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                                                  "Content-Length: 13\r\nConnection: close\r\n\r\n"
                                                  "<html></html>");
        QTest::newRow("not found") << QByteArray("HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n"
                                                 "Connection: close\r\n\r\nNot Found");
    }
    void anotherKindOfServerIsRecognized()
    {
        QFETCH(QByteArray, answer);
        CannedServer canned(answer);
        enter(canned.address(), m_tenant.apiKey);
        QVERIFY(testAndWait());
        QVERIFY(!m_form->isAcceptable());
        QVERIFY2(result()->text().contains(u"not as a Slotline server does"),
                 qPrintable(result()->text()));
    }

    void aChoiceCanBeShownAgain()
    {
        const ConnectionChoice saved {ConnectionChoice::Mode::Remote, QUrl(serverAddress()),
                                      m_tenant.apiKey};
        m_form->setChoice(saved);
        QCOMPARE(m_form->choice(), saved);
        QVERIFY(!m_form->isAcceptable()); // not tested here

        m_form->setChoice(saved, ConnectionForm::Verification::Verified);
        QVERIFY(m_form->isAcceptable());
        QCOMPARE(m_form->choice(), saved);
        QTest::keyClick(key(), Qt::Key_X);
        QVERIFY(!m_form->isAcceptable());

        m_form->setChoice(ConnectionChoice {});
        QVERIFY(m_form->isAcceptable());
        QCOMPARE(m_form->choice().mode, ConnectionChoice::Mode::Bundled);
    }

    void theKeyCanBeShown()
    {
        choose("remoteRadio");
        auto *toggle = child<QToolButton>("showKeyButton");
        QCOMPARE(key()->echoMode(), QLineEdit::Password);
        QTest::mouseClick(toggle, Qt::LeftButton);
        QCOMPARE(key()->echoMode(), QLineEdit::Normal);
        QCOMPARE(toggle->accessibleName(), u"Hide the API key"_s);
        QTest::mouseClick(toggle, Qt::LeftButton);
        QCOMPARE(key()->echoMode(), QLineEdit::Password);
    }

    void labelsAndNamesAreThereForKeyboardAndScreenReaders()
    {
        QCOMPARE(child<QLabel>("addressLabel")->buddy(), address());
        QCOMPARE(child<QLabel>("apiKeyLabel")->buddy(), key());
        for (QWidget *widget : m_form->findChildren<QWidget *>()) {
            if (widget->focusPolicy() & Qt::TabFocus)
                QVERIFY2(!widget->accessibleName().isEmpty(), qPrintable(widget->objectName()));
        }
        // Tab order: the choice, then the remote fields in reading order.
        choose("remoteRadio");
        QCOMPARE(nextTabStop(child<QWidget>("bundledRadio")), child<QWidget>("remoteRadio"));
        QCOMPARE(nextTabStop(child<QWidget>("remoteRadio")), address());
        QCOMPARE(nextTabStop(address()), key());
        QCOMPARE(nextTabStop(key()), child<QWidget>("showKeyButton"));
        QCOMPARE(nextTabStop(child<QWidget>("showKeyButton")), testButton());
    }
};

QTEST_MAIN(TestConnectionForm)
#include "tst_connectionform.moc"
