#include "core/apikeysecret.h"
#include "serverapp/servecommand.h"
#include "serverapp/servercommandline.h"
#include "storage/apikeyrepository.h"
#include "storage/database.h"
#include "storage/statement.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline;
using namespace Qt::Literals::StringLiterals;

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;

    QJsonObject json() const { return QJsonDocument::fromJson(out.toUtf8()).object(); }
    QJsonArray jsonArray() const { return QJsonDocument::fromJson(out.toUtf8()).array(); }
};

} // namespace

class TestServerCommandLine : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;

    Run run(QStringList arguments, bool withData = true)
    {
        if (withData)
            arguments << QStringLiteral("--data") << m_directory.path();
        Run result;
        QTextStream out(&result.out);
        QTextStream err(&result.err);
        result.exitCode = ServerCommandLine(out, err).run(
            QStringList {QStringLiteral("slotline-server")} + arguments);
        out.flush();
        err.flush();
        return result;
    }

    QString createProject(const QString &name)
    {
        const Run created = run({QStringLiteral("projects"), QStringLiteral("create"),
                                 QStringLiteral("--name"), name, QStringLiteral("--timezone"),
                                 QStringLiteral("America/New_York"), QStringLiteral("--json")});
        return created.json().value(QStringLiteral("id")).toString();
    }

