#include "client/credentialstore.h"
#include "gui/settings/connectionpreferences.h"

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <tuple>

using namespace slotline;
using namespace slotline::gui;
using namespace Qt::Literals::StringLiterals;
using slotline::client::CredentialStore;

namespace {

struct Loaded
{
    std::optional<ConnectionChoice> choice;
    QString warning;
    QString error;
};

struct Saved
{
    bool ok = false;
    QString message;
};

} // namespace

class TestConnectionPreferences : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_directory;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<CredentialStore> m_credentials;
    std::unique_ptr<ConnectionPreferences> m_preferences;

    QString settingsFile() const { return m_directory->filePath(u"slotline.ini"_s); }
    QString credentialsFile() const { return m_directory->filePath(u"credentials.json"_s); }

    // As the app does at its next start: everything read anew from the files.
    void reopen(const QString &credentialsPath = QString())
    {
        m_preferences.reset();
        m_settings = std::make_unique<QSettings>(settingsFile(), QSettings::IniFormat);
        m_credentials = std::make_unique<CredentialStore>();
        m_credentials->setKeychainEnabled(false);
        m_credentials->setFallbackFile(credentialsPath.isEmpty() ? credentialsFile()
                                                                 : credentialsPath);
        m_preferences = std::make_unique<ConnectionPreferences>(*m_settings, *m_credentials);
    }

    std::optional<Loaded> load()
    {
        std::optional<Loaded> loaded;
        m_preferences->load(this, [&loaded](const std::optional<ConnectionChoice> &choice,
                                            const QString &warning, const QString &error) {
            loaded = Loaded {choice, warning, error};
        });
        std::ignore = QTest::qWaitFor([&] { return loaded.has_value(); }, 5'000);
        return loaded;
    }

    std::optional<Saved> save(const ConnectionChoice &choice)
    {
        std::optional<Saved> saved;
        m_preferences->save(choice, this, [&saved](bool ok, const QString &message) {
            saved = Saved {ok, message};
        });
        std::ignore = QTest::qWaitFor([&] { return saved.has_value(); }, 5'000);
        return saved;
    }

    static QByteArray contents(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

    static ConnectionChoice remote(const QString &url, const QString &key)
    {
        return ConnectionChoice {ConnectionChoice::Mode::Remote, QUrl(url), key};
    }

private Q_SLOTS:
    void init()
    {
        m_directory = std::make_unique<QTemporaryDir>();
        QVERIFY(m_directory->isValid());
        reopen();
    }

    void cleanup()
    {
        m_preferences.reset();
        m_credentials.reset();
        m_settings.reset();
        m_directory.reset();
    }

    void theFirstRunHasNoChoice()
    {
        QVERIFY(!m_preferences->hasChoice());
        const auto loaded = load();
        QVERIFY(loaded);
        QVERIFY(!loaded->choice);
        QVERIFY(loaded->warning.isEmpty());
        QVERIFY(loaded->error.isEmpty());
    }

    void theBundledServerIsRemembered()
    {
        const auto saved = save(ConnectionChoice {ConnectionChoice::Mode::Bundled, {}, {}});
        QVERIFY(saved && saved->ok);
        QVERIFY(m_preferences->hasChoice());
        reopen();
        QVERIFY(m_preferences->hasChoice());
        const auto loaded = load();
        QVERIFY(loaded && loaded->choice);
        QCOMPARE(loaded->choice->mode, ConnectionChoice::Mode::Bundled);
        QVERIFY(loaded->choice->baseUrl.isEmpty());
        QVERIFY(loaded->choice->apiKey.isEmpty());
        QCOMPARE(m_settings->value(u"connection/mode"_s).toString(), u"bundled"_s);
    }

    void aRemoteServerIsRememberedWithItsKeyOutsideTheSettings()
    {
        const auto saved
            = save(remote(u"http://127.0.0.1:8787/api/v2/"_s, u"  slk_secretsecret \n"_s));
        QVERIFY2(saved && saved->ok, saved ? qPrintable(saved->message) : "no answer");
        reopen();
        QVERIFY(m_preferences->hasChoice());
        const auto loaded = load();
        QVERIFY(loaded && loaded->choice);
        QVERIFY2(loaded->error.isEmpty(), qPrintable(loaded->error));
        QCOMPARE(loaded->choice->mode, ConnectionChoice::Mode::Remote);
        QCOMPARE(loaded->choice->baseUrl, QUrl(u"http://127.0.0.1:8787"_s));
        QCOMPARE(loaded->choice->apiKey, u"slk_secretsecret"_s);

        QVERIFY(!contents(settingsFile()).contains("slk_secret"));
        QVERIFY(contents(settingsFile()).contains("remote"));
        QVERIFY(contents(credentialsFile()).contains("slk_secretsecret"));

        // Back to the built-in server, and to the remote one again.
        QVERIFY(save(ConnectionChoice {ConnectionChoice::Mode::Bundled, {}, {}})->ok);
        QCOMPARE(load()->choice->mode, ConnectionChoice::Mode::Bundled);
        QVERIFY(save(remote(u"https://slotline.example.com"_s, u"slk_other"_s))->ok);
        const auto other = load();
        QCOMPARE(other->choice->baseUrl, QUrl(u"https://slotline.example.com"_s));
        QCOMPARE(other->choice->apiKey, u"slk_other"_s);
    }

    void anIncompleteRemoteChoiceIsRefused_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("key");
        QTest::newRow("no address") << QString() << u"slk_key"_s;
        QTest::newRow("ftp") << u"ftp://example.com"_s << u"slk_key"_s;
        QTest::newRow("no key") << u"http://127.0.0.1:8787"_s << u"   "_s;
    }
    void anIncompleteRemoteChoiceIsRefused()
    {
        QFETCH(QString, url);
        QFETCH(QString, key);
        const auto saved = save(remote(url, key));
        QVERIFY(saved);
        QVERIFY(!saved->ok);
        QVERIFY(!saved->message.isEmpty());
        QVERIFY(!m_preferences->hasChoice());
        QVERIFY(!load()->choice);
    }

    void aKeyThatCannotBeKeptLeavesTheChoiceAsItWas()
    {
        QVERIFY(save(ConnectionChoice {ConnectionChoice::Mode::Bundled, {}, {}})->ok);
        // The stand-in file would go under a regular file: it cannot be written.
        QFile blocker(m_directory->filePath(u"blocker"_s));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        reopen(m_directory->filePath(u"blocker/credentials.json"_s));
        const auto saved = save(remote(u"http://127.0.0.1:8787"_s, u"slk_key"_s));
        QVERIFY(saved);
        QVERIFY(!saved->ok);
        QVERIFY(!saved->message.isEmpty());
        QCOMPARE(load()->choice->mode, ConnectionChoice::Mode::Bundled);
    }

    void aKeyThatCannotBeReadIsReportedWithTheAddress()
    {
        QVERIFY(save(remote(u"http://127.0.0.1:8787"_s, u"slk_key"_s))->ok);
        // A directory where the stand-in file should be cannot be read.
        QVERIFY(QDir().mkpath(m_directory->filePath(u"unreadable/credentials.json"_s)));
        reopen(m_directory->filePath(u"unreadable/credentials.json"_s));
        const auto loaded = load();
        QVERIFY(loaded && loaded->choice);
        QVERIFY(!loaded->error.isEmpty());
        QCOMPARE(loaded->choice->mode, ConnectionChoice::Mode::Remote);
        QCOMPARE(loaded->choice->baseUrl, QUrl(u"http://127.0.0.1:8787"_s));
        QVERIFY(loaded->choice->apiKey.isEmpty());
    }

    void aGoneContextHearsNothing()
    {
        bool called = false;
        {
            QObject context;
            m_preferences->load(
                &context, [&called](const auto &, const auto &, const auto &) { called = true; });
            m_preferences->save(ConnectionChoice {}, &context,
                                [&called](bool, const QString &) { called = true; });
        }
        // The answers would come on the next turns of the event loop; a later answer to a
        // living context proves those turns have passed.
        QVERIFY(load());
        QVERIFY(!called);
    }
};

QTEST_GUILESS_MAIN(TestConnectionPreferences)
#include "tst_connectionpreferences.moc"
