#include "client/localstore.h"
#include "gui/accounts/accounttreemodel.h"
#include "gui/common/itemcolors.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QIcon>
#include <QLocale>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;
using slotline::client::LocalStore;

namespace {

Account account(const QString &id, Platform platform, const QString &name, const QString &username,
                AccountStatus status = AccountStatus::Connected)
{
    Account value;
    value.id = id;
    value.platform = platform;
    value.name = name;
    value.username = username;
    value.status = status;
    return value;
}

Subaccount page(const QString &id, const QString &accountId, const QString &name,
                const QString &type = u"page"_s)
{
    Subaccount value;
    value.id = id;
    value.accountId = accountId;
    value.name = name;
    value.type = type;
    return value;
}

const QString LinkedIn = u"acc_li"_s;
const QString Twitter = u"acc_x"_s;
const QString Facebook = u"acc_fb"_s;

QList<Account> demoAccounts()
{
    return {account(LinkedIn, Platform::LinkedIn, u"Ada Lovelace"_s, u"ada"_s),
            account(Twitter, Platform::Twitter, u"Ada on X"_s, u"ada_x"_s),
            account(Facebook, Platform::Facebook, u"Ada's Facebook"_s, u"ada.fb"_s)};
}

QStringList idsInOrder(const QAbstractItemModel &model)
{
    QStringList ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids.append(model.index(row, 0).data(AccountTreeModel::AccountIdRole).toString());
    return ids;
}

} // namespace

class TestAccountTreeModel : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_directory;
    std::unique_ptr<LocalStore> m_store;

