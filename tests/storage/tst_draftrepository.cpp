#include "core/ids.h"
#include "storage/database.h"
#include "storage/draftrepository.h"
#include "storage/projectrepository.h"
#include "storage/statement.h"
#include "support/manualclock.h"

#include <QSemaphore>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <memory>

using namespace slotline;

namespace {

Draft newDraft(const QString &clientId, const QString &text = QStringLiteral("text"))
{
    Draft draft;
    draft.id = ids::generate(IdKind::Draft);
    draft.clientId = clientId;
    draft.text = text;
    draft.platforms = {Platform::LinkedIn};
    draft.createdAtMs = test::ManualClock::DefaultStartMs;
    draft.updatedAtMs = draft.createdAtMs;
    return draft;
}

} // namespace

// What the draft tools rely on: a client id is one draft's per project, decided by the
// database even when two writers insert at the same moment.
class TestDraftRepository : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    test::ManualClock m_clock;
    Database m_database;
    QString m_project;
    QString m_otherProject;

    QString databasePath() const
    {
        return m_directory.filePath(QString::fromLatin1(QTest::currentTestFunction())
                                    + QStringLiteral(".db"));
    }
    qint64 draftCount()
    {
        Statement count(m_database, QStringLiteral("SELECT count(*) FROM drafts"));
        count.exec();
        return count.next() ? count.integer(0) : -1;
    }

private Q_SLOTS:
    void init()
    {
        m_database.open(databasePath());
        ProjectRepository projects(m_database, m_clock);
        m_project = projects
                        .create(NewProject {
                            QStringLiteral("P"), QStringLiteral("UTC"), {}, QStringLiteral("O")})
                        .id;
        m_otherProject
            = projects
                  .create(NewProject {
                      QStringLiteral("Q"), QStringLiteral("UTC"), {}, QStringLiteral("O")})
                  .id;
    }
    void cleanup() { m_database.close(); }

    void aClientIdIsTakenOncePerProject()
    {
        DraftRepository drafts(m_database);
        const Draft first = newDraft(QStringLiteral("c-1"), QStringLiteral("first"));
        QVERIFY(drafts.insert(m_project, first));
        const Draft second = newDraft(QStringLiteral("c-1"), QStringLiteral("second"));
        QVERIFY(!drafts.insert(m_project, second));
        QVERIFY(!drafts.find(m_project, second.id));
        const auto found = drafts.findByClientId(m_project, QStringLiteral("c-1"));
        QVERIFY(found);
        QCOMPARE(found->id, first.id);
        QCOMPARE(found->text, QStringLiteral("first"));
        QCOMPARE(found->clientId, QStringLiteral("c-1"));
        QCOMPARE(drafts.find(m_project, first.id)->clientId, QStringLiteral("c-1"));

        // Another project's drafts have their own client ids.
        QVERIFY(drafts.insert(m_otherProject, newDraft(QStringLiteral("c-1"))));
        QVERIFY(!drafts.findByClientId(m_project, QStringLiteral("c-2")));
        // Drafts without one never clash.
        QVERIFY(drafts.insert(m_project, newDraft(QString())));
        QVERIFY(drafts.insert(m_project, newDraft(QString())));
        QCOMPARE(draftCount(), 4);

        // Saving over a draft keeps its client id; deleting it frees the id.
        Draft edited = first;
        edited.text = QStringLiteral("edited");
        edited.clientId.clear();
        edited.revision = 2;
        QVERIFY(drafts.update(m_project, edited, 1));
        QCOMPARE(drafts.find(m_project, first.id)->clientId, QStringLiteral("c-1"));
        QVERIFY(drafts.remove(m_project, first.id));
        QVERIFY(drafts.insert(m_project, second));
        QCOMPARE(drafts.findByClientId(m_project, QStringLiteral("c-1"))->id, second.id);
    }

    // Two connections (two servers, or one and a maintenance command) insert the same
    // client ids at the same moment: each id makes one draft, and each insert learns
    // whether it was the one.
    void twoWritersRacingForOneClientIdMakeOneDraft()
    {
        constexpr int Ids = 200;
        const QString path = databasePath();
        const QString project = m_project;
        std::atomic<int> made {0};
        QSemaphore ready;
        QSemaphore go;
        const auto writer = [&] {
            Database database;
            database.open(path);
            DraftRepository drafts(database);
            ready.release();
            go.acquire();
            for (int i = 0; i < Ids; ++i) {
                if (drafts.insert(project, newDraft(QStringLiteral("race-%1").arg(i))))
                    ++made;
            }
        };
        std::unique_ptr<QThread> one(QThread::create(writer));
        std::unique_ptr<QThread> two(QThread::create(writer));
        one->start();
        two->start();
        ready.acquire(2);
        go.release(2);
        QVERIFY(one->wait(60'000));
        QVERIFY(two->wait(60'000));
        QCOMPARE(made.load(), Ids);
        QCOMPARE(draftCount(), Ids);
    }
};

QTEST_GUILESS_MAIN(TestDraftRepository)
#include "tst_draftrepository.moc"
