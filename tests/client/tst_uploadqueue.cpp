#include "client/drafttable.h"
#include "client/localstoreschema.h"
#include "client/outbox.h"
#include "client/uploadqueue.h"
#include "core/localmedia.h"
#include "storage/database.h"
#include "storage/transaction.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace slotline::client;
using namespace Qt::Literals::StringLiterals;

using Kind = Outbox::Entry::Kind;

class TestUploadQueue : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    int m_files = 0;
    std::unique_ptr<Database> m_database;
    std::unique_ptr<Outbox> m_outbox;
    std::unique_ptr<DraftTable> m_drafts;
    std::unique_ptr<UploadQueue> m_uploads;

    MediaUpload keptFile(const QString &name)
    {
        MediaUpload upload;
        upload.filePath = m_directory.filePath(u"%1-%2"_s.arg(++m_files).arg(name));
        upload.name = name;
        upload.size = 3;
        QFile file(upload.filePath);
        if (!file.open(QIODevice::WriteOnly) || file.write("abc") != 3)
            qFatal("cannot write %s", qPrintable(upload.filePath));
        return upload;
    }

    QString draftWith(const QStringList &media)
    {
        LocalDraft draft;
        draft.localId = DraftTable::newLocalId();
        draft.text = u"Text"_s;
        draft.mediaUrls = media;
        draft.updatedAtMs = 5;
        m_drafts->insert(draft);
        return draft.localId;
    }

    Outbox::Entry entryOf(const QString &reference) const
    {
        for (const Outbox::Entry &entry : m_outbox->entries({Kind::UploadMedia})) {
            if (entry.subject == reference)
                return entry;
        }
        qFatal("no upload for %s", qPrintable(reference));
    }

