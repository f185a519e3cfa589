#include "storage/accountrepository.h"
#include "storage/credentialrepository.h"
#include "storage/database.h"
#include "storage/oauthstaterepository.h"
#include "storage/platformapprepository.h"
#include "storage/projectrepository.h"
#include "storage/secretbox.h"
#include "support/manualclock.h"

#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline;

// The secrets the server keeps for others: sealed with a key kept outside the database,
// bound to the row they belong to, and never in the database file in the clear.
class TestSecretStorage : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    test::ManualClock m_clock;
    Database m_database;
    QString m_project;

    QString databasePath() const
    {
        return m_directory.filePath(QString::fromLatin1(QTest::currentTestFunction())
                                    + QStringLiteral(".db"));
    }

    // Everything the database has written, log included.
    QByteArray databaseBytes() const
    {
        QByteArray bytes;
        for (const QString &suffix : {QString(), QStringLiteral("-wal")}) {
            QFile file(databasePath() + suffix);
            if (file.open(QIODevice::ReadOnly))
                bytes += file.readAll();
        }
        return bytes;
    }

    static SecretBox box(char fill) { return *SecretBox::fromKey(QByteArray(32, fill)); }

private Q_SLOTS:
    void init()
    {
        m_database.open(databasePath());
        m_project = ProjectRepository(m_database, m_clock)
                        .create(NewProject {
                            QStringLiteral("A"), QStringLiteral("UTC"), {}, QStringLiteral("A")})
                        .id;
    }
    void cleanup() { m_database.close(); }

    void sealedValuesOpenOnlyWithTheirKeyAndPurpose()
    {
        const SecretBox key = box('k');
        const QByteArray sealed = key.seal("token-123", "access_token:acc_1");
        QVERIFY(!sealed.contains("token-123"));
        QCOMPARE(key.open(sealed, "access_token:acc_1"), QByteArray("token-123"));
        QVERIFY(!key.open(sealed, "access_token:acc_2"));
        QVERIFY(!box('o').open(sealed, "access_token:acc_1"));
        QByteArray altered = sealed;
        altered[altered.size() - 1] = char(altered.at(altered.size() - 1) ^ 1);
        QVERIFY(!key.open(altered, "access_token:acc_1"));
        QVERIFY(!key.open(QByteArray(), "access_token:acc_1"));
        // A fresh nonce each time: the same secret never seals to the same bytes.
        QVERIFY(key.seal("token-123", "p") != key.seal("token-123", "p"));
        QVERIFY(!SecretBox::fromKey(QByteArray(31, 'k')));
    }

    void theKeyFileIsMadePrivateAndReadBack()
    {
        const QString path = m_directory.filePath(QStringLiteral("keys/secret.key"));
        QString error;
        const auto made = SecretBox::fromKeyFile(path, &error);
        QVERIFY2(made, qPrintable(error));
        QCOMPARE(QFile(path).permissions() & ~(QFileDevice::ReadUser | QFileDevice::WriteUser),
                 QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QCOMPARE(QFile(path).size(), SecretBox::KeyBytes);
        const auto read = SecretBox::fromKeyFile(path, &error);
        QVERIFY(read);
        QCOMPARE(read->open(made->seal("s", "p"), "p"), QByteArray("s"));

        QVERIFY(QFile(path).setPermissions(QFile(path).permissions() | QFileDevice::ReadOther));
        QVERIFY(!SecretBox::fromKeyFile(path, &error));
        QVERIFY2(error.contains(QStringLiteral("chmod 600")), qPrintable(error));

        const QString shortKey = m_directory.filePath(QStringLiteral("short.key"));
        QFile file(shortKey);
        QVERIFY(file.open(QIODevice::WriteOnly, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        file.write("too short");
        file.close();
        QVERIFY(!SecretBox::fromKeyFile(shortKey, &error));
        QVERIFY2(error.contains(QStringLiteral("not a Slotline secret key")), qPrintable(error));
    }

    void platformAppSecretsAreSealed()
    {
        const SecretBox key = box('k');
        PlatformAppRepository apps(m_database, key, m_clock);
        apps.put(PlatformApp {QStringLiteral("x"),
                              QStringLiteral("client-1"),
                              QStringLiteral("app-secret-visible-only-sealed"),
                              {{QStringLiteral("api"), QStringLiteral("http://127.0.0.1:1/x")}},
                              {},
                              0});
        const auto found = apps.find(QStringLiteral("x"));
        QVERIFY(found);
        QCOMPARE(found->clientSecret, QStringLiteral("app-secret-visible-only-sealed"));
        QCOMPARE(found->urls.value(QStringLiteral("api")), QStringLiteral("http://127.0.0.1:1/x"));
        QVERIFY(apps.list().first().clientSecret.isEmpty());
        QVERIFY(!databaseBytes().contains("app-secret-visible-only-sealed"));

        bool unreadable = false;
        QVERIFY(!PlatformAppRepository(m_database, box('o'), m_clock)
                     .find(QStringLiteral("x"), &unreadable));
        QVERIFY(unreadable);
        QVERIFY(apps.remove(QStringLiteral("x")));
        QVERIFY(!apps.find(QStringLiteral("x"), &unreadable));
        QVERIFY(!unreadable);
    }

    void tokensAreSealedAndBoundToTheirOwner()
    {
        const SecretBox key = box('k');
        AccountRepository accounts(m_database, m_clock);
        const Account account = accounts.add(NewAccount {m_project,
                                                         Platform::Twitter,
                                                         QStringLiteral("A"),
                                                         QStringLiteral("a"),
                                                         {},
                                                         QStringLiteral("x")});
        CredentialRepository credentials(m_database, key, m_clock);
        Credential credential;
        credential.ownerId = account.id;
        credential.accountId = account.id;
        credential.accessToken = QStringLiteral("access-token-in-clear");
        credential.refreshToken = QStringLiteral("refresh-token-in-clear");
        credential.accessExpiresAtMs = 5000;
        credential.scopes = QStringLiteral("tweet.write offline.access");
        credentials.put(credential);
        const auto found = credentials.find(account.id);
        QVERIFY(found);
        QCOMPARE(found->accessToken, credential.accessToken);
        QCOMPARE(found->refreshToken, credential.refreshToken);
        QCOMPARE(found->accessExpiresAtMs, std::optional<qint64>(5000));
        QVERIFY(!found->refreshExpiresAtMs);
        const QByteArray bytes = databaseBytes();
        QVERIFY(!bytes.contains("access-token-in-clear"));
        QVERIFY(!bytes.contains("refresh-token-in-clear"));

        // A sealed token copied to another owner's row does not open there.
        const Account other = accounts.add(NewAccount {m_project,
                                                       Platform::Twitter,
                                                       QStringLiteral("B"),
                                                       QStringLiteral("b"),
                                                       {},
                                                       QStringLiteral("x")});
        credential.ownerId = other.id;
        credential.accountId = other.id;
        credential.refreshToken.clear();
        credentials.put(credential);
        QSqlQuery copy(m_database.connection());
        QVERIFY(copy.exec(QStringLiteral("UPDATE credentials SET access_token = (SELECT "
                                         "access_token FROM credentials WHERE owner_id = '%1') "
                                         "WHERE owner_id = '%2'")
                              .arg(account.id, other.id)));
        bool unreadable = false;
        QVERIFY(!credentials.find(other.id, &unreadable));
        QVERIFY(unreadable);

        // Deleting the account deletes its tokens.
        QVERIFY(copy.exec(QStringLiteral("DELETE FROM accounts WHERE id = '%1'").arg(account.id)));
        QVERIFY(!credentials.find(account.id, &unreadable));
        QVERIFY(!unreadable);
    }

    void anAuthorizationStateIsTakenOnceBeforeItExpires()
    {
        const SecretBox key = box('k');
        OAuthStateRepository states(m_database, key);
        OAuthState state;
        state.state = QStringLiteral("st_1");
        state.projectId = m_project;
        state.platform = QStringLiteral("x");
        state.codeVerifier = QStringLiteral("verifier-in-clear");
        state.redirectUri = QStringLiteral("http://127.0.0.1:8787/oauth/callback/x");
        state.createdAtMs = 1000;
        state.expiresAtMs = 1000 + 600'000;
        states.insert(state);
        QVERIFY(!databaseBytes().contains("verifier-in-clear"));

        QString why;
        QVERIFY(!states.take(QStringLiteral("st_unknown"), 2000, &why));
        QCOMPARE(why, QStringLiteral("unknown"));
        const auto taken = states.take(QStringLiteral("st_1"), 2000, &why);
        QVERIFY(taken);
        QCOMPARE(taken->codeVerifier, QStringLiteral("verifier-in-clear"));
        QCOMPARE(taken->redirectUri, state.redirectUri);
        QVERIFY(!states.take(QStringLiteral("st_1"), 2001, &why));
        QCOMPARE(why, QStringLiteral("used"));

        state.state = QStringLiteral("st_2");
        states.insert(state);
        QVERIFY(!states.take(QStringLiteral("st_2"), state.expiresAtMs, &why));
        QCOMPARE(why, QStringLiteral("expired"));

        states.finish(QStringLiteral("st_1"), OAuthState::Result::Connected,
                      QStringLiteral("acc_1"), {});
        const auto finished = states.find(m_project, QStringLiteral("st_1"));
        QVERIFY(finished);
        QVERIFY(finished->result == OAuthState::Result::Connected);
        QCOMPARE(finished->resultAccountId, QStringLiteral("acc_1"));
        QVERIFY(finished->codeVerifier.isEmpty());
        QVERIFY(!states.find(QStringLiteral("prj_other"), QStringLiteral("st_1")));

        QCOMPARE(states.removeOlderThan(state.expiresAtMs + 1), 2);
    }
};

QTEST_GUILESS_MAIN(TestSecretStorage)
#include "tst_secretstorage.moc"