private Q_SLOTS:
    void init()
    {
        m_directory = std::make_unique<QTemporaryDir>();
        QVERIFY(m_directory->isValid());
        m_store = std::make_unique<LocalStore>();
        m_store->open(m_directory->filePath(u"cache.sqlite"_s));
        m_store->putAccounts(demoAccounts(), 1'000);
        m_store->putSubaccounts(Facebook,
                                {page(u"sub_1"_s, Facebook, u"Ada's Bakery"_s),
                                 page(u"sub_2"_s, Facebook, u"Ada's Readers"_s, u"group"_s)},
                                1'000);
    }

    void cleanup()
    {
        m_store.reset();
        m_directory.reset();
    }

    void accountsAndTheirPages()
    {
        AccountTreeModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);

        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), 1);
        QCOMPARE(idsInOrder(model), (QStringList {LinkedIn, Twitter, Facebook}));
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), u"Accounts"_s);

        const QModelIndex linkedin = model.index(0, 0);
        QCOMPARE(linkedin.data().toString(), u"Ada Lovelace"_s);
        QVERIFY(linkedin.data(Qt::ToolTipRole).toString().contains(u"@ada"_s));
        // An X account shows its @handle: two accounts of one person look different.
        QCOMPARE(model.index(1, 0).data().toString(), u"Ada on X (@ada_x)"_s);
        QCOMPARE(linkedin.data(AccountTreeModel::UsernameRole).toString(), u"ada"_s);
        QCOMPARE(linkedin.data(AccountTreeModel::PlatformRole).toInt(), int(Platform::LinkedIn));
        QCOMPARE(linkedin.data(AccountTreeModel::PageIdRole).toString(), QString());
        QVERIFY(!linkedin.data(Qt::DecorationRole).value<QIcon>().isNull());
        QVERIFY(!linkedin.data(Qt::ForegroundRole).isValid());
        QVERIFY(model.flags(linkedin).testFlag(Qt::ItemIsUserCheckable));
        QCOMPARE(model.rowCount(linkedin), 0);

        const QModelIndex facebook = model.index(2, 0);
        QCOMPARE(model.rowCount(facebook), 2);
        const QModelIndex bakery = model.index(0, 0, facebook);
        QCOMPARE(bakery.data().toString(), u"Ada's Bakery"_s);
        QCOMPARE(bakery.parent(), facebook);
        QCOMPARE(bakery.data(AccountTreeModel::PageIdRole).toString(), u"sub_1"_s);
        QCOMPARE(bakery.data(AccountTreeModel::AccountIdRole).toString(), Facebook);
        QCOMPARE(bakery.data(AccountTreeModel::PlatformRole).toInt(), int(Platform::Facebook));
        QVERIFY(model.index(1, 0, facebook).data(Qt::ToolTipRole).toString().contains(u"group"_s));
        QVERIFY(!model.flags(bakery).testFlag(Qt::ItemIsUserCheckable));
        QVERIFY(!bakery.data(Qt::CheckStateRole).isValid());
        QVERIFY(!model.setData(bakery, Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(model.rowCount(bakery), 0);
        QVERIFY(!model.index(0, 0, bakery).isValid());

        QCOMPARE(model.indexOfAccount(Facebook), facebook);
        QVERIFY(!model.indexOfAccount(u"acc_nobody"_s).isValid());
    }

    void disconnectedAccountIsGreyedWithTheReason()
    {
        QList<Account> accounts = demoAccounts();
        accounts[1].status = AccountStatus::Disconnected;
        m_store->putAccounts(accounts, 2'000);
        AccountTreeModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);

        const QModelIndex twitter = model.index(1, 0);
        QCOMPARE(twitter.data(Qt::ForegroundRole).value<QColor>(), ItemColors::muted());
        QVERIFY(twitter.data(Qt::ToolTipRole).toString().contains(u"Disconnected"_s));
        QCOMPARE(twitter.data(AccountTreeModel::ConnectedRole).toBool(), false);
        QCOMPARE(model.index(0, 0).data(AccountTreeModel::ConnectedRole).toBool(), true);
        QVERIFY(!model.index(0, 0).data(Qt::ToolTipRole).toString().contains(u"Disconnected"_s));
    }

    void everyStateIsShownWithWhatItMeans()
    {
        QList<Account> accounts = demoAccounts();
        accounts[0].status = AccountStatus::NeedsReconnect;
        accounts[0].statusReason = u"The member revoked the app's access."_s;
        accounts[1].status = AccountStatus::RateLimited;
        // Noon today, this computer's time: the list says the time alone.
        const QDateTime noon(QDate::currentDate(), QTime(12, 0));
        accounts[1].rateLimitedUntilMs = noon.toMSecsSinceEpoch();
        accounts[2].status = AccountStatus::Disconnected;
        m_store->putAccounts(accounts, 2'000);
        AccountTreeModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);

        const QModelIndex linkedin = model.index(0, 0);
        QCOMPARE(linkedin.data().toString(), u"Ada Lovelace — Needs reconnect"_s);
        QCOMPARE(linkedin.data(AccountTreeModel::StatusTextRole).toString(), u"Needs reconnect"_s);
        QCOMPARE(linkedin.data(AccountTreeModel::StatusRole).toInt(),
                 int(AccountStatus::NeedsReconnect));
        QCOMPARE(linkedin.data(Qt::ForegroundRole).value<QColor>(), ItemColors::warning());
        const QString reconnectTip = linkedin.data(Qt::ToolTipRole).toString();
        QVERIFY2(reconnectTip.contains(u"Needs to be connected again"_s), qPrintable(reconnectTip));
        QVERIFY(reconnectTip.contains(u"LinkedIn said: The member revoked the app's access."_s));
        const QIcon badged = linkedin.data(Qt::DecorationRole).value<QIcon>();
        QVERIFY(!badged.isNull());
        // The platform's icon with a warning sign: not the plain one.
        QVERIFY(
            badged.pixmap(16, 16).toImage()
            != model.index(1, 0).data(Qt::DecorationRole).value<QIcon>().pixmap(16, 16).toImage());
        QCOMPARE(linkedin.data(AccountTreeModel::ConnectedRole).toBool(), false);

        const QModelIndex twitter = model.index(1, 0);
        const QString until = QLocale().toString(noon.time(), QLocale::ShortFormat);
        QCOMPARE(twitter.data().toString(), u"Ada on X (@ada_x) — Rate limited until "_s + until);
        QVERIFY(twitter.data(Qt::ToolTipRole).toString().contains(u"wait"_s));
        QVERIFY(!twitter.data(Qt::ForegroundRole).isValid()); // nothing to fix
        QVERIFY(!twitter.data(Qt::DecorationRole).value<QIcon>().isNull());

        const QModelIndex facebook = model.index(2, 0);
        QCOMPARE(facebook.data().toString(), u"Ada's Facebook — Disconnected"_s);
        QCOMPARE(facebook.data(Qt::ForegroundRole).value<QColor>(), ItemColors::muted());
        // The pages of an account that cannot publish are greyed with it.
        QCOMPARE(model.index(0, 0, facebook).data(Qt::ForegroundRole).value<QColor>(),
                 ItemColors::muted());

        // Another day: the date too.
        Account later = accounts[1];
        later.rateLimitedUntilMs = noon.addDays(2).toMSecsSinceEpoch();
        QVERIFY(AccountTreeModel::statusText(later).contains(
            QLocale().toString(noon.addDays(2), QLocale::ShortFormat)));
        later.rateLimitedUntilMs.reset();
        QCOMPARE(AccountTreeModel::statusText(later), u"Rate limited"_s);
        QCOMPARE(model.accountAt(model.index(1, 0, facebook))->id, Facebook);
        QVERIFY(!model.accountAt(QModelIndex()));
    }

    void aChangeOfStateChangesTheRow()
    {
        AccountTreeModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QList<Account> accounts = demoAccounts();
        accounts[1].status = AccountStatus::NeedsReconnect;
        m_store->putAccounts(accounts, 2'000);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().first().toModelIndex(), model.index(1, 0));
        // Only its reason changes: the tooltip is different, so the row changes too.
        accounts[1].statusReason = u"Token expired"_s;
        m_store->putAccounts(accounts, 3'000);
        QCOMPARE(changed.size(), 2);
        // Connected again.
        accounts[1].status = AccountStatus::Connected;
        accounts[1].statusReason.clear();
        m_store->putAccounts(accounts, 4'000);
        QCOMPARE(changed.size(), 3);
        QCOMPARE(model.index(1, 0).data().toString(), u"Ada on X (@ada_x)"_s);
        QCOMPARE(removed.size(), 0);
    }

    void everyAccountStartsChecked()
    {
        AccountTreeModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy changed(&model, &AccountTreeModel::checkedAccountsChanged);

        QVERIFY(model.allChecked());
        QCOMPARE(model.checkedAccountIds(), (QStringList {LinkedIn, Twitter, Facebook}));
        for (int row = 0; row < model.rowCount(); ++row)
            QCOMPARE(model.index(row, 0).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));

        QVERIFY(model.setData(model.index(1, 0), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(changed.size(), 1);
        QVERIFY(!model.allChecked());
        QCOMPARE(model.checkedAccountIds(), (QStringList {LinkedIn, Facebook}));
        QCOMPARE(model.index(1, 0).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));

        // Setting what is already there changes nothing.
        QVERIFY(model.setData(model.index(1, 0), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(changed.size(), 1);

        QVERIFY(model.setData(model.index(1, 0), Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(changed.size(), 2);
        QVERIFY(model.allChecked());
    }

    void checkedAccountsCanBeRestored()
    {
        AccountTreeModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy changed(&model, &AccountTreeModel::checkedAccountsChanged);
        QSignalSpy dataChanged(&model, &QAbstractItemModel::dataChanged);

        model.setCheckedAccountIds({Facebook, u"acc_gone"_s});
        QCOMPARE(model.checkedAccountIds(), (QStringList {Facebook}));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(dataChanged.size(), 2); // LinkedIn and X, each once
        QVERIFY(!model.allChecked());

        model.setCheckedAccountIds({Facebook});
        QCOMPARE(changed.size(), 1);

        // An account that appears later is checked; the choices made stay.
        QList<Account> accounts = demoAccounts();
        accounts.append(account(u"acc_new"_s, Platform::LinkedIn, u"Ada's company"_s, u"ada-co"_s));
        m_store->putAccounts(accounts, 3'000);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.checkedAccountIds(), (QStringList {Facebook, u"acc_new"_s}));
        QCOMPARE(changed.size(), 2);
    }

    void aRefreshChangesOnlyWhatChanged()
    {
        AccountTreeModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(model.setData(model.index(1, 0), Qt::Unchecked, Qt::CheckStateRole));

        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy layout(&model, &QAbstractItemModel::layoutChanged);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
        QSignalSpy dataChanged(&model, &QAbstractItemModel::dataChanged);

        // Another reference change (credits, slots) re-reads accounts that did not change.
        m_store->putSubaccounts(Facebook,
                                {page(u"sub_1"_s, Facebook, u"Ada's Bakery"_s),
                                 page(u"sub_2"_s, Facebook, u"Ada's Readers"_s, u"group"_s)},
                                2'000);
        QCOMPARE(inserted.size() + removed.size() + moved.size() + dataChanged.size(), 0);

        const QPersistentModelIndex twitter = model.index(1, 0);
        const QPersistentModelIndex bakery = model.index(0, 0, model.index(2, 0));

        // X renamed, LinkedIn gone, a new account first, Facebook before X.
        QList<Account> accounts {
            account(u"acc_new"_s, Platform::LinkedIn, u"Ada's company"_s, u"ada-co"_s),
            account(Facebook, Platform::Facebook, u"Ada's Facebook"_s, u"ada.fb"_s),
            account(Twitter, Platform::Twitter, u"Ada, on X"_s, u"ada_x"_s),
        };
        m_store->putAccounts(accounts, 2'000);

        QCOMPARE(reset.size(), 0);
        QCOMPARE(layout.size(), 0);
        QCOMPARE(idsInOrder(model), (QStringList {u"acc_new"_s, Facebook, Twitter}));
        QVERIFY(removed.size() >= 1);
        QVERIFY(inserted.size() >= 1);
        QVERIFY(twitter.isValid());
        QCOMPARE(twitter.data(AccountTreeModel::AccountIdRole).toString(), Twitter);
        QCOMPARE(twitter.data().toString(), u"Ada, on X (@ada_x)"_s);
        QCOMPARE(twitter.data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        QVERIFY(bakery.isValid());
        QCOMPARE(bakery.data().toString(), u"Ada's Bakery"_s);
        QCOMPARE(bakery.parent().data(AccountTreeModel::AccountIdRole).toString(), Facebook);
        QCOMPARE(model.checkedAccountIds(), (QStringList {u"acc_new"_s, Facebook}));
    }

    void pagesChangeUnderTheirAccount()
    {
        AccountTreeModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        const QModelIndex facebook = model.index(2, 0);
        const QPersistentModelIndex readers = model.index(1, 0, facebook);

        m_store->putSubaccounts(Facebook,
                                {page(u"sub_2"_s, Facebook, u"Ada's Readers"_s, u"group"_s),
                                 page(u"sub_3"_s, Facebook, u"Ada's Garden"_s)},
                                2'000);
        QCOMPARE(reset.size(), 0);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed.first().at(0).toModelIndex(), facebook);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted.first().at(0).toModelIndex(), facebook);
        QCOMPARE(model.rowCount(facebook), 2);
        QCOMPARE(readers.row(), 0);
        QCOMPARE(model.index(1, 0, facebook).data().toString(), u"Ada's Garden"_s);

        // A page for an account that had none.
        m_store->putSubaccounts(
            LinkedIn, {page(u"sub_9"_s, LinkedIn, u"Ada Ltd"_s, u"organization"_s)}, 2'000);
        QCOMPARE(model.rowCount(model.index(0, 0)), 1);
        QCOMPARE(model.index(0, 0, model.index(0, 0)).data().toString(), u"Ada Ltd"_s);
    }

    void nothingCachedIsEmpty()
    {
        m_store->putAccounts({}, 3'000);
        AccountTreeModel model(*m_store);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.allChecked());
        QVERIFY(model.checkedAccountIds().isEmpty());
        m_store->putAccounts(demoAccounts(), 4'000);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.rowCount(model.index(2, 0)), 2);
    }
};

QTEST_MAIN(TestAccountTreeModel)
#include "tst_accounttreemodel.moc"
