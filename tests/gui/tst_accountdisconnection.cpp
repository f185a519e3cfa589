#include "client/session.h"
#include "core/isotime.h"
#include "gui/accounts/accountdisconnection.h"
#include "gui/accounts/accountspanel.h"
#include "gui/accounts/accounttreemodel.h"
#include "support/testserver.h"

#include <QAbstractButton>
#include <QAction>
#include <QJsonArray>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace slotline;
using namespace slotline::gui;
using namespace slotline::test;
using namespace Qt::Literals::StringLiterals;

// Disconnecting an account as a person does it, against the real server: the question,
// the second question when it has scheduled posts, and the answer in the store.
class TestAccountDisconnection : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestServer> m_server;
    Tenant m_tenant;
    QTemporaryDir m_directory;
    std::unique_ptr<client::Session> m_session;
    std::unique_ptr<QWidget> m_window;

    Account account(const QString &id) const
    {
        for (const Account &account : m_session->store().reference().accounts()) {
            if (account.id == id)
                return account;
        }
        return {};
    }
    static void press(QMessageBox *box, const QString &text)
    {
        for (QAbstractButton *button : box->buttons()) {
            if (button->text() == text) {
                button->click();
                return;
            }
        }
        QFAIL(qPrintable(u"no button "_s + text));
    }
    QString scheduledPost(const QString &text)
    {
        const HttpResult created = m_server->createPost(
            m_tenant, m_tenant.twitterAccountId, u"twitter"_s, text,
            QJsonObject {{u"scheduledTime"_s,
                          isotime::format(m_server->clock().nowMs() + 24LL * 3'600'000)}});
        return created.json().value(u"postSubmissionId"_s).toString();
    }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<TestServer>();
        m_tenant = m_server->addTenant(u"Disconnecting"_s);
        m_session = std::make_unique<client::Session>(
            QUrl(m_server->http().baseUrl()), m_tenant.apiKey,
            m_directory.filePath(QString::fromLatin1(QTest::currentTestFunction()) + u".db"_s));
        QSignalSpy refreshed(&m_session->sync(), &client::SyncEngine::referenceRefreshed);
        m_session->sync().refreshReference();
        QVERIFY(refreshed.wait(10'000));
        m_window = std::make_unique<QWidget>();
    }
    void cleanup()
    {
        m_window.reset();
        m_session.reset();
        m_server.reset();
    }

    void scheduledPostsAreCancelledOnlyWhenTheUserSaysSo()
    {
        const QString later = scheduledPost(u"Tomorrow's news"_s);
        auto *disconnection = new AccountDisconnection(
            *m_session, account(m_tenant.twitterAccountId), m_window.get());
        QSignalSpy finished(disconnection, &AccountDisconnection::finished);
        disconnection->start();
        QMessageBox *first = disconnection->question();
        QVERIFY(first);
        QVERIFY(first->text().startsWith(u"Disconnect X (Twitter) "_s));
        press(first, u"Disconnect"_s);

        // The server refuses while a post is scheduled, and says how many.
        QTRY_VERIFY(disconnection->question() && disconnection->question() != first);
        QMessageBox *second = disconnection->question();
        QVERIFY2(second->text().contains(u"has 1 scheduled post"_s), qPrintable(second->text()));
        QCOMPARE(m_server->submission(m_tenant, later).value(u"status"_s).toString(),
                 u"scheduled"_s);
        press(second, u"Cancel Posts and Disconnect"_s);
        QVERIFY(finished.wait(10'000));
        QVERIFY(finished.first().first().toString().endsWith(u" is disconnected."_s));
        QCOMPARE(m_server->submission(m_tenant, later).value(u"status"_s).toString(),
                 u"cancelled"_s);
        QVERIFY(account(m_tenant.twitterAccountId).status == AccountStatus::Disconnected);
    }

    void keepingThePostsKeepsTheAccount()
    {
        const QString later = scheduledPost(u"Stays"_s);
        auto *disconnection = new AccountDisconnection(
            *m_session, account(m_tenant.twitterAccountId), m_window.get());
        QSignalSpy finished(disconnection, &AccountDisconnection::finished);
        disconnection->start();
        QMessageBox *first = disconnection->question();
        press(first, u"Disconnect"_s);
        QTRY_VERIFY(disconnection->question() && disconnection->question() != first);
        disconnection->question()->button(QMessageBox::Cancel)->click();
        QTRY_COMPARE(finished.size(), 1);
        QCOMPARE(finished.first().first().toString(), QString());
        QCOMPARE(m_server->submission(m_tenant, later).value(u"status"_s).toString(),
                 u"scheduled"_s);
        const QJsonArray listed = m_server->get(u"/api/v2/users/me/accounts"_s, m_tenant).items();
        const auto twitter
            = std::find_if(listed.cbegin(), listed.cend(), [this](const QJsonValue &a) {
                  return a[u"id"_s].toString() == m_tenant.twitterAccountId;
              });
        QVERIFY(twitter != listed.cend());
        QCOMPARE((*twitter)[u"status"_s].toString(), u"connected"_s);
    }

    void thePanelOffersItForAccountsStillConnected()
    {
        AccountTreeModel model(m_session->store());
        AccountsPanel panel(model);
        QSignalSpy asked(&panel, &AccountsPanel::disconnectRequested);
        const QModelIndex twitter = model.indexOfAccount(m_tenant.twitterAccountId);
        QVERIFY(twitter.isValid());
        panel.view()->setCurrentIndex(twitter);
        QVERIFY(panel.disconnectAction()->isEnabled());
        panel.disconnectAction()->trigger();
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.first().first().toString(), m_tenant.twitterAccountId);

        QList<Account> accounts = m_session->store().reference().accounts();
        for (Account &each : accounts) {
            if (each.id == m_tenant.twitterAccountId)
                each.status = AccountStatus::Disconnected;
        }
        m_session->store().putAccounts(accounts, m_server->clock().nowMs());
        panel.view()->setCurrentIndex(model.indexOfAccount(m_tenant.twitterAccountId));
        QVERIFY(!panel.disconnectAction()->isEnabled());
    }
};

QTEST_MAIN(TestAccountDisconnection)
#include "tst_accountdisconnection.moc"
