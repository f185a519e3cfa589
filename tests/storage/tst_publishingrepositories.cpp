#include "core/ids.h"
#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/idempotencyrepository.h"
#include "storage/projectrepository.h"
#include "storage/publishedpostrepository.h"
#include "storage/sandboxpublicationrepository.h"
#include "storage/slotrepository.h"
#include "support/manualclock.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline;

class TestPublishingRepositories : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    test::ManualClock m_clock;
    Database m_database;
    QString m_project;

private Q_SLOTS:
    void init()
    {
        m_database.open(m_directory.filePath(QString::fromLatin1(QTest::currentTestFunction())
                                             + QStringLiteral(".db")));
        m_project = ProjectRepository(m_database, m_clock)
                        .create(NewProject {
                            QStringLiteral("P"), QStringLiteral("UTC"), {}, QStringLiteral("O")})
                        .id;
    }
    void cleanup() { m_database.close(); }

    void weeklySlots()
    {
        SlotRepository slots(m_database, m_clock);
        const WeeklySlot tuesday {ids::generate(IdKind::Slot),
                                  Qt::Tuesday,
                                  9,
                                  30,
                                  {SlotTarget {Platform::Twitter, QStringLiteral("acc_1"), {}}}};
        const WeeklySlot monday {ids::generate(IdKind::Slot), Qt::Monday, 17, 0, {}};
        slots.add(m_project, {tuesday, monday});
        const QList<WeeklySlot> listed = slots.list(m_project);
        QCOMPARE(listed.size(), 2);
        QCOMPARE(listed[0].id, monday.id); // by weekday
        QCOMPARE(listed[1].targets.size(), 1);
        QCOMPARE(listed[1].targets[0].accountId, QStringLiteral("acc_1"));
        QVERIFY(listed[1].targets[0].platform == Platform::Twitter);
        QVERIFY(listed[1].targets[0].subaccountId.isEmpty());

        const WeeklySlot clash {ids::generate(IdKind::Slot), Qt::Monday, 17, 0, {}};
        QVERIFY_THROWS_EXCEPTION(DatabaseError, slots.add(m_project, {clash}));
        QVERIFY(slots.remove(m_project, monday.id));
        QVERIFY(!slots.remove(m_project, monday.id));
        QVERIFY(!slots.remove(QStringLiteral("prj_other"), tuesday.id));
        slots.removeAll(m_project);
        QVERIFY(slots.list(m_project).isEmpty());
    }

    void idempotencyRecords()
    {
        IdempotencyRepository keys(m_database);
        QVERIFY(!keys.find(m_project, QStringLiteral("k")));
        keys.save(m_project, QStringLiteral("k"),
                  {QStringLiteral("h1"), 201, QByteArray("{\"a\":1}"), 1000});
        const auto found = keys.find(m_project, QStringLiteral("k"));
        QCOMPARE(found->requestHash, QStringLiteral("h1"));
        QCOMPARE(found->status, 201);
        QCOMPARE(found->body, QByteArray("{\"a\":1}"));
        QVERIFY(!keys.find(QStringLiteral("prj_other"), QStringLiteral("k")));
        keys.save(m_project, QStringLiteral("k"),
                  {QStringLiteral("h2"), 422, QByteArray("{}"), 2000});
        QCOMPARE(keys.find(m_project, QStringLiteral("k"))->requestHash, QStringLiteral("h2"));
        QCOMPARE(keys.removeOlderThan(2001), 1);
        QVERIFY(!keys.find(m_project, QStringLiteral("k")));
    }

    void sandboxPublishesOncePerToken()
    {
        SandboxPublicationRepository sandbox(m_database);
        SandboxPublication publication;
        publication.id = ids::generate(IdKind::PublishedPost);
        publication.token = QStringLiteral("ps_1");
        publication.accountId = QStringLiteral("acc_1");
        publication.accountName = QStringLiteral("Brand");
        publication.username = QStringLiteral("brand");
        publication.platform = Platform::Facebook;
        publication.text = QStringLiteral("hello");
        publication.mediaUrls = {QStringLiteral("https://img.test/a.png")};
        publication.publishedAtMs = 1000;
        const SandboxPublication first = sandbox.publish(publication);
        SandboxPublication repeat = publication;
        repeat.id = ids::generate(IdKind::PublishedPost);
        repeat.publishedAtMs = 2000;
        const SandboxPublication second = sandbox.publish(repeat);
        QCOMPARE(second.id, first.id);
        QCOMPARE(second.publishedAtMs, 1000);
        QCOMPARE(sandbox.count(), 1);
        QCOMPARE(sandbox.find(first.id)->mediaUrls, publication.mediaUrls);
        QVERIFY(!sandbox.findByToken(QStringLiteral("ps_2")));
    }

    void publishedPostsSearch()
    {
        PublishedPostRepository posts(m_database);
        const auto publish = [&](const QString &text, qint64 at) {
            PublishedPost post;
            post.id = ids::generate(IdKind::PublishedPost);
            post.submissionId = ids::generate(IdKind::PostSubmission);
            post.accountId = QStringLiteral("acc_1");
            post.platform = Platform::LinkedIn;
            post.text = text;
            post.publicUrl = QStringLiteral("https://p/") + post.id;
            post.publishedAtMs = at;
            // The foreign key wants a submission; the search is what is tested here.
            m_database.connection().exec(QStringLiteral("PRAGMA foreign_keys=OFF"));
            posts.insert(m_project, post);
            m_database.connection().exec(QStringLiteral("PRAGMA foreign_keys=ON"));
            return post.id;
        };
        const QString cafe = publish(QStringLiteral("Opening our Café on Friday"), 1000);
        const QString discount = publish(QStringLiteral("50% off today_only"), 2000);
        const QString other = publish(QStringLiteral("Nothing to see"), 3000);
        const auto search = [&](const QString &query) {
            PublishedPostFilter filter;
            filter.query = query;
            QStringList found;
            for (const PublishedPost &post : posts.list(m_project, filter, PageRequest {}).items)
                found.append(post.id);
            return found;
        };
        QCOMPARE(search(QStringLiteral("CAFÉ")), QStringList {cafe});
        QCOMPARE(search(QStringLiteral("friday opening")),
                 QStringList {cafe}); // every word, any order
        QCOMPARE(search(QStringLiteral("50%")), QStringList {discount});
        QCOMPARE(search(QStringLiteral("%")), QStringList {discount}); // literal, not a wildcard
        QCOMPARE(search(QStringLiteral("y_o")), QStringList {discount});
        QCOMPARE(search(QStringLiteral("_")), QStringList {discount});
        QCOMPARE(search(QString()), (QStringList {other, discount, cafe})); // newest first
        QVERIFY(search(QStringLiteral("absent")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPublishingRepositories)
#include "tst_publishingrepositories.moc"
