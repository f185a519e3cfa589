#include "client/credentialstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using slotline::client::CredentialStore;

namespace {

CredentialStore::Result run(const std::function<void(CredentialStore::Callback)> &start)
{
    std::optional<CredentialStore::Result> result;
    start([&result](const CredentialStore::Result &answer) { result = answer; });
    if (!QTest::qWaitFor([&] { return result.has_value(); }, 20'000))
        qWarning("the credential store did not answer");
    return result.value_or(CredentialStore::Result {false, {}, {}, QStringLiteral("no answer")});
}

} // namespace

class TestCredentialStore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;

    QString fallbackPath() const
    {
        return m_directory.filePath(QStringLiteral("config/credentials.json"));
    }

private Q_SLOTS:
    void init() { QFile::remove(fallbackPath()); }

    void theFileKeepsSecretsForTheUserOnly()
    {
        CredentialStore store;
        store.setKeychainEnabled(false);
        store.setFallbackFile(fallbackPath());
        QVERIFY(run([&](auto done) {
                    store.write(QStringLiteral("http://a"), QStringLiteral("slk_a"), this, done);
                }).ok);
        QVERIFY(run([&](auto done) {
                    store.write(QStringLiteral("http://b"), QStringLiteral("slk_b"), this, done);
                }).ok);
        const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup
                                                | QFileDevice::ExeGroup | QFileDevice::ReadOther
                                                | QFileDevice::WriteOther | QFileDevice::ExeOther;
        QCOMPARE(QFile::permissions(fallbackPath()) & others, QFileDevice::Permissions());
        QVERIFY(QFile::permissions(fallbackPath()).testFlag(QFileDevice::ReadOwner));

        const auto read
            = run([&](auto done) { store.read(QStringLiteral("http://a"), this, done); });
        QVERIFY(read.ok);
        QCOMPARE(read.secret, QStringLiteral("slk_a"));
        QVERIFY(run([&](auto done) { store.remove(QStringLiteral("http://a"), this, done); }).ok);
        QCOMPARE(run([&](auto done) { store.read(QStringLiteral("http://a"), this, done); }).secret,
                 QString());
        QCOMPARE(run([&](auto done) { store.read(QStringLiteral("http://b"), this, done); }).secret,
                 QStringLiteral("slk_b"));
        // Nothing stored is no error.
        const auto missing
            = run([&](auto done) { store.read(QStringLiteral("http://none"), this, done); });
        QVERIFY(missing.ok);
        QVERIFY(missing.secret.isEmpty());
    }

    void aBrokenFileIsAnErrorNotACrash()
    {
        QVERIFY(QDir().mkpath(QFileInfo(fallbackPath()).absolutePath()));
        QVERIFY(QDir().mkpath(fallbackPath())); // a directory where the file should be
        CredentialStore store;
        store.setKeychainEnabled(false);
        store.setFallbackFile(fallbackPath());
        const auto written = run(
            [&](auto done) { store.write(QStringLiteral("k"), QStringLiteral("v"), this, done); });
        QVERIFY(!written.ok);
        QVERIFY(!written.error.isEmpty());
        QVERIFY(QDir(fallbackPath()).removeRecursively());
    }

    void theKeychainOrTheFileWithAWarning()
    {
        // Whatever this machine offers: a keychain, or (headless) none, in which case the
        // file stands in and says so. A service of its own keeps the test out of real keys.
        CredentialStore store(QStringLiteral("SlotlineTest-")
                              + QUuid::createUuid().toString(QUuid::Id128));
        store.setFallbackFile(fallbackPath());
        const auto written = run([&](auto done) {
            store.write(QStringLiteral("http://x"), QStringLiteral("slk_x"), this, done);
        });
        QVERIFY2(written.ok, qPrintable(written.error));
        const bool inFile = QFile::exists(fallbackPath());
        QCOMPARE(!written.warning.isEmpty(), inFile);
        if (inFile)
            QVERIFY(written.warning.contains(QStringLiteral("credentials.json")));
        const auto read
            = run([&](auto done) { store.read(QStringLiteral("http://x"), this, done); });
        QVERIFY(read.ok);
        QCOMPARE(read.secret, QStringLiteral("slk_x"));
        QCOMPARE(!read.warning.isEmpty(), inFile);
        QVERIFY(run([&](auto done) { store.remove(QStringLiteral("http://x"), this, done); }).ok);
        QCOMPARE(run([&](auto done) { store.read(QStringLiteral("http://x"), this, done); }).secret,
                 QString());
    }

    void aGoneContextIsNotCalled()
    {
        CredentialStore store;
        store.setKeychainEnabled(false);
        store.setFallbackFile(fallbackPath());
        bool called = false;
        auto context = std::make_unique<QObject>();
        store.read(QStringLiteral("k"), context.get(),
                   [&called](const CredentialStore::Result &) { called = true; });
        context.reset();
        QTest::qWait(50);
        QVERIFY(!called);
    }
};

QTEST_GUILESS_MAIN(TestCredentialStore)
#include "tst_credentialstore.moc"
