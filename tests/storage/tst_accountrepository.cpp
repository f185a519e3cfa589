#include "core/isotime.h"
#include "storage/accountrepository.h"
#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/projectrepository.h"
#include "support/manualclock.h"

#include <QTemporaryDir>
#include <QTest>

using namespace slotline;

class TestAccountRepository : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    test::ManualClock m_clock;
    Database m_database;
    QString m_projectA;
    QString m_projectB;

    Account add(const QString &projectId, Platform platform, const QString &name)
    {
        m_clock.advanceMs(1);
        return AccountRepository(m_database, m_clock)
            .add(NewAccount {
                projectId, platform, name, name.toLower(), {}, QStringLiteral("sandbox")});
    }

private Q_SLOTS:
    void init()
    {
        m_database.open(m_directory.filePath(QString::fromLatin1(QTest::currentTestFunction())
                                             + QStringLiteral(".db")));
        ProjectRepository projects(m_database, m_clock);
        m_projectA = projects
                         .create(NewProject {
                             QStringLiteral("A"), QStringLiteral("UTC"), {}, QStringLiteral("A")})
                         .id;
        m_projectB = projects
                         .create(NewProject {
                             QStringLiteral("B"), QStringLiteral("UTC"), {}, QStringLiteral("B")})
                         .id;
    }
    void cleanup() { m_database.close(); }

    void accountsAreScopedToTheirProject()
    {
        AccountRepository accounts(m_database, m_clock);
        const Account mine = add(m_projectA, Platform::LinkedIn, QStringLiteral("Mine"));
        const Account theirs = add(m_projectB, Platform::LinkedIn, QStringLiteral("Theirs"));
        QCOMPARE(accounts.find(m_projectA, mine.id)->name, QStringLiteral("Mine"));
        QVERIFY(!accounts.find(m_projectA, theirs.id));
        QCOMPARE(accounts.findAnyProject(theirs.id)->projectId, m_projectB);
        const Page<Account> page = accounts.list(m_projectA, std::nullopt, PageRequest {});
        QCOMPARE(page.items.size(), 1);
        QCOMPARE(page.items.first().id, mine.id);
        QVERIFY(page.nextAfter.isEmpty());
    }

    void listFiltersByPlatformAndPages()
    {
        AccountRepository accounts(m_database, m_clock);
        QStringList twitterIds;
        for (int i = 0; i < 5; ++i) {
            twitterIds.append(add(m_projectA, Platform::Twitter, QStringLiteral("X%1").arg(i)).id);
            add(m_projectA, Platform::Facebook, QStringLiteral("F%1").arg(i));
        }
        PageRequest page;
        page.limit = 2;
        QStringList seen;
        do {
            const Page<Account> result = accounts.list(m_projectA, Platform::Twitter, page);
            QVERIFY(result.items.size() <= 2);
            for (const Account &account : result.items) {
                QCOMPARE(account.platform, Platform::Twitter);
                seen.append(account.id);
            }
            page.after = result.nextAfter;
        } while (!page.after.isEmpty());
        QCOMPARE(seen, twitterIds);
    }

    void accountFieldsRoundTrip()
    {
        AccountRepository accounts(m_database, m_clock);
        const Account created = accounts.add(NewAccount {
            m_projectA, Platform::Facebook, QStringLiteral("Café ☕"), QStringLiteral("cafe"),
            QStringLiteral("https://img.test/a.png"), QStringLiteral("sandbox")});
        const Account read = *accounts.find(m_projectA, created.id);
        QCOMPARE(read.name, QStringLiteral("Café ☕"));
        QCOMPARE(read.platform, Platform::Facebook);
        QCOMPARE(read.profileImageUrl, QStringLiteral("https://img.test/a.png"));
        QVERIFY(read.status == AccountStatus::Connected);
        QCOMPARE(read.connector, QStringLiteral("sandbox"));
        QCOMPARE(read.connectedAtMs, m_clock.nowMs());
        const QJsonObject json = read.toJson();
        QCOMPARE(json.value(QStringLiteral("platform")).toString(), QStringLiteral("facebook"));
        QVERIFY(!json.contains(QStringLiteral("projectId")));
        QCOMPARE(json.value(QStringLiteral("connector")).toString(), QStringLiteral("sandbox"));
        QCOMPARE(json.value(QStringLiteral("status")).toString(), QStringLiteral("connected"));
        QVERIFY(!json.contains(QStringLiteral("rateLimitedUntil")));
    }

    void connectingThePersonAgainKeepsTheirAccount()
    {
        AccountRepository accounts(m_database, m_clock);
        NewAccount person {
            m_projectA, Platform::Twitter,   QStringLiteral("Ada"), QStringLiteral("ada"),
            {},         QStringLiteral("x"), QStringLiteral("1500")};
        bool created = false;
        const Account first = accounts.connect(person, &created);
        QVERIFY(created);
        accounts.setStatus(first.id, AccountStatus::NeedsReconnect,
                           QStringLiteral("X refused the token."));
        QVERIFY(accounts.find(m_projectA, first.id)->status == AccountStatus::NeedsReconnect);
        QCOMPARE(accounts.find(m_projectA, first.id)->statusReason,
                 QStringLiteral("X refused the token."));

        person.name = QStringLiteral("Ada L.");
        const Account again = accounts.connect(person, &created);
        QVERIFY(!created);
        QCOMPARE(again.id, first.id);
        QCOMPARE(again.name, QStringLiteral("Ada L."));
        QVERIFY(again.status == AccountStatus::Connected);
        QVERIFY(again.statusReason.isEmpty());

        // The same person in another project, or on another connector, is another account.
        NewAccount elsewhere = person;
        elsewhere.projectId = m_projectB;
        QVERIFY(accounts.connect(elsewhere, &created).id != first.id);
        QVERIFY(created);

        const qint64 until = m_clock.nowMs() + 60 * 60 * 1000;
        accounts.setStatus(first.id, AccountStatus::RateLimited, QStringLiteral("X's limit"),
                           until);
        const QJsonObject json = accounts.find(m_projectA, first.id)->toJson();
        QCOMPARE(json.value(QStringLiteral("status")).toString(), QStringLiteral("rate_limited"));
        QCOMPARE(json.value(QStringLiteral("rateLimitedUntil")).toString(), isotime::format(until));
        QCOMPARE(json.value(QStringLiteral("statusReason")).toString(),
                 QStringLiteral("X's limit"));

        // A limit that has ended needs nothing done: the account reads as connected.
        m_clock.advanceMs(60 * 60 * 1000);
        const Account after = *accounts.find(m_projectA, first.id);
        QVERIFY(after.status == AccountStatus::Connected);
        QVERIFY(!after.rateLimitedUntilMs);
        QVERIFY(after.statusReason.isEmpty());
    }

    void pagesAreKeptByThePlatformsId()
    {
        AccountRepository accounts(m_database, m_clock);
        const Account person = add(m_projectA, Platform::Facebook, QStringLiteral("Ada"));
        const Subaccount page = accounts.putSubaccount(
            person.id, QStringLiteral("101"), QStringLiteral("Bakery"), QStringLiteral("page"));
        m_clock.advanceMs(1); // the list is in the order they were added
        accounts.putSubaccount(person.id, QStringLiteral("102"), QStringLiteral("Shop"),
                               QStringLiteral("page"));
        const Subaccount renamed
            = accounts.putSubaccount(person.id, QStringLiteral("101"),
                                     QStringLiteral("Bakery & Café"), QStringLiteral("page"));
        QCOMPARE(renamed.id, page.id);
        const QList<Subaccount> all = accounts.subaccountsOf(person.id);
        QCOMPARE(all.size(), 2);
        QCOMPARE(all[0].name, QStringLiteral("Bakery & Café"));
        QCOMPARE(all[0].externalId, QStringLiteral("101"));
        QVERIFY(!all[0].toJson().contains(QStringLiteral("externalId")));
    }

    void subaccountsBelongToAnAccount()
    {
        AccountRepository accounts(m_database, m_clock);
        const Account page = add(m_projectA, Platform::Facebook, QStringLiteral("FB"));
        const Account other = add(m_projectA, Platform::LinkedIn, QStringLiteral("LI"));
        QStringList created;
        for (int i = 0; i < 3; ++i) {
            m_clock.advanceMs(1);
            created.append(accounts
                               .addSubaccount(page.id, QStringLiteral("Page %1").arg(i),
                                              QStringLiteral("page"))
                               .id);
        }
        accounts.addSubaccount(other.id, QStringLiteral("Org"), QStringLiteral("organization"));
        PageRequest request;
        request.limit = 2;
        const Page<Subaccount> first = accounts.listSubaccounts(m_projectA, page.id, request);
        QCOMPARE(first.items.size(), 2);
        QVERIFY(!first.nextAfter.isEmpty());
        request.after = first.nextAfter;
        const Page<Subaccount> second = accounts.listSubaccounts(m_projectA, page.id, request);
        QCOMPARE(second.items.size(), 1);
        QVERIFY(second.nextAfter.isEmpty());
        QCOMPARE((QStringList {first.items[0].id, first.items[1].id, second.items[0].id}), created);
        QCOMPARE(second.items[0].accountId, page.id);
        // Scoped to the project, as every read is.
        QVERIFY(accounts.findSubaccount(m_projectA, page.id, created[0]));
        QVERIFY(!accounts.findSubaccount(m_projectB, page.id, created[0]));
        QVERIFY(!accounts.findSubaccount(m_projectA, other.id, created[0]));
        QVERIFY(accounts.listSubaccounts(m_projectB, page.id, PageRequest {}).items.isEmpty());

        QVERIFY_THROWS_EXCEPTION(
            DatabaseError, accounts.addSubaccount(QStringLiteral("acc_missing"),
                                                  QStringLiteral("x"), QStringLiteral("page")));
        QVERIFY_THROWS_EXCEPTION(DatabaseError, accounts.addSubaccount(page.id, QStringLiteral("x"),
                                                                       QStringLiteral("castle")));
    }
};

QTEST_GUILESS_MAIN(TestAccountRepository)
#include "tst_accountrepository.moc"
