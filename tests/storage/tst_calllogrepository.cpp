#include "core/ids.h"
#include "storage/apikeyrepository.h"
#include "storage/calllogrepository.h"
#include "storage/database.h"
#include "storage/projectrepository.h"
#include "support/manualclock.h"

#include <QTemporaryDir>
#include <QTest>

using namespace slotline;

class TestCallLogRepository : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    test::ManualClock m_clock;
    Database m_database;
    QString m_project;
    QString m_key;
    QString m_otherKey;
    QString m_otherProject;
    QString m_otherProjectKey;

    CallRecord record(qint64 atMs, int status, const QString &key = {}, const QString &project = {})
    {
        CallRecord call;
        call.id = ids::generate(IdKind::Call);
        call.projectId = project.isEmpty() ? m_project : project;
        call.apiKeyId = key.isEmpty() ? m_key : key;
        call.atMs = atMs;
        call.method = QStringLiteral("GET");
        call.path = QStringLiteral("/users/me");
        call.arguments
            = QJsonObject {{QStringLiteral("query"),
                            QJsonObject {{QStringLiteral("limit"), QStringLiteral("5")}}}};
        call.status = status;
        call.durationMs = 1.25;
        return call;
    }

    QList<CallRecord> all(const CallLogFilter &filter, int limit = 3)
    {
        CallLogRepository calls(m_database);
        QList<CallRecord> result;
        PageRequest page;
        page.limit = limit;
        do {
            const Page<CallRecord> current = calls.list(m_project, filter, page);
            result.append(current.items);
            page.after = current.nextAfter;
        } while (!page.after.isEmpty());
        return result;
    }

private Q_SLOTS:
    void init()
    {
        m_database.open(m_directory.filePath(QString::fromLatin1(QTest::currentTestFunction())
                                             + QStringLiteral(".db")));
        ProjectRepository projects(m_database, m_clock);
        ApiKeyRepository keys(m_database, m_clock);
        m_project = projects
                        .create(NewProject {
                            QStringLiteral("A"), QStringLiteral("UTC"), {}, QStringLiteral("A")})
                        .id;
        m_otherProject
            = projects
                  .create(NewProject {
                      QStringLiteral("B"), QStringLiteral("UTC"), {}, QStringLiteral("B")})
                  .id;
        m_key = keys.create(m_project, QStringLiteral("one")).info.id;
        m_otherKey = keys.create(m_project, QStringLiteral("two")).info.id;
        m_otherProjectKey = keys.create(m_otherProject, QStringLiteral("theirs")).info.id;
    }
    void cleanup() { m_database.close(); }

    void newestFirstAcrossPagesWithEverythingKept()
    {
        CallLogRepository calls(m_database);
        QList<CallRecord> batch;
        for (int i = 0; i < 10; ++i)
            batch.append(record(1000 + i * 10, 200));
        batch.append(record(1050, 404)); // same time as another: order still total
        batch.append(record(5000, 200, m_otherProjectKey, m_otherProject));
        calls.append(batch);

        const QList<CallRecord> listed = all(CallLogFilter {});
        QCOMPARE(listed.size(), 11);
        for (qsizetype i = 1; i < listed.size(); ++i)
            QVERIFY(listed[i - 1].atMs >= listed[i].atMs);
        QSet<QString> unique;
        for (const CallRecord &call : listed) {
            unique.insert(call.id);
            QCOMPARE(call.projectId, m_project);
        }
        QCOMPARE(unique.size(), 11);
        const CallRecord &first = listed.first();
        QCOMPARE(first.atMs, 1090);
        QCOMPARE(first.path, QStringLiteral("/users/me"));
        QCOMPARE(first.durationMs, 1.25);
        QCOMPARE(first.arguments.value(QStringLiteral("query"))
                     .toObject()
                     .value(QStringLiteral("limit"))
                     .toString(),
                 QStringLiteral("5"));
    }

    void filters()
    {
        CallLogRepository calls(m_database);
        calls.append({record(1000, 200), record(2000, 401), record(3000, 404, m_otherKey),
                      record(4000, 429), record(5000, 500)});
        CallLogFilter clientErrors;
        clientErrors.statusRanges = {{400, 499}};
        QCOMPARE(all(clientErrors).size(), 3);

        CallLogFilter exact;
        exact.statusRanges = {{429, 429}, {200, 200}};
        QCOMPARE(all(exact).size(), 2);

        CallLogFilter byKey;
        byKey.apiKeyId = m_otherKey;
        QCOMPARE(all(byKey).size(), 1);

        CallLogFilter window;
        window.sinceMs = 2000;
        window.untilMs = 4000;
        const QList<CallRecord> inWindow = all(window);
        QCOMPARE(inWindow.size(), 2);
        QCOMPARE(inWindow.first().atMs, 3000);
        QCOMPARE(inWindow.last().atMs, 2000);
    }

    void retentionRemovesOnlyOldRecords()
    {
        CallLogRepository calls(m_database);
        calls.append({record(1000, 200), record(2000, 200), record(3000, 200)});
        QCOMPARE(calls.removeOlderThan(2500), 2);
        QCOMPARE(all(CallLogFilter {}).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestCallLogRepository)
#include "tst_calllogrepository.moc"