private Q_SLOTS:
    void init()
    {
        m_database = std::make_unique<Database>();
        m_database->open(m_directory.filePath(u"uploads-%1.db"_s.arg(++m_files)),
                         localStoreMigrations());
        m_outbox = std::make_unique<Outbox>(*m_database);
        m_drafts = std::make_unique<DraftTable>(*m_database);
        m_uploads = std::make_unique<UploadQueue>(*m_outbox, *m_drafts);
    }

    void cleanup()
    {
        m_uploads.reset();
        m_drafts.reset();
        m_outbox.reset();
        m_database.reset();
    }

    void aQueuedFileIsFoundByItsReference()
    {
        const MediaUpload kept = keptFile(u"a.png"_s);
        const QString reference = m_uploads->queue(kept);
        QVERIFY(localmedia::isReference(reference));
        QVERIFY(reference != m_uploads->queue(keptFile(u"a.png"_s))); // each its own
        const auto found = m_uploads->find(reference);
        QVERIFY(found);
        QCOMPARE(found->reference, reference);
        QCOMPARE(found->filePath, kept.filePath);
        QCOMPARE(m_uploads->find(u"slotline-media:unknown"_s), std::nullopt);
        const auto change = UploadQueue::changeToSend(entryOf(reference));
        QVERIFY(change);
        QCOMPARE(std::get<MediaUploading>(*change).upload, *found);
    }

    void theAddressTakesTheReferencesPlaceInEveryDraft()
    {
        const MediaUpload kept = keptFile(u"b.png"_s);
        const QString reference = m_uploads->queue(kept);
        const QString first = draftWith({u"https://example.com/1.png"_s, reference});
        const QString second = draftWith({reference});
        const QString other = draftWith({u"https://example.com/2.png"_s});

        QStringList changed = m_uploads->uploaded(entryOf(reference), u"https://s/media/b.png"_s);
        changed.sort();
        QStringList expected {first, second};
        expected.sort();
        QCOMPARE(changed, expected);
        QCOMPARE(m_drafts->find(first)->mediaUrls,
                 (QStringList {u"https://example.com/1.png"_s, u"https://s/media/b.png"_s}));
        QCOMPARE(m_drafts->find(second)->mediaUrls, QStringList {u"https://s/media/b.png"_s});
        QCOMPARE(m_drafts->find(other)->mediaUrls, QStringList {u"https://example.com/2.png"_s});
        QCOMPARE(m_drafts->find(first)->updatedAtMs, 5); // not an edit of the user's
        QCOMPARE(m_outbox->count(), 0);
        // The copy goes once what forgot it is committed.
        QVERIFY(QFile::exists(kept.filePath));
        m_uploads->removeForgottenFiles();
        QVERIFY(!QFile::exists(kept.filePath));
    }

    void aRefusedFileLeavesItsDrafts()
    {
        const MediaUpload kept = keptFile(u"c.bmp"_s);
        const QString reference = m_uploads->queue(kept);
        const QString draft = draftWith({u"https://example.com/1.png"_s, reference});
        QCOMPARE(m_uploads->refused(entryOf(reference)), QStringList {draft});
        QCOMPARE(m_drafts->find(draft)->mediaUrls, QStringList {u"https://example.com/1.png"_s});
        QCOMPARE(m_outbox->count(), 0);
        m_uploads->removeForgottenFiles();
        QVERIFY(!QFile::exists(kept.filePath));
    }

    void aFileNoDraftCarriesIsNotUploadedUnlessOnItsWay()
    {
        const MediaUpload unused = keptFile(u"d.png"_s);
        const MediaUpload shared = keptFile(u"e.png"_s);
        const MediaUpload sent = keptFile(u"f.png"_s);
        const QString unusedRef = m_uploads->queue(unused);
        const QString sharedRef = m_uploads->queue(shared);
        const QString sentRef = m_uploads->queue(sent);
        draftWith({sharedRef});
        m_outbox->recordAttempt(entryOf(sentRef).sequence,
                                WireRequest {"POST", u"/media/uploads"_s, "{}"});

        m_uploads->dropUnreferenced(
            {unusedRef, sharedRef, sentRef, u"https://example.com/x.png"_s});
        m_uploads->removeForgottenFiles();
        QCOMPARE(m_uploads->find(unusedRef), std::nullopt);
        QVERIFY(!QFile::exists(unused.filePath));
        QVERIFY(m_uploads->find(sharedRef)); // another draft still carries it
        QVERIFY(QFile::exists(shared.filePath));
        QVERIFY(m_uploads->find(sentRef)); // its answer finds no draft, and that is all
        QVERIFY(QFile::exists(sent.filePath));
    }

    void aRolledBackChangeKeepsItsFile()
    {
        const MediaUpload kept = keptFile(u"g.png"_s);
        const QString reference = m_uploads->queue(kept);
        {
            Transaction transaction(*m_database);
            m_uploads->refused(entryOf(reference));
        } // not committed: the entry is back
        QVERIFY(m_uploads->find(reference));
        // The next change starts afresh: the rolled-back one's file is not its to remove.
        m_uploads->dropUnreferenced({});
        m_uploads->removeForgottenFiles();
        QVERIFY(QFile::exists(kept.filePath));
    }

    void copiesNoUploadNamesAreSweptAway()
    {
        const QString folder = m_directory.filePath(u"sweep"_s);
        QVERIFY(QDir().mkpath(folder));
        MediaUpload waiting = keptFile(u"waiting.png"_s);
        const QString waitingCopy = QDir(folder).filePath(u"waiting.png"_s);
        QVERIFY(QFile::rename(waiting.filePath, waitingCopy));
        waiting.filePath = waitingCopy;
        m_uploads->queue(waiting);
        const QString stray = QDir(folder).filePath(u"stray.png"_s);
        QFile file(stray);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();

        m_uploads->removeCopiesNotWaiting(folder);
        QVERIFY(QFile::exists(waitingCopy));
        QVERIFY(!QFile::exists(stray));
        m_uploads->removeCopiesNotWaiting(m_directory.filePath(u"none"_s)); // no folder yet
    }
};

QTEST_GUILESS_MAIN(TestUploadQueue)
#include "tst_uploadqueue.moc"
