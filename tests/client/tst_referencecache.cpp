#include "client/localstoreschema.h"
#include "client/referencecache.h"
#include "storage/database.h"

#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::client;
using namespace Qt::Literals::StringLiterals;

class TestReferenceCache : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    int m_files = 0;

    QString newFile() { return m_directory.filePath(u"reference-%1.db"_s.arg(++m_files)); }

private Q_SLOTS:
    void nothingReadIsEmpty()
    {
        Database database;
        database.open(newFile(), localStoreMigrations());
        const ReferenceCache cache(database);
        QVERIFY(!cache.user());
        QVERIFY(cache.accounts().isEmpty());
        QVERIFY(cache.slots().isEmpty());
        QVERIFY(cache.timezone().isEmpty());
        QVERIFY(!cache.credits());
    }

    void whatWasReadIsThereAfterAReopen()
    {
        const QString file = newFile();
        Account brand;
        brand.id = u"acc_brand"_s;
        brand.name = u"Brand"_s;
        brand.platform = Platform::Twitter;
        Account person = brand;
        person.id = u"acc_person"_s;
        person.name = u"Person"_s;
        Subaccount page;
        page.id = u"page_1"_s;
        page.name = u"Shop"_s;
        WeeklySlot slot;
        slot.id = u"slot_1"_s;
        slot.day = Qt::Tuesday;
        slot.hour = 9;
        {
            Database database;
            database.open(file, localStoreMigrations());
            ReferenceCache cache(database);
            cache.putAccounts({brand, person}, 1);
            cache.putSubaccounts(brand.id, {page}, 1);
            cache.putSlots(u"Europe/Berlin"_s, {slot}, 1);
        }
        Database database;
        database.open(file, localStoreMigrations());
        ReferenceCache cache(database);
        QCOMPARE(cache.accounts().size(), 2);
        QCOMPARE(cache.accounts().at(1).name, u"Person"_s);
        QCOMPARE(cache.subaccounts(brand.id).size(), 1);
        QVERIFY(cache.subaccounts(person.id).isEmpty()); // pages are per account
        QCOMPARE(cache.timezone(), u"Europe/Berlin"_s);
        QCOMPARE(cache.slots().first().hour, 9);

        // A list read again replaces the one kept: an account disconnected goes.
        cache.putAccounts({person}, 2);
        QCOMPARE(cache.accounts().size(), 1);
        QCOMPARE(cache.accounts().first().id, person.id);
    }
};

QTEST_GUILESS_MAIN(TestReferenceCache)
#include "tst_referencecache.moc"
