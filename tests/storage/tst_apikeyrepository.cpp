#include "core/apikeysecret.h"
#include "storage/apikeyrepository.h"
#include "storage/database.h"
#include "storage/projectrepository.h"
#include "storage/statement.h"
#include "support/manualclock.h"

#include <QTemporaryDir>
#include <QTest>

using namespace slotline;

class TestApiKeyRepository : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    test::ManualClock m_clock;
    Database m_database;
    QString m_projectId;

private Q_SLOTS:
    void init()
    {
        m_database.open(m_directory.filePath(QString::fromLatin1(QTest::currentTestFunction())
                                             + QStringLiteral(".db")));
        m_projectId = ProjectRepository(m_database, m_clock)
                          .create(NewProject {
                              QStringLiteral("P"), QStringLiteral("UTC"), {}, QStringLiteral("O")})
                          .id;
    }
    void cleanup() { m_database.close(); }

    void theKeyItselfIsNeverStored()
    {
        ApiKeyRepository keys(m_database, m_clock);
        const CreatedApiKey created = keys.create(m_projectId, QStringLiteral("ci"));
        QVERIFY(created.plaintext.startsWith(u"slk_"));
        QCOMPARE(created.info.prefix, created.plaintext.first(12));

        Statement everything(m_database, QStringLiteral("SELECT * FROM api_keys"));
        everything.exec();
        QVERIFY(everything.next());
        for (int column = 0; column < 8; ++column)
            QVERIFY(!everything.value(column).toString().contains(created.plaintext));

        const QList<ApiKeyCandidate> candidates = keys.candidatesForPrefix(created.info.prefix);
        QCOMPARE(candidates.size(), 1);
        QCOMPARE(candidates.first().keyId, created.info.id);
        QCOMPARE(candidates.first().projectId, m_projectId);
        QCOMPARE(candidates.first().hash, ApiKeySecret::hashOf(created.plaintext));
        QVERIFY(!candidates.first().revoked);
    }

    void revokeOnceOnly()
    {
        ApiKeyRepository keys(m_database, m_clock);
        const CreatedApiKey created = keys.create(m_projectId, QStringLiteral("ci"));
        m_clock.advanceMs(5000);
        QCOMPARE(keys.revoke(created.info.id), ApiKeyRepository::RevokeResult::Revoked);
        QCOMPARE(keys.revoke(created.info.id), ApiKeyRepository::RevokeResult::AlreadyRevoked);
        QCOMPARE(keys.revoke(QStringLiteral("key_missing")),
                 ApiKeyRepository::RevokeResult::NotFound);
        QCOMPARE(keys.find(created.info.id)->revokedAtMs, m_clock.nowMs());
        QVERIFY(keys.candidatesForPrefix(created.info.prefix).first().revoked);
    }

    void lastUseOnlyMovesForward()
    {
        ApiKeyRepository keys(m_database, m_clock);
        const QString id = keys.create(m_projectId, QStringLiteral("ci")).info.id;
        QVERIFY(!keys.find(id)->lastUsedAtMs);
        keys.recordLastUse({{id, 2000}});
        QCOMPARE(keys.find(id)->lastUsedAtMs, 2000);
        keys.recordLastUse({{id, 1000}}); // a late batch never moves it back
        QCOMPARE(keys.find(id)->lastUsedAtMs, 2000);
    }

    void listPagesAreStableAndScopedToTheProject()
    {
        ApiKeyRepository keys(m_database, m_clock);
        const QString other
            = ProjectRepository(m_database, m_clock)
                  .create(NewProject {
                      QStringLiteral("Other"), QStringLiteral("UTC"), {}, QStringLiteral("O")})
                  .id;
        keys.create(other, QStringLiteral("not mine"));
        QStringList created;
        for (int i = 0; i < 5; ++i) {
            created.append(keys.create(m_projectId, QStringLiteral("k%1").arg(i)).info.id);
            m_clock.advanceMs(1);
        }
        PageRequest page;
        page.limit = 2;
        QStringList seen;
        int pages = 0;
        do {
            const Page<ApiKeyInfo> result = keys.list(m_projectId, page);
            for (const ApiKeyInfo &key : result.items)
                seen.append(key.id);
            page.after = result.nextAfter;
            if (pages == 0) // a key added while paging shows up at the end, nothing repeats
                created.append(keys.create(m_projectId, QStringLiteral("late")).info.id);
            ++pages;
        } while (!page.after.isEmpty());
        QCOMPARE(seen, created);
        QCOMPARE(pages, 3);
        QCOMPARE(keys.listAll(m_projectId).size(), 6);
        QCOMPARE(keys.listAll().size(), 7);
    }
};

QTEST_GUILESS_MAIN(TestApiKeyRepository)
#include "tst_apikeyrepository.moc"
