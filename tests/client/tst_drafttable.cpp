#include "client/drafttable.h"
#include "client/localstoreschema.h"
#include "storage/database.h"

#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::client;
using namespace Qt::Literals::StringLiterals;

namespace {

LocalDraft written(const QString &text, qint64 atMs)
{
    LocalDraft draft;
    draft.localId = DraftTable::newLocalId();
    draft.text = text;
    draft.platforms = {Platform::Twitter};
    draft.mediaUrls = {u"https://example.com/a.png"_s};
    draft.updatedAtMs = atMs;
    return draft;
}

} // namespace

class TestDraftTable : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    int m_files = 0;
    std::unique_ptr<Database> m_database;

private Q_SLOTS:
    void init()
    {
        m_database = std::make_unique<Database>();
        m_database->open(m_directory.filePath(u"drafts-%1.db"_s.arg(++m_files)),
                         localStoreMigrations());
    }

    void draftsComeBackAsWrittenTheLatestFirst()
    {
        DraftTable table(*m_database);
        const LocalDraft older = written(u"older"_s, 1'000);
        const LocalDraft newer = written(u"newer"_s, 2'000);
        table.insert(older);
        table.insert(newer);
        const QList<LocalDraft> all = table.all();
        QCOMPARE(all.size(), 2);
        QCOMPARE(all.first().text, u"newer"_s);
        const auto found = table.find(older.localId);
        QVERIFY(found);
        QCOMPARE(found->platforms, QList<Platform> {Platform::Twitter});
        QCOMPARE(found->mediaUrls, older.mediaUrls);
        QVERIFY(found->serverId.isEmpty());
        QVERIFY(found->state == DraftSyncState::Pending);
        QVERIFY(newer.localId != older.localId);
    }

    void aDeletedDraftIsHiddenUntilItsDeletionIsRefused()
    {
        DraftTable table(*m_database);
        const LocalDraft draft = written(u"going"_s, 1);
        table.insert(draft);
        table.markDeleted(draft.localId);
        QVERIFY(!table.find(draft.localId));
        QVERIFY(table.findAny(draft.localId)); // its deletion is still to be sent
        QVERIFY(table.isDeleted(draft.localId));
        table.setRefused(draft.localId, u"The server said no."_s);
        QCOMPARE(table.find(draft.localId)->problem, u"The server said no."_s);
        // An edit clears the reason: it is about the text before.
        table.setContent(draft.localId, u"edited"_s, {}, {}, 5);
        QVERIFY(table.find(draft.localId)->problem.isEmpty());
        QCOMPARE(table.find(draft.localId)->text, u"edited"_s);
    }

    void aLostCreatesAnswerLinksOnlyANewDraft()
    {
        DraftTable table(*m_database);
        const LocalDraft draft = written(u"made offline"_s, 1);
        table.insert(draft);
        table.linkIfNew(draft.localId, u"drf_1"_s, 1);
        QCOMPARE(table.find(draft.localId)->serverId, u"drf_1"_s);
        table.linkIfNew(draft.localId, u"drf_other"_s, 4); // linked already: stays
        QCOMPARE(table.find(draft.localId)->serverId, u"drf_1"_s);
        QCOMPARE(table.findByServerId(u"drf_1"_s)->localId, draft.localId);
        table.unlink(draft.localId);
        QVERIFY(table.find(draft.localId)->serverId.isEmpty());
        QCOMPARE(table.find(draft.localId)->baseRevision, 0);
    }

    void aConflictKeepsTheirsUntilOneVersionIsTaken()
    {
        DraftTable table(*m_database);
        LocalDraft draft = written(u"mine"_s, 1);
        draft.serverId = u"drf_1"_s;
        draft.baseRevision = 1;
        table.insert(draft);
        Draft theirs;
        theirs.id = u"drf_1"_s;
        theirs.text = u"theirs"_s;
        theirs.revision = 3;
        theirs.updatedAtMs = 9;
        table.setTheirs(draft.localId, theirs);
        QCOMPARE(table.find(draft.localId)->theirs->text, u"theirs"_s);
        table.adoptServerVersion(draft.localId, theirs);
        const auto taken = table.find(draft.localId);
        QVERIFY(!taken->theirs);
        QCOMPARE(taken->text, u"theirs"_s);
        QCOMPARE(taken->baseRevision, 3);
    }

    void onlyASyncedDraftIsForgotten()
    {
        DraftTable table(*m_database);
        LocalDraft draft = written(u"synced"_s, 1);
        draft.serverId = u"drf_1"_s;
        table.insert(draft);
        QVERIFY(!table.removeIfSynced(draft.localId)); // pending: kept
        table.setState(draft.localId, DraftSyncState::Synced);
        QCOMPARE(table.synced().size(), 1);
        QCOMPARE(table.synced().first().second, u"drf_1"_s);
        QVERIFY(table.removeIfSynced(draft.localId));
        QVERIFY(!table.findAny(draft.localId));
    }
};

QTEST_GUILESS_MAIN(TestDraftTable)
#include "tst_drafttable.moc"
