#include "client/apiclient.h"
#include "client/connectionsettings.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace slotline::client;

class TestConnectionSettings : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;

    ConnectionSettings::Loaded load(ConnectionSettings &settings)
    {
        std::optional<ConnectionSettings::Loaded> loaded;
        settings.load(this,
                      [&loaded](const ConnectionSettings::Loaded &result) { loaded = result; });
        if (!QTest::qWaitFor([&] { return loaded.has_value(); }, 10'000))
            qWarning("no answer");
        return loaded.value_or(ConnectionSettings::Loaded {});
    }

private Q_SLOTS:
    void addressesAsPeopleTypeThem_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("expected"); // empty: refused
        QTest::newRow("host and port")
            << QStringLiteral("localhost:8787") << QStringLiteral("http://localhost:8787");
        QTest::newRow("with api path") << QStringLiteral("https://slotline.example.com/api/v2/")
                                       << QStringLiteral("https://slotline.example.com");
        QTest::newRow("behind a prefix") << QStringLiteral("https://example.com/slotline/")
                                         << QStringLiteral("https://example.com/slotline");
        QTest::newRow("spaces") << QStringLiteral("  http://127.0.0.1:8787  ")
                                << QStringLiteral("http://127.0.0.1:8787");
        QTest::newRow("ftp") << QStringLiteral("ftp://example.com") << QString();
        QTest::newRow("nothing") << QString() << QString();
        QTest::newRow("user") << QStringLiteral("http://me:secret@example.com") << QString();
        QTest::newRow("query") << QStringLiteral("http://example.com/?a=1") << QString();
    }
    void addressesAsPeopleTypeThem()
    {
        QFETCH(QString, typed);
        QFETCH(QString, expected);
        QString error;
        const auto url = ConnectionSettings::parseBaseUrl(typed, &error);
        if (expected.isEmpty()) {
            QVERIFY(!url);
            QVERIFY(!error.isEmpty());
        } else {
            QVERIFY2(url, qPrintable(error));
            QCOMPARE(url->toString(), expected);
        }
    }

    void theKeyIsKeptApartFromTheSettings()
    {
        const QString settingsFile = m_directory.filePath(QStringLiteral("slotline.ini"));
        QSettings settings(settingsFile, QSettings::IniFormat);
        CredentialStore credentials;
        credentials.setKeychainEnabled(false);
        credentials.setFallbackFile(m_directory.filePath(QStringLiteral("credentials.json")));
        ConnectionSettings connection(settings, credentials);
        QVERIFY(load(connection).baseUrl.isEmpty());

        bool saved = false;
        connection.save(QUrl(QStringLiteral("http://127.0.0.1:8787")), QStringLiteral("slk_secret"),
                        this,
                        [&saved](const CredentialStore::Result &result) { saved = result.ok; });
        QTRY_VERIFY(saved);
        QFile file(settingsFile);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("slk_secret"));

        const auto loaded = load(connection);
        QCOMPARE(loaded.baseUrl, QUrl(QStringLiteral("http://127.0.0.1:8787")));
        QCOMPARE(loaded.apiKey, QStringLiteral("slk_secret"));
        ApiClient client;
        ConnectionSettings::apply(loaded, client);
        QCOMPARE(client.baseUrl(), QUrl(QStringLiteral("http://127.0.0.1:8787/api/v2")));
        QVERIFY(client.hasApiKey());

        // Another server: the old key is not left behind.
        saved = false;
        connection.save(QUrl(QStringLiteral("https://other.example")), QStringLiteral("slk_other"),
                        this,
                        [&saved](const CredentialStore::Result &result) { saved = result.ok; });
        QTRY_VERIFY(saved);
        QFile secrets(credentials.fallbackFile());
        QVERIFY(secrets.open(QIODevice::ReadOnly));
        const QByteArray kept = secrets.readAll();
        QVERIFY(kept.contains("slk_other"));
        QTRY_VERIFY([&] {
            QFile again(credentials.fallbackFile());
            return again.open(QIODevice::ReadOnly) && !again.readAll().contains("slk_secret");
        }());
    }
};

QTEST_GUILESS_MAIN(TestConnectionSettings)
#include "tst_connectionsettings.moc"