private Q_SLOTS:
    void helpAndUsageErrors()
    {
        const Run help = run({QStringLiteral("--help")}, false);
        QCOMPARE(help.exitCode, 0);
        for (const QString &command :
             {QStringLiteral("serve"), QStringLiteral("init-demo"),
              QStringLiteral("projects create"), QStringLiteral("keys revoke"),
              QStringLiteral("accounts add"), QStringLiteral("subaccounts add"),
              QStringLiteral("credits grant")})
            QVERIFY2(help.out.contains(command), qPrintable(command));

        QCOMPARE(run({}, false).exitCode, 2);
        const Run unknown = run({QStringLiteral("frobnicate")}, false);
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.err.contains(QStringLiteral("unknown command")));
        const Run noVerb = run({QStringLiteral("keys")}, false);
        QCOMPARE(noVerb.exitCode, 2);
        QVERIFY(noVerb.err.contains(QStringLiteral("create|list|revoke")));
        const Run version = run({QStringLiteral("--version")}, false);
        QCOMPARE(version.exitCode, 0);
        QVERIFY(version.out.startsWith(QStringLiteral("slotline-server ")));

        const Run commandHelp = run(
            {QStringLiteral("keys"), QStringLiteral("create"), QStringLiteral("--help")}, false);
        QCOMPARE(commandHelp.exitCode, 0);
        QVERIFY(commandHelp.out.startsWith(QStringLiteral("Usage: slotline-server keys create")));
        QVERIFY(commandHelp.out.contains(QStringLiteral("--project")));
        const Run badOption
            = run({QStringLiteral("projects"), QStringLiteral("list"), QStringLiteral("--colour")});
        QCOMPARE(badOption.exitCode, 2);
    }

    void projects()
    {
        const QString id = createProject(QStringLiteral("Acme"));
        QVERIFY(id.startsWith(u"prj_"));
        const Run duplicate = run({QStringLiteral("projects"), QStringLiteral("create"),
                                   QStringLiteral("--name"), QStringLiteral("Acme")});
        QCOMPARE(duplicate.exitCode, 2);
        QVERIFY(duplicate.err.contains(QStringLiteral("already exists")));
        const Run badZone = run({QStringLiteral("projects"), QStringLiteral("create"),
                                 QStringLiteral("--name"), QStringLiteral("Zoned"),
                                 QStringLiteral("--timezone"), QStringLiteral("Mars/Olympus")});
        QCOMPARE(badZone.exitCode, 2);
        QVERIFY(badZone.err.contains(QStringLiteral("IANA")));
        QCOMPARE(run({QStringLiteral("projects"), QStringLiteral("create")}).exitCode, 2);

        const Run listed
            = run({QStringLiteral("projects"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(listed.exitCode, 0);
        const QJsonObject project = listed.jsonArray().first().toObject();
        QCOMPARE(project.value(QStringLiteral("id")).toString(), id);
        QCOMPARE(project.value(QStringLiteral("timezone")).toString(),
                 QStringLiteral("America/New_York"));
        QVERIFY(run({QStringLiteral("projects"), QStringLiteral("list")})
                    .out.contains(QStringLiteral("Acme")));
    }

    void keysArePrintedOnceAndStoredAsHashes()
    {
        createProject(QStringLiteral("Keys"));
        const Run created
            = run({QStringLiteral("keys"), QStringLiteral("create"), QStringLiteral("--project"),
                   QStringLiteral("Keys"), QStringLiteral("--name"), QStringLiteral("ci")});
        QCOMPARE(created.exitCode, 0);
        const qsizetype at = created.out.indexOf(QStringLiteral("slk_"));
        QVERIFY(at > 0);
        const QString key = created.out.mid(at, 44);
        QVERIFY(created.out.contains(QStringLiteral("shown only now")));

        const Run listed = run({QStringLiteral("keys"), QStringLiteral("list"),
                                QStringLiteral("--project"), QStringLiteral("Keys")});
        QVERIFY(listed.out.contains(key.first(12)));
        QVERIFY(!listed.out.contains(key));
        const Run listedJson
            = run({QStringLiteral("keys"), QStringLiteral("list"), QStringLiteral("--json")});
        QVERIFY(!listedJson.out.contains(key));

        Database database;
        database.open(m_directory.filePath(QStringLiteral("slotline.db")));
        QString keyId;
        {
            Statement stored(database,
                             QStringLiteral("SELECT id, key_hash FROM api_keys WHERE prefix = ?"));
            stored.bind(key.first(12)).exec();
            QVERIFY(stored.next());
            keyId = stored.text(0);
            QCOMPARE(stored.text(1), QString::fromLatin1(ApiKeySecret::hashOf(key).toHex()));
        }
        database.close();

        QCOMPARE(run({QStringLiteral("keys"), QStringLiteral("revoke"), keyId}).exitCode, 0);
        const Run again = run({QStringLiteral("keys"), QStringLiteral("revoke"), keyId});
        QCOMPARE(again.exitCode, 1);
        QVERIFY(again.err.contains(QStringLiteral("already revoked")));
        QCOMPARE(run({QStringLiteral("keys"), QStringLiteral("revoke"), QStringLiteral("key_nope")})
                     .exitCode,
                 1);
        QCOMPARE(run({QStringLiteral("keys"), QStringLiteral("revoke")}).exitCode, 2);
        QVERIFY(run({QStringLiteral("keys"), QStringLiteral("list")})
                    .out.contains(QStringLiteral("REVOKED")));
        const Run noProject = run({QStringLiteral("keys"), QStringLiteral("create"),
                                   QStringLiteral("--project"), QStringLiteral("Nope")});
        QCOMPARE(noProject.exitCode, 2);
        QVERIFY(noProject.err.contains(QStringLiteral("no project")));
    }

    void accountsAndSubaccounts()
    {
        const QString project = createProject(QStringLiteral("Social"));
        const auto addAccount = [&](const QString &platform, const QStringList &extra = {}) {
            return run(QStringList {QStringLiteral("accounts"), QStringLiteral("add"),
                                    QStringLiteral("--project"), project,
                                    QStringLiteral("--platform"), platform,
                                    QStringLiteral("--name"), QStringLiteral("Brand"),
                                    QStringLiteral("--username"), QStringLiteral("brand"),
                                    QStringLiteral("--json")}
                       + extra);
        };
        const Run x = addAccount(QStringLiteral("x"));
        QCOMPARE(x.exitCode, 0);
        QCOMPARE(x.json().value(QStringLiteral("platform")).toString(), QStringLiteral("twitter"));
        QCOMPARE(x.json().value(QStringLiteral("connector")).toString(), QStringLiteral("sandbox"));
        const Run facebook
            = addAccount(QStringLiteral("facebook"), {QStringLiteral("--profile-image-url"),
                                                      QStringLiteral("https://img.test/a.png")});
        QCOMPARE(facebook.exitCode, 0);

        const Run badPlatform = addAccount(QStringLiteral("myspace"));
        QCOMPARE(badPlatform.exitCode, 2);
        QVERIFY(badPlatform.err.contains(QStringLiteral("linkedin, facebook, twitter, x")));
        QCOMPARE(addAccount(QStringLiteral("linkedin"),
                            {QStringLiteral("--connector"), QStringLiteral("telepathy")})
                     .exitCode,
                 2);
        QCOMPARE(addAccount(QStringLiteral("linkedin"), {QStringLiteral("--profile-image-url"),
                                                         QStringLiteral("javascript:alert(1)")})
                     .exitCode,
                 2);
        QCOMPARE(run({QStringLiteral("accounts"), QStringLiteral("add"),
                      QStringLiteral("--project"), project})
                     .exitCode,
                 2);

        const QString facebookId = facebook.json().value(QStringLiteral("id")).toString();
        const Run page = run({QStringLiteral("subaccounts"), QStringLiteral("add"),
                              QStringLiteral("--account"), facebookId, QStringLiteral("--name"),
                              QStringLiteral("Brand Page"), QStringLiteral("--json")});
        QCOMPARE(page.exitCode, 0);
        QCOMPARE(page.json().value(QStringLiteral("type")).toString(), QStringLiteral("page"));
        QCOMPARE(run({QStringLiteral("subaccounts"), QStringLiteral("add"),
                      QStringLiteral("--account"), facebookId, QStringLiteral("--name"),
                      QStringLiteral("X"), QStringLiteral("--type"), QStringLiteral("castle")})
                     .exitCode,
                 2);
        QCOMPARE(
            run({QStringLiteral("subaccounts"), QStringLiteral("add"), QStringLiteral("--account"),
                 QStringLiteral("acc_nope"), QStringLiteral("--name"), QStringLiteral("X")})
                .exitCode,
            2);

        const Run listed = run({QStringLiteral("accounts"), QStringLiteral("list"),
                                QStringLiteral("--project"), project, QStringLiteral("--json")});
        QCOMPARE(listed.jsonArray().size(), 2);
    }

    void credits()
    {
        const QString project = createProject(QStringLiteral("Credits"));
        const auto grant = [&](const QString &amount) {
            return run({QStringLiteral("credits"), QStringLiteral("grant"),
                        QStringLiteral("--project"), project, QStringLiteral("--amount"), amount,
                        QStringLiteral("--json")});
        };
        QCOMPARE(
            grant(QStringLiteral("40")).json().value(QStringLiteral("creditsRemaining")).toInt(),
            40);
        QCOMPARE(
            grant(QStringLiteral("2")).json().value(QStringLiteral("creditsRemaining")).toInt(),
            42);
        for (const QString &bad : {QStringLiteral("0"), QStringLiteral("-5"), QStringLiteral("ten"),
                                   QStringLiteral("1.5"), QStringLiteral("99999999999")})
            QCOMPARE(grant(bad).exitCode, 2);
    }

    void platformAppsKeepTheirSecretSealed()
    {
        const auto platforms = [this](QStringList arguments) {
            return run(QStringList {QStringLiteral("platforms")} + arguments);
        };
        const Run empty = platforms({QStringLiteral("list")});
        QCOMPARE(empty.exitCode, 0);
        QVERIFY(empty.out.contains(u"No platform apps yet"_s));

        QTemporaryDir secretDirectory;
        QFile secretFile(secretDirectory.filePath(u"secret"_s));
        QVERIFY(secretFile.open(QIODevice::WriteOnly));
        secretFile.write("the-app-secret-4711\nignored second line\n");
        secretFile.close();
        const Run set = platforms({u"set"_s, u"twitter"_s, u"--client-id"_s, u"client-1"_s,
                                   u"--client-secret-file"_s, secretFile.fileName(), u"--url"_s,
                                   u"api=http://127.0.0.1:8790/x"_s});
        QCOMPARE(set.exitCode, 0);
        QVERIFY2(set.out.contains(u"/oauth/callback/x"_s), qPrintable(set.out));
        QVERIFY(!set.out.contains(u"the-app-secret"_s));
        // It says where it wrote; the database was there already, so no warning.
        QVERIFY2(set.out.contains(u"saved in "_s + QDir(m_directory.path()).absolutePath()),
                 qPrintable(set.out));
        QVERIFY2(!set.err.contains(u"note:"_s), qPrintable(set.err));

        const Run listed = platforms({u"list"_s, u"--json"_s});
        QCOMPARE(listed.exitCode, 0);
        const QJsonObject app = listed.jsonArray().first().toObject();
        QCOMPARE(app.value(u"platform"_s).toString(), u"x"_s);
        QCOMPARE(app.value(u"clientId"_s).toString(), u"client-1"_s);
        const QJsonObject settings = app.value(u"settings"_s).toObject();
        QCOMPARE(settings.value(u"api"_s).toString(), u"http://127.0.0.1:8790/x"_s);
        QCOMPARE(settings.value(u"authorize"_s).toString(), u"https://x.com/i/oauth2/authorize"_s);
        QVERIFY(!listed.out.contains(u"the-app-secret"_s));
        QVERIFY(!platforms({u"list"_s}).out.contains(u"the-app-secret"_s));

        // Sealed on disk, with the key beside the database, private.
        QFile key(QDir(m_directory.path()).filePath(u"secret.key"_s));
        QVERIFY(key.exists());
        QCOMPARE(key.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
                 QFileDevice::Permissions());
        QFile database(QDir(m_directory.path()).filePath(u"slotline.db"_s));
        QVERIFY(database.open(QIODevice::ReadOnly));
        QVERIFY(!database.readAll().contains("the-app-secret-4711"));

        struct Refusal
        {
            QStringList arguments;
            QString says;
        };
        const QList<Refusal> refusals {
            {{u"set"_s, u"myspace"_s, u"--client-id"_s, u"a"_s, u"--client-secret"_s, u"b"_s},
             u"unknown platform"_s},
            {{u"set"_s, u"x"_s, u"--client-id"_s, u"a"_s}, u"--client-secret-file"_s},
            {{u"set"_s, u"x"_s, u"--client-id"_s, u"a"_s, u"--client-secret"_s, u"b"_s, u"--url"_s,
              u"token=http://a"_s},
             u"x has endpoints authorize, api"_s},
            {{u"set"_s, u"x"_s, u"--client-id"_s, u"a"_s, u"--client-secret"_s, u"b"_s, u"--url"_s,
              u"api=ftp://a"_s},
             u"http:// or https://"_s},
            {{u"set"_s, u"linkedin"_s, u"--client-id"_s, u"a"_s, u"--client-secret"_s, u"b"_s,
              u"--set"_s, u"version=2026"_s},
             u"YYYYMM"_s},
        };
        for (const Refusal &refusal : refusals) {
            const Run refused = platforms(refusal.arguments);
            QCOMPARE(refused.exitCode, 2);
            QVERIFY2(refused.err.contains(refusal.says), qPrintable(refused.err));
        }
        QCOMPARE(platforms({u"list"_s, u"--json"_s}).jsonArray().size(), 1);

        QCOMPARE(platforms({u"remove"_s, u"x"_s}).exitCode, 0);
        QCOMPARE(platforms({u"remove"_s, u"x"_s}).exitCode, 1);
        QVERIFY(platforms({u"list"_s, u"--json"_s}).jsonArray().isEmpty());
    }

    // Run without --data by mistake, the command writes a new database where nobody reads
    // it: it says so, and where the desktop app's built-in server keeps its data.
    void platformsSetInANewDirectorySaysWhereItWrote()
    {
        QTemporaryDir fresh;
        const QString directory = fresh.filePath(u"nothing-here-yet"_s);
        const Run set = run({u"platforms"_s, u"set"_s, u"x"_s, u"--client-id"_s, u"client-1"_s,
                             u"--client-secret"_s, u"s"_s, u"--data"_s, directory},
                            false);
        QCOMPARE(set.exitCode, 0);
        QVERIFY2(set.out.contains(u"saved in "_s + directory), qPrintable(set.out));
        QVERIFY2(set.err.contains(u"held no Slotline data, so a new database was made there"_s),
                 qPrintable(set.err));
        QVERIFY2(set.err.contains(u"Slotline/slotline/server"_s), qPrintable(set.err));
        QVERIFY2(set.err.contains(u"--data"_s), qPrintable(set.err));
    }

    // Meta's Video API overview retired graph-video.facebook.com for graph.facebook.com.
    void facebookVideosGoToGraphsOwnHost()
    {
        const Run set = run({u"platforms"_s, u"set"_s, u"facebook"_s, u"--client-id"_s, u"1"_s,
                             u"--client-secret"_s, u"s"_s, u"--json"_s});
        QCOMPARE(set.exitCode, 0);
        const QJsonObject settings = set.json().value(u"settings"_s).toObject();
        QCOMPARE(settings.value(u"video"_s).toString(), u"https://graph.facebook.com/v26.0"_s);
        QCOMPARE(settings.value(u"api"_s).toString(), u"https://graph.facebook.com/v26.0"_s);
    }

    // A callback address other than the server's own must still reach its callback path.
    void aCallbackAddressMustEndInTheCallbackPath()
    {
        const Run set = run({u"platforms"_s, u"set"_s, u"linkedin"_s, u"--client-id"_s, u"1"_s,
                             u"--client-secret"_s, u"s"_s, u"--url"_s,
                             u"callback=https://posts.example.com/oauth/callback/linkedin"_s});
        QCOMPARE(set.exitCode, 0);
        QVERIFY2(set.out.contains(u"Register https://posts.example.com/oauth/callback/linkedin"_s),
                 qPrintable(set.out));
        const Run wrong = run({u"platforms"_s, u"set"_s, u"linkedin"_s, u"--client-id"_s, u"1"_s,
                               u"--client-secret"_s, u"s"_s, u"--url"_s,
                               u"callback=https://posts.example.com/callback"_s});
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY2(wrong.err.contains(u"/oauth/callback/linkedin"_s), qPrintable(wrong.err));
    }

    void publicUrls_data()
    {
        QTest::addColumn<QString>("given");
        QTest::addColumn<QString>("expected"); // empty: refused
        QTest::newRow("https") << u"https://posts.example.com"_s << u"https://posts.example.com"_s;
        QTest::newRow("trailing slash")
            << u"https://posts.example.com/"_s << u"https://posts.example.com"_s;
        QTest::newRow("port and path")
            << u"http://example.com:8080/slotline/"_s << u"http://example.com:8080/slotline"_s;
        QTest::newRow("ipv6") << u"http://[::1]:8787"_s << u"http://[::1]:8787"_s;
        QTest::newRow("no scheme") << u"posts.example.com"_s << QString();
        QTest::newRow("ftp") << u"ftp://posts.example.com"_s << QString();
        QTest::newRow("no host") << u"https://"_s << QString();
        QTest::newRow("query") << u"https://example.com/?a=1"_s << QString();
        QTest::newRow("fragment") << u"https://example.com/#top"_s << QString();
        QTest::newRow("credentials") << u"https://user:pw@example.com"_s << QString();
        QTest::newRow("empty") << QString() << QString();
    }

    void publicUrls()
    {
        QFETCH(QString, given);
        QFETCH(QString, expected);
        QCOMPARE(parsePublicUrl(given).value_or(QString()), expected);
    }

    void badPublicUrlIsAUsageError()
    {
        const Run bad = run({QStringLiteral("serve"), QStringLiteral("--listen"),
                             QStringLiteral("127.0.0.1:0"), QStringLiteral("--public-url"),
                             QStringLiteral("example.com")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains(QStringLiteral("--public-url must be an http:// or https://")));
    }

    void mediaOptionsAreChecked()
    {
        const Run badAllowList = run(
            {QStringLiteral("serve"), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
             QStringLiteral("--media-allow"), QStringLiteral("10.0.0.0/8,intranet")});
        QCOMPARE(badAllowList.exitCode, 2);
        QVERIFY2(badAllowList.err.contains(QStringLiteral("--media-allow"))
                     && badAllowList.err.contains(QStringLiteral("intranet")),
                 qPrintable(badAllowList.err));
        const Run badSize = run({QStringLiteral("serve"), QStringLiteral("--listen"),
                                 QStringLiteral("127.0.0.1:0"), QStringLiteral("--media-max-mb"),
                                 QStringLiteral("0")});
        QCOMPARE(badSize.exitCode, 2);
        QVERIFY(badSize.err.contains(QStringLiteral("--media-max-mb")));
    }

    void initDemoIsSafeToRunAgain()
    {
        QTemporaryDir demoDirectory;
        const auto initDemo = [&] {
            Run result;
            QTextStream out(&result.out);
            QTextStream err(&result.err);
            result.exitCode = ServerCommandLine(out, err).run(
                {QStringLiteral("slotline-server"), QStringLiteral("init-demo"),
                 QStringLiteral("--data"), demoDirectory.path(), QStringLiteral("--timezone"),
                 QStringLiteral("Europe/Berlin"), QStringLiteral("--json")});
            out.flush();
            return result;
        };
        const Run first = initDemo();
        QCOMPARE(first.exitCode, 0);
        const QJsonObject demo = first.json();
        QVERIFY(demo.value(QStringLiteral("created")).toBool());
        QCOMPARE(demo.value(QStringLiteral("timezone")).toString(),
                 QStringLiteral("Europe/Berlin"));
        QStringList platforms;
        for (const QJsonValue &account : demo.value(QStringLiteral("accounts")).toArray())
            platforms.append(account.toObject().value(QStringLiteral("platform")).toString());
        platforms.sort();
        QCOMPARE(platforms, (QStringList {QStringLiteral("facebook"), QStringLiteral("linkedin"),
                                          QStringLiteral("twitter")}));

        const Run second = initDemo();
        QCOMPARE(second.exitCode, 0);
        QVERIFY(!second.json().value(QStringLiteral("created")).toBool());
        QCOMPARE(second.json().value(QStringLiteral("projectId")),
                 demo.value(QStringLiteral("projectId")));
        QCOMPARE(second.json().value(QStringLiteral("accounts")).toArray().size(), 3);
        QCOMPARE(demo.value(QStringLiteral("slots")).toInt(), 15);
        QCOMPARE(second.json().value(QStringLiteral("slots")).toInt(), 15);

        // Each run replaces the demo key: the old one stops working, the new one works.
        Database database;
        database.open(QDir(demoDirectory.path()).filePath(QStringLiteral("slotline.db")));
        SystemClock clock;
        ApiKeyRepository keys(database, clock);
        const auto keyState = [&](const QString &key) {
            for (const ApiKeyCandidate &candidate :
                 keys.candidatesForPrefix(ApiKeySecret::prefixOf(key))) {
                if (ApiKeySecret::constantTimeEquals(candidate.hash, ApiKeySecret::hashOf(key)))
                    return candidate.revoked ? QStringLiteral("revoked") : QStringLiteral("valid");
            }
            return QStringLiteral("unknown");
        };
        QCOMPARE(keyState(demo.value(QStringLiteral("apiKey")).toString()),
                 QStringLiteral("revoked"));
        QCOMPARE(keyState(second.json().value(QStringLiteral("apiKey")).toString()),
                 QStringLiteral("valid"));

        // Credits and the Facebook page were created once, not once per run.
        Statement credits(database, QStringLiteral("SELECT credits_remaining FROM projects"));
        credits.exec();
        QVERIFY(credits.next());
        QCOMPARE(credits.integer(0), 100);
        // Weekdays at 09:00 and 17:00 for everyone, 12:30 for X only.
        Statement slots(database, QStringLiteral("SELECT day, hour, minute, targets FROM "
                                                 "weekly_slots ORDER BY day, hour, minute"));
        slots.exec();
        QStringList rows;
        while (slots.next())
            rows.append(QStringLiteral("%1 %2:%3 %4")
                            .arg(slots.integer(0))
                            .arg(slots.integer(1))
                            .arg(slots.integer(2))
                            .arg(slots.text(3)));
        QCOMPARE(rows.size(), 15);
        QCOMPARE(rows.mid(0, 3),
                 (QStringList {QStringLiteral("1 9:0 []"),
                               QStringLiteral("1 12:30 [{\"platform\":\"twitter\",\"accountId\":"
                                              "null,\"subaccountId\":null}]"),
                               QStringLiteral("1 17:0 []")}));
        QCOMPARE(rows.last(), QStringLiteral("5 17:0 []"));
        Statement pages(database,
                        QStringLiteral("SELECT count(*) FROM subaccounts WHERE type = 'page'"));
        pages.exec();
        QVERIFY(pages.next());
        QCOMPARE(pages.integer(0), 1);
    }

    void initDemoPrintsTheKeyAndACurlExample()
    {
        QTemporaryDir demoDirectory;
        Run result;
        QTextStream out(&result.out);
        QTextStream err(&result.err);
        result.exitCode = ServerCommandLine(out, err).run(
            {QStringLiteral("slotline-server"), QStringLiteral("init-demo"),
             QStringLiteral("--data"), demoDirectory.path()});
        out.flush();
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.contains(QStringLiteral("API key (shown only now): slk_")));
        QVERIFY(result.out.contains(QStringLiteral("curl -H 'x-api-key: slk_")));
        QVERIFY(result.out.contains(QStringLiteral("http://127.0.0.1:8787/api/v2/users/me")));
    }
};

QTEST_GUILESS_MAIN(TestServerCommandLine)
#include "tst_servercommandline.moc"
