#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/logcheckpointer.h"
#include "storage/statement.h"

#include <QTemporaryDir>
#include <QTest>

using namespace slotline;

// The server's call log thread runs a LogCheckpointer after each batch, while the
// connection that answers requests keeps committing; here one connection writes and
// another checkpoints, as there.
class TestLogCheckpointer : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;

    struct Files
    {
        Database writer;
        Database checkpointer;
    };
    // A database whose writer leaves checkpoints to the other connection, with a table
    // of blobs: a blob of a megabyte is about 250 pages of the log.
    void open(Files &files, const QString &name)
    {
        const QString file = m_directory.filePath(name);
        files.writer.open(file);
        files.writer.setAutoCheckpoint(false);
        files.checkpointer.open(file);
        Statement(files.writer, QStringLiteral("CREATE TABLE b (n INTEGER, v BLOB)")).exec();
        // The schema's pages out of the way: the log starts over at the next commit.
        QVERIFY(files.checkpointer.checkpoint(Database::CheckpointMode::Restart).allCopied);
    }
    static void insert(Database &database, int n, int bytes)
    {
        Statement(database, QStringLiteral("INSERT INTO b VALUES (?, randomblob(?))"))
            .bind(n)
            .bind(bytes)
            .exec();
    }
    static qint64 scalar(Database &database, const QString &sql)
    {
        Statement query(database, sql);
        query.exec();
        return query.next() ? query.integer(0) : -1;
    }

private Q_SLOTS:
    void belowTheLimitTheLogIsOnlyCopied()
    {
        Files files;
        open(files, QStringLiteral("below.db"));
        insert(files.writer, 1, 1'000'000);
        LogCheckpointer checkpointer(100'000);
        const LogCheckpointer::Report report = checkpointer.run(files.checkpointer);
        QVERIFY2(report.logFrames >= 244, qPrintable(QString::number(report.logFrames)));
        QVERIFY(!report.restartedLog);
        QVERIFY(report.syncedDatabaseFile);
        QVERIFY(files.checkpointer.checkpoint().allCopied);
        // Nothing copied since: nothing to sync.
        QVERIFY(!checkpointer.run(files.checkpointer).syncedDatabaseFile);
    }

    // What a passive checkpoint copies while commits go on, SQLite leaves unsynced until
    // the checkpoint that completes, under the writers' lock: the checkpointer syncs it
    // at once, and only once.
    void whatAnIncompleteCheckpointCopiedIsSyncedOnce()
    {
        Files files;
        open(files, QStringLiteral("incomplete.db"));
        insert(files.writer, 1, 1'000'000);
        LogCheckpointer checkpointer(100'000);
        {
            // A reader that began before the second commit keeps the checkpoint from
            // copying it, as a commit during the checkpoint would.
            Database reader;
            reader.open(files.writer.filePath());
            Statement reading(reader, QStringLiteral("SELECT n FROM b"));
            reading.exec();
            QVERIFY(reading.next());
            insert(files.writer, 2, 1'000'000);

            LogCheckpointer::Report report = checkpointer.run(files.checkpointer);
            QVERIFY2(report.logFrames >= 488, qPrintable(QString::number(report.logFrames)));
            QVERIFY(report.syncedDatabaseFile);
            QVERIFY(!report.restartedLog);
            const Database::CheckpointResult result = files.checkpointer.checkpoint();
            QVERIFY(!result.allCopied);
            QVERIFY(result.copiedFrames >= 244 && result.copiedFrames < result.logFrames);

            report = checkpointer.run(files.checkpointer);
            QVERIFY(!report.syncedDatabaseFile); // nothing copied since
        }
        const LogCheckpointer::Report report = checkpointer.run(files.checkpointer);
        QVERIFY(report.syncedDatabaseFile); // the rest
        QVERIFY(files.checkpointer.checkpoint().allCopied);
        QCOMPARE(scalar(files.checkpointer, QStringLiteral("SELECT count(*) FROM b")), 2);
    }

    void pastTheLimitTheLogStartsOver()
    {
        Files files;
        open(files, QStringLiteral("restart.db"));
        LogCheckpointer checkpointer(300);
        insert(files.writer, 1, 1'000'000);
        insert(files.writer, 2, 1'000'000);
        const LogCheckpointer::Report report = checkpointer.run(files.checkpointer);
        QVERIFY2(report.logFrames > 300, qPrintable(QString::number(report.logFrames)));
        QVERIFY(report.restartedLog);

        insert(files.writer, 3, 1'000);
        const int frames = files.checkpointer.checkpoint().logFrames;
        QVERIFY2(frames < 10, qPrintable(QString::number(frames)));
        QCOMPARE(scalar(files.checkpointer, QStringLiteral("SELECT count(*) FROM b")), 3);
        QCOMPARE(scalar(files.checkpointer, QStringLiteral("SELECT sum(length(v)) FROM b")),
                 2'001'000);
        Statement check(files.checkpointer, QStringLiteral("PRAGMA integrity_check"));
        check.exec();
        QVERIFY(check.next());
        QCOMPARE(check.text(0), QStringLiteral("ok"));
    }

    void syncingAClosedDatabaseFails()
    {
        Database database;
        QVERIFY_THROWS_EXCEPTION(DatabaseError, database.syncDatabaseFile());
    }
};

QTEST_GUILESS_MAIN(TestLogCheckpointer)
#include "tst_logcheckpointer.moc"
