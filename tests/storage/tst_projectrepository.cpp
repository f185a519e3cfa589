#include "storage/creditrepository.h"
#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/projectrepository.h"
#include "storage/statement.h"
#include "support/manualclock.h"

#include <QTemporaryDir>
#include <QTest>

using namespace slotline;

class TestProjectRepository : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    test::ManualClock m_clock;
    Database m_database;

private Q_SLOTS:
    void init()
    {
        m_database.open(m_directory.filePath(QString::fromLatin1(QTest::currentTestFunction())
                                             + QStringLiteral(".db")));
    }
    void cleanup() { m_database.close(); }

    void createFindAndList()
    {
        ProjectRepository projects(m_database, m_clock);
        const ProjectRecord created
            = projects.create(NewProject {QStringLiteral("Acme"), QStringLiteral("Europe/Berlin"),
                                          QStringLiteral("ada@acme.test"), QStringLiteral("Ada")});
        QVERIFY(created.id.startsWith(u"prj_"));
        QVERIFY(created.ownerUserId.startsWith(u"usr_"));
        QCOMPARE(created.createdAtMs, m_clock.nowMs());

        const auto found = projects.find(created.id);
        QVERIFY(found);
        QCOMPARE(found->name, QStringLiteral("Acme"));
        QCOMPARE(found->timezone, QStringLiteral("Europe/Berlin"));
        QCOMPARE(found->ownerEmail, QStringLiteral("ada@acme.test"));
        QCOMPARE(projects.findByName(QStringLiteral("Acme"))->id, created.id);
        QVERIFY(!projects.find(QStringLiteral("prj_missing")));
        QVERIFY(!projects.findByName(QStringLiteral("acme"))); // names are exact

        m_clock.advanceMs(1);
        projects.create(
            NewProject {QStringLiteral("Beta"), QStringLiteral("UTC"), {}, QStringLiteral("B")});
        const QList<ProjectRecord> all = projects.list();
        QCOMPARE(all.size(), 2);
        QCOMPARE(all.first().name, QStringLiteral("Acme"));

        const auto profile = projects.profile(created.id, QStringLiteral("key_1"));
        QVERIFY(profile);
        QCOMPARE(profile->userId, created.ownerUserId);
        QCOMPARE(profile->projectName, QStringLiteral("Acme"));
        QCOMPARE(profile->apiKeyId, QStringLiteral("key_1"));
    }

    void namesAreUnique()
    {
        ProjectRepository projects(m_database, m_clock);
        projects.create(
            NewProject {QStringLiteral("Same"), QStringLiteral("UTC"), {}, QStringLiteral("A")});
        QVERIFY_THROWS_EXCEPTION(
            DatabaseError,
            projects.create(NewProject {
                QStringLiteral("Same"), QStringLiteral("UTC"), {}, QStringLiteral("B")}));
        // The failed create left no orphan owner behind.
        Statement users(m_database, QStringLiteral("SELECT count(*) FROM users"));
        users.exec();
        QVERIFY(users.next());
        QCOMPARE(users.integer(0), 1);
    }

    void creditsAreGrantedAndExplainedByTheirHistory()
    {
        const ProjectRecord project
            = ProjectRepository(m_database, m_clock)
                  .create(NewProject {
                      QStringLiteral("Credits"), QStringLiteral("UTC"), {}, QStringLiteral("C")});
        CreditRepository credits(m_database, m_clock);
        QCOMPARE(credits.balance(project.id)->remaining, 0);
        QCOMPARE(credits.grant(project.id, 25, QStringLiteral("welcome"))->remaining, 25);
        const auto balance = credits.grant(project.id, 5, {});
        QCOMPARE(balance->remaining, 30);
        QCOMPARE(balance->reserved, 0);
        QCOMPARE(balance->used, 0);
        QVERIFY(!credits.grant(QStringLiteral("prj_missing"), 5, {}));
        QVERIFY(!credits.balance(QStringLiteral("prj_missing")));

        Statement history(m_database, QStringLiteral("SELECT kind, amount, note FROM credit_events "
                                                     "WHERE project_id = ? ORDER BY seq"));
        history.bind(project.id).exec();
        QVERIFY(history.next());
        QCOMPARE(history.text(0), QStringLiteral("grant"));
        QCOMPARE(history.integer(1), 25);
        QCOMPARE(history.text(2), QStringLiteral("welcome"));
        QVERIFY(history.next());
        QVERIFY(history.value(2).isNull());
        QVERIFY(!history.next());
    }

    void negativeBalancesAreImpossible()
    {
        const ProjectRecord project
            = ProjectRepository(m_database, m_clock)
                  .create(NewProject {
                      QStringLiteral("Negative"), QStringLiteral("UTC"), {}, QStringLiteral("N")});
        CreditRepository credits(m_database, m_clock);
        QVERIFY_THROWS_EXCEPTION(DatabaseError, credits.grant(project.id, -1, {}));
        QCOMPARE(credits.balance(project.id)->remaining, 0);
    }
};

QTEST_GUILESS_MAIN(TestProjectRepository)
#include "tst_projectrepository.moc"
