#include "storage/accountrepository.h"
#include "storage/database.h"
#include "storage/databaseerror.h"
#include "storage/draftrepository.h"
#include "storage/migrations.h"
#include "storage/projectrepository.h"
#include "storage/statement.h"
#include "storage/submissionrepository.h"
#include "storage/transaction.h"
#include "support/manualclock.h"

#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace slotline;

class TestDatabase : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    QString path(const QString &name) const { return m_directory.filePath(name); }

    static QString pragma(Database &database, const QString &name)
    {
        QSqlQuery query(database.connection());
        if (!query.exec(QStringLiteral("PRAGMA ") + name) || !query.next())
            return {};
        return query.value(0).toString();
    }

private Q_SLOTS:
    void freshDatabaseIsMigratedWithWalAndForeignKeys()
    {
        Database database;
        database.open(path(QStringLiteral("fresh.db")));
        QVERIFY(database.isOpen());
        QCOMPARE(database.schemaVersion(), Migrations::latestVersion());
        QCOMPARE(pragma(database, QStringLiteral("journal_mode")), QStringLiteral("wal"));
        QCOMPARE(pragma(database, QStringLiteral("foreign_keys")), QStringLiteral("1"));
    }

    void reopeningAppliesNothingTwice()
    {
        const QString file = path(QStringLiteral("reopen.db"));
        {
            Database database;
            database.open(file);
            Statement(database, QStringLiteral("INSERT INTO users (id, email, name, created_at) "
                                               "VALUES ('usr_1', 'a@b.c', 'A', 1)"))
                .exec();
        }
        Database database;
        database.open(file);
        QCOMPARE(database.schemaVersion(), Migrations::latestVersion());
        Statement query(database, QStringLiteral("SELECT count(*) FROM users"));
        query.exec();
        QVERIFY(query.next());
        QCOMPARE(query.integer(0), 1);
    }

    // Drafts and posts written before drafts had client ids, and posts their draft, stay
    // as they were: no client id, no draft, and the new rules hold from then on.
    void aVersionFiveDatabaseKeepsItsDraftsAndPosts()
    {
        const QString file = path(QStringLiteral("version5.db"));
        const test::ManualClock clock;
        QString project;
        QString account;
        {
            Database database;
            database.open(file, Migrations::server().first(5));
            QCOMPARE(database.schemaVersion(), 5);
            project = ProjectRepository(database, clock)
                          .create(NewProject {
                              QStringLiteral("P"), QStringLiteral("UTC"), {}, QStringLiteral("O")})
                          .id;
            // As that version wrote accounts: "active" or "disconnected".
            account = QStringLiteral("acc_old");
            Statement(database, QStringLiteral(
                                    "INSERT INTO accounts (id, project_id, platform, name, "
                                    "username, status, connector, connected_at) VALUES "
                                    "('acc_old', ?, 'linkedin', 'L', 'l', 'active', 'sandbox', 1), "
                                    "('acc_gone', ?, 'twitter', 'X', 'x', 'disconnected', "
                                    "'sandbox', 2)"))
                .bind(project)
                .bind(project)
                .exec();
            Statement(database,
                      QStringLiteral("INSERT INTO drafts (id, project_id, text, search_text, "
                                     "platforms, media_urls, revision, created_at, updated_at) "
                                     "VALUES ('drf_old', ?, 'Old draft', 'old draft', "
                                     "'[\"linkedin\"]', '[]', 3, 1, 2)"))
                .bind(project)
                .exec();
            Statement(database,
                      QStringLiteral("INSERT INTO submissions (id, project_id, account_id, "
                                     "platform, text, media_urls, status, sort_at, created_at, "
                                     "updated_at) VALUES ('ps_old', ?, ?, 'linkedin', 'Old post', "
                                     "'[]', 'published', 1, 1, 1)"))
                .bind(project)
                .bind(account)
                .exec();
        }

        Database database;
        database.open(file);
        QCOMPARE(database.schemaVersion(), Migrations::latestVersion());
        DraftRepository drafts(database);
        const auto old = drafts.find(project, QStringLiteral("drf_old"));
        QVERIFY(old);
        QCOMPARE(old->text, QStringLiteral("Old draft"));
        QCOMPARE(old->revision, 3);
        QVERIFY(old->clientId.isNull());
        SubmissionRepository submissions(database, clock);
        const auto post = submissions.find(project, QStringLiteral("ps_old"));
        QVERIFY(post);
        QCOMPARE(post->text, QStringLiteral("Old post"));
        QVERIFY(post->draftId.isNull());
        QVERIFY(submissions.publications(project, {QStringLiteral("drf_old")}, 50).isEmpty());
        AccountRepository accounts(database, clock);
        QVERIFY(accounts.find(project, account)->status == AccountStatus::Connected);
        QVERIFY(accounts.find(project, QStringLiteral("acc_gone"))->status
                == AccountStatus::Disconnected);

        Draft fresh;
        fresh.id = QStringLiteral("drf_new");
        fresh.clientId = QStringLiteral("c-1");
        QVERIFY(drafts.insert(project, fresh));
        fresh.id = QStringLiteral("drf_newer");
        QVERIFY(!drafts.insert(project, fresh));
    }

    void aNewerSchemaIsRefused()
    {
        const QString file = path(QStringLiteral("newer.db"));
        {
            Database database;
            database.open(file);
            QSqlQuery query(database.connection());
            QVERIFY(query.exec(
                QStringLiteral("PRAGMA user_version = %1").arg(Migrations::latestVersion() + 1)));
        }
        Database database;
        try {
            database.open(file);
            QFAIL("opening a database from a newer build must fail");
        } catch (const DatabaseError &error) {
            QVERIFY2(error.message().contains(QStringLiteral("newer")),
                     qPrintable(error.message()));
        }
        QVERIFY(!database.isOpen());
    }

    void aFileThatIsNotADatabaseIsRefused()
    {
        const QString file = path(QStringLiteral("text.db"));
        QFile text(file);
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write(QByteArray(4096, 'x'));
        text.close();
        Database database;
        QVERIFY_THROWS_EXCEPTION(DatabaseError, database.open(file));
        QVERIFY(!database.isOpen());
    }

    void foreignKeysAreEnforced()
    {
        Database database;
        database.open(path(QStringLiteral("fk.db")));
        QVERIFY_THROWS_EXCEPTION(
            DatabaseError,
            Statement(database, QStringLiteral("INSERT INTO projects (id, name, owner_user_id, "
                                               "created_at) VALUES ('prj_1', 'x', 'usr_none', 1)"))
                .exec());
    }

    void transactionRollsBackUnlessCommitted()
    {
        Database database;
        database.open(path(QStringLiteral("tx.db")));
        const QString insert = QStringLiteral(
            "INSERT INTO users (id, email, name, created_at) VALUES (?, 'e', 'n', 1)");
        {
            Transaction transaction(database);
            Statement(database, insert).bind(QStringLiteral("usr_rolled_back")).exec();
        }
        {
            Transaction outer(database);
            Statement(database, insert).bind(QStringLiteral("usr_kept")).exec();
            {
                Transaction inner(database); // a savepoint, rolled back alone
                Statement(database, insert).bind(QStringLiteral("usr_inner")).exec();
            }
            outer.commit();
        }
        Statement query(database, QStringLiteral("SELECT id FROM users ORDER BY id"));
        query.exec();
        QStringList ids;
        while (query.next())
            ids.append(query.text(0));
        QCOMPARE(ids, QStringList {QStringLiteral("usr_kept")});
    }

    void aStatementInUseCanRunAgainNested()
    {
        Database database;
        database.open(path(QStringLiteral("nested.db")));
        const QString insert = QStringLiteral(
            "INSERT INTO users (id, email, name, created_at) VALUES (?, 'e', 'n', 1)");
        Statement(database, insert).bind(QStringLiteral("usr_a")).exec();
        Statement(database, insert).bind(QStringLiteral("usr_b")).exec();
        const QString select = QStringLiteral("SELECT id FROM users ORDER BY id");
        Statement outer(database, select);
        outer.exec();
        int pairs = 0;
        while (outer.next()) {
            Statement inner(database, select); // same SQL while the outer one is open
            inner.exec();
            while (inner.next())
                ++pairs;
        }
        QCOMPARE(pairs, 4);
    }

    void closingUnderALiveStatementIsSafe()
    {
        Database database;
        database.open(path(QStringLiteral("live.db")));
        auto statement = std::make_unique<Statement>(database, QStringLiteral("SELECT 1"));
        statement->exec();
        database.close();
        statement.reset(); // releases a query whose connection is gone: no crash under ASan
        QVERIFY(!database.isOpen());
    }

    void valuesKeepTheirKindBothWays()
    {
        Database database;
        database.open(path(QStringLiteral("kinds.db")));
        Statement(database, QStringLiteral("CREATE TABLE kinds (t TEXT, n TEXT, i INTEGER, "
                                           "o INTEGER, d REAL, b BLOB)"))
            .exec();
        const QString unicode = QStringLiteral("caf\u00e9 \U0001F600 \u6f22\u5b57");
        Statement(database, QStringLiteral("INSERT INTO kinds VALUES (?, ?, ?, ?, ?, ?)"))
            .bind(QString()) // a null QString is still text: empty
            .bindNullableText(QString())
            .bind(qint64(1) << 40)
            .bindOptional(std::nullopt)
            .bind(2.5)
            .bind(QByteArray("\0\1\2", 3))
            .exec();
        Statement(database, QStringLiteral("INSERT INTO kinds (t, i, o) VALUES (?, ?, ?)"))
            .bind(unicode)
            .bind(true)
            .bindOptional(7)
            .exec();

        Statement read(database,
                       QStringLiteral("SELECT t, n, i, o, d, b FROM kinds ORDER BY rowid"));
        read.exec();
        QVERIFY(read.next());
        QVERIFY(!read.text(0).isNull());
        QVERIFY(read.text(0).isEmpty());
        QVERIFY(read.value(1).isNull());
        QCOMPARE(read.integer(2), qint64(1) << 40);
        QCOMPARE(read.optionalInteger(3), std::nullopt);
        QCOMPARE(read.value(4).toDouble(), 2.5);
        QCOMPARE(read.value(5).toByteArray(), QByteArray("\0\1\2", 3));
        QVERIFY(read.next());
        QCOMPARE(read.text(0), unicode);
        QCOMPARE(read.integer(2), 1);
        QCOMPARE(read.optionalInteger(3), std::optional<qint64>(7));
        QVERIFY(!read.next());
        QVERIFY(!read.next()); // stays finished
    }

    // Text goes in and comes out as UTF-8, the database's own encoding: every character
    // survives, byte order marks and NULs too, and the stored bytes are plain UTF-8.
    void textKeepsEveryCharacter_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("byte order mark alone") << QString(QChar(0xfeff));
        QTest::newRow("byte order mark first") << QChar(0xfeff) + QStringLiteral("text");
        QTest::newRow("two byte order marks") << QString(2, QChar(0xfeff)) + QStringLiteral("x");
        QTest::newRow("byte order mark inside")
            << QStringLiteral("a") + QChar(0xfeff) + QStringLiteral("b");
        QTest::newRow("NUL inside") << QStringLiteral("a") + QChar(0) + QStringLiteral("b");
        QTest::newRow("every plane") << QStringLiteral("é ж 漢字 😀 \U0010FFFF");
        QTest::newRow("long ASCII") << QString(5000, u'x');
    }
    void textKeepsEveryCharacter()
    {
        QFETCH(QString, text);
        Database database;
        database.open(path(QStringLiteral("characters.db")));
        Statement(database, QStringLiteral("CREATE TABLE IF NOT EXISTS texts (t TEXT)")).exec();
        Statement(database, QStringLiteral("DELETE FROM texts")).exec();
        Statement(database, QStringLiteral("INSERT INTO texts VALUES (?)")).bind(text).exec();
        Statement read(database, QStringLiteral("SELECT t, CAST(t AS BLOB) FROM texts"));
        read.exec();
        QVERIFY(read.next());
        QCOMPARE(read.text(0), text);
        QCOMPARE(read.value(1).toByteArray(), text.toUtf8());
    }

    // What the server's call log thread relies on to keep the write-ahead log bounded.
    void checkpointsReportTheLogAndARestartStartsItOver()
    {
        const QString file = path(QStringLiteral("checkpoint.db"));
        Database writer;
        writer.open(file);
        writer.setAutoCheckpoint(false);
        Database checkpointer;
        checkpointer.open(file);
        Statement(writer, QStringLiteral("CREATE TABLE b (v BLOB)")).exec();
        Statement insert(writer, QStringLiteral("INSERT INTO b VALUES (zeroblob(?))"));
        insert.bind(1'000'000).exec();

        Database::CheckpointResult result;
        {
            // A reader amid its read of what the log holds keeps it from starting over,
            // even once all is copied: it grows.
            Database reader;
            reader.open(file);
            Statement reading(reader, QStringLiteral("SELECT length(v) FROM b"));
            reading.exec();
            QVERIFY(reading.next());
            result = checkpointer.checkpoint();
            QVERIFY2(result.logFrames >= 244, qPrintable(QString::number(result.logFrames)));
            QCOMPARE(result.copiedFrames, result.logFrames);
            QVERIFY(result.allCopied);
            insert.bind(1'000'000).exec();
            const int grown = checkpointer.checkpoint().logFrames;
            QVERIFY2(grown >= result.logFrames + 244,
                     qPrintable(QStringLiteral("%1 -> %2").arg(result.logFrames).arg(grown)));
        }
        result = checkpointer.checkpoint(Database::CheckpointMode::Restart);
        QVERIFY(result.allCopied);
        Statement(writer, QStringLiteral("INSERT INTO b VALUES (x'00')")).exec();
        const int after = checkpointer.checkpoint().logFrames;
        QVERIFY2(after < 10, qPrintable(QString::number(after)));
    }

    void bindingAgainRunsAgainAndCountsChanges()
    {
        Database database;
        database.open(path(QStringLiteral("again.db")));
        Statement(database, QStringLiteral("CREATE TABLE n (v INTEGER)")).exec();
        Statement insert(database, QStringLiteral("INSERT INTO n VALUES (?)"));
        for (int i = 0; i < 5; ++i) {
            insert.bind(i).exec();
            QCOMPARE(insert.rowsAffected(), 1);
        }
        insert.exec(); // the last values again
        Statement update(database,
                         QStringLiteral("UPDATE n SET v = v + 10 WHERE v >= ? RETURNING v"));
        update.bind(3).exec();
        QList<qint64> returned;
        while (update.next())
            returned.append(update.integer(0));
        std::sort(returned.begin(), returned.end());
        QCOMPARE(returned, (QList<qint64> {13, 14, 14}));
        QCOMPARE(update.rowsAffected(), 3);

        // Halfway through the rows of one run, binding starts a new one.
        Statement select(database, QStringLiteral("SELECT v FROM n WHERE v < ? ORDER BY v"));
        select.bind(3).exec();
        QVERIFY(select.next());
        QCOMPARE(select.integer(0), 0);
        select.bind(100).exec();
        int rows = 0;
        while (select.next())
            ++rows;
        QCOMPARE(rows, 6);
    }

    void aViolatedConstraintSaysWhichAndTheStatementStaysUsable()
    {
        Database database;
        database.open(path(QStringLiteral("unique.db")));
        const QString insert = QStringLiteral(
            "INSERT INTO users (id, email, name, created_at) VALUES (?, 'e', 'n', 1)");
        Statement(database, insert).bind(QStringLiteral("usr_a")).exec();
        try {
            Statement(database, insert).bind(QStringLiteral("usr_a")).exec();
            QFAIL("expected DatabaseError");
        } catch (const DatabaseError &error) {
            QVERIFY2(error.message().contains(QStringLiteral("UNIQUE")),
                     qPrintable(error.message()));
            QVERIFY(error.message().contains(QStringLiteral("INSERT INTO users")));
        }
        Statement again(database, insert);
        again.bind(QStringLiteral("usr_b")).exec();
        QCOMPARE(again.rowsAffected(), 1);
    }

    void aBrokenStatementThrowsWithItsText()
    {
        Database database;
        database.open(path(QStringLiteral("broken.db")));
        try {
            Statement(database, QStringLiteral("SELECT nothing FROM nowhere")).exec();
            QFAIL("expected DatabaseError");
        } catch (const DatabaseError &error) {
            QVERIFY(error.message().contains(QStringLiteral("nowhere")));
        }
    }
};

QTEST_GUILESS_MAIN(TestDatabase)
#include "tst_database.moc"
